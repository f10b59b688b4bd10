import { createHmac, timingSafeEqual } from "node:crypto";
import { env } from "../env.server";

/**
 * docs/product.md#alerts: the unsubscribe link of a digest works without signing in: its token names the saved search
 * and is signed with AUTH_SECRET (HMAC-SHA256), so only the app can make one and none can be altered to
 * name another search. It stays valid for the search's life: an old email's link still stops the alerts.
 */
const PURPOSE = "roundlist:alert-unsubscribe:v1";

function signatureOf(savedSearchId: number, secret: string): string {
  return createHmac("sha256", secret).update(`${PURPOSE}:${savedSearchId}`).digest("base64url");
}

export function unsubscribeToken(savedSearchId: number, secret: string = env().AUTH_SECRET): string {
  return `${savedSearchId}.${signatureOf(savedSearchId, secret)}`;
}

/** The saved search a token names, or null for anything not made by unsubscribeToken with this secret. */
export function readUnsubscribeToken(token: unknown, secret: string = env().AUTH_SECRET): number | null {
  if (typeof token !== "string" || token.length > 200) return null;
  const match = /^([1-9][0-9]{0,15})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const id = Number(match[1]);
  if (!Number.isSafeInteger(id)) return null;
  const expected = Buffer.from(signatureOf(id, secret));
  const given = Buffer.from(match[2] as string);
  return expected.length === given.length && timingSafeEqual(expected, given) ? id : null;
}
