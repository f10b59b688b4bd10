import { describe, expect, it } from "vitest";
import { formatAmount, formatCount, formatDate } from "./format";

describe("formatAmount (docs/product.md#formats)", () => {
  it.each([
    [250_000, "$250K"],
    [1_500_000, "$1.5M"],
    [25_000_000, "$25M"],
    [500_000_000, "$500M"],
    [2_340_000_000, "$2.3B"],
    [1_000, "$1K"],
    [999, "$999"],
    [0, "$0"],
    [12_345, "$12.3K"],
  ])("%d -> %s", (amount, expected) => {
    expect(formatAmount(amount)).toBe(expected);
  });

  it("rounds up into the next suffix instead of showing 1000K or 1000M", () => {
    expect(formatAmount(999_999)).toBe("$1M");
    expect(formatAmount(999_960_000)).toBe("$1B");
  });

  it("shows N/A when there is no amount", () => {
    expect(formatAmount(null)).toBe("N/A");
    expect(formatAmount(undefined)).toBe("N/A");
    expect(formatAmount(Number.NaN)).toBe("N/A");
  });
});

describe("formatDate (docs/product.md#formats: en-US short dates)", () => {
  it("formats a calendar date without moving it by a time zone", () => {
    expect(formatDate("2026-03-05")).toBe("Mar 5, 2026");
    expect(formatDate("2025-12-31")).toBe("Dec 31, 2025");
  });

  it("spells every day as Intl's en-US short date does, for dates and strings, in and out of 1000-9999", () => {
    const intl = new Intl.DateTimeFormat("en-US", {
      month: "short",
      day: "numeric",
      year: "numeric",
      timeZone: "UTC",
    });
    const days: Date[] = [];
    for (let at = Date.UTC(1999, 0, 1); at <= Date.UTC(2031, 0, 1); at += 86_400_000) days.push(new Date(at));
    days.push(
      new Date(Date.UTC(10_000, 5, 1)),
      new Date("0999-07-04T00:00:00Z"),
      new Date(Date.UTC(1000, 0, 1)),
    );
    for (const day of days) {
      expect(formatDate(day)).toBe(intl.format(day));
      expect(formatDate(day.toISOString().slice(0, 10))).toBe(intl.format(day));
    }
    expect(days.length).toBeGreaterThan(11_000);
  });

  it("shows N/A for an empty or invalid date", () => {
    expect(formatDate(null)).toBe("N/A");
    expect(formatDate("")).toBe("N/A");
    expect(formatDate("not a date")).toBe("N/A");
  });
});

describe("formatCount", () => {
  it("groups thousands", () => {
    expect(formatCount(17_555)).toBe("17,555");
    expect(formatCount(1_000_000)).toBe("1,000,000");
  });
});
