import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_MAX_IN_FLIGHT_PER_KEY, API_MESSAGES } from "~/core/api-keys";
import { apiGateHolding, callsInFlight, REFUSAL_HOLD_MS, refusedKeys } from "./api-gate.server";
import { hashApiKey } from "./api-keys.server";

// The gate in front of a handler that answers 200, as server.mjs puts it in front of React Router.
let server: http.Server;
let origin = "";
let reached = 0;
beforeAll(async () => {
  server = http.createServer((request, response) =>
    // Held as long as the app holds refusals for the first request path, at once for the others.
    apiGateHolding(request.url === "/held" ? REFUSAL_HOLD_MS : 0)(request, response, () => {
      reached += 1;
      response.writeHead(200).end("handled");
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const call = (key: string | null, path = "/api/v1/companies") =>
  fetch(`${origin}${path}`, { headers: key ? { authorization: `Bearer ${key}` } : {} });

describe("the API gate", () => {
  it("answers a key refused by its rate with 429 from memory, without reaching the handler", async () => {
    const key = "rl_live_gate-refused-key-000000000000000000000";
    refusedKeys.remember(hashApiKey(key), {
      allowed: false,
      refusedBy: "rate",
      limit: 600,
      remaining: 0,
      resetSeconds: 42,
      perMinute: 600,
      policy: "600;w=60",
      quota: { limit: 50_000, used: 601, resetSeconds: 3600 },
    });
    const before = reached;
    const response = await call(key);
    expect(response.status).toBe(429);
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(response.headers.get("ratelimit-remaining")).toBe("0");
    expect(((await response.json()) as { error: string }).error).toMatch(/^Too many requests for this key/);
    expect(reached).toBe(before);
  });

  it("holds a refusal a second before answering it, so a client ignoring 429 slows down", async () => {
    const key = "rl_live_gate-held-key-0000000000000000000000";
    refusedKeys.remember(hashApiKey(key), {
      allowed: false,
      refusedBy: "quota",
      limit: 50_000,
      remaining: 0,
      resetSeconds: 600,
      perMinute: 600,
      policy: "600;w=60",
      quota: { limit: 50_000, used: 50_000, resetSeconds: 600 },
    });
    const started = performance.now();
    const response = await call(key, "/held");
    expect(response.status).toBe(429);
    expect(await response.json()).toEqual({ error: API_MESSAGES.quota });
    expect(performance.now() - started).toBeGreaterThanOrEqual(REFUSAL_HOLD_MS - 50);
  });

  it("answers a key with too many calls in flight with 429, and lets other keys and keyless calls through", async () => {
    const busy = "rl_live_gate-busy-key-00000000000000000000000";
    callsInFlight.set(hashApiKey(busy), API_MAX_IN_FLIGHT_PER_KEY);
    try {
      const response = await call(busy);
      expect(response.status).toBe(429);
      expect(await response.json()).toEqual({ error: API_MESSAGES.inFlight });
    } finally {
      callsInFlight.delete(hashApiKey(busy));
    }
    const before = reached;
    expect((await call("rl_live_gate-other-key-000000000000000000000")).status).toBe(200);
    expect((await call(null)).status).toBe(200);
    expect((await call(busy)).status).toBe(200);
    expect(reached).toBe(before + 3);
  });
});
