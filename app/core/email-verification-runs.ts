/**
 * decision 032: what a verification run checks. `due` is the freshness rule the schedule runs: addresses
 * checked by their form only, checked more than FRESH_VERIFICATION_DAYS ago, or whose `unknown` answer is
 * due to be asked again. An admin may also run one of the others for a selection.
 */
export const VERIFICATION_SELECTIONS = [
  { value: "due", label: "Due for a check" },
  { value: "unknown", label: "Status unknown" },
  { value: "accept_all", label: "Status accept-all" },
  { value: "stale", label: "Checked over 90 days ago" },
  { value: "find", label: "People without an address: find one" },
] as const;
export type VerificationSelection = (typeof VERIFICATION_SELECTIONS)[number]["value"];

export function verificationSelection(value: string): VerificationSelection | undefined {
  return VERIFICATION_SELECTIONS.find((option) => option.value === value)?.value;
}

export function verificationSelectionLabel(value: string): string {
  return VERIFICATION_SELECTIONS.find((option) => option.value === value)?.label ?? value;
}

/** The most addresses one run checks (an admin may choose fewer); the schedule's runs check SCHEDULED_RUN_SIZE. */
export const MAX_RUN_SIZE = 50_000;
export const SCHEDULED_RUN_SIZE = 5_000;

/**
 * Domains reserved for documentation (RFC 2606, RFC 6761): nothing there receives mail, and the demo set
 * lives under .example. No verifier is sent to them. (.test is left to tests, whose local DNS and SMTP
 * servers play those domains.)
 */
export const RESERVED_TLDS = [".example", ".invalid", ".localhost"] as const;

export function isReservedDomain(domain: string): boolean {
  const lower = domain.toLowerCase();
  return RESERVED_TLDS.some((tld) => lower.endsWith(tld) || lower === tld.slice(1));
}
