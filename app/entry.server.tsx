import { randomBytes } from "node:crypto";
import { PassThrough } from "node:stream";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { CspNonceContext } from "./components/csp-nonce";
import { bufferedWebStream } from "./server/buffered-web-stream.server";
import {
  databaseUnavailablePage,
  noteRequestFailure,
  requestFailedOnDatabase,
} from "./server/database-unavailable.server";
import { env } from "./server/env.server";
import { logger } from "./server/logger.server";
import { requestLostDatabase } from "./server/request-scope.server";
import { securityHeaders } from "./server/security-headers.server";

// server.mjs reaches these through the server build's entry module.
export { DATABASE_UNAVAILABLE } from "./core/messages";
export { apiGate } from "./server/api/api-gate.server";
export { causedByDatabaseOutage, RETRY_AFTER_SECONDS } from "./server/database-unavailable.server";
export { exportCsv, exportLpsCsv } from "./server/export/export-endpoint.server";
export { countForegroundRequests } from "./server/foreground-requests.server";
export { planServerProcesses, prepareApp, shutdownApp } from "./server/lifecycle.server";
export { captureConsole, logger } from "./server/logger.server";
export { withRequestId } from "./server/request-scope.server";
export { handleSitemapRequest } from "./server/sitemaps/sitemap-endpoint.server";

export const streamTimeout = 5_000;

/** docs/product.md#security: the security headers (no CSP) of any response; server.mjs sends them on the rest. */
export function securityHeadersFor(pathname: string): Record<string, string> {
  return securityHeaders(env(), { pathname });
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext?: RouterContextProvider,
) {
  // docs/product.md#security: a Content-Security-Policy whose nonce (new for every document) the inline scripts carry.
  const nonce = randomBytes(16).toString("base64");
  const pathname = new URL(request.url).pathname;
  for (const [name, value] of Object.entries(securityHeaders(env(), { pathname, nonce }))) {
    responseHeaders.set(name, value);
  }
  // A loader or action lost its database connection (handleError noted it, or it answered 5xx itself after
  // losing it): 503 and a retry hint.
  if (requestFailedOnDatabase(loadContext) || (responseStatusCode >= 500 && requestLostDatabase())) {
    return databaseUnavailablePage(responseHeaders);
  }
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let status = responseStatusCode;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the whole page at once; people get the shell as soon as it is ready.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <CspNonceContext value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </CspNonceContext>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          // What React has written by each read goes on as one chunk (bufferedWebStream), not in 2 KB pieces.
          resolve(new Response(bufferedWebStream(body), { headers: responseHeaders, status }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          status = 500;
          if (shellRendered) {
            logger.error({ err: error, url: request.url }, "error while streaming a page");
          }
        },
      },
    );
  });
}

export function handleError(error: unknown, { request, context }: { request: Request; context?: unknown }) {
  const unavailable = noteRequestFailure(context, error);
  // Aborted requests (client went away) are not errors of ours.
  if (request.signal.aborted) return;
  // Logged with the request's id (server.mjs runs each request in its scope: logger.server.ts).
  const details = { err: error, url: request.url, method: request.method };
  if (unavailable) logger.warn(details, "a route failed: the database is unavailable (answered 503)");
  else logger.error(details, "unhandled error in a route");
}
