import { describe, expect, it } from "vitest";
import { MAX_RESTART_DELAY_MS, restartDelayMs } from "./cluster-primary.mjs";

describe("restartDelayMs", () => {
  it("restarts a worker that lived long at once, and backs off while its successors keep dying young", () => {
    expect(restartDelayMs(0)).toBe(0);
    expect([1, 2, 3, 4, 5].map(restartDelayMs)).toEqual([250, 500, 1000, 2000, 4000]);
  });

  it("never waits more than 30 s, however long the crash loop", () => {
    expect(restartDelayMs(8)).toBe(MAX_RESTART_DELAY_MS);
    expect(restartDelayMs(1_000)).toBe(MAX_RESTART_DELAY_MS);
    expect(MAX_RESTART_DELAY_MS).toBe(30_000);
  });
});
