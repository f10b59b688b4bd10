import { z } from "zod";

/**
 * The hidden field of every public form (issue 7 "spam honeypot"): people never see or fill it, form-filling
 * bots do. A filled one is answered like a success and thrown away.
 */
export const HONEYPOT_FIELD = "website";

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

const email = z
  .string({ error: "Email is required" })
  .trim()
  .min(1, "Email is required")
  .max(254, "Email is too long")
  .pipe(z.email("Enter a valid email address"))
  .transform((value) => value.toLowerCase());

function message(label: string, max: number) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(10, `${label} needs at least 10 characters`)
    .max(max, `${label} must be at most ${max} characters`);
}

/** /contact: who is writing and what about. */
export const contactSchema = z.object({
  name: line("Name", 100),
  email,
  company: optionalLine("Company", 200),
  message: message("Message", 5000),
});

export const TEAM_SIZES = ["Just me", "2-10", "11-50", "51-200", "201+"] as const;

/** /request-trial: a business asking to try the data before it subscribes. */
export const trialSchema = z.object({
  name: line("Name", 100),
  email,
  company: line("Company", 200),
  teamSize: z.enum(TEAM_SIZES, { error: "Choose your team size" }),
  message: message("What you plan to use the data for", 2000),
});

/** /do-not-sell: the address, and an explicit confirmation (issue 7: "enters an email and confirms"). */
export const doNotSellSchema = z.object({
  email,
  confirm: z.literal("yes", { error: "Tick the box to confirm the request" }),
});

export type ContactInput = z.infer<typeof contactSchema>;
export type TrialInput = z.infer<typeof trialSchema>;
