// docs/product.md#security: the security headers of every response, in one pure module. entry.server.tsx sets
// them (with the Content-Security-Policy and its per-request nonce) on HTML documents; server.mjs applies
// the same rules, less the CSP, to every other response (resource routes, static files, the CSV export);
// root.tsx's middleware applies `mustNotBeStored` to every response React Router makes.

import type { MiddlewareFunction } from "react-router";
import { carriesSessionCookie, setsSessionCookie } from "./auth/session-cookie.server";
import type { Env } from "./env.server";

export type SecurityEnv = Pick<Env, "APP_ENV" | "DEMO_VIDEO_URL">;

/** Pages whose address carries a secret (the reset token): their Referer must not carry it away. */
const NO_REFERRER_PATHS = ["/reset-password"];

/**
 * Pages that are about one person (or hold someone's secrets) whatever the request's cookies: never kept
 * by a browser's or a proxy's cache. /search is personal only when signed in (the session cookie rule).
 */
export const PERSONAL_PATHS = [
  "/profile",
  "/admin",
  "/success",
  "/demo-checkout",
  "/reset-password",
  "/dev/mailbox",
  "/__test",
] as const;

/** The page a request is about: `/profile.data`, `/_.data` and `/_root.data` are data requests for pages. */
export function pagePathOf(pathname: string): string {
  if (pathname === "/_root.data") return "/";
  if (pathname.endsWith("/_.data")) return pathname.slice(0, -"_.data".length);
  if (pathname.endsWith(".data")) return pathname.slice(0, -".data".length);
  return pathname;
}

function isUnder(pathname: string, paths: readonly string[]): boolean {
  const page = pagePathOf(pathname);
  return paths.some((path) => page === path || page.startsWith(`${path}/`));
}

/** The origin DEMO_VIDEO_URL plays from when it is absolute (a CDN); a site path needs nothing more. */
export function demoVideoOrigin(demoVideoUrl: string | undefined): string | undefined {
  if (!demoVideoUrl || !/^https?:\/\//i.test(demoVideoUrl)) return undefined;
  try {
    return new URL(demoVideoUrl).origin;
  } catch {
    return undefined;
  }
}

/**
 * The Content-Security-Policy of an HTML document. Scripts run only from this origin or inline with this
 * response's nonce (React Router's hydration and module scripts); styles may be inline because React
 * renders style attributes (and sonner injects its stylesheet). No `form-action`: the profile's manage form
 * ends on Stripe's customer portal.
 */
export function contentSecurityPolicy(env: SecurityEnv, nonce: string): string {
  const videoOrigin = demoVideoOrigin(env.DEMO_VIDEO_URL);
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    videoOrigin ? `media-src 'self' ${videoOrigin}` : "media-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
}

export interface SecurityHeadersFor {
  /** The request's path (a data request's `.data` path counts as its page's). */
  pathname: string;
  /** An HTML document's nonce: with it, the Content-Security-Policy is included. */
  nonce?: string;
}

/**
 * The security headers of a response. Every response gets them; an HTML document (given its nonce) also
 * gets the Content-Security-Policy. HSTS only in production, where the site is served over HTTPS.
 */
export function securityHeaders(
  env: SecurityEnv,
  { pathname, nonce }: SecurityHeadersFor,
): Record<string, string> {
  const headers: Record<string, string> = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": isUnder(pathname, NO_REFERRER_PATHS)
      ? "no-referrer"
      : "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
  };
  if (env.APP_ENV === "production") {
    headers["Strict-Transport-Security"] = "max-age=31536000; includeSubDomains";
  }
  if (nonce !== undefined) headers["Content-Security-Policy"] = contentSecurityPolicy(env, nonce);
  return headers;
}

export interface StorableResponse {
  pathname: string;
  /** The request's Cookie header. */
  cookie: string | null;
  /** The response's Set-Cookie lines. */
  setCookies: readonly string[];
}

/**
 * Whether a response is personal and must carry `Cache-Control: no-store`: a personal page (or its data),
 * or any response to a request carrying a session cookie, or one that sets or clears a session cookie.
 */
export function mustNotBeStored({ pathname, cookie, setCookies }: StorableResponse): boolean {
  if (isUnder(pathname, PERSONAL_PATHS)) return true;
  if (carriesSessionCookie(cookie)) return true;
  return setCookies.some(setsSessionCookie);
}

/**
 * The root route's middleware, around every document, `.data` request and resource route React Router
 * answers: a personal response (mustNotBeStored) leaves with `Cache-Control: no-store`, whatever its route
 * said. (The CSV export, outside React Router, sends no-store itself; static files stay cacheable.)
 */
export const noStoreForPersonalResponses: MiddlewareFunction<Response> = async ({ request }, next) => {
  const response = await next();
  const personal = mustNotBeStored({
    pathname: new URL(request.url).pathname,
    cookie: request.headers.get("Cookie"),
    setCookies: response.headers.getSetCookie(),
  });
  if (!personal) return response;
  try {
    response.headers.set("Cache-Control", "no-store");
    return response;
  } catch {
    // A Response with immutable headers (one made by fetch or Response.redirect): answer a copy.
    const copy = new Response(response.body, response);
    copy.headers.set("Cache-Control", "no-store");
    return copy;
  }
};
