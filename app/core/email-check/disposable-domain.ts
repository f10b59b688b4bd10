import { disposableEmailBlocklistSet } from "disposable-email-domains-js";

// Decision 032: the community-maintained list of throwaway-mail domains, read once (the package's own
// isDisposableEmailDomain builds a new Set on every call).
const DISPOSABLE_DOMAINS: ReadonlySet<string> = disposableEmailBlocklistSet();

/**
 * Whether a (lower-case) domain hands out throwaway mailboxes: the domain itself or any parent on the list
 * ("x.mailinator.com" is mailinator's). The list names registrable domains only.
 */
export function isDisposableDomain(domain: string): boolean {
  const labels = domain.toLowerCase().split(".");
  for (let start = 0; start < labels.length - 1; start++) {
    if (DISPOSABLE_DOMAINS.has(labels.slice(start).join("."))) return true;
  }
  return false;
}
