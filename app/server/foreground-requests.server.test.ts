import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import {
  countForegroundRequests,
  foregroundQuiet,
  foregroundRequestsInFlight,
  trackForegroundRequest,
} from "./foreground-requests.server";

describe("decision 031: background work lets the requests in flight go first", () => {
  it("resolves at once when no request is being served", async () => {
    expect(foregroundRequestsInFlight()).toBe(0);
    let resolved = false;
    const quiet = foregroundQuiet(60_000).then(() => {
      resolved = true;
    });
    await Promise.resolve();
    await quiet;
    expect(resolved).toBe(true);
  });

  it("waits until the last request in flight ends, and counts each end once", async () => {
    const first = trackForegroundRequest();
    const second = trackForegroundRequest();
    let resolved = false;
    const quiet = foregroundQuiet(60_000).then(() => {
      resolved = true;
    });
    first();
    first();
    await new Promise((resolve) => setImmediate(resolve));
    expect(resolved).toBe(false);
    expect(foregroundRequestsInFlight()).toBe(1);
    second();
    await quiet;
    expect(resolved).toBe(true);
    expect(foregroundRequestsInFlight()).toBe(0);
  });

  it("gives up waiting after its limit while requests keep coming", async () => {
    const end = trackForegroundRequest();
    const started = performance.now();
    await foregroundQuiet(20);
    expect(performance.now() - started).toBeGreaterThanOrEqual(15);
    expect(foregroundRequestsInFlight()).toBe(1);
    end();
  });

  it("the middleware counts a request until its response closes", () => {
    const response = new EventEmitter();
    let nextCalled = false;
    countForegroundRequests({}, response, () => {
      nextCalled = true;
    });
    expect(nextCalled).toBe(true);
    expect(foregroundRequestsInFlight()).toBe(1);
    response.emit("close");
    expect(foregroundRequestsInFlight()).toBe(0);
  });
});
