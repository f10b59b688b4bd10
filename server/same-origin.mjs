// CSRF, in one place for every route (docs/product.md#security): a request that can change state (anything but GET,
// HEAD and OPTIONS) must come from the app's own origin. Browsers send `Origin` on such requests (and
// `Sec-Fetch-Site`); when a browser says the request came from another site, it is refused before any
// route runs, so actions and resource routes alike are covered, whatever cookies it carries. A request
// without either header is not a browser's cross-site request (curl, server-to-server): it has no
// victim's cookies to ride on, and its route's own checks apply. Paths whose senders are not browsers
// and prove themselves otherwise (the Stripe webhook, signed) are exempt.

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export const CROSS_SITE_REFUSED = "This request came from another site, so it was refused.";

/**
 * Whether a request may go on: safe methods always; otherwise its Origin must be one of `origins`, and a
 * `Sec-Fetch-Site` of cross-site or same-site (a sibling subdomain) is refused.
 * @param {{ method: string; origin: string | undefined; fetchSite: string | undefined }} request
 * @param {ReadonlySet<string>} origins
 */
export function isSameOriginRequest({ method, origin, fetchSite }, origins) {
  if (SAFE_METHODS.has(method.toUpperCase())) return true;
  if (origin !== undefined) return origin !== "null" && origins.has(origin);
  if (fetchSite !== undefined) return fetchSite === "same-origin" || fetchSite === "none";
  return true;
}

/**
 * @param {{ appUrl: string; exemptPaths?: readonly string[] }} options
 * @returns {import("express").RequestHandler}
 */
export function sameOriginOnly({ appUrl, exemptPaths = [] }) {
  const origins = new Set([new URL(appUrl).origin]);
  const exempt = new Set(exemptPaths);
  return (request, response, next) => {
    if (exempt.has(request.path)) return next();
    const allowed = isSameOriginRequest(
      {
        method: request.method,
        origin: request.get("origin"),
        fetchSite: request.get("sec-fetch-site"),
      },
      origins,
    );
    if (allowed) return next();
    response.status(403).set("Cache-Control", "no-store").json({ error: CROSS_SITE_REFUSED });
  };
}
