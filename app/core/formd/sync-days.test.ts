import { describe, expect, it } from "vitest";
import { completedThrough, daysToSync, missingIndexIsFinal } from "./sync-days";

describe("daysToSync (decision 031)", () => {
  it("a first run fetches the given number of days up to yesterday", () => {
    expect(daysToSync({ lastCompleted: null, today: "2026-03-02", firstRunDays: 3 })).toEqual([
      "2026-02-27",
      "2026-02-28",
      "2026-03-01",
    ]);
  });

  it("later runs start the day after the last completed one", () => {
    expect(daysToSync({ lastCompleted: "2026-12-30", today: "2027-01-02", firstRunDays: 7 })).toEqual([
      "2026-12-31",
      "2027-01-01",
    ]);
    expect(daysToSync({ lastCompleted: "2027-01-01", today: "2027-01-02", firstRunDays: 7 })).toEqual([]);
  });

  it("refuses a bad day or count", () => {
    expect(() => daysToSync({ lastCompleted: null, today: "2026-13-01", firstRunDays: 7 })).toThrow(
      "ISO date",
    );
    expect(() => daysToSync({ lastCompleted: null, today: "2026-11-26", firstRunDays: 0 })).toThrow(
      "at least 1",
    );
  });
});

describe("missingIndexIsFinal (decision 031)", () => {
  it("a weekend has no index; a recent weekday may not be published yet; an older one was a holiday", () => {
    expect(missingIndexIsFinal("2026-11-22", "2026-11-23")).toBe(true); // Sunday
    expect(missingIndexIsFinal("2026-11-25", "2026-11-26")).toBe(false); // Wednesday, yesterday
    expect(missingIndexIsFinal("2026-11-26", "2026-11-29")).toBe(true); // Thanksgiving, three days on
  });
});

describe("completedThrough (decision 031)", () => {
  it("moves over the unbroken run of done days after the mark", () => {
    const days = [
      { day: "2026-11-23", done: true },
      { day: "2026-11-24", done: true },
      { day: "2026-11-25", done: false },
      { day: "2026-11-26", done: true },
    ];
    expect(completedThrough("2026-11-22", days)).toBe("2026-11-24");
    expect(completedThrough(null, days)).toBe("2026-11-24");
  });

  it("does not jump a gap after the mark nor move back", () => {
    expect(completedThrough("2026-11-10", [{ day: "2026-11-24", done: true }])).toBe("2026-11-10");
    expect(completedThrough("2026-11-24", [{ day: "2026-11-20", done: true }])).toBe("2026-11-24");
    expect(
      completedThrough("2026-11-22", [
        { day: "2026-11-21", done: true },
        { day: "2026-11-23", done: true },
      ]),
    ).toBe("2026-11-23");
  });
});
