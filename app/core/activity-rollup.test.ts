import { describe, expect, it } from "vitest";
import { consecutiveRuns, dayStart, ROLLUP_GRACE_MS, splitWindow } from "./activity-rollup";
import { dayWindow } from "./admin-metrics";

describe("splitWindow", () => {
  it("reads the completed days from the roll-ups and today live", () => {
    const now = new Date("2026-11-21T12:00:00Z");
    const split = splitWindow(dayWindow(now, 7), now);
    expect(split.rolledDays).toEqual([
      "2026-11-15",
      "2026-11-16",
      "2026-11-17",
      "2026-11-18",
      "2026-11-19",
      "2026-11-20",
    ]);
    expect(split.liveFrom.toISOString()).toBe("2026-11-21T00:00:00.000Z");
  });

  it("reads yesterday live too until it has been over for the grace period", () => {
    const midnight = new Date("2026-11-21T00:00:00Z");
    const justAfter = new Date(midnight.getTime() + ROLLUP_GRACE_MS - 1);
    const within = splitWindow(dayWindow(justAfter, 3), justAfter);
    expect(within.rolledDays).toEqual(["2026-11-19"]);
    expect(within.liveFrom.toISOString()).toBe("2026-11-20T00:00:00.000Z");

    const graceOver = new Date(midnight.getTime() + ROLLUP_GRACE_MS);
    const after = splitWindow(dayWindow(graceOver, 3), graceOver);
    expect(after.rolledDays).toEqual(["2026-11-19", "2026-11-20"]);
    expect(after.liveFrom.toISOString()).toBe("2026-11-21T00:00:00.000Z");
  });

  it("reads a one-day window (today) wholly live", () => {
    const now = new Date("2026-11-21T23:59:59Z");
    const split = splitWindow(dayWindow(now, 1), now);
    expect(split.rolledDays).toEqual([]);
    expect(split.liveFrom.toISOString()).toBe("2026-11-21T00:00:00.000Z");
  });

  it("takes the grace as given", () => {
    const now = new Date("2026-11-21T00:00:00Z");
    expect(splitWindow(dayWindow(now, 2), now, 0).rolledDays).toEqual(["2026-11-20"]);
    expect(splitWindow(dayWindow(now, 2), now, 1).rolledDays).toEqual([]);
  });
});

describe("consecutiveRuns", () => {
  it("groups sorted, unique days into runs of consecutive days with their created_at range", () => {
    const runs = consecutiveRuns(["2026-03-01", "2026-02-27", "2026-02-28", "2026-03-01", "2026-03-05"]);
    expect(runs.map(({ first, last, days }) => ({ first, last, days }))).toEqual([
      { first: "2026-02-27", last: "2026-03-01", days: ["2026-02-27", "2026-02-28", "2026-03-01"] },
      { first: "2026-03-05", last: "2026-03-05", days: ["2026-03-05"] },
    ]);
    expect(runs[0]?.from.toISOString()).toBe("2026-02-27T00:00:00.000Z");
    expect(runs[0]?.to.toISOString()).toBe("2026-03-02T00:00:00.000Z");
    expect(runs[1]?.to.toISOString()).toBe("2026-03-06T00:00:00.000Z");
  });

  it("cuts a run at the given length", () => {
    const days = ["2026-01-01", "2026-01-02", "2026-01-03", "2026-01-04", "2026-01-05"];
    expect(consecutiveRuns(days, 2).map((run) => run.days)).toEqual([
      ["2026-01-01", "2026-01-02"],
      ["2026-01-03", "2026-01-04"],
      ["2026-01-05"],
    ]);
  });

  it("crosses a month and a year end, and has no run for no days", () => {
    expect(consecutiveRuns(["2026-12-31", "2027-01-01"]).map((run) => run.days)).toEqual([
      ["2026-12-31", "2027-01-01"],
    ]);
    expect(consecutiveRuns([])).toEqual([]);
  });
});

describe("dayStart", () => {
  it("is midnight UTC of the day", () => {
    expect(dayStart("2026-11-21").toISOString()).toBe("2026-11-21T00:00:00.000Z");
  });
});
