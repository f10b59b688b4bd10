/**
 * Decision 019: the one door to better-auth's HTTP endpoints from outside (`/api/auth/*`). The app's own
 * forms call better-auth on the server (callAuth), behind their own rules; from outside, only the two links
 * the app emails are opened, each a GET: the confirmation link (`/verify-email?token=`) and the password
 * reset link (`/reset-password/<token>`, which sends the browser on to our /reset-password page). Every other
 * path (sign-up, sign-in, get-session, the account endpoints the app never uses) is closed: it would answer
 * under better-auth's rules instead of ours (no 30-day session limit, sign-up's answer shaped differently
 * for a known address).
 */

/** The links the app emails, by the path after `/api/auth`. */
export type AuthLink = "verify-email" | "reset-password";

/** Requests with a body larger than this are refused (413) before it is read: no link of ours has one. */
export const AUTH_BODY_MAX_BYTES = 8 * 1024;

/** A reset token as better-auth makes them (letters and digits), with room to spare. */
const RESET_TOKEN = /^[A-Za-z0-9_-]{1,256}$/;

/** Which emailed link a request opens, or null: every other method and path is closed. */
export function openedAuthLink(method: string, path: string): AuthLink | null {
  if (method.toUpperCase() !== "GET") return null;
  if (path === "/verify-email") return "verify-email";
  if (/^\/reset-password\/[^/]+$/.test(path)) return "reset-password";
  return null;
}

/** The path below `basePath`, decoded; null when it is not below it or does not decode (bad UTF-8). */
export function authSubPath(pathname: string, basePath: string): string | null {
  if (!pathname.startsWith(`${basePath}/`)) return null;
  try {
    return decodeURIComponent(pathname.slice(basePath.length));
  } catch {
    return null;
  }
}

/** Whether a reset link's token (the decoded last segment) can be one of ours. */
export function isResetToken(token: string): boolean {
  return RESET_TOKEN.test(token);
}

/** Whether a declared Content-Length is over the cap (a missing or unreadable one is not). */
export function declaresTooLargeBody(contentLength: string | null, max = AUTH_BODY_MAX_BYTES): boolean {
  if (contentLength === null) return false;
  const length = Number(contentLength);
  return Number.isFinite(length) && length > max;
}
