// Decision 031 (4): how the sync treats EDGAR. EDGAR's fair-access rule allows at most 10 requests a second
// from a client and answers 429 or 503 to one that asks faster (or when it is busy), with or without a
// Retry-After header. Pure rules; the client (app/server/formd/sync/edgar-client.server.ts) applies them.

export const EDGAR_MAX_REQUESTS_PER_SECOND = 10;
/** Request starts are spaced evenly: never more than 10 in any second. */
export const EDGAR_REQUEST_INTERVAL_MS = 1000 / EDGAR_MAX_REQUESTS_PER_SECOND;
/** Tries of one request, the first included, before the sync stops with an error. */
export const EDGAR_MAX_ATTEMPTS = 6;
/** The first wait after a 429 or 503 without Retry-After; it doubles with each try. */
export const EDGAR_FIRST_BACKOFF_MS = 1_000;
/** The longest wait between two tries: a longer Retry-After stops the sync (it resumes at its next run). */
export const EDGAR_MAX_WAIT_MS = 5 * 60_000;

/** When the next request may start, given when the last one started (ms on one clock). */
export function nextRequestStart(
  lastStart: number | null,
  now: number,
  interval = EDGAR_REQUEST_INTERVAL_MS,
): number {
  return lastStart === null ? now : Math.max(now, lastStart + interval);
}

/** The answers that are waited out and tried again: too many requests, the server busy or briefly failing. */
export function isRetryableStatus(status: number): boolean {
  return status === 429 || status === 500 || status === 502 || status === 503 || status === 504;
}

/**
 * How long to wait before try `attempt + 1` after try `attempt` (1-based) failed: the server's Retry-After
 * (seconds or an HTTP date) when it sent one, else a doubling backoff. Null: give up (the server asks for
 * longer than EDGAR_MAX_WAIT_MS, or the tries are spent).
 */
export function retryDelayMs(options: {
  attempt: number;
  retryAfter: string | null;
  now: number;
  maxAttempts?: number;
}): number | null {
  if (options.attempt >= (options.maxAttempts ?? EDGAR_MAX_ATTEMPTS)) return null;
  const asked = retryAfterMs(options.retryAfter, options.now);
  const wait = asked ?? EDGAR_FIRST_BACKOFF_MS * 2 ** (options.attempt - 1);
  if (asked !== null && asked > EDGAR_MAX_WAIT_MS) return null;
  return Math.min(wait, EDGAR_MAX_WAIT_MS);
}

/** Retry-After in ms (never negative), or null when absent or unreadable. */
export function retryAfterMs(header: string | null, now: number): number | null {
  const value = header?.trim();
  if (!value) return null;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  if (Number.isNaN(at)) return null;
  return Math.max(0, at - now);
}
