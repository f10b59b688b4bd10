/**
 * docs/product.md#admin: the admin inbox's filters (the /contact and /request-trial messages), as its URL names them:
 * `status=open|handled|all` (open when absent) and `kind=contact|trial` (both when absent).
 */
export const INBOX_STATUSES = ["open", "handled", "all"] as const;
export type InboxStatus = (typeof INBOX_STATUSES)[number];
export const DEFAULT_INBOX_STATUS: InboxStatus = "open";

export const INBOX_STATUS_LABELS: Record<InboxStatus, string> = {
  open: "Open",
  handled: "Handled",
  all: "All",
};

export const INBOX_KINDS = ["contact", "trial"] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];

/** What each kind of message is, as the inbox and the audit log name it. */
export const INBOX_KIND_LABELS: Record<InboxKind, string> = {
  contact: "Contact message",
  trial: "Trial request",
};

/** The inbox's two buttons, told apart by the form's `intent` field. */
export const INBOX_INTENTS = ["handle", "reopen"] as const;
export type InboxIntent = (typeof INBOX_INTENTS)[number];
