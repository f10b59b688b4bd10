import { redirect } from "react-router";
import { getDb } from "../app-database.server";
import { getMailer } from "../mail/mailer.server";
import { readForm } from "../read-body.server";
import { clientIp } from "./client-ip.server";
import { adminRecipients } from "./contact-address.server";
import { publicFormRefusal } from "./refusal.server";
import { submitPublicForm } from "./submit-public-form.server";

/**
 * docs/product.md#public-pages: the action of the two message forms (/contact, /request-trial): validated, rate-limited,
 * honeypot-guarded, stored and mailed to the admins, then a redirect to `{pagePath}?sent=1` (PRG). A bot
 * caught by the honeypot sees the same confirmation. A refusal answers 400 or 429 with what went wrong.
 */
export async function messageFormAction(request: Request, kind: "contact" | "trial", pagePath: string) {
  const form = await readForm(request);
  const result = await submitPublicForm(
    { db: await getDb(), mailer: await getMailer(), recipients: adminRecipients() },
    kind,
    form,
    clientIp(request),
  );
  if (result.status === "sent" || result.status === "ignored") throw redirect(`${pagePath}?sent=1`);
  return publicFormRefusal(result);
}
