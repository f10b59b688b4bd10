import type { IncomingMessage, ServerResponse } from "node:http";
import { API_MAX_IN_FLIGHT_PER_KEY, API_MESSAGES } from "~/core/api-keys";
import { bearerKeyOf, hashApiKey } from "./api-keys.server";
import { type LimitState, limitHeaders, RefusedKeys } from "./api-limits.server";

/**
 * What this process knows about the keys calling it, shared by the Express gate below and the handlers
 * (api-v1.server.ts): the keys refused until their window ends, and the calls of each key being answered.
 */
export const refusedKeys = new RefusedKeys();
export const callsInFlight = new Map<string, number>();

export const API_JSON_HEADERS = {
  "Content-Type": "application/json; charset=utf-8",
  "Cache-Control": "private, no-store",
};

/** A 429 refusal: the limit's message and its RateLimit-* and Retry-After headers. */
export function refusalOf(limits: LimitState): { body: string; headers: Record<string, string> } {
  const message = limits.refusedBy === "quota" ? API_MESSAGES.quota : API_MESSAGES.rate(limits.resetSeconds);
  return {
    body: JSON.stringify({ error: message }),
    headers: { ...API_JSON_HEADERS, ...limitHeaders(limits) },
  };
}

/** The 429 of a key already calling API_MAX_IN_FLIGHT_PER_KEY times at once. */
export const IN_FLIGHT_REFUSAL = {
  body: JSON.stringify({ error: API_MESSAGES.inFlight }),
  headers: { ...API_JSON_HEADERS, "Retry-After": "1" },
};

/** The refusal this process answers a key's hash with from memory, or null when the call may go on. */
export function knownRefusal(keyHash: string): { body: string; headers: Record<string, string> } | null {
  const remembered = refusedKeys.refusal(keyHash);
  if (remembered !== null) return refusalOf(remembered);
  if ((callsInFlight.get(keyHash) ?? 0) >= API_MAX_IN_FLIGHT_PER_KEY) return IN_FLIGHT_REFUSAL;
  return null;
}

/**
 * How long the gate holds a refusal before answering it. A client that ignores 429 and calls again at once
 * (a loop, a script on 50 connections) then makes one call per connection a second instead of hundreds: its
 * refusals cost the process a timer each instead of a request's parsing and answer, and the bench client's
 * own CPU with them (bench:api, decision 033). A client that honours Retry-After waits longer anyway.
 */
export const REFUSAL_HOLD_MS = 1000;

/**
 * Express middleware on /api/v1 (server.mjs), before compression, the CSRF check and React Router: a key
 * over its limit, or with too many calls in flight, is answered 429 from memory, held `holdMs` first, so a
 * client hammering the API with a refused key costs this process next to nothing (decision 033). Everything
 * else goes on to the handlers, which check the same again.
 */
export function apiGateHolding(holdMs: number) {
  return (request: IncomingMessage, response: ServerResponse, next: () => void): void => {
    const key = bearerKeyOf(request.headers.authorization ?? null);
    const refusal = key === null ? null : knownRefusal(hashApiKey(key));
    if (refusal === null) {
      next();
      return;
    }
    const send = () => {
      if (!response.destroyed) response.writeHead(429, refusal.headers).end(refusal.body);
    };
    if (holdMs <= 0) {
      send();
      return;
    }
    const timer = setTimeout(send, holdMs);
    response.on("close", () => clearTimeout(timer));
  };
}

export const apiGate = apiGateHolding(REFUSAL_HOLD_MS);
