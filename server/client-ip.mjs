// Finds each request's client IP once, for rate limits and the audit trail, and hands it to the app in
// one header (app/server/auth/client-ip.ts). Only the proxies in TRUSTED_PROXIES may speak for a client
// through X-Forwarded-For; the header is always overwritten, so a client cannot choose its own IP.

export const CLIENT_IP_HEADER = "x-roundlist-client-ip";

/** "10.0.0.1, 10.1.0.0/16" -> ["10.0.0.1", "10.1.0.0/16"] */
export function parseTrustedProxies(value) {
  return (value ?? "")
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);
}

/**
 * @param {import("express").Express} app
 * @param {string[]} trustedProxies
 */
export function installClientIp(app, trustedProxies) {
  app.set("trust proxy", trustedProxies.length > 0 ? trustedProxies : false);
  app.use((req, _res, next) => {
    req.headers[CLIENT_IP_HEADER] = req.ip ?? req.socket.remoteAddress ?? "";
    next();
  });
}
