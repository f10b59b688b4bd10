// Serves a Fetch handler (Request -> Response) from Express, piping the response body with backpressure and
// without flushing after every chunk. Used for the CSV export: React Router's own writer flushes the
// compression stream after each chunk, which under load queues the chunks in memory (a 1,000,000-row export
// held about 930 MB); here a slow client slows the database cursor instead (decision 006).
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";

/**
 * The Express request as a Fetch Request, with the URL rules of @react-router/express (X-Forwarded-Host only
 * behind a trusted proxy) and a signal that aborts when the client goes away before the response finished.
 * @param {import("express").Request} req
 * @param {import("express").Response} res
 */
export function toFetchRequest(req, res) {
  const forwardedHost = req.app?.enabled("trust proxy") ? req.get("X-Forwarded-Host") : undefined;
  const host = (forwardedHost ?? req.get("host") ?? "localhost").split(/[\\/?#@]/)[0] || "localhost";
  const url = new URL(`${req.protocol}://${host}${req.originalUrl}`);

  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(key, item);
    else if (value !== undefined) headers.set(key, value);
  }

  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });

  /** @type {RequestInit & { duplex?: "half" }} */
  const init = { method: req.method, headers, signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = /** @type {ReadableStream<Uint8Array>} */ (Readable.toWeb(req));
    init.duplex = "half";
  }
  return new Request(url, init);
}

/**
 * @typedef {{ error: (details: object, message: string) => void }} ErrorLogger
 */

/**
 * Express middleware for one Fetch handler. The body is piped (Readable.fromWeb + pipeline), so the handler's
 * stream is pulled only as fast as the client reads, and cancelled when the client disconnects. A body that
 * fails mid-stream is logged through `logger` (the app's structured logger, whose lines name the request's
 * id), and the connection is cut so the client sees an incomplete download rather than a complete one.
 * @param {(request: Request) => Promise<Response>} handler
 * @param {{ logger: ErrorLogger }} options
 * @returns {import("express").RequestHandler}
 */
export function streamingRoute(handler, { logger }) {
  return async (req, res, next) => {
    let response;
    try {
      response = await handler(toFetchRequest(req, res));
    } catch (error) {
      next(error);
      return;
    }
    res.status(response.status);
    if (response.statusText) res.statusMessage = response.statusText;
    for (const [key, value] of response.headers) res.appendHeader(key, value);

    if (!response.body || req.method === "HEAD" || res.destroyed) {
      await response.body?.cancel().catch(() => {});
      res.end();
      return;
    }
    // The status and headers (X-Request-Id among them) go out now, not with the compressor's first block: a
    // body that fails before that block is then a cut download, not a connection closed without an answer.
    res.flushHeaders();
    try {
      await pipeline(
        Readable.fromWeb(/** @type {import("node:stream/web").ReadableStream} */ (response.body)),
        res,
      );
    } catch (error) {
      // A client that leaves mid-download is not a server error: pipeline has already cancelled the body.
      if (/** @type {NodeJS.ErrnoException} */ (error).code !== "ERR_STREAM_PREMATURE_CLOSE") {
        logger.error({ err: error, method: req.method, url: req.originalUrl }, "streamed response failed");
      }
    }
  };
}
