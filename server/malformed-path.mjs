// docs/product.md#accounts: a path that is not valid percent-encoding (`/api/auth/reset-password/%zz`, a cut-off
// `%E0%A4%A`) cannot name any page of ours. Express's router decodes the path's parameters as it matches
// `/{*splat}` and throws a URIError for such a path, which reached the last error handler as a 500; this
// middleware answers it first, with 400 and a message, for every route (better-auth's link routes included).

export const MALFORMED_PATH_REFUSED = "This address is not valid: it has a malformed percent-encoding.";

/** Whether a URL path decodes (every `%` starts a valid UTF-8 escape). */
export function isDecodablePath(path) {
  if (!path.includes("%")) return true;
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/** @returns {import("express").RequestHandler} */
export function refuseMalformedPaths() {
  return (request, response, next) => {
    if (isDecodablePath(request.path)) return next();
    response.status(400).set("Cache-Control", "no-store");
    const wantsJson = request.path.startsWith("/api/") || request.accepts(["html", "json"]) === "json";
    if (wantsJson) response.json({ error: MALFORMED_PATH_REFUSED });
    else response.type("text/plain").send(MALFORMED_PATH_REFUSED);
  };
}
