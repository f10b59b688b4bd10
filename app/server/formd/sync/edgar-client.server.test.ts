import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type EdgarServer, startEdgarServer } from "../../../../tests/fixtures/edgar-server";
import { createEdgarClient } from "./edgar-client.server";
import { EdgarPacer } from "./edgar-pacer.server";
import type { SyncClock } from "./sync-clock.server";

function fakeClock(): SyncClock & { sleeps: number[] } {
  let time = 0;
  const sleeps: number[] = [];
  return {
    sleeps,
    now: () => time,
    date: () => new Date("2026-11-26T12:00:00Z"),
    sleep: async (ms) => {
      sleeps.push(ms);
      time += ms;
    },
  };
}

describe("the EDGAR client (decision 031)", () => {
  let server: EdgarServer;
  let clock: ReturnType<typeof fakeClock>;

  beforeEach(async () => {
    server = await startEdgarServer();
    clock = fakeClock();
  });
  afterEach(() => server.close());

  function client() {
    return createEdgarClient({
      baseUrl: `${server.url}/`,
      userAgent: "Roundlist ops@example.com",
      clock,
      pacer: new EdgarPacer(clock),
    });
  }

  it("gives a 404 as not found and a body as found", async () => {
    server.answer("/Archives/x.idx", { body: "hello" });
    expect(await client().get("/Archives/missing.idx")).toEqual({ found: false });
    const found = await client().get("/Archives/x.idx");
    expect(found.found && found.body.toString()).toBe("hello");
  });

  it("says a 403 is about the User-Agent, without trying again", async () => {
    server.answer("/Archives/x.idx", { status: 403, body: "Undeclared Automated Tool" });
    await expect(client().get("/Archives/x.idx")).rejects.toThrow(
      /refused .*\/Archives\/x\.idx \(403\): check that EDGAR_USER_AGENT names the requester/,
    );
    expect(server.requests).toHaveLength(1);
  });

  it("stops at once when the server asks to wait longer than the longest wait", async () => {
    server.answer("/Archives/x.idx", { status: 429, headers: { "Retry-After": "3600" } });
    await expect(client().get("/Archives/x.idx")).rejects.toThrow("(Retry-After: 3600): stopped");
    expect(server.requests).toHaveLength(1);
    expect(clock.sleeps).toEqual([]);
  });

  it("tries a refused connection again, then says so", async () => {
    const url = server.url;
    await server.close();
    const unreachable = createEdgarClient({
      baseUrl: url,
      userAgent: "Roundlist ops@example.com",
      clock,
      pacer: new EdgarPacer(clock),
      maxAttempts: 3,
    });
    await expect(unreachable.get("/Archives/x.idx")).rejects.toThrow(/failed \(.*\) to .* on try 3/);
    expect(clock.sleeps.filter((ms) => ms >= 1000)).toEqual([1_000, 2_000]);
    server = await startEdgarServer();
  });

  it("two clients on one pacer share its 10 requests a second", async () => {
    const pacer = new EdgarPacer(clock);
    const options = { baseUrl: server.url, userAgent: "Roundlist ops@example.com", clock, pacer };
    const arrivals: number[] = [];
    server.onRequest(() => arrivals.push(clock.now()));
    const [first, second] = [createEdgarClient(options), createEdgarClient(options)];
    for (let index = 0; index < 5; index++) {
      await first.get("/a");
      await second.get("/b");
    }
    expect(arrivals).toEqual([0, 100, 200, 300, 400, 500, 600, 700, 800, 900]);
  });
});
