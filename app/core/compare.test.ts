import { describe, expect, it } from "vitest";
import { comparePath, comparisonSummary, pairSplits } from "./compare";

describe("compare URLs", () => {
  it("put the two slugs in alphabetical order", () => {
    expect(comparePath("zeta", "alpha")).toBe("/compare/alpha-vs-zeta");
    expect(comparePath("alpha", "zeta")).toBe("/compare/alpha-vs-zeta");
  });

  it("read every split of a URL whose slugs themselves contain -vs-", () => {
    expect(pairSplits("a-vs-b")).toEqual([["a", "b"]]);
    expect(pairSplits("cats-vs-dogs-vs-birds")).toEqual([
      ["cats", "dogs-vs-birds"],
      ["cats-vs-dogs", "birds"],
    ]);
    expect(pairSplits("nothing-here")).toEqual([]);
    expect(pairSplits("-vs-b")).toEqual([]);
  });
});

describe("comparisonSummary", () => {
  it("puts the later round first and says how long after the other it came", () => {
    expect(
      comparisonSummary(
        { name: "Beta", lastFundingType: "Series A", lastFundingDate: "2025-07-10" },
        { name: "Alpha", lastFundingType: "Series B", lastFundingDate: "2026-03-02" },
      ),
    ).toBe("Alpha raised its Series B round in March 2026, eight months after Beta's Series A round.");
  });

  it("speaks of years, the same month, and what one record lacks", () => {
    expect(
      comparisonSummary(
        { name: "A", lastFundingType: "Seed", lastFundingDate: "2024-03-01" },
        { name: "B", lastFundingType: null, lastFundingDate: "2026-03-20" },
      ),
    ).toBe("B raised its last round in March 2026, two years after A's Seed round.");
    expect(
      comparisonSummary(
        { name: "A", lastFundingType: "Seed", lastFundingDate: "2026-03-01" },
        { name: "B", lastFundingType: "Seed", lastFundingDate: "2026-03-20" },
      ),
    ).toBe("B raised its Seed round in March 2026, the same month as A's Seed round.");
    expect(
      comparisonSummary(
        { name: "A", lastFundingType: "Seed", lastFundingDate: null },
        { name: "B", lastFundingType: "Grant", lastFundingDate: "2026-01-05" },
      ),
    ).toBe("B raised its Grant round in January 2026.");
    expect(
      comparisonSummary(
        { name: "A", lastFundingType: null, lastFundingDate: null },
        { name: "B", lastFundingType: null, lastFundingDate: null },
      ),
    ).toBeNull();
  });
});
