import { Link } from "react-router";
import { FormConfirmation } from "~/components/legal/form-confirmation";
import { NameAndEmailFields, PublicFormPage } from "~/components/legal/public-form";
import { SelectField } from "~/components/ui/select-field";
import { TextField } from "~/components/ui/text-field";
import { TextAreaField } from "~/components/ui/textarea-field";
import { PUBLIC_FORM_RATE_LIMITED } from "~/core/messages";
import { PLANS } from "~/core/plans";
import { TEAM_SIZES, TRIAL_FORM } from "~/core/public-forms";
import { rootOrigin, seo } from "~/core/seo";
import { messageFormAction } from "~/server/public-forms/message-form-action.server";
import type { Route } from "./+types/request-trial";

const TITLE = "Request a trial";

export function loader({ request }: Route.LoaderArgs) {
  return { isSent: new URL(request.url).searchParams.get("sent") === "1" };
}

/** docs/product.md#public-pages: validated, rate-limited, honeypot-guarded; stored and mailed to the admins; then PRG. */
export function action({ request }: Route.ActionArgs) {
  return messageFormAction(request, "trial", "/request-trial");
}

/** A refusal's Retry-After (429) reaches the browser on a document request too. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders;

export function meta({ matches }: Route.MetaArgs) {
  return seo({
    origin: rootOrigin(matches),
    title: TITLE,
    description:
      "Tell us about your business and what you sell to startups, and we will set you up with a trial of the Roundlist database.",
    path: "/request-trial",
  });
}

export default function RequestTrial({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <PublicFormPage
      title={TITLE}
      intro={
        <p>
          Both plans start with a {PLANS.pro.trialDays}-day free trial you can begin right away from the{" "}
          <Link to="/#pricing" className="font-medium text-brand-700 underline">
            pricing
          </Link>{" "}
          section. Need more time, a team trial or a sample for your market? Tell us about your business.
        </p>
      }
      confirmation={
        loaderData.isSent ? (
          <FormConfirmation title="Thanks, we have your trial request">
            <p>
              We will look at what you sell and email you within one business day with access and a few
              searches that fit your market.
            </p>
          </FormConfirmation>
        ) : null
      }
      form={TRIAL_FORM}
      actionData={actionData}
      rateLimited={PUBLIC_FORM_RATE_LIMITED.trial}
      submitLabel="Request a trial"
    >
      {(field) => (
        <>
          <NameAndEmailFields field={field} emailLabel="Work email">
            <TextField label="Company" autoComplete="organization" {...field("company")} />
            <SelectField
              label="Team size"
              options={TEAM_SIZES}
              placeholder="Choose…"
              {...field("teamSize")}
              defaultValue={field("teamSize").defaultValue ?? ""}
            />
          </NameAndEmailFields>
          <TextAreaField
            label="What will you use the data for?"
            placeholder="For example: cold email to seed-stage fintech founders in Europe"
            {...field("message")}
          />
        </>
      )}
    </PublicFormPage>
  );
}
