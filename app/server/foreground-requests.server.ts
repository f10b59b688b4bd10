/**
 * Decision 031, §5 (the embedded database's fairness): the requests this process is serving, so background
 * work that shares its one database connection can let them go first. On the embedded database every query
 * and transaction of the process waits its turn on one lock, taken in order of asking: an import that asks
 * for its next batch's transaction the moment the last one ends gets a turn between each of a page's ten or
 * so queries, and a search begun as the writes started waited for all of them (10-15 s). An import that
 * waits for the requests in flight before each batch costs a page at most the batch being written.
 */

let inFlight = 0;
const waiting = new Set<() => void>();

/** Counts a request from now until the returned function is called (once; later calls do nothing). */
export function trackForegroundRequest(): () => void {
  inFlight++;
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    inFlight--;
    if (inFlight === 0) for (const wake of [...waiting]) wake();
  };
}

/** The requests being served now. */
export function foregroundRequestsInFlight(): number {
  return inFlight;
}

/**
 * Resolves when no request is being served, or after `maxWaitMs` whatever the traffic (a busy server still
 * lets the background work progress, a batch at a time).
 */
export function foregroundQuiet(maxWaitMs: number): Promise<void> {
  if (inFlight === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const wake = () => {
      clearTimeout(timer);
      waiting.delete(wake);
      resolve();
    };
    const timer = setTimeout(wake, maxWaitMs);
    timer.unref?.();
    waiting.add(wake);
  });
}

/** Express-style middleware: counts each request until its response is closed (sent or abandoned). */
export function countForegroundRequests(
  _request: unknown,
  response: { once(event: "close", listener: () => void): unknown },
  next: () => void,
): void {
  response.once("close", trackForegroundRequest());
  next();
}
