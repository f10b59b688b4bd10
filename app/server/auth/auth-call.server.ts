import type { Auth } from "./auth.server";
import { AUTH_BASE_PATH } from "./auth.server";
import { CLIENT_IP_HEADER } from "./client-ip";

export interface AuthCallResult {
  status: number;
  /** The endpoint's JSON answer (null when it had none). */
  body: Record<string, unknown> | null;
  /** Set-Cookie headers to pass on to the browser. */
  setCookies: string[];
}

// What the browser sent that better-auth needs: the session, the origin check, the client's IP.
const FORWARDED_HEADERS = ["cookie", "origin", "referer", "user-agent", CLIENT_IP_HEADER];

/**
 * Calls one of better-auth's endpoints through its HTTP handler on behalf of the browser request, so
 * its rate limits, origin checks and cookie handling apply exactly as they do at /api/auth.
 */
export async function callAuth(
  auth: Auth,
  request: Request,
  path: string,
  body: Record<string, unknown>,
): Promise<AuthCallResult> {
  const headers = new Headers({ "content-type": "application/json", accept: "application/json" });
  for (const name of FORWARDED_HEADERS) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  const url = new URL(`${AUTH_BASE_PATH}${path}`, auth.options.baseURL as string);
  const response = await auth.handler(
    new Request(url, { method: "POST", headers, body: JSON.stringify(body) }),
  );
  const text = await response.text();
  let parsed: Record<string, unknown> | null = null;
  if (text) {
    try {
      parsed = JSON.parse(text) as Record<string, unknown>;
    } catch {
      parsed = { message: text };
    }
  }
  return { status: response.status, body: parsed, setCookies: response.headers.getSetCookie() };
}

/** The message of an error answer, or the fallback. */
export function messageOf(result: AuthCallResult, fallback: string): string {
  const message = result.body?.message;
  return typeof message === "string" && message.trim() !== "" ? message : fallback;
}
