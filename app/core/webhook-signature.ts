/**
 * The `Roundlist-Signature` header of an outgoing webhook, in Stripe's scheme: `t=<unix time>,v1=<hex>`, where
 * the hex is HMAC-SHA256 of `<t>.<body>` under the endpoint's secret. Receivers already know the scheme (and
 * many have code for it), and the signed timestamp lets them refuse a replayed delivery.
 *
 * Only the header's text lives here: HMAC needs node:crypto, which the browser bundle cannot have, so signing
 * and verifying are in server/webhooks/webhook-signature.server.ts.
 */

export interface SignatureHeader {
  /** Unix time (seconds) the sender signed at. */
  timestamp: number;
  /** Every v1 signature given, lower-case hex. A sender rolling its secret sends one per secret. */
  signatures: string[];
}

/** A header longer than this is no signature of ours: it is refused before being split. */
export const MAX_SIGNATURE_HEADER_LENGTH = 4096;

/** How far (seconds) the signed time may be from the receiver's clock, either way, before it is a replay. */
export const DEFAULT_TOLERANCE_SECONDS = 300;

const HEX_SHA256 = /^[0-9a-f]{64}$/;
const UNIX_TIME = /^[0-9]{1,12}$/;

export function formatSignatureHeader(timestamp: number, signatureHex: string): string {
  return `t=${timestamp},v1=${signatureHex}`;
}

/** The string the HMAC covers: the timestamp binds the signature to one moment, the body to one payload. */
export function signedPayload(timestamp: number, body: string): string {
  return `${timestamp}.${body}`;
}

/**
 * The header's timestamp and v1 signatures, or why it cannot be read. Entries of other schemes (v0, a future
 * v2) are skipped, as Stripe's libraries do, so a sender can add a scheme without breaking receivers. A v1
 * value that is not 64 hex digits can match nothing and is dropped here.
 */
export function parseSignatureHeader(
  header: string | null | undefined,
): { ok: true; header: SignatureHeader } | { ok: false; reason: string } {
  if (header === null || header === undefined || header.trim() === "")
    return { ok: false, reason: "the signature header is missing" };
  if (header.length > MAX_SIGNATURE_HEADER_LENGTH)
    return { ok: false, reason: "the signature header is too long" };
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const entry of header.split(",")) {
    const equals = entry.indexOf("=");
    if (equals <= 0) return { ok: false, reason: "the signature header is malformed" };
    const key = entry.slice(0, equals).trim();
    const value = entry.slice(equals + 1).trim();
    if (key === "t") {
      // Two timestamps would leave it open which one the signature covers.
      if (timestamp !== null || !UNIX_TIME.test(value))
        return { ok: false, reason: "the signature header's timestamp is malformed" };
      timestamp = Number(value);
    } else if (key === "v1") {
      const hex = value.toLowerCase();
      if (HEX_SHA256.test(hex)) signatures.push(hex);
    }
  }
  if (timestamp === null) return { ok: false, reason: "the signature header has no timestamp" };
  if (signatures.length === 0) return { ok: false, reason: "the signature header has no v1 signature" };
  return { ok: true, header: { timestamp, signatures } };
}

/**
 * Whether a signed time is close enough to now. Both directions count: a timestamp far in the future would let
 * a captured delivery be replayed until that time.
 */
export function isWithinTolerance(
  timestamp: number,
  nowUnix: number,
  toleranceSeconds: number = DEFAULT_TOLERANCE_SECONDS,
): boolean {
  return Math.abs(nowUnix - timestamp) <= toleranceSeconds;
}
