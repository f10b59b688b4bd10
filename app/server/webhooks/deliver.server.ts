import http from "node:http";
import https from "node:https";
import net, { type LookupFunction } from "node:net";
import { PRODUCT_NAME } from "~/core/brand";
import type { SlackMessage } from "~/core/slack-message";
import { checkEndpointUrl, type Resolve } from "./endpoint-guard.server";
import { signWebhook } from "./webhook-signature.server";

/** One attempt's outcome, as the delivery log shows it. `ok` only for a 2xx answer. */
export interface DeliveryResult {
  ok: boolean;
  /** The HTTP status the endpoint answered, null when it answered none (refused, unreachable, too slow). */
  status: number | null;
  error: string | null;
  /** Wall time of the attempt, the guard's DNS look-up included. */
  ms: number;
}

interface GuardedPost {
  url: string;
  body: string;
  /** Called once the URL has passed the guard, just before sending: a signature's time is the send time. */
  headers: () => Record<string, string>;
  production: boolean;
  timeoutMs: number;
  userAgent: string;
  resolve?: Resolve;
}

// A receiver's answer is only read for the log (a status and a line of text): a larger one is cut off, so a
// hostile endpoint cannot make us buffer a download.
const MAX_RESPONSE_BYTES = 64 * 1024;
const MAX_ERROR_TEXT = 200;
const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_USER_AGENT = `${PRODUCT_NAME}-Webhooks/1.0`;

export interface WebhookDelivery {
  url: string;
  secret: string;
  /** The JSON text, signed and sent byte for byte as given. */
  body: string;
  production: boolean;
  /** Sent as Roundlist-Event-Id, so a receiver can drop a delivery it has already processed. */
  eventId?: string;
  /** For the whole attempt: DNS, connecting, sending and the answer. */
  timeoutMs?: number;
  now?: () => Date;
  userAgent?: string;
  resolve?: Resolve;
}

/** POSTs a signed webhook (core/webhook-signature.ts) to a customer's endpoint, once. */
export function deliverWebhook({
  url,
  secret,
  body,
  production,
  eventId,
  timeoutMs = DEFAULT_TIMEOUT_MS,
  now = () => new Date(),
  userAgent = DEFAULT_USER_AGENT,
  resolve,
}: WebhookDelivery): Promise<DeliveryResult> {
  return postGuarded({
    url,
    body,
    production,
    timeoutMs,
    userAgent,
    resolve,
    headers: () => ({
      "Roundlist-Signature": signWebhook(secret, body, Math.floor(now().getTime() / 1000)),
      ...(eventId === undefined ? {} : { "Roundlist-Event-Id": eventId }),
    }),
  });
}

export interface SlackDelivery {
  url: string;
  payload: SlackMessage;
  production: boolean;
  timeoutMs?: number;
  userAgent?: string;
  resolve?: Resolve;
}

/**
 * POSTs a message to a Slack incoming webhook. It carries no signature (Slack checks none: the URL is the
 * secret), but it takes the same guarded path: the URL is the user's to type, so it could point anywhere.
 */
export function deliverSlack({
  url,
  payload,
  production,
  timeoutMs = DEFAULT_TIMEOUT_MS,
  userAgent = DEFAULT_USER_AGENT,
  resolve,
}: SlackDelivery): Promise<DeliveryResult> {
  return postGuarded({
    url,
    body: JSON.stringify(payload),
    production,
    timeoutMs,
    userAgent,
    resolve,
    headers: () => ({}),
  });
}

type Answer =
  | { kind: "answered"; status: number; location: string | null; text: string }
  | { kind: "failed"; error: string };

