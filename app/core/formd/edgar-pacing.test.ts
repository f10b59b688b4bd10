import { describe, expect, it } from "vitest";
import {
  EDGAR_MAX_ATTEMPTS,
  EDGAR_MAX_WAIT_MS,
  isRetryableStatus,
  nextRequestStart,
  retryAfterMs,
  retryDelayMs,
} from "./edgar-pacing";

describe("EDGAR pacing (decision 031)", () => {
  it("never starts more than 10 requests in any second", () => {
    let last: number | null = null;
    const starts: number[] = [];
    for (let index = 0; index < 30; index++) {
      last = nextRequestStart(last, 0);
      starts.push(last);
    }
    for (const start of starts) {
      expect(starts.filter((other) => other >= start && other < start + 1000).length).toBeLessThanOrEqual(10);
    }
    expect(starts.filter((start) => start < 1000)).toHaveLength(10);
  });

  it("does not hold back a request that comes after the interval", () => {
    expect(nextRequestStart(null, 5)).toBe(5);
    expect(nextRequestStart(0, 250)).toBe(250);
    expect(nextRequestStart(200, 250)).toBe(300);
  });

  it("waits out 429 and 503, and passing server errors", () => {
    expect([429, 500, 502, 503, 504].every(isRetryableStatus)).toBe(true);
    expect([400, 403, 404, 410].some(isRetryableStatus)).toBe(false);
  });
});

describe("retryDelayMs (decision 031)", () => {
  const now = Date.parse("2026-11-26T12:00:00Z");

  it("honours Retry-After in seconds and as an HTTP date", () => {
    expect(retryDelayMs({ attempt: 1, retryAfter: "7", now })).toBe(7_000);
    expect(retryDelayMs({ attempt: 1, retryAfter: "Thu, 26 Nov 2026 12:00:30 GMT", now })).toBe(30_000);
    expect(retryAfterMs("Thu, 26 Nov 2026 11:00:00 GMT", now)).toBe(0);
  });

  it("without Retry-After, doubles its wait from one second", () => {
    expect([1, 2, 3, 4].map((attempt) => retryDelayMs({ attempt, retryAfter: null, now }))).toEqual([
      1_000, 2_000, 4_000, 8_000,
    ]);
    expect(retryDelayMs({ attempt: 2, retryAfter: "soon", now })).toBe(2_000);
  });

  it("gives up when the tries are spent or the server asks for longer than the longest wait", () => {
    expect(retryDelayMs({ attempt: EDGAR_MAX_ATTEMPTS, retryAfter: null, now })).toBeNull();
    expect(retryDelayMs({ attempt: 1, retryAfter: String(EDGAR_MAX_WAIT_MS / 1000 + 1), now })).toBeNull();
    expect(retryDelayMs({ attempt: 1, retryAfter: String(EDGAR_MAX_WAIT_MS / 1000), now })).toBe(
      EDGAR_MAX_WAIT_MS,
    );
  });
});
