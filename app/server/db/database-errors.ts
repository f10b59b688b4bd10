/**
 * docs/product.md#security: which failures mean "the database is unavailable right now" (its connection was lost
 * or could not be made), as opposed to a bug or bad data. Those are answered 503 with Retry-After rather
 * than 500: the pool opens a new connection for the next request, so trying again shortly succeeds.
 *
 * Pure (no driver import): errors are recognised by their code and message, wherever they are wrapped
 * (Drizzle's DrizzleQueryError keeps the driver's error as `cause`; a failed connect to several addresses
 * is an AggregateError).
 */

/** PostgreSQL SQLSTATEs of a connection the server ended or refused (class 08: connection exception). */
const UNAVAILABLE_SQLSTATES = new Set([
  "57P01", // admin_shutdown: pg_terminate_backend, a fast shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now: starting up, in recovery
  "53300", // too_many_connections
]);

/** Node's socket errors of a connection that broke or could not be made. */
const UNAVAILABLE_SOCKET_CODES = new Set([
  "ECONNRESET",
  "ECONNREFUSED",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
]);

/** node-postgres's own messages (pg and pg-pool), which carry no code. */
const UNAVAILABLE_MESSAGES = [
  // "Connection terminated unexpectedly", "... due to connection timeout", "Connection terminated"
  /^Connection terminated\b/,
  /^Client has encountered a connection error and is not queryable/,
  // pg-pool: no connection free (nor made) within connectionTimeoutMillis
  /^timeout exceeded when trying to connect/,
];

const MAX_DEPTH = 8;

function codeOf(value: object): string | undefined {
  const code = (value as { code?: unknown }).code;
  return typeof code === "string" ? code : undefined;
}

function isUnavailableItself(value: object): boolean {
  const code = codeOf(value);
  if (code !== undefined) {
    if (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_SOCKET_CODES.has(code)) return true;
    if (/^08[0-9A-Z]{3}$/.test(code)) return true;
  }
  const message = (value as { message?: unknown }).message;
  return typeof message === "string" && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message));
}

/**
 * Whether `error` (or what it wraps: `cause`, an AggregateError's `errors`) says the database connection was
 * lost or could not be made: PostgreSQL's 57P01/57P02/57P03/53300 and class 08, socket resets and refusals,
 * node-postgres's "Connection terminated…", "Client has encountered a connection error…" and the pool's
 * connection timeout.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const pending: Array<{ value: unknown; depth: number }> = [{ value: error, depth: 0 }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value, depth } = next;
    if (typeof value !== "object" || value === null || seen.has(value) || depth > MAX_DEPTH) continue;
    seen.add(value);
    if (isUnavailableItself(value)) return true;
    pending.push({ value: (value as { cause?: unknown }).cause, depth: depth + 1 });
    const errors = (value as { errors?: unknown }).errors;
    if (Array.isArray(errors)) for (const inner of errors) pending.push({ value: inner, depth: depth + 1 });
  }
  return false;
}

/** A unique violation (SQLSTATE 23505), however deep the driver and Drizzle have wrapped it. */
export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < MAX_DEPTH && typeof current === "object" && current !== null; depth++) {
    if (codeOf(current) === "23505") return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