async function postGuarded(post: GuardedPost): Promise<DeliveryResult> {
  const started = performance.now();
  const result = (ok: boolean, status: number | null, error: string | null): DeliveryResult => ({
    ok,
    status,
    error,
    ms: Math.round(performance.now() - started),
  });
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), post.timeoutMs);
  const timedOut = `No answer within ${post.timeoutMs} ms.`;
  try {
    // getaddrinfo cannot be cancelled: past the deadline its answer is just not waited for.
    const check = await Promise.race([
      checkEndpointUrl(post.url, { production: post.production, resolve: post.resolve }),
      new Promise<null>((resolve) =>
        deadline.signal.addEventListener("abort", () => resolve(null), { once: true }),
      ),
    ]);
    if (check === null) return result(false, null, timedOut);
    if (!check.ok) return result(false, null, check.reason);

    const answer = await send(check.url, check.addresses, post, deadline.signal);
    if (answer.kind === "failed")
      return result(false, null, deadline.signal.aborted ? timedOut : answer.error);
    const { status } = answer;
    if (status >= 200 && status < 300) return result(true, status, null);
    // Following a redirect would send the body (and our signature) to a URL no one checked.
    if (status >= 300 && status < 400) {
      const to = answer.location ? ` to ${answer.location.slice(0, MAX_ERROR_TEXT)}` : "";
      return result(
        false,
        status,
        `The endpoint answered ${status}, a redirect${to}; redirects are not followed.`,
      );
    }
    return result(false, status, `The endpoint answered ${status}${answer.text ? `: ${answer.text}` : "."}`);
  } finally {
    clearTimeout(timer);
  }
}

function errorText(error: unknown): string {
  if (typeof error === "object" && error !== null && "code" in error && typeof error.code === "string")
    return `The connection failed (${error.code}).`;
  return `The connection failed (${error instanceof Error ? error.message : String(error)}).`;
}

/**
 * Answers every look-up of the connection with the addresses the guard checked, so the socket goes where the
 * check looked: a host whose DNS answers a public address to the guard and 127.0.0.1 a moment later (DNS
 * rebinding) still gets the public one. TLS still verifies the certificate against the host name.
 */
function pinnedLookup(addresses: readonly string[]): LookupFunction {
  const entries = addresses.map((address) => ({ address, family: net.isIP(address) }));
  return (_hostname, options, callback) => {
    const wanted = options.family === 4 || options.family === 6 ? options.family : 0;
    const matching = wanted === 0 ? entries : entries.filter((entry) => entry.family === wanted);
    const chosen = matching.length > 0 ? matching : entries;
    if (options.all) callback(null, chosen);
    else {
      const first = chosen[0];
      if (first === undefined) callback(new Error("no checked address"), "", 0);
      else callback(null, first.address, first.family);
    }
  };
}

function send(target: URL, addresses: string[], post: GuardedPost, signal: AbortSignal): Promise<Answer> {
  return new Promise<Answer>((resolve) => {
    let settled = false;
    let request: http.ClientRequest;
    const settle = (answer: Answer) => {
      if (settled) return;
      settled = true;
      resolve(answer);
      request?.destroy();
    };
    try {
      request = (target.protocol === "https:" ? https : http).request(target, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          "Content-Length": String(Buffer.byteLength(post.body)),
          "User-Agent": post.userAgent,
          ...post.headers(),
        },
        // A new connection per delivery: a pooled socket would skip the pinned look-up.
        agent: false,
        lookup: pinnedLookup(addresses),
        signal,
      });
    } catch (error) {
      // A header value node refuses (a line break in an event id) fails here, before any connection.
      settle({ kind: "failed", error: errorText(error) });
      return;
    }
    // Set once the status has arrived: an error after it (the deadline while the body is read) keeps it.
    let finish: (() => void) | null = null;
    request.on("error", (error) =>
      finish === null ? settle({ kind: "failed", error: errorText(error) }) : finish(),
    );
    request.on("response", (response) => {
      const status = response.statusCode ?? 0;
      const location = typeof response.headers.location === "string" ? response.headers.location : null;
      const chunks: Buffer[] = [];
      let size = 0;
      // The status is the answer; the text is only what fits, read until the end, the cap or the deadline.
      const done = () =>
        settle({ kind: "answered", status, location, text: responseText(Buffer.concat(chunks)) });
      finish = done;
      response.on("data", (chunk: Buffer) => {
        const room = MAX_RESPONSE_BYTES - size;
        chunks.push(chunk.length > room ? chunk.subarray(0, room) : chunk);
        size += Math.min(chunk.length, room);
        if (size >= MAX_RESPONSE_BYTES) done();
      });
      response.on("end", done);
      response.on("error", done);
      response.on("close", done);
    });
    request.end(post.body);
  });
}

/** The start of an answer's body on one line, for the log: Slack says "invalid_payload", a server "Bad key". */
function responseText(body: Buffer): string {
  const text = body
    .subarray(0, MAX_ERROR_TEXT * 4)
    .toString("utf8")
    .replace(/\s+/g, " ")
    .trim();
  return text.length > MAX_ERROR_TEXT ? `${text.slice(0, MAX_ERROR_TEXT)}…` : text;
}
