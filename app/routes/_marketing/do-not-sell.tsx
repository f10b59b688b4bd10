import { Link, redirect } from "react-router";
import { FormConfirmation } from "~/components/legal/form-confirmation";
import { MailtoLink } from "~/components/legal/mailto-link";
import { PublicFormPage } from "~/components/legal/public-form";
import { CheckboxField } from "~/components/ui/checkbox-field";
import { TextField } from "~/components/ui/text-field";
import { PRODUCT_NAME } from "~/core/brand";
import { PUBLIC_FORM_RATE_LIMITED } from "~/core/messages";
import { DO_NOT_SELL_FORM } from "~/core/public-forms";
import { rootOrigin, seo } from "~/core/seo";
import { getDb } from "~/server/app-database.server";
import { clientIp } from "~/server/public-forms/client-ip.server";
import { contactAddress } from "~/server/public-forms/contact-address.server";
import { publicFormRefusal } from "~/server/public-forms/refusal.server";
import { submitDoNotSell } from "~/server/public-forms/submit-do-not-sell.server";
import { readForm } from "~/server/read-body.server";
import type { Route } from "./+types/do-not-sell";

const TITLE = "Don't sell my info";

export function loader({ request }: Route.LoaderArgs) {
  return {
    isDone: new URL(request.url).searchParams.get("done") === "1",
    contactEmail: contactAddress(),
  };
}

/** docs/product.md#do-not-sell: the opt-out. Validated, rate-limited and honeypot-guarded, then suppressed; then PRG. */
export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const result = await submitDoNotSell({ db: await getDb() }, form, clientIp(request));
  if (result.status === "done" || result.status === "ignored") throw redirect("/do-not-sell?done=1");
  return publicFormRefusal(result);
}

/** A refusal's Retry-After (429) reaches the browser on a document request too. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders;

export function meta({ matches }: Route.MetaArgs) {
  return seo({
    origin: rootOrigin(matches),
    title: TITLE,
    description: `Opt out of ${PRODUCT_NAME}: enter your email and your records stop appearing in search, company pages and exports.`,
    path: "/do-not-sell",
  });
}

export default function DoNotSell({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <PublicFormPage
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
      confirmation={
        loaderData.isDone ? (
          <FormConfirmation title="Your request is recorded">
            <p>
              If {PRODUCT_NAME} held records with this address, they no longer appear in search, on company
              pages, in exports or in any count, and future data updates will not add them back.
            </p>
            <p>
              To have other data about you deleted, or for any question, write to{" "}
              <MailtoLink email={loaderData.contactEmail} className="" />.
            </p>
          </FormConfirmation>
        ) : null
      }
      form={DO_NOT_SELL_FORM}
      actionData={actionData}
      rateLimited={(retry) => PUBLIC_FORM_RATE_LIMITED.doNotSell(retry, loaderData.contactEmail)}
      submitLabel="Submit request"
    >
      {(field) => (
        <>
          <TextField label="Your email address" type="email" autoComplete="email" {...field("email")} />
          <CheckboxField
            label={
              <>
                I confirm this is my email address and I ask {PRODUCT_NAME} not to sell or share my
                information.
              </>
            }
            value="yes"
            {...field("confirm")}
          />
        </>
      )}
    </PublicFormPage>
  );
}
