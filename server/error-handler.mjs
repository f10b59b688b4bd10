// Express's last error handler (docs/product.md#security). Errors that reach Express (a Fetch handler that
// throws, React Router's adapter failing) were answered by Express's default handler: a 500 and the stack
// printed with console.error. Here each is logged through the app's structured logger (its lines name the
// request's id) and answered with a short body; a lost database connection is a 503 with Retry-After.

/**
 * @typedef {{ error: (details: object, message: string) => void, warn: (details: object, message: string) => void }} Logger
 * @param {{
 *   logger: Logger;
 *   isDatabaseUnavailable: (error: unknown) => boolean;
 *   unavailableMessage: string;
 *   retryAfterSeconds: number;
 * }} options
 * @returns {import("express").ErrorRequestHandler}
 */
export function errorHandler({ logger, isDatabaseUnavailable, unavailableMessage, retryAfterSeconds }) {
  return (error, req, res, _next) => {
    const unavailable = isDatabaseUnavailable(error);
    const details = { err: error, method: req.method, url: req.originalUrl };
    const clientStatus = clientErrorStatusOf(error);
    if (clientStatus !== null) {
      // The client's mistake, as Express and its middleware mark it (a body parser's 413, a bad path's 400):
      // answered with its own status, and only a warning in the log.
      logger.warn({ ...details, status: clientStatus }, "request refused");
      if (res.headersSent) {
        res.destroy();
        return;
      }
      const message = error.expose === false ? "Bad request." : String(error.message || "Bad request.");
      res.status(clientStatus).setHeader("Cache-Control", "no-store");
      if (req.path.startsWith("/api/") || req.accepts(["html", "json"]) === "json")
        res.json({ error: message });
      else res.type("text/plain").send(message);
      return;
    }
    if (unavailable) logger.warn(details, "request failed: the database is unavailable (answered 503)");
    else logger.error(details, "request failed");
    // Too late for a status: end the connection, so the client sees an incomplete answer.
    if (res.headersSent) {
      res.destroy();
      return;
    }
    const message = unavailable ? unavailableMessage : "Something went wrong on our side.";
    res.status(unavailable ? 503 : 500);
    res.setHeader("Cache-Control", "no-store");
    if (unavailable) res.setHeader("Retry-After", String(retryAfterSeconds));
    const wantsJson = req.path.startsWith("/api/") || req.accepts(["html", "json"]) === "json";
    if (wantsJson) res.json({ error: message });
    else res.type("text/plain").send(message);
  };
}

/**
 * The 4xx status an error carries (http-errors' `status`/`statusCode`, as Express's own middleware throws
 * them), or null for anything else: those stay 500s (or 503s).
 * @param {unknown} error
 * @returns {number | null}
 */
export function clientErrorStatusOf(error) {
  if (typeof error !== "object" || error === null) return null;
  const status =
    /** @type {{ status?: unknown; statusCode?: unknown }} */ (error).status ??
    /** @type {{ statusCode?: unknown }} */ (error).statusCode;
  return typeof status === "number" && Number.isInteger(status) && status >= 400 && status < 500
    ? status
    : null;
}
