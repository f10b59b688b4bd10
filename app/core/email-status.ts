// Decision 032: the status an email address has, how it was established and where the address came from.
// One vocabulary for the verifier, the database, the badges, the filter and the export.

/**
 * valid: the mailbox exists (the MX accepted RCPT TO); accept_all: the domain accepts every address, so the
 * mailbox cannot be confirmed; invalid: bad syntax, a domain with no mail host, or a mailbox the MX refused;
 * disposable: a throwaway-mail domain; role: a shared box (info@, sales@...); unknown: greylisted, timed
 * out or refused to say (tried again later); bounced: reported by buyers or observed.
 */
export const EMAIL_STATUSES = [
  "valid",
  "accept_all",
  "invalid",
  "disposable",
  "role",
  "unknown",
  "bounced",
] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

/** How far a check went: the address's form alone, its domain's mail hosts, or the mailbox itself. */
export const EMAIL_CHECK_METHODS = ["syntax", "domain", "mailbox"] as const;
export type EmailCheckMethod = (typeof EMAIL_CHECK_METHODS)[number];

/** Where the address came from: an import, the domain's pattern (found), or a user's report. */
export const EMAIL_SOURCES = ["imported", "pattern", "reported"] as const;
export type EmailSource = (typeof EMAIL_SOURCES)[number];

export function isEmailStatus(value: unknown): value is EmailStatus {
  return typeof value === "string" && (EMAIL_STATUSES as readonly string[]).includes(value);
}
