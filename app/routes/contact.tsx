import { Form, useNavigation } from "react-router";
import {
  FormAlert,
  FormConfirmation,
  HoneypotField,
  retryIn,
  TextAreaField,
} from "~/components/legal/form-fields";
import { PublicPage } from "~/components/legal/public-page";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/text-field";
import { rootOrigin, seo } from "~/core/seo";
import { contactAddress } from "~/server/public-forms/contact-address.server";
import { HONEYPOT_FIELD } from "~/server/public-forms/form-schemas.server";
import { messageFormAction } from "~/server/public-forms/message-form-action.server";
import type { Route } from "./+types/contact";

export function loader({ request }: Route.LoaderArgs) {
  return {
    isSent: new URL(request.url).searchParams.get("sent") === "1",
    contactEmail: contactAddress(),
    honeypotField: HONEYPOT_FIELD,
  };
}

/** Issue 7: validated, rate-limited, honeypot-guarded; stored and mailed to the admins; then PRG. */
export function action({ request }: Route.ActionArgs) {
  return messageFormAction(request, "contact", "/contact");
}

/** A refusal's Retry-After (429) reaches the browser on a document request too. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders;
}

export function meta({ matches }: Route.MetaArgs) {
  return seo({
    origin: rootOrigin(matches),
    title: "Contact us",
    description: "Questions about the data, your plan or an invoice? Write to the Roundlist team.",
    path: "/contact",
  });
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const isSubmitting = useNavigation().state === "submitting";
  const fieldErrors = actionData?.status === "invalid" ? actionData.fieldErrors : {};
  const values = actionData && "values" in actionData ? actionData.values : {};
  if (loaderData.isSent) {
    return (
      <PublicPage title="Contact us" intro={null}>
        <FormConfirmation title="Thanks, your message was sent">
          <p>We read every message and reply to the address you gave, usually within one business day.</p>
        </FormConfirmation>
      </PublicPage>
    );
  }
  return (
    <PublicPage
      title="Contact us"
      intro={
        <p>
          Questions about the data, your plan or an invoice? Send us a message, or email{" "}
          <a href={`mailto:${loaderData.contactEmail}`} className="font-medium text-brand-700 underline">
            {loaderData.contactEmail}
          </a>
          .
        </p>
      }
    >
      {/* The key resets the fields when a new result (with its echoed values) comes back. */}
      <Form method="post" className="relative flex flex-col gap-4" key={JSON.stringify(values)}>
        {actionData?.status === "rate-limited" ? (
          <FormAlert>
            You have sent several messages in the last hour. Please try again{" "}
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
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            required
            maxLength={254}
            defaultValue={values.email}
            error={fieldErrors.email}
          />
        </div>
        <TextField
          label="Company (optional)"
          name="company"
          autoComplete="organization"
          maxLength={200}
          defaultValue={values.company}
          error={fieldErrors.company}
        />
        <TextAreaField
          label="Message"
          name="message"
          required
          minLength={10}
          maxLength={5000}
          defaultValue={values.message}
          error={fieldErrors.message}
        />
        <HoneypotField name={loaderData.honeypotField} />
        <Button type="submit" isBusy={isSubmitting} className="self-start px-6 py-2.5">
          Send message
        </Button>
      </Form>
    </PublicPage>
  );
}
