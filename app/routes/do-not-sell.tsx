import { useId } from "react";
import { Form, Link, redirect, useNavigation } from "react-router";
import { FormAlert, FormConfirmation, HoneypotField, retryIn } from "~/components/legal/form-fields";
import { PublicPage } from "~/components/legal/public-page";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/text-field";
import { PRODUCT_NAME } from "~/core/brand";
import { rootOrigin, seo } from "~/core/seo";
import { getDb } from "~/server/db/connection.server";
import { contactAddress } from "~/server/public-forms/contact-address.server";
import { HONEYPOT_FIELD } from "~/server/public-forms/form-schemas.server";
import { clientIp, readPublicForm } from "~/server/public-forms/read-form.server";
import { publicFormRefusal } from "~/server/public-forms/refusal.server";
import { submitDoNotSell } from "~/server/public-forms/submit-do-not-sell.server";
import type { Route } from "./+types/do-not-sell";

export function loader({ request }: Route.LoaderArgs) {
  return {
    isDone: new URL(request.url).searchParams.get("done") === "1",
    contactEmail: contactAddress(),
    honeypotField: HONEYPOT_FIELD,
  };
}

/** Issue 7: the opt-out. Validated, rate-limited and honeypot-guarded, then suppressed; then PRG. */
export async function action({ request }: Route.ActionArgs) {
  const form = await readPublicForm(request);
  const result = await submitDoNotSell({ db: await getDb() }, form, clientIp(request));
  if (result.status === "done" || result.status === "ignored") throw redirect("/do-not-sell?done=1");
  return publicFormRefusal(result);
}

/** A refusal's Retry-After (429) reaches the browser on a document request too. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders;
}

export function meta({ matches }: Route.MetaArgs) {
  return seo({
    origin: rootOrigin(matches),
    title: "Don't sell my info",
    description: `Opt out of ${PRODUCT_NAME}: enter your email and your records stop appearing in search, company pages and exports.`,
    path: "/do-not-sell",
  });
}

const TITLE = "Don't sell my info";

export default function DoNotSell({ loaderData, actionData }: Route.ComponentProps) {
  const isSubmitting = useNavigation().state === "submitting";
  const confirmId = useId();
  const fieldErrors = actionData?.status === "invalid" ? actionData.fieldErrors : {};
  const values = actionData && "values" in actionData ? actionData.values : {};
  if (loaderData.isDone) {
    return (
      <PublicPage title={TITLE} intro={null}>
        <FormConfirmation title="Your request is recorded">
          <p>
            If {PRODUCT_NAME} held records with this address, they no longer appear in search, on company
            pages, in exports or in any count, and future data updates will not add them back.
          </p>
          <p>
            To have other data about you deleted, or for any question, write to{" "}
            <a href={`mailto:${loaderData.contactEmail}`} className="font-medium underline">
              {loaderData.contactEmail}
            </a>
            .
          </p>
        </FormConfirmation>
      </PublicPage>
    );
  }
  return (
    <PublicPage
      title={TITLE}
      intro={
        <>
          <p>
            {PRODUCT_NAME} lists founders of venture-funded startups with their business email. If you are one
            of them and do not want your details sold or shared, enter your email address below.
          </p>
          <p className="text-base">
            From then on, every record with that address is left out of search, company pages, exports and
            counts, and our data updates skip it. We keep only a keyed fingerprint of the address (a salted
            hash, not the address itself), so that we can recognise it later. No account is needed. See our{" "}
            <Link to="/privacy" className="font-medium text-brand-700 underline">
              privacy policy
            </Link>{" "}
            for your other rights.
          </p>
        </>
      }
    >
      <Form method="post" className="relative flex flex-col gap-5" key={JSON.stringify(values)}>
        {actionData?.status === "rate-limited" ? (
          <FormAlert>
            Too many requests from your network in the last hour. Please try again{" "}
            {retryIn(actionData.retryAfterSeconds)}, or email {loaderData.contactEmail}.
          </FormAlert>
        ) : null}
        <TextField
          label="Your email address"
          name="email"
          type="email"
          autoComplete="email"
          required
          maxLength={254}
          defaultValue={values.email}
          error={fieldErrors.email}
        />
        <div className="flex flex-col gap-1">
          <div className="flex items-start gap-3">
            <input
              id={confirmId}
              type="checkbox"
              name="confirm"
              value="yes"
              required
              aria-invalid={fieldErrors.confirm ? true : undefined}
              aria-describedby={fieldErrors.confirm ? `${confirmId}-error` : undefined}
              className="mt-1 h-4 w-4 shrink-0 rounded border-slate-300 accent-brand-600"
            />
            <label htmlFor={confirmId} className="text-slate-800">
              I confirm this is my email address and I ask {PRODUCT_NAME} not to sell or share my information.
            </label>
          </div>
          {fieldErrors.confirm ? (
            <p id={`${confirmId}-error`} className="text-sm text-red-700">
              {fieldErrors.confirm}
            </p>
          ) : null}
        </div>
        <HoneypotField name={loaderData.honeypotField} />
        <Button type="submit" isBusy={isSubmitting} className="self-start px-6 py-2.5">
          Submit request
        </Button>
      </Form>
    </PublicPage>
  );
}
