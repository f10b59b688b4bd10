import http from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import compression from "compression";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { streamingRoute } from "./streaming-route.mjs";

const servers: http.Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
});

interface LoggedError {
  details: { err?: unknown; method?: string; url?: string };
  message: string;
}

async function serve(
  handler: (request: Request) => Promise<Response>,
  logged: LoggedError[] = [],
): Promise<string> {
  const app = express();
  app.use(compression());
  const logger = {
    error: (details: LoggedError["details"], message: string) => logged.push({ details, message }),
  };
  app.all("/stream", streamingRoute(handler, { logger }));
  const server = app.listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise((resolve) => server.once("listening", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/stream`;
}

const CHUNK = new Uint8Array(64 * 1024).fill(65);

/** An endless body that counts how much of it was pulled, and whether it was cancelled. */
function endlessBody() {
  const state = { pulledBytes: 0, cancelled: false };
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        state.pulledBytes += CHUNK.byteLength;
        controller.enqueue(CHUNK);
      },
      cancel() {
        state.cancelled = true;
      },
    },
    { highWaterMark: 1 },
  );
  return { state, body };
}

/** A GET whose response body is never read: the socket fills, then TCP stops the sender. */
function stalledGet(url: string): Promise<http.ClientRequest> {
  return new Promise((resolve) => {
    const request = http.get(url, { headers: { "accept-encoding": "identity" } }, (response) => {
      response.pause();
      resolve(request);
    });
  });
}

/**
 * `read()` once it has not changed for `quietMs`, or its value after `timeoutMs` if it never settles: a wait
 * on the condition rather than on a guess of how long the buffers take to fill on a busy machine.
 */
async function settledValue(read: () => number, quietMs = 300, timeoutMs = 10_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  let last = read();
  while (Date.now() < deadline) {
    await sleep(quietMs);
    const now = read();
    if (now === last) return now;
    last = now;
  }
  return last;
}

describe("streamingRoute", () => {
  it("pulls the body only as fast as the client reads it", async () => {
    const { state, body } = endlessBody();
    const url = await serve(async () => new Response(body, { headers: { "content-type": "text/csv" } }));
    const request = await stalledGet(url);
    // Once the socket buffers are full the pulling stops (or never does, without backpressure).
    const pulledAfterStall = await settledValue(() => state.pulledBytes);
    await sleep(300);
    // Socket buffers on both sides hold a few MB at most; without backpressure this grows by GBs a second.
    expect(pulledAfterStall).toBeLessThan(32 * 1024 * 1024);
    expect(state.pulledBytes - pulledAfterStall).toBeLessThanOrEqual(2 * CHUNK.byteLength);
    request.destroy();
  });

  it("cancels the body when the client disconnects", async () => {
    const { state, body } = endlessBody();
    let signal: AbortSignal | undefined;
    const url = await serve(async (request) => {
      signal = request.signal;
      return new Response(body);
    });
    const request = await stalledGet(url);
    request.destroy();
    await expect.poll(() => state.cancelled).toBe(true);
    expect(signal?.aborted).toBe(true);
  });

  it("passes method, headers, query and body through, and the status and headers back", async () => {
    const url = await serve(async (request) => {
      const echo = {
        method: request.method,
        query: new URL(request.url).searchParams.get("q"),
        type: request.headers.get("content-type"),
        body: await request.text(),
      };
      return Response.json(echo, { status: 201, headers: { "Cache-Control": "no-store" } });
    });
    const response = await fetch(`${url}?q=fintech`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ searchQuery: "fintech" }),
    });
    expect(response.status).toBe(201);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({
      method: "POST",
      query: "fintech",
      type: "application/json",
      body: '{"searchQuery":"fintech"}',
    });
  });

  it("still compresses, and a HEAD gets the headers and no body", async () => {
    const text = "Organization Name,Description\n".repeat(2_000);
    const url = await serve(async () => new Response(text, { headers: { "content-type": "text/csv" } }));
    const response = await fetch(url, { headers: { "accept-encoding": "gzip" } });
    expect(response.headers.get("content-encoding")).toBe("gzip");
    expect(await response.text()).toBe(text);

    const head = await fetch(url, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-type")).toBe("text/csv");
    expect(await head.text()).toBe("");
  });

  it("logs a body that fails mid-stream through the app's logger (never console.error), and cuts the download", async () => {
    const logged: LoggedError[] = [];
    const failure = new Error("Connection terminated unexpectedly");
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 1;
        if (sent > 3) controller.error(failure);
        else controller.enqueue(CHUNK);
      },
    });
    const url = await serve(
      async () => new Response(body, { headers: { "content-type": "text/csv" } }),
      logged,
    );
    const response = await fetch(`${url}?page=1`, { headers: { "accept-encoding": "identity" } });
    expect(response.status).toBe(200);
    await expect(response.arrayBuffer()).rejects.toThrow();
    await expect.poll(() => logged.length).toBe(1);
    expect(logged[0]).toEqual({
      details: { err: failure, method: "GET", url: "/stream?page=1" },
      message: "streamed response failed",
    });
  });

  it("hands a handler error to Express's error handler (500)", async () => {
    const url = await serve(async () => {
      throw new Error("boom");
    });
    const response = await fetch(url);
    expect(response.status).toBe(500);
  });
});
