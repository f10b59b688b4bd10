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

/** What is known of an address, as the server sends it beside the address (masked or not). */
export interface EmailStatusView {
  status: EmailStatus | null;
  /** ISO time the status was established; null when never checked. */
  checkedAt: string | null;
  source: EmailSource | null;
}

export function isEmailStatus(value: unknown): value is EmailStatus {
  return typeof value === "string" && (EMAIL_STATUSES as readonly string[]).includes(value);
}

/** The badge beside an address: its status in words (a company with no status yet: 'Not checked'). */
export const EMAIL_STATUS_LABELS: Readonly<Record<EmailStatus, string>> = {
  valid: "Valid",
  accept_all: "Accept-all",
  invalid: "Invalid",
  disposable: "Disposable",
  role: "Role address",
  unknown: "Unknown",
  bounced: "Bounced",
};
export const NOT_CHECKED_LABEL = "Not checked";

/** What each status means to a sender, for the badge's title and the pricing page. */
export const EMAIL_STATUS_MEANINGS: Readonly<Record<EmailStatus, string>> = {
  valid: "The mail server confirmed this mailbox.",
  accept_all: "The domain accepts every address, so this mailbox cannot be confirmed.",
  invalid: "The address cannot receive mail.",
  disposable: "A throwaway-mail domain.",
  role: "A shared mailbox (info@, sales@...), not a person's.",
  unknown: "The mail server would not say; it is asked again later.",
  bounced: "Subscribers reported it bounced, or a new check failed.",
};

export function emailStatusLabel(status: EmailStatus | null): string {
  return status === null ? NOT_CHECKED_LABEL : EMAIL_STATUS_LABELS[status];
}

/** The badge's tone: good to send, send with care, do not send. */
export function emailStatusTone(status: EmailStatus | null): "good" | "caution" | "bad" | "neutral" {
  if (status === "valid") return "good";
  if (status === "accept_all" || status === "unknown" || status === "role") return "caution";
  if (status === null) return "neutral";
  return "bad";
}

export const EMAIL_SOURCE_LABELS: Readonly<Record<EmailSource, string>> = {
  imported: "Imported",
  pattern: "Found by pattern",
  reported: "Reported by a user",
};

/** docs/product.md#filters, decision 032: the 'Email status' filter's options (any: no filter). */
export const EMAIL_FILTER_OPTIONS = [
  { value: "valid", label: "Valid only", named: "Valid emails only", statuses: ["valid"] },
  {
    value: "valid-or-accept-all",
    label: "Valid or accept-all",
    named: "Valid or accept-all emails",
    statuses: ["valid", "accept_all"],
  },
] as const satisfies ReadonlyArray<{
  value: string;
  /** In the filter's menu. */
  label: string;
  /** Alone, as a chip or a search's summary names it. */
  named: string;
  statuses: readonly EmailStatus[];
}>;
export type EmailFilterOption = (typeof EMAIL_FILTER_OPTIONS)[number];
export type EmailFilterValue = EmailFilterOption["value"];
export const ANY_EMAIL_STATUS_LABEL = "Any status";

/** An email filter option by its URL value, in any case. */
export function emailFilterOption(value: string): EmailFilterOption | undefined {
  const key = value.toLowerCase();
  return EMAIL_FILTER_OPTIONS.find((option) => option.value === key);
}

/** decision 032: an address counts as verified for the site's claim when checked this many days ago or less. */
export const FRESH_VERIFICATION_DAYS = 90;

/**
 * decision 032: two reports from different subscribers mark an address bounced without a new check (one
 * report asks for a new check, whose failure marks it too).
 */
export const BOUNCE_REPORTS_TO_MARK = 2;
