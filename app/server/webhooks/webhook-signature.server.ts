import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import {
  DEFAULT_TOLERANCE_SECONDS,
  formatSignatureHeader,
  isWithinTolerance,
  parseSignatureHeader,
  signedPayload,
} from "~/core/webhook-signature";

/**
 * Signing and verifying outgoing webhooks (the header's scheme is in core/webhook-signature.ts). The secret
 * string as a whole, prefix included, is the HMAC key, as with Stripe's `whsec_` secrets, so a receiver pastes
 * it into its code unchanged.
 */

function hmacHex(secret: string, timestamp: number, body: string): string {
  return createHmac("sha256", secret).update(signedPayload(timestamp, body), "utf8").digest("hex");
}

/** A new endpoint secret: 32 random bytes, which no one can guess or search for. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString("base64url")}`;
}

/** The `Roundlist-Signature` header's value for `body` sent at `unixTime` (seconds). */
export function signWebhook(secret: string, body: string, unixTime: number): string {
  if (!Number.isSafeInteger(unixTime) || unixTime < 0) throw new Error("unixTime is whole seconds");
  return formatSignatureHeader(unixTime, hmacHex(secret, unixTime, body));
}

export type WebhookVerification = { ok: true } | { ok: false; reason: string };

/**
 * Whether `header` signs exactly `body` with `secret` at a time within `toleranceSeconds` of `nowUnix`. Any
 * one of several v1 signatures may match (a sender rolling its secret signs with both). The comparison takes
 * the same time wherever the strings differ, so the response time tells an attacker nothing about how much
 * of a forged signature was right.
 */
export function verifyWebhook(
  secret: string,
  body: string,
  header: string | null | undefined,
  { nowUnix, toleranceSeconds = DEFAULT_TOLERANCE_SECONDS }: { nowUnix: number; toleranceSeconds?: number },
): WebhookVerification {
  const parsed = parseSignatureHeader(header);
  if (!parsed.ok) return parsed;
  const { timestamp, signatures } = parsed.header;
  if (!isWithinTolerance(timestamp, nowUnix, toleranceSeconds))
    return {
      ok: false,
      reason: `the signature's timestamp is more than ${toleranceSeconds} seconds from now (a replayed delivery?)`,
    };
  const expected = Buffer.from(hmacHex(secret, timestamp, body), "utf8");
  // Every candidate is compared (no early exit), so the time taken does not say which one matched.
  let matched = false;
  for (const signature of signatures) {
    const given = Buffer.from(signature, "utf8");
    if (given.length === expected.length && timingSafeEqual(given, expected)) matched = true;
  }
  return matched ? { ok: true } : { ok: false, reason: "no signature matches the body and the secret" };
}
