import { AsyncLocalStorage } from "node:async_hooks";

/**
 * The request a piece of work belongs to. server.mjs runs each request inside one (withRequestId, through
 * the build's entry module and server/request-id.mjs), and everything the request starts inherits it:
 * - the logger names its id on every line (logger.server.ts; docs/product.md#security);
 * - code that sees the database connection fail, where the error is then swallowed or rewrapped by a
 *   library (better-auth answers "Failed to get session"), notes it, so the request is answered 503 with
 *   Retry-After rather than 500 (database-unavailable.server.ts; docs/product.md#accounts).
 * Under `react-router dev`, where server.mjs does not run, there is no scope: no id, and no such note.
 */
interface RequestScope {
  requestId: string;
  databaseUnavailable: boolean;
}

const scope = new AsyncLocalStorage<RequestScope>();

/** Runs `work` (and everything it starts) as part of the request `requestId`. */
export function withRequestId<T>(requestId: string, work: () => T): T {
  return scope.run({ requestId, databaseUnavailable: false }, work);
}

/** The id of the request being served, if any. */
export function currentRequestId(): string | undefined {
  return scope.getStore()?.requestId;
}

/** Notes that the request being served (if any) lost its database connection. */
export function noteDatabaseUnavailable(): void {
  const current = scope.getStore();
  if (current) current.databaseUnavailable = true;
}

/** Whether the request being served lost its database connection (noteDatabaseUnavailable). */
export function requestLostDatabase(): boolean {
  return scope.getStore()?.databaseUnavailable ?? false;
}
