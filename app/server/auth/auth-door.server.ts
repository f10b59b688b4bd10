import {
  AUTH_BODY_MAX_BYTES,
  authSubPath,
  declaresTooLargeBody,
  isResetToken,
  openedAuthLink,
} from "~/core/auth-door";
import { AUTH_DOOR } from "~/core/messages";
import type { AccountServices } from "./account.server";
import { AUTH_BASE_PATH } from "./auth.server";
import { lookUpSession } from "./session.server";
import { carriesSessionCookie } from "./session-cookie.server";

function refuse(status: 400 | 404 | 413, message: string, request: Request): Response {
  const headers = new Headers({ "Cache-Control": "no-store" });
  // A body we refuse is not read: the connection ends with the answer rather than after the whole upload.
  if (request.body !== null) headers.set("Connection", "close");
  return Response.json({ error: message }, { status, headers });
}

/**
 * Decision 019: `/api/auth/*` from outside. Only the two links the app emails pass (core/auth-door.ts), and
 * through the app's own rules first: a path that does not decode or a reset token that cannot be one of ours
 * is a 400, a body over AUTH_BODY_MAX_BYTES a 413 (from its declared length, unread), anything else a 404 with
 * the same answer for everyone. A session cookie the request carries is looked up as every page looks it up
 * (the 30-day and 7-day limits, a ban): one that has ended is cleared and not passed on to better-auth.
 */
export async function handleAuthDoor(services: AccountServices, request: Request): Promise<Response> {
  const url = new URL(request.url);
  if (declaresTooLargeBody(request.headers.get("content-length"), AUTH_BODY_MAX_BYTES)) {
    return refuse(413, AUTH_DOOR.tooLarge, request);
  }
  const path = authSubPath(url.pathname, AUTH_BASE_PATH);
  if (path === null) return refuse(400, AUTH_DOOR.malformedLink, request);
  const link = openedAuthLink(request.method, path);
  if (link === null) return refuse(404, AUTH_DOOR.closed, request);
  if (link === "reset-password" && !isResetToken(path.slice("/reset-password/".length))) {
    return refuse(400, AUTH_DOOR.malformedLink, request);
  }

  const headers = new Headers(request.headers);
  let setCookies: string[] = [];
  if (carriesSessionCookie(request.headers.get("cookie"))) {
    const session = await lookUpSession(services.auth, request);
    setCookies = session.setCookies;
    // An ended session is deleted by the lookup; better-auth must not see its cookie either.
    if (!session.user) headers.delete("cookie");
  }
  const response = await services.auth.handler(new Request(url, { method: "GET", headers }));
  if (setCookies.length === 0) return response;
  // The lookup's cookies first: a session better-auth starts now (a confirmed address) comes after and wins.
  const merged = new Headers();
  for (const cookie of setCookies) merged.append("Set-Cookie", cookie);
  for (const [name, value] of response.headers) if (name !== "set-cookie") merged.set(name, value);
  for (const cookie of response.headers.getSetCookie()) merged.append("Set-Cookie", cookie);
  return new Response(response.body, {
    status: response.status,
    statusText: response.statusText,
    headers: merged,
  });
}
