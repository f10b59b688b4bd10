import type { EmailStatus } from "../email-status";

/**
 * What an MX answered to one RCPT TO: 2xx accepted, 5xx rejected; deferred for 4xx (greylisting, "try
 * later"), for no answer at all (timeout, connection lost) and for a 5xx that refuses us rather than the
 * mailbox (a policy code, 5.7.x: our IP is listed, relaying denied).
 */
export type RcptOutcome =
  | { kind: "accepted"; reply: string }
  | { kind: "rejected"; reply: string }
  | { kind: "deferred"; reply: string };

/**
 * An SMTP reply as an outcome (decision 032: 4xx -> try later, 5xx -> refused). An enhanced status code of
 * class 7 (RFC 3463: security or policy) says nothing about the mailbox, so it is not a refusal of it.
 */
export function rcptOutcome(code: number, text: string): RcptOutcome {
  const reply = `${code} ${text}`.trim();
  if (code >= 200 && code < 300) return { kind: "accepted", reply };
  if (code >= 500 && code < 600 && !/^5\.7\.\d{1,3}\b/.test(text.trim())) return { kind: "rejected", reply };
  return { kind: "deferred", reply };
}

/**
 * Whether the domain accepts every address, from the answer to RCPT TO a random address there: accepted
 * -> yes, refused -> no, deferred -> not known (asked again later).
 */
export function acceptsAll(probe: RcptOutcome): boolean | null {
  if (probe.kind === "accepted") return true;
  if (probe.kind === "rejected") return false;
  return null;
}

export interface MailboxVerdict {
  status: EmailStatus;
  detail: string;
  /** Whether asking again later may give an answer (decision 032: `unknown` is retried). */
  isRetryable: boolean;
}

/**
 * A mailbox's status from its RCPT TO answer and what the domain's random-address probe said
 * (decision 032): a refused mailbox is invalid; an accepted one is valid only where a random address is
 * refused, accept_all where it is accepted, and unknown while the probe has no answer: an address is never
 * presented as confirmed on a domain that may accept everything.
 */
export function mailboxVerdict(outcome: RcptOutcome, acceptAll: boolean | null): MailboxVerdict {
  if (outcome.kind === "rejected") {
    return {
      status: "invalid",
      detail: `the mail host refused the mailbox: ${outcome.reply}`,
      isRetryable: false,
    };
  }
  if (outcome.kind === "deferred") {
    return { status: "unknown", detail: `the mail host did not say: ${outcome.reply}`, isRetryable: true };
  }
  if (acceptAll === true) {
    return { status: "accept_all", detail: "the domain accepts every address", isRetryable: false };
  }
  if (acceptAll === false) {
    return {
      status: "valid",
      detail: `the mail host accepted the mailbox: ${outcome.reply}`,
      isRetryable: false,
    };
  }
  return {
    status: "unknown",
    detail: "the mail host accepted the mailbox but deferred the random-address probe",
    isRetryable: true,
  };
}
