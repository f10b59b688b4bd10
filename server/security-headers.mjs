// docs/product.md#security: the security headers (nosniff, referrer policy, framing protection, COOP, HSTS in
// production) on every response the server sends: static files, resource routes, the CSV export, refusals.
// The rules live in app/server/security-headers.server.ts and reach us through the build's entry module.
// They are added just before the head is written, and only where the response did not set its own: React
// Router's adapter *appends* the headers of its Response (so setting them up front would send HTML
// documents, which entry.server.tsx gives these headers and their Content-Security-Policy, each twice).

/**
 * @param {(pathname: string) => Record<string, string>} headersFor the headers for a request path
 * @returns {import("express").RequestHandler}
 */
export function securityHeaders(headersFor) {
  return (request, response, next) => {
    // Read now: a mounted middleware (express.static under /assets) rewrites the path it sees.
    const headers = headersFor(request.path);
    const writeHead = response.writeHead;
    response.writeHead = function writeHeadWithSecurityHeaders(...args) {
      for (const [name, value] of Object.entries(headers)) {
        if (!response.hasHeader(name)) response.setHeader(name, value);
      }
      return writeHead.apply(this, args);
    };
    next();
  };
}
