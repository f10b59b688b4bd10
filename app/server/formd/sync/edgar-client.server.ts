// Decision 031 (4): the only door to EDGAR. Every request names the requester (EDGAR_USER_AGENT), takes its
// turn on the pacer (at most 10 a second), accepts gzip, and times out; a 429 or 503 (or another passing
// server error, or a dropped connection) is waited out, Retry-After honoured, a bounded number of times.
import { isRetryableStatus, retryDelayMs } from "~/core/formd/edgar-pacing";
import { type EdgarPacer, processPacer } from "./edgar-pacer.server";
import { type SyncClock, systemClock } from "./sync-clock.server";

/** One request's time limit, connection to last byte. */
export const EDGAR_TIMEOUT_MS = 60_000;
/** More than any index or primary_doc.xml EDGAR serves: a larger body is refused, not held in memory. */
export const EDGAR_MAX_BODY_BYTES = 64 * 1024 * 1024;

export interface EdgarClientOptions {
  baseUrl: string;
  userAgent: string;
  clock?: SyncClock;
  pacer?: EdgarPacer;
  timeoutMs?: number;
  maxAttempts?: number;
  /** Hears of each wait before a retry. */
  onRetry?: (retry: { url: string; status: number | null; attempt: number; waitMs: number }) => void;
}

export type EdgarResponse = { found: true; body: Buffer } | { found: false };

export interface EdgarClient {
  /** GETs a path of EDGAR (`/Archives/...`): its body, or not found (404). */
  get(path: string, signal?: AbortSignal): Promise<EdgarResponse>;
}

/** A request EDGAR did not answer usefully: the sync stops, keeping what it downloaded. */
export class EdgarRequestError extends Error {
  override name = "EdgarRequestError";
}

export function createEdgarClient(options: EdgarClientOptions): EdgarClient {
  const clock = options.clock ?? systemClock;
  const pacer = options.pacer ?? processPacer;
  const timeoutMs = options.timeoutMs ?? EDGAR_TIMEOUT_MS;
  const base = options.baseUrl.replace(/\/+$/, "");
  const headers = {
    "User-Agent": options.userAgent,
    "Accept-Encoding": "gzip, deflate",
    Accept: "*/*",
  };

  return {
    async get(path, signal) {
      const url = `${base}${path}`;
      for (let attempt = 1; ; attempt++) {
        await pacer.take(signal);
        let status: number | null = null;
        let retryAfter: string | null = null;
        let failure: string;
        try {
          const timeout = AbortSignal.timeout(timeoutMs);
          const response = await fetch(url, {
            headers,
            signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
          });
          status = response.status;
          if (response.ok) return { found: true, body: await readBody(response, url) };
          await response.body?.cancel();
          if (status === 404) return { found: false };
          if (status === 403)
            throw new EdgarRequestError(
              `EDGAR refused ${url} (403): check that EDGAR_USER_AGENT names the requester with a contact address`,
            );
          if (!isRetryableStatus(status)) throw new EdgarRequestError(`EDGAR answered ${status} to ${url}`);
          retryAfter = response.headers.get("retry-after");
          failure = `answered ${status}`;
        } catch (error) {
          if (error instanceof EdgarRequestError) throw error;
          if (signal?.aborted) throw signal.reason;
          failure = `failed (${error instanceof Error ? error.message : String(error)})`;
        }
        const waitMs = retryDelayMs({
          attempt,
          retryAfter,
          now: clock.date().getTime(),
          maxAttempts: options.maxAttempts,
        });
        if (waitMs === null)
          throw new EdgarRequestError(
            `EDGAR ${failure} to ${url} on try ${attempt}${retryAfter ? ` (Retry-After: ${retryAfter})` : ""}: stopped; the next run resumes`,
          );
        options.onRetry?.({ url, status, attempt, waitMs });
        await clock.sleep(waitMs, signal);
      }
    },
  };
}

async function readBody(response: Response, url: string): Promise<Buffer> {
  const declared = Number(response.headers.get("content-length") ?? "0");
  if (declared > EDGAR_MAX_BODY_BYTES) {
    await response.body?.cancel();
    throw new EdgarRequestError(`${url} is larger than ${EDGAR_MAX_BODY_BYTES} bytes`);
  }
  const body = Buffer.from(await response.arrayBuffer());
  if (body.length > EDGAR_MAX_BODY_BYTES)
    throw new EdgarRequestError(`${url} is larger than ${EDGAR_MAX_BODY_BYTES} bytes`);
  return body;
}
