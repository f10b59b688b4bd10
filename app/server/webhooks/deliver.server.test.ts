import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { slackMessage } from "~/core/slack-message";
import { deliverSlack, deliverWebhook } from "./deliver.server";
import { notPublicName, type Resolve } from "./endpoint-guard.server";
import { verifyWebhook } from "./webhook-signature.server";

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A receiver on a free loopback port; each path answers its own way. Nothing here leaves 127.0.0.1. */
let server: http.Server;
let base: string;
let port: number;
const received: Received[] = [];

beforeAll(async () => {
  server = http.createServer((request, response) => {
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => {
      body += chunk;
    });
    request.on("end", () => {
      const path = request.url ?? "";
      received.push({ path, headers: request.headers, body });
      if (path === "/ok") response.end("ok");
      else if (path === "/fail") response.writeHead(500).end("boom:\n database down");
      else if (path === "/redirect") response.writeHead(302, { Location: "/ok" }).end();
      else if (path === "/slack-bad") response.writeHead(400).end("invalid_payload");
      else if (path === "/big") response.writeHead(500).end("x".repeat(1024 * 1024));
      // "/hang": never answers.
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});

beforeEach(() => {
  received.length = 0;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const SECRET = "whsec_receiver-test";
const BODY = JSON.stringify({ id: "evt_1", type: "search.new_companies", data: { count: 2 } });
const SENT_AT = new Date("2026-12-01T10:00:00Z");
const SENT_UNIX = Math.floor(SENT_AT.getTime() / 1000);

function deliver(path: string, options: Partial<Parameters<typeof deliverWebhook>[0]> = {}) {
  return deliverWebhook({
    url: `${base}${path}`,
    secret: SECRET,
    body: BODY,
    production: false,
    now: () => SENT_AT,
    ...options,
  });
}

/** Maps test host names to addresses, as a DNS server under an attacker's control could. */
function resolver(names: Record<string, string[]>): Resolve {
  return async (host) => names[host] ?? [];
}

describe("deliverWebhook to a local receiver", () => {
  it("POSTs the body with a signature the receiver verifies, the event id, the JSON type and a user agent", async () => {
    const result = await deliver("/ok", { eventId: "evt_1", userAgent: "Roundlist-Test/1" });
    expect(result).toMatchObject({ ok: true, status: 200, error: null });
    expect(result.ms).toBeGreaterThanOrEqual(0);
    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request?.body).toBe(BODY);
    expect(request?.headers["content-type"]).toBe("application/json");
    expect(request?.headers["user-agent"]).toBe("Roundlist-Test/1");
    expect(request?.headers["roundlist-event-id"]).toBe("evt_1");
    const signature = String(request?.headers["roundlist-signature"]);
    expect(signature).toMatch(new RegExp(`^t=${SENT_UNIX},v1=[0-9a-f]{64}$`));
    expect(verifyWebhook(SECRET, request?.body ?? "", signature, { nowUnix: SENT_UNIX + 5 })).toEqual({
      ok: true,
    });
  });

  it("gives the receiver what it needs to refuse an altered body and a replay", async () => {
    await deliver("/ok");
    const signature = String(received[0]?.headers["roundlist-signature"]);
    expect(
      verifyWebhook(SECRET, BODY.replace('"count":2', '"count":3'), signature, { nowUnix: SENT_UNIX }).ok,
    ).toBe(false);
    // The same request sent again ten minutes later.
    expect(verifyWebhook(SECRET, BODY, signature, { nowUnix: SENT_UNIX + 600 })).toMatchObject({ ok: false });
    // A delivery signed an hour before the receiver's clock.
    await deliver("/ok", { now: () => new Date(SENT_AT.getTime() - 3_600_000) });
    const old = String(received[1]?.headers["roundlist-signature"]);
    expect(verifyWebhook(SECRET, BODY, old, { nowUnix: SENT_UNIX }).ok).toBe(false);
  });

  it("sends no event id header when none is given", async () => {
    await deliver("/ok");
    expect(received[0]?.headers["roundlist-event-id"]).toBeUndefined();
    expect(received[0]?.headers["user-agent"]).toBe("Roundlist-Webhooks/1.0");
  });

  it("calls a 500 a failure with its status and the start of the answer", async () => {
    expect(await deliver("/fail")).toMatchObject({
      ok: false,
      status: 500,
      error: "The endpoint answered 500: boom: database down",
    });
  });

  it("reads no more of an answer than it needs", async () => {
    const result = await deliver("/big");
    expect(result).toMatchObject({ ok: false, status: 500 });
    expect(result.error?.length).toBeLessThan(260);
  });

  it("does not follow a redirect: a 302 is a failure with its status", async () => {
    const result = await deliver("/redirect");
    expect(result).toMatchObject({ ok: false, status: 302 });
    expect(result.error).toContain("redirects are not followed");
    expect(received.map((request) => request.path)).toEqual(["/redirect"]);
  });

  it("gives up on a receiver that never answers within the timeout", async () => {
    const result = await deliver("/hang", { timeoutMs: 300 });
    expect(result).toEqual({
      ok: false,
      status: null,
      error: "No answer within 300 ms.",
      ms: expect.any(Number),
    });
    expect(result.ms).toBeGreaterThanOrEqual(290);
    expect(result.ms).toBeLessThan(5_000);
    expect(received.map((request) => request.path)).toEqual(["/hang"]);
  });

  it("counts the DNS look-up in the timeout", async () => {
    const result = await deliver("/ok", {
      url: `http://slow-dns.test:${port}/ok`,
      timeoutMs: 200,
      resolve: () => new Promise<string[]>(() => {}),
    });
    expect(result).toMatchObject({ ok: false, status: null, error: "No answer within 200 ms." });
    expect(received).toEqual([]);
  });

  it("says so when nothing listens", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const freePort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    expect(await deliver("", { url: `http://127.0.0.1:${freePort}/` })).toMatchObject({
      ok: false,
      status: null,
      error: "The connection failed (ECONNREFUSED).",
    });
  });

  it("refuses an event id that would split the header, before connecting", async () => {
    const result = await deliver("/ok", { eventId: "evt_1\r\nX-Injected: 1" });
    expect(result).toMatchObject({ ok: false, status: null });
    expect(received).toEqual([]);
  });

  it("connects to the address it checked, not to a second look-up (DNS rebinding)", async () => {
    let lookups = 0;
    // The first answer is the checked one; a later one would be the attacker's private address. rebind.test
    // has no address in real DNS either, so the request only arrives if it went to the checked address.
    const rebinding: Resolve = async () => (lookups++ === 0 ? ["127.0.0.1"] : ["10.0.0.1"]);
    const result = await deliver("", { url: `http://rebind.test:${port}/ok`, resolve: rebinding });
    expect(result).toMatchObject({ ok: true, status: 200 });
    expect(lookups).toBe(1);
    expect(received[0]?.headers.host).toBe(`rebind.test:${port}`);
  });
});

describe("deliverWebhook in production refuses what is not on the public internet", () => {
  const resolve = resolver({
    "loop.test": ["127.0.0.1"],
    "internal.test": ["10.0.0.1"],
    "metadata.test": ["169.254.169.254"],
    "v6loop.test": ["::1"],
  });

  it.each([
    [`https://loop.test:PORT/ok`, notPublicName("loop.test")],
    [`https://internal.test:PORT/ok`, notPublicName("internal.test")],
    [`https://metadata.test/latest/meta-data/`, notPublicName("metadata.test")],
    [`https://v6loop.test:PORT/ok`, notPublicName("v6loop.test")],
    [`https://127.0.0.1:PORT/ok`, "127.0.0.1 is a loopback address"],
    [`https://[::1]:PORT/ok`, "::1 is a loopback address"],
    [`https://169.254.169.254/latest/meta-data/`, "169.254.169.254 is a link-local address"],
    [`https://10.0.0.1/`, "10.0.0.1 is a private address"],
    [`http://127.0.0.1:PORT/ok`, "must start with https://"],
  ])("refuses %s without connecting", async (url, reason) => {
    const result = await deliverWebhook({
      url: url.replace("PORT", String(port)),
      secret: SECRET,
      body: BODY,
      production: true,
      resolve,
    });
    expect(result).toMatchObject({ ok: false, status: null });
    expect(result.error).toContain(reason);
    expect(received).toEqual([]);
  });
});

describe("deliverSlack", () => {
  const message = slackMessage(
    "Berlin seed",
    [
      {
        name: "Ledgerly",
        url: "https://roundlist.example/company/ledgerly",
        stage: "Seed",
        amountUsd: null,
        date: null,
      },
    ],
    "https://roundlist.example/search?stage=Seed",
  );

  it("POSTs the message as JSON, unsigned", async () => {
    const result = await deliverSlack({ url: `${base}/ok`, payload: message, production: false });
    expect(result).toMatchObject({ ok: true, status: 200, error: null });
    expect(JSON.parse(received[0]?.body ?? "")).toEqual(message);
    expect(received[0]?.headers["content-type"]).toBe("application/json");
    expect(received[0]?.headers["roundlist-signature"]).toBeUndefined();
  });

  it("reports Slack's refusal in its words", async () => {
    expect(
      await deliverSlack({ url: `${base}/slack-bad`, payload: message, production: false }),
    ).toMatchObject({
      ok: false,
      status: 400,
      error: "The endpoint answered 400: invalid_payload",
    });
  });

  it("takes the guarded path: a private address is refused in production", async () => {
    const result = await deliverSlack({
      url: "https://hooks.slack.test/services/T0/B0/x",
      payload: message,
      production: true,
      resolve: resolver({ "hooks.slack.test": ["192.168.0.10"] }),
    });
    expect(result).toMatchObject({ ok: false, status: null });
    expect(result.error).toBe(notPublicName("hooks.slack.test"));
  });
});
