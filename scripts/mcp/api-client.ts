import type { ApiOutcome, McpConfig } from "./tools";

export interface ApiClientOptions {
  timeoutMs?: number;
  maxBytes?: number;
  /** The client's cancellation of the tool call. */
  signal?: AbortSignal;
}

export const API_TIMEOUT_MS = 20_000;
/** A page of 100 companies is about 100 KB; a company with its rounds and people far less. */
export const API_MAX_ANSWER_BYTES = 4 * 1024 * 1024;

/**
 * One bounded GET of the Roundlist API for the MCP tool server: the key as a Bearer token, one timeout for
 * the whole call (headers and body), at most `maxBytes` of answer read, no redirect followed (a redirect
 * could carry the key elsewhere; the origin is configured instead). Never throws: a failure is an outcome.
 */
export async function getFromApi(
  config: McpConfig,
  path: string,
  { timeoutMs = API_TIMEOUT_MS, maxBytes = API_MAX_ANSWER_BYTES, signal }: ApiClientOptions = {},
): Promise<ApiOutcome> {
  const url = new URL(path, config.apiOrigin);
  const timeout = AbortSignal.timeout(timeoutMs);
  try {
    const response = await fetch(url, {
      headers: {
        authorization: `Bearer ${config.apiKey}`,
        accept: "application/json",
        "user-agent": "roundlist-mcp",
      },
      redirect: "manual",
      signal: signal ? AbortSignal.any([timeout, signal]) : timeout,
    });
    if (response.status >= 300 && response.status < 400) {
      await response.body?.cancel();
      const location = response.headers.get("location");
      return {
        kind: "failure",
        message:
          `The Roundlist API at ${config.apiOrigin} answered a redirect (HTTP ${response.status}` +
          `${location ? ` to ${location}` : ""}); set ROUNDLIST_API_URL to the app's own origin.`,
      };
    }
    const text = await readText(response, maxBytes);
    if (text === null) {
      return {
        kind: "failure",
        message: `The Roundlist API's answer was larger than ${Math.round(maxBytes / 1024)} KB; ask for fewer results (limit).`,
      };
    }
    return { kind: "answer", status: response.status, retryAfter: response.headers.get("retry-after"), text };
  } catch (error) {
    if (timeout.aborted) {
      return {
        kind: "failure",
        message: `The Roundlist API at ${config.apiOrigin} did not answer within ${timeoutMs / 1000} s.`,
      };
    }
    if (signal?.aborted) return { kind: "failure", message: "The call was cancelled." };
    return {
      kind: "failure",
      message: `Could not reach the Roundlist API at ${config.apiOrigin}: ${causeOf(error)}.`,
    };
  }
}

/** The body as text, or null when it is longer than `maxBytes` (the rest is not read). */
async function readText(response: Response, maxBytes: number): Promise<string | null> {
  const declared = Number(response.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel();
    return null;
  }
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function causeOf(error: unknown): string {
  if (error instanceof Error) {
    const cause = error.cause;
    if (cause instanceof Error && cause.message) return cause.message;
    return error.message;
  }
  return String(error);
}
