import { FormConfirmation } from "~/components/legal/form-confirmation";
import { MailtoLink } from "~/components/legal/mailto-link";
import { NameAndEmailFields, PublicFormPage } from "~/components/legal/public-form";
import { TextField } from "~/components/ui/text-field";
import { TextAreaField } from "~/components/ui/textarea-field";
import { PUBLIC_FORM_RATE_LIMITED } from "~/core/messages";
import { CONTACT_FORM } from "~/core/public-forms";
import { rootOrigin, seo } from "~/core/seo";
import { contactAddress } from "~/server/public-forms/contact-address.server";
import { messageFormAction } from "~/server/public-forms/message-form-action.server";
import type { Route } from "./+types/contact";

export function loader({ request }: Route.LoaderArgs) {
  return {
    isSent: new URL(request.url).searchParams.get("sent") === "1",
    contactEmail: contactAddress(),
  };
}

/** docs/product.md#public-pages: validated, rate-limited, honeypot-guarded; stored and mailed to the admins; then PRG. */
export function action({ request }: Route.ActionArgs) {
  return messageFormAction(request, "contact", "/contact");
}

/** A refusal's Retry-After (429) reaches the browser on a document request too. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders;

export function meta({ matches }: Route.MetaArgs) {
  return seo({
    origin: rootOrigin(matches),
    title: TITLE,
    description: "Questions about the data, your plan or an invoice? Write to the Roundlist team.",
    path: "/contact",
  });
}

const TITLE = "Contact us";

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <PublicFormPage
      title={TITLE}
      intro={
        <p>
          Questions about the data, your plan or an invoice? Send us a message, or email{" "}
          <MailtoLink email={loaderData.contactEmail} />.
        </p>
      }
      confirmation={
        loaderData.isSent ? (
          <FormConfirmation title="Thanks, your message was sent">
            <p>We read every message and reply to the address you gave, usually within one business day.</p>
          </FormConfirmation>
        ) : null
      }
      form={CONTACT_FORM}
      actionData={actionData}
      rateLimited={PUBLIC_FORM_RATE_LIMITED.contact}
      submitLabel="Send message"
    >
      {(field) => (
        <>
          <NameAndEmailFields field={field} emailLabel="Email" />
          <TextField label="Company (optional)" autoComplete="organization" {...field("company")} />
          <TextAreaField label="Message" {...field("message")} />
        </>
      )}
    </PublicFormPage>
  );
}
