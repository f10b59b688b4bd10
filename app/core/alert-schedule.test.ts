import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DIGEST_HOUR_UTC, nextDigestAt } from "./alert-schedule";

function next(frequency: "off" | "daily" | "weekly", after: string): string | null {
  return nextDigestAt(frequency, new Date(after))?.toISOString() ?? null;
}

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

describe("nextDigestAt", () => {
  it("is null while alerts are off", () => {
    expect(nextDigestAt("off", new Date("2026-03-10T12:00:00Z"))).toBeNull();
    expect(nextDigestAt("off", new Date("2026-03-16T06:59:59Z"))).toBeNull();
  });

  it("daily: 07:00 UTC the same day when before it", () => {
    expect(DIGEST_HOUR_UTC).toBe(7);
    expect(next("daily", "2026-03-10T00:00:00Z")).toBe("2026-03-10T07:00:00.000Z");
    expect(next("daily", "2026-03-10T06:59:59.999Z")).toBe("2026-03-10T07:00:00.000Z");
  });

  it("daily: strictly after, so exactly 07:00 is the next day's", () => {
    expect(next("daily", "2026-03-10T07:00:00.000Z")).toBe("2026-03-11T07:00:00.000Z");
    expect(next("daily", "2026-03-10T07:00:00.001Z")).toBe("2026-03-11T07:00:00.000Z");
    expect(next("daily", "2026-03-10T23:59:59.999Z")).toBe("2026-03-11T07:00:00.000Z");
  });

  it("daily: across the end of a month and a year", () => {
    expect(next("daily", "2026-02-28T09:00:00Z")).toBe("2026-03-01T07:00:00.000Z");
    expect(next("daily", "2026-12-31T08:00:00Z")).toBe("2027-01-01T07:00:00.000Z");
  });

  it("daily: an instant given with another offset is read in UTC", () => {
    // 08:30 in Berlin (UTC+1) is 07:30 UTC: past the day's 07:00.
    expect(next("daily", "2026-03-10T08:30:00+01:00")).toBe("2026-03-11T07:00:00.000Z");
    // 23:30 in New York (UTC-4 in March) is 03:30 UTC the next day: before that day's 07:00.
    expect(next("daily", "2026-03-10T23:30:00-04:00")).toBe("2026-03-11T07:00:00.000Z");
  });

  it("weekly: the next Monday 07:00 UTC", () => {
    // 2026-03-10 is a Tuesday; 2026-03-16 a Monday.
    expect(next("weekly", "2026-03-10T12:00:00Z")).toBe("2026-03-16T07:00:00.000Z");
    expect(next("weekly", "2026-03-13T07:00:00Z")).toBe("2026-03-16T07:00:00.000Z");
    // Thursday 2026-12-31: the Monday of the next year.
    expect(next("weekly", "2026-12-31T12:00:00Z")).toBe("2027-01-04T07:00:00.000Z");
  });

  it("weekly: Sunday and Monday boundaries", () => {
    // Sunday 2026-03-15, at its 07:00 and at its last moment: the Monday after.
    expect(next("weekly", "2026-03-15T07:00:00Z")).toBe("2026-03-16T07:00:00.000Z");
    expect(next("weekly", "2026-03-15T23:59:59.999Z")).toBe("2026-03-16T07:00:00.000Z");
    // Monday 2026-03-16 before 07:00: that same morning.
    expect(next("weekly", "2026-03-16T00:00:00Z")).toBe("2026-03-16T07:00:00.000Z");
    expect(next("weekly", "2026-03-16T06:59:59.999Z")).toBe("2026-03-16T07:00:00.000Z");
    // Exactly Monday 07:00, and after it: a week later.
    expect(next("weekly", "2026-03-16T07:00:00Z")).toBe("2026-03-23T07:00:00.000Z");
    expect(next("weekly", "2026-03-16T07:00:00.001Z")).toBe("2026-03-23T07:00:00.000Z");
  });

  it("does not change the date it is given", () => {
    const after = new Date("2026-03-10T12:00:00Z");
    nextDigestAt("weekly", after);
    nextDigestAt("daily", after);
    expect(after.toISOString()).toBe("2026-03-10T12:00:00.000Z");
  });

  it("is always a 07:00 UTC strictly after, within a day (daily) or on the first Monday (weekly)", () => {
    const instants = fc.date({
      min: new Date("2000-01-01T00:00:00Z"),
      max: new Date("2100-01-01T00:00:00Z"),
      noInvalidDate: true,
    });
    fc.assert(
      fc.property(instants, (after) => {
        const daily = nextDigestAt("daily", after);
        const weekly = nextDigestAt("weekly", after);
        if (!daily || !weekly) return false;
        for (const due of [daily, weekly]) {
          expect(due.getTime()).toBeGreaterThan(after.getTime());
          expect(due.getUTCHours()).toBe(DIGEST_HOUR_UTC);
          expect(due.getUTCMinutes() + due.getUTCSeconds() + due.getUTCMilliseconds()).toBe(0);
        }
        expect(daily.getTime() - after.getTime()).toBeLessThanOrEqual(DAY_MS);
        // No 07:00 is skipped: the day before's is not after `after`.
        expect(daily.getTime() - DAY_MS).toBeLessThanOrEqual(after.getTime());
        expect(weekly.getUTCDay()).toBe(1);
        expect(weekly.getTime() - after.getTime()).toBeLessThanOrEqual(7 * DAY_MS);
        // No Monday 07:00 is skipped: a week earlier is not after `after`.
        expect(weekly.getTime() - 7 * DAY_MS).toBeLessThanOrEqual(after.getTime());
        return true;
      }),
    );
  });
});
