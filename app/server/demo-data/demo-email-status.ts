import type { EmailCheckMethod, EmailSource, EmailStatus } from "~/core/email-status";
import { createRandom, weightedPicker } from "./random";

/**
 * decision 032, demo data: a status, a date and a source for a demo address, as a verified lead database
 * would show them (research notes, section 7: Snov calls at most 5% unverifiable healthy; catch-all domains
 * are the usual remainder). Generated, never checked: every demo address is under the reserved ".example"
 * TLD, which no verifier is sent to, and its row is marked `is_demo`. Deterministic: the address seeds its
 * own generator, so the demo companies' random stream is untouched and a re-seed gives the same statuses.
 */
const STATUS_SHARES: ReadonlyArray<readonly [EmailStatus, number]> = [
  ["valid", 0.66],
  ["accept_all", 0.16],
  ["unknown", 0.06],
  ["invalid", 0.05],
  ["bounced", 0.03],
  ["role", 0.02],
  ["disposable", 0.02],
];
const pickStatus = weightedPicker(STATUS_SHARES, ([, share]) => share);

/** How far each status's check went. */
const METHOD_OF: Readonly<Record<EmailStatus, EmailCheckMethod>> = {
  valid: "mailbox",
  accept_all: "mailbox",
  unknown: "mailbox",
  invalid: "mailbox",
  bounced: "mailbox",
  role: "syntax",
  disposable: "syntax",
};

/** Checks spread over the last 200 days, more of them recent (about three in five within 90 days). */
const OLDEST_CHECK_DAYS = 200;
/** Addresses found by the domain's pattern rather than imported. */
const FOUND_BY_PATTERN_SHARE = 0.1;
const DAY_MS = 86_400_000;

export interface DemoEmailStatus {
  email: string;
  status: EmailStatus;
  checkedAt: string;
  method: EmailCheckMethod;
  source: EmailSource;
}

function seedOf(text: string): number {
  // FNV-1a, 32 bits: the address's own seed.
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export function demoEmailStatus(email: string, today: Date): DemoEmailStatus {
  const address = email.toLowerCase();
  const random = createRandom(seedOf(address));
  const [status] = pickStatus(random);
  const daysAgo = Math.floor(OLDEST_CHECK_DAYS * random.next() ** 1.6);
  const checkedAt = new Date(today.getTime() - daysAgo * DAY_MS - random.int(0, DAY_MS - 1));
  return {
    email: address,
    status,
    checkedAt: checkedAt.toISOString(),
    method: METHOD_OF[status],
    source: random.chance(FOUND_BY_PATTERN_SHARE) ? "pattern" : "imported",
  };
}
