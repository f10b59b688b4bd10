import { type FieldErrors, fieldErrorsOf } from "~/core/auth-forms";
import { PRODUCT_NAME } from "~/core/brand";
import { contactSchema, HONEYPOT_FIELD, type TrialInput, trialSchema } from "~/core/public-forms";
import type { Db } from "../db/database.server";
import { contactSubmissions } from "../db/schema";
import { logger } from "../logger.server";
import type { MailMessage } from "../mail/mail-message";
import { renderMail } from "../mail/mail-message";
import type { Mailer } from "../mail/mailer.server";
import { type FormRateLimit, takeFormSlot } from "./rate-limit.server";

export type PublicFormKind = "contact" | "trial";

/** What the form echoes back after a refusal, so nothing typed is lost (these forms hold no secrets). */
export type FormValues = Partial<Record<string, string>>;

export type PublicFormResult =
  /** Stored (and the admins mailed, or the failure logged: the message is kept either way). */
  | { status: "sent" }
  /** The honeypot was filled: the bot is told "sent", nothing is stored or mailed. */
  | { status: "ignored" }
  | { status: "invalid"; fieldErrors: FieldErrors; values: FormValues }
  | { status: "rate-limited"; retryAfterSeconds: number; values: FormValues };

export interface PublicFormDeps {
  db: Db;
  mailer: Mailer;
  /** Who is told: the admins (contact-address.server.ts adminRecipients). */
  recipients: readonly string[];
  now?: Date;
  limit?: FormRateLimit;
  log?: Pick<typeof logger, "error">;
}

const FIELDS: Record<PublicFormKind, readonly string[]> = {
  contact: ["name", "email", "company", "message"],
  trial: ["name", "email", "company", "teamSize", "message"],
};

/** The form's own text fields; files and unknown fields are ignored. */
export function formValues(form: FormData, fields: readonly string[]): FormValues {
  const values: FormValues = {};
  for (const field of fields) {
    const value = form.get(field);
    if (typeof value === "string") values[field] = value;
  }
  return values;
}

export function isHoneypotFilled(form: FormData): boolean {
  const value = form.get(HONEYPOT_FIELD);
  return typeof value === "string" && value.trim() !== "";
}

interface Submission {
  kind: PublicFormKind;
  name: string;
  email: string;
  company: string | null;
  message: string;
  details: Record<string, string>;
}

type Parsed = { ok: true; submission: Submission } | { ok: false; fieldErrors: FieldErrors };

function parse(kind: PublicFormKind, values: FormValues): Parsed {
  if (kind === "contact") {
    const result = contactSchema.safeParse(values);
    if (!result.success) return { ok: false, fieldErrors: fieldErrorsOf(result.error) };
    const { company, ...rest } = result.data;
    return { ok: true, submission: { kind, ...rest, company: company || null, details: {} } };
  }
  const result = trialSchema.safeParse(values);
  if (!result.success) return { ok: false, fieldErrors: fieldErrorsOf(result.error) };
  const { teamSize, ...rest }: TrialInput = result.data;
  return { ok: true, submission: { kind, ...rest, details: { teamSize } } };
}

/**
 * docs/product.md#public-pages, /contact and /request-trial: honeypot, validation, the per-IP rate limit, then the message is
 * stored for the admins and mailed to them through the mail module.
 */
export async function submitPublicForm(
  deps: PublicFormDeps,
  kind: PublicFormKind,
  form: FormData,
  ipAddress: string,
): Promise<PublicFormResult> {
  if (isHoneypotFilled(form)) return { status: "ignored" };
  const values = formValues(form, FIELDS[kind]);
  const parsed = parse(kind, values);
  if (!parsed.ok) return { status: "invalid", fieldErrors: parsed.fieldErrors, values };
  const verdict = await takeFormSlot(deps.db, kind, ipAddress, { now: deps.now, limit: deps.limit });
  if (!verdict.allowed)
    return { status: "rate-limited", retryAfterSeconds: verdict.retryAfterSeconds, values };
  const { submission } = parsed;
  await deps.db.insert(contactSubmissions).values({ ...submission, ipAddress });
  await notifyAdmins(deps, submission);
  return { status: "sent" };
}

/** One message per admin; a mail failure is logged, not shown: the submission is stored and listed. */
async function notifyAdmins(deps: PublicFormDeps, submission: Submission): Promise<void> {
  const content = adminMail(submission);
  const results = await Promise.allSettled(deps.recipients.map((to) => deps.mailer.send({ to, ...content })));
  for (const result of results) {
    if (result.status === "rejected") {
      (deps.log ?? logger).error(
        { err: result.reason, kind: submission.kind },
        "could not mail a public form submission to an admin",
      );
    }
  }
}

export function adminMail(submission: Submission): Omit<MailMessage, "to"> {
  const isTrial = submission.kind === "trial";
  const subject = isTrial
    ? `Trial request from ${submission.name} (${submission.company ?? ""})`
    : `Contact message from ${submission.name}`;
  const paragraphs = [
    `From: ${submission.name} <${submission.email}>`,
    ...(submission.company ? [`Company: ${submission.company}`] : []),
    ...Object.entries(submission.details).map(([key, value]) => `${detailLabel(key)}: ${value}`),
    isTrial ? "What they plan to use the data for:" : "Message:",
    submission.message,
  ];
  const { text, html } = renderMail({
    heading: isTrial ? "New trial request" : "New contact message",
    paragraphs,
    footer: `Sent by the ${isTrial ? "trial request" : "contact"} form of ${PRODUCT_NAME}. Reply to ${submission.email} to answer.`,
  });
  return { subject, text, html };
}

function detailLabel(key: string): string {
  return key === "teamSize" ? "Team size" : key;
}
