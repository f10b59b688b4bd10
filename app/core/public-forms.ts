import { emailAddressSchema, MAX_EMAIL_LENGTH } from "./email-address";
import { z } from "./zod";

/**
 * docs/product.md#do-not-sell: the three public forms (/contact, /request-trial, /do-not-sell). One schema per form validates on
 * the server and in the browser; the limits below feed both the schemas and the inputs' HTML constraints
 * (`<TextField {...CONTACT_LIMITS.name} />`), so a limit lives in one place.
 */

/**
 * The hidden field of every public form (docs/product.md#public-pages, "spam honeypot"): people never see or fill it, form-filling
 * bots do. A filled one is answered like a success and thrown away.
 */
export const HONEYPOT_FIELD = "website";

/** The HTML constraint attributes of one field, spread onto its input. */
export interface FieldLimits {
  required: boolean;
  minLength?: number;
  maxLength?: number;
}

/** A question or a use case needs a few words. */
export const MIN_MESSAGE_LENGTH = 10;

const EMAIL_LIMITS = { required: true, maxLength: MAX_EMAIL_LENGTH } as const;

export const CONTACT_LIMITS = {
  name: { required: true, maxLength: 100 },
  email: EMAIL_LIMITS,
  company: { required: false, maxLength: 200 },
  message: { required: true, minLength: MIN_MESSAGE_LENGTH, maxLength: 5000 },
} as const satisfies Record<string, FieldLimits>;

export const TRIAL_LIMITS = {
  name: { required: true, maxLength: 100 },
  email: EMAIL_LIMITS,
  company: { required: true, maxLength: 200 },
  teamSize: { required: true },
  message: { required: true, minLength: MIN_MESSAGE_LENGTH, maxLength: 2000 },
} as const satisfies Record<string, FieldLimits>;

export const DO_NOT_SELL_LIMITS = {
  email: EMAIL_LIMITS,
  confirm: { required: true },
} as const satisfies Record<string, FieldLimits>;

export const TEAM_SIZES = ["Just me", "2-10", "11-50", "51-200", "201+"] as const;

/** One line of text: inner runs of white space (line breaks included) become one space. */
function line(label: string, max: number) {
  return z
    .string({ error: `${label} is required` })
    .transform((value) => value.replace(/\s+/g, " ").trim())
    .pipe(z.string().min(1, `${label} is required`).max(max, `${label} must be at most ${max} characters`));
}

function optionalLine(label: string, max: number) {
  return z
    .string()
    .optional()
    .transform((value) => (value ?? "").replace(/\s+/g, " ").trim())
    .pipe(z.string().max(max, `${label} must be at most ${max} characters`));
}

/** A one-line field, required or not as its limits say. */
function textLine(label: string, limits: { required: boolean; maxLength: number }) {
  return limits.required ? line(label, limits.maxLength) : optionalLine(label, limits.maxLength);
}

function message(label: string, limits: { minLength: number; maxLength: number }) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(limits.minLength, `${label} needs at least ${limits.minLength} characters`)
    .max(limits.maxLength, `${label} must be at most ${limits.maxLength} characters`);
}

/** /contact: who is writing and what about. */
export const contactSchema = z.object({
  name: textLine("Name", CONTACT_LIMITS.name),
  email: emailAddressSchema,
  company: textLine("Company", CONTACT_LIMITS.company),
  message: message("Message", CONTACT_LIMITS.message),
});

/** /request-trial: a business asking to try the data before it subscribes. */
export const trialSchema = z.object({
  name: textLine("Name", TRIAL_LIMITS.name),
  email: emailAddressSchema,
  company: textLine("Company", TRIAL_LIMITS.company),
  teamSize: z.enum(TEAM_SIZES, { error: "Choose your team size" }),
  message: message("What you plan to use the data for", TRIAL_LIMITS.message),
});

/** /do-not-sell: the address, and an explicit confirmation (docs/product.md#do-not-sell: "enters an email and confirms"). */
export const doNotSellSchema = z.object({
  email: emailAddressSchema,
  confirm: z.literal("yes", { error: "Tick the box to confirm the request" }),
});

/** A public form as its page needs it: the schema both sides check, and the limits its inputs carry. */
export interface PublicFormDefinition<Name extends string> {
  schema: z.ZodType;
  limits: Readonly<Record<Name, FieldLimits>>;
}

export const CONTACT_FORM = { schema: contactSchema, limits: CONTACT_LIMITS } as const;
export const TRIAL_FORM = { schema: trialSchema, limits: TRIAL_LIMITS } as const;
export const DO_NOT_SELL_FORM = { schema: doNotSellSchema, limits: DO_NOT_SELL_LIMITS } as const;

export type ContactInput = z.infer<typeof contactSchema>;
export type TrialInput = z.infer<typeof trialSchema>;

/** "in 47 minutes" for a refusal's Retry-After, as the forms' rate-limit notice says it. */
export function retryIn(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return minutes <= 1 ? "in a minute" : `in ${minutes} minutes`;
}
