import { createContext, type MiddlewareFunction, RouterContextProvider } from "react-router";
import { PRODUCT_NAME } from "~/core/brand";
import { DATABASE_UNAVAILABLE } from "~/core/messages";
import { isDatabaseUnavailable } from "./db/database-errors";
import { requestLostDatabase } from "./request-scope.server";

/**
 * docs/product.md#security: a request whose loader or action failed because the database connection was lost (or
 * could not be made) is answered 503 with Retry-After, not 500: the pool connects afresh for the next
 * request, so trying again shortly succeeds.
 *
 * React Router hands the thrown error only to the entry's handleError (documents get it sanitised in
 * production), so handleError notes it on the request's context (noteRequestFailure) and then:
 * - a document request: entry.server.tsx's handleRequest answers databaseUnavailablePage();
 * - a `.data` request (client navigation, fetcher) or a resource route (api/*): the root route's
 *   middleware (databaseUnavailableMiddleware) replaces the 500 with a plain 503.
 * The CSV export, which server.mjs serves outside React Router, answers its own JSON 503
 * (export-request.server.ts), and server.mjs's error handler does for anything thrown to Express.
 */
export const RETRY_AFTER_SECONDS = 5;

const failedOnDatabase = createContext<boolean>(false);

/**
 * Whether `error`, failing the request being served, comes from the database being unavailable: the error
 * says so (isDatabaseUnavailable), or the request lost its database connection on the way and a library
 * threw an error of its own (better-auth's "Failed to get session": request-scope.server.ts).
 */
export function causedByDatabaseOutage(error: unknown): boolean {
  return isDatabaseUnavailable(error) || requestLostDatabase();
}

/** Called from handleError: causedByDatabaseOutage, noted on the request's context for the answer. */
export function noteRequestFailure(context: unknown, error: unknown): boolean {
  if (!causedByDatabaseOutage(error)) return false;
  if (context instanceof RouterContextProvider) context.set(failedOnDatabase, true);
  return true;
}

/** Whether a loader or action of this request failed on an unavailable database. */
export function requestFailedOnDatabase(context: unknown): boolean {
  return context instanceof RouterContextProvider && context.get(failedOnDatabase);
}

function unavailableHeaders(headers: HeadersInit, contentType: string): Headers {
  const result = new Headers(headers);
  result.set("Retry-After", String(RETRY_AFTER_SECONDS));
  result.set("Cache-Control", "no-store");
  result.set("Content-Type", contentType);
  return result;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The document answer: a short page of its own (no scripts or styles), status 503, Retry-After. */
export function databaseUnavailablePage(headers: HeadersInit = {}): Response {
  const { title, message } = DATABASE_UNAVAILABLE;
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p><p><a href="">Try again</a> · <a href="/">${escapeHtml(PRODUCT_NAME)}</a></p></main></body>
</html>
`;
  return new Response(html, {
    status: 503,
    headers: unavailableHeaders(headers, "text/html; charset=utf-8"),
  });
}

/**
 * The answer to a `.data` request (a client navigation or fetcher) or a resource route. React Router's
 * client shows a 503 that is not its own encoding in the error boundary as "503 Service Unavailable" with
 * this text; a resource route's caller gets JSON like the api routes' other errors.
 */
export function databaseUnavailableResponse(isDataRequest: boolean): Response {
  if (isDataRequest) {
    return new Response(DATABASE_UNAVAILABLE.message, {
      status: 503,
      headers: unavailableHeaders({}, "text/plain; charset=utf-8"),
    });
  }
  return new Response(JSON.stringify({ error: DATABASE_UNAVAILABLE.message }), {
    status: 503,
    headers: unavailableHeaders({}, "application/json"),
  });
}

/**
 * The root route's middleware: a 5xx of a request that failed on the database becomes a 503. A loader or
 * action that threw is answered as above; one that answered 5xx itself after losing its database (the
 * auth endpoints: better-auth catches the failed query) keeps its body, with status 503 and Retry-After.
 */
export const databaseUnavailableMiddleware: MiddlewareFunction<Response> = async (
  { request, context },
  next,
) => {
  const response = await next();
  if (response.status < 500 || response.status === 503) return response;
  if (!requestFailedOnDatabase(context)) {
    if (!requestLostDatabase()) return response;
    const headers = unavailableHeaders(
      response.headers,
      response.headers.get("Content-Type") ?? "text/plain",
    );
    return new Response(response.body, { status: 503, headers });
  }
  await response.body?.cancel().catch(() => {});
  // React Router's own encoding of a `.data` answer carries X-Remix-Response.
  const isDataRequest =
    response.headers.has("X-Remix-Response") || new URL(request.url).pathname.endsWith(".data");
  return databaseUnavailableResponse(isDataRequest);
};
