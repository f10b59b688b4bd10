import { Form, Link, useNavigation } from "react-router";
import {
  FormAlert,
  FormConfirmation,
  HoneypotField,
  retryIn,
  SelectField,
  TextAreaField,
} from "~/components/legal/form-fields";
import { PublicPage } from "~/components/legal/public-page";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/text-field";
import { rootOrigin, seo } from "~/core/seo";
import { HONEYPOT_FIELD, TEAM_SIZES } from "~/server/public-forms/form-schemas.server";
import { messageFormAction } from "~/server/public-forms/message-form-action.server";
import type { Route } from "./+types/request-trial";

export function loader({ request }: Route.LoaderArgs) {
  return {
    isSent: new URL(request.url).searchParams.get("sent") === "1",
    teamSizes: TEAM_SIZES,
    honeypotField: HONEYPOT_FIELD,
  };
}

/** Issue 7: validated, rate-limited, honeypot-guarded; stored and mailed to the admins; then PRG. */
export function action({ request }: Route.ActionArgs) {
  return messageFormAction(request, "trial", "/request-trial");
}

/** A refusal's Retry-After (429) reaches the browser on a document request too. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders;
}

export function meta({ matches }: Route.MetaArgs) {
  return seo({
    origin: rootOrigin(matches),
    title: "Request a trial",
    description:
      "Tell us about your business and what you sell to startups, and we will set you up with a trial of the Roundlist database.",
    path: "/request-trial",
  });
}

const TITLE = "Request a trial";

export default function RequestTrial({ loaderData, actionData }: Route.ComponentProps) {
  const isSubmitting = useNavigation().state === "submitting";
  const fieldErrors = actionData?.status === "invalid" ? actionData.fieldErrors : {};
  const values = actionData && "values" in actionData ? actionData.values : {};
  if (loaderData.isSent) {
    return (
      <PublicPage title={TITLE} intro={null}>
        <FormConfirmation title="Thanks, we have your trial request">
          <p>
            We will look at what you sell and email you within one business day with access and a few searches
            that fit your market.
          </p>
        </FormConfirmation>
      </PublicPage>
    );
  }
  return (
    <PublicPage
      title={TITLE}
      intro={
        <p>
          Both plans start with a 7-day free trial you can begin right away from the{" "}
          <Link to="/#pricing" className="font-medium text-brand-700 underline">
            pricing
          </Link>{" "}
          section. Need more time, a team trial or a sample for your market? Tell us about your business.
        </p>
      }
    >
      <Form method="post" className="relative flex flex-col gap-4" key={JSON.stringify(values)}>
        {actionData?.status === "rate-limited" ? (
          <FormAlert>
            You have sent several requests in the last hour. Please try again{" "}
            {retryIn(actionData.retryAfterSeconds)}.
          </FormAlert>
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Name"
            name="name"
            autoComplete="name"
            required
            maxLength={100}
            defaultValue={values.name}
            error={fieldErrors.name}
          />
          <TextField
            label="Work email"
            name="email"
            type="email"
            autoComplete="email"
            required
            maxLength={254}
            defaultValue={values.email}
            error={fieldErrors.email}
          />
          <TextField
            label="Company"
            name="company"
            autoComplete="organization"
            required
            maxLength={200}
            defaultValue={values.company}
            error={fieldErrors.company}
          />
          <SelectField
            label="Team size"
            name="teamSize"
            options={loaderData.teamSizes}
            placeholder="Choose…"
            required
            defaultValue={values.teamSize ?? ""}
            error={fieldErrors.teamSize}
          />
        </div>
        <TextAreaField
          label="What will you use the data for?"
          name="message"
          required
          minLength={10}
          maxLength={2000}
          placeholder="For example: cold email to seed-stage fintech founders in Europe"
          defaultValue={values.message}
          error={fieldErrors.message}
        />
        <HoneypotField name={loaderData.honeypotField} />
        <Button type="submit" isBusy={isSubmitting} className="self-start px-6 py-2.5">
          Request a trial
        </Button>
      </Form>
    </PublicPage>
  );
}
