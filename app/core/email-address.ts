import { z } from "./zod";

/** The longest address a mailbox can have (RFC 5321 path limit); forms cap their email inputs at it. */
export const MAX_EMAIL_LENGTH = 254;

/**
 * The email field of every form (auth and public): trimmed, required, capped, a valid address, lower-cased.
 * One rule, so an address accepted at sign-up is accepted on /do-not-sell and the other way round.
 */
export const emailAddressSchema = z
  .string({ error: "Email is required" })
  .trim()
  .min(1, "Email is required")
  .max(MAX_EMAIL_LENGTH, "Email is too long")
  .pipe(z.email("Enter a valid email address"))
  .transform((value) => value.toLowerCase());
