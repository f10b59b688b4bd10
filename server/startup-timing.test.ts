import { describe, expect, it } from "vitest";
import { START_ENV, startupOrigin, startupStepLine, startupTimingLine } from "./startup-timing.mjs";

describe("startupTimingLine", () => {
  it("names every phase of a start-up in order, in whole ms, after the total in seconds", () => {
    expect(
      startupTimingLine({
        totalMs: 2_449,
        buildCheckMs: 41.6,
        loadMs: 903,
        phases: { open: 702, migrate: 58, seedCheck: 5, similarity: 2 },
        listenMs: 15,
      }),
    ).toBe(
      "Started in 2.4 s: build check 42 ms, load 903 ms, open 702 ms, migrate 58 ms, seed check 5 ms, similarity 2 ms, listen 15 ms",
    );
  });

  it("leaves out the phases a process did not go through (a worker, `node server.mjs` run directly)", () => {
    expect(startupTimingLine({ totalMs: 800, loadMs: 500, phases: { open: 20 }, listenMs: 9 })).toBe(
      "Started in 0.8 s: load 500 ms, open 20 ms, listen 9 ms",
    );
  });
});

describe("startupOrigin", () => {
  it("counts from npm start's own start, with its build check, when scripts/start.mjs says so", () => {
    const env = { [START_ENV.startedAt]: "1000", [START_ENV.buildCheckMs]: "37" };
    expect(startupOrigin(env, 1_250)).toEqual({ fromStartScript: true, startedAt: 1_000, buildCheckMs: 37 });
  });

  it("counts from this process's start when run directly, or when the variables make no sense", () => {
    expect(startupOrigin({}, 1_250)).toEqual({
      fromStartScript: false,
      startedAt: 1_250,
      buildCheckMs: undefined,
    });
    expect(startupOrigin({ [START_ENV.startedAt]: "5000", [START_ENV.buildCheckMs]: "3" }, 1_250)).toEqual({
      fromStartScript: false,
      startedAt: 1_250,
      buildCheckMs: undefined,
    });
    expect(startupOrigin({ [START_ENV.startedAt]: "soon" }, 1_250).startedAt).toBe(1_250);
  });
});

describe("startupStepLine (decision 024)", () => {
  it("says what each slow step of start-up is doing, in one short line", () => {
    expect(startupStepLine({ step: "open" })).toBe("Opening the database…");
    expect(startupStepLine({ step: "seed", companies: 17_555 })).toBe(
      "Seeding the demo data set: 17,555 companies…",
    );
    expect(startupStepLine({ step: "seed-lps", lps: 3_000 })).toBe(
      "Seeding the demo LP database: 3,000 LPs…",
    );
  });
});
