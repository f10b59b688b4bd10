/**
 * The session cookie better-auth sets (auth.server.ts: cookiePrefix "roundlist"; `__Secure-` when cookies
 * are secure): whether a request carries one, and whether a Set-Cookie line sets or clears one.
 */
const SESSION_COOKIE_SET = /^\s*(?:__Secure-)?roundlist\.session_token=/;
const SESSION_COOKIE_SENT = /(?:^|;\s*)(?:__Secure-)?roundlist\.session_token=[^;\s]/;

/** A Cookie header that holds a (non-empty) session cookie. */
export function carriesSessionCookie(cookieHeader: string | null | undefined): boolean {
  return cookieHeader ? SESSION_COOKIE_SENT.test(cookieHeader) : false;
}

/** A Set-Cookie line that sets or clears the session cookie. */
export function setsSessionCookie(setCookieLine: string): boolean {
  return SESSION_COOKIE_SET.test(setCookieLine);
}
