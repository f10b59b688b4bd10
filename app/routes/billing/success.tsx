import { Link } from "react-router";
import { formatDate } from "~/core/format";
import { PLANS } from "~/core/plans";
import { rootOrigin, seo } from "~/core/seo";
import { getDb } from "~/server/app-database.server";
import { requireUser } from "~/server/auth/session.server";
import { getBillingState } from "~/server/billing/billing.server";
import type { Route } from "./+types/success";

/** /success: thanks, with what the database (not the redirect) says about the subscription. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const { primary, access } = await getBillingState(await getDb(), user);
  return {
    planName: primary ? PLANS[primary.planId].name : null,
    status: primary?.status ?? null,
    trialEnd: primary?.trialEnd?.toISOString() ?? null,
    hasActiveAccess: access.hasActiveAccess,
  };
}

export function meta({ matches }: Route.MetaArgs) {
  return seo({
    origin: rootOrigin(matches),
    title: "Thank you",
    description: "Your subscription is being set up.",
    path: "/success",
    noindex: true,
  });
}

export default function Success({ loaderData }: Route.ComponentProps) {
  const { planName, status, trialEnd, hasActiveAccess } = loaderData;
  return (
    <section aria-labelledby="success-title" className="mx-auto w-full max-w-xl px-4 py-20 text-center">
      <h1 id="success-title" className="text-3xl font-semibold text-slate-900">
        {hasActiveAccess ? "Thank you, you're all set" : "Thank you"}
      </h1>
      <p className="mt-4 text-slate-700" data-testid="success-state">
        {hasActiveAccess && status === "trialing" && trialEnd
          ? `Your ${planName} plan is on its free trial until ${formatDate(trialEnd)}.`
          : hasActiveAccess
            ? `Your ${planName ?? ""} plan is active.`
            : "We have not received the payment confirmation yet. It usually takes a few seconds: refresh this page."}
      </p>
      <Link
        to="/search"
        className="mt-8 inline-block rounded-md bg-brand-600 px-6 py-3 font-semibold text-white hover:bg-brand-700"
      >
        Start searching
      </Link>
    </section>
  );
}
