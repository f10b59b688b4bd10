import { data, Form, Link, useNavigation } from "react-router";
import { StatusPage } from "~/components/status-page";
import { Button } from "~/components/ui/button";
import { rootOrigin, seo } from "~/core/seo";
import { stopAlerts, unsubscribeTarget } from "~/server/alerts/unsubscribe.server";
import { getDb } from "~/server/app-database.server";
import type { Route } from "./+types/alert-unsubscribe";

const NO_STORE = { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" };
const INVALID = "This unsubscribe link is not valid, or its saved search was deleted.";

/**
 * docs/product.md#alerts: a digest's unsubscribe link, without signing in (the token is signed). Opening the link asks
 * to confirm; the button (or a mail client's one-click POST, RFC 8058) stops the alerts at once. A GET
 * never changes anything: mail scanners and link previews open every link of a message (decision 017).
 */
export async function loader({ params }: Route.LoaderArgs) {
  const target = await unsubscribeTarget(await getDb(), params.token);
  if (!target) return data({ target: null, done: false }, { status: 404, headers: NO_STORE });
  return data({ target, done: false }, { headers: NO_STORE });
}

export async function action({ params }: Route.ActionArgs) {
  const db = await getDb();
  const target = await unsubscribeTarget(db, params.token);
  if (!target) return data({ target: null, done: false }, { status: 404, headers: NO_STORE });
  await stopAlerts(db, target.savedSearchId);
  return data({ target: { ...target, isOn: false }, done: true }, { headers: NO_STORE });
}

export function meta({ matches }: Route.MetaArgs) {
  return seo({
    origin: rootOrigin(matches),
    title: "Email alerts",
    description: "Stop the email alerts of a saved search.",
    path: "/alerts/unsubscribe",
    noindex: true,
  });
}

export default function AlertUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const { target, done } = actionData ?? loaderData;
  const navigation = useNavigation();
  if (!target) {
    return <StatusPage status={404} title="Link not valid" titleId="unsubscribe-title" message={INVALID} />;
  }
  const manage = (
    <p className="mt-8 text-sm text-slate-600">
      Manage every alert on your{" "}
      <Link to="/profile" className="font-medium text-brand-700 underline">
        account page
      </Link>
      .
    </p>
  );
  if (done || !target.isOn) {
    return (
      <section aria-labelledby="unsubscribe-title" className="mx-auto max-w-xl px-6 py-24 text-center">
        <h1 id="unsubscribe-title" className="text-3xl font-semibold text-slate-900">
          Alerts stopped
        </h1>
        <p role="status" className="mt-3 text-slate-600">
          You will get no more emails for “{target.name}”. The saved search itself is kept.
        </p>
        {manage}
      </section>
    );
  }
  return (
    <section aria-labelledby="unsubscribe-title" className="mx-auto max-w-xl px-6 py-24 text-center">
      <h1 id="unsubscribe-title" className="text-3xl font-semibold text-slate-900">
        Stop these emails?
      </h1>
      <p className="mt-3 text-slate-600">
        You get emails about new companies in your saved search “{target.name}”.
      </p>
      <Form method="post" className="mt-8">
        <Button type="submit" isBusy={navigation.state === "submitting"}>
          Stop emails for this search
        </Button>
      </Form>
      {manage}
    </section>
  );
}
