import { describe, expect, it } from "vitest";
import { comparePath, comparisonSummary, MAX_PAIR_PARAM_LENGTH, pairSplits } from "./compare";
import { MAX_COMPANY_SLUG_LENGTH } from "./slug";

/** Every split of `param` at "-vs-" whose two sides are slugs a company can have (the rule, spelled out). */
function slowSplits(param: string): Array<[string, string]> {
  const shape = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
  const fits = (slug: string) => slug.length <= MAX_COMPANY_SLUG_LENGTH && shape.test(slug);
  const splits: Array<[string, string]> = [];
  for (let at = 0; at < param.length; at++) {
    if (!param.startsWith("-vs-", at)) continue;
    const [a, b] = [param.slice(0, at), param.slice(at + 4)];
    if (fits(a) && fits(b)) splits.push([a, b]);
  }
  return splits;
}

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

  it("find two of the longest slugs a company can have", () => {
    const a = `${"a".repeat(80)}-1234567890123456789`;
    const b = `${"b".repeat(80)}-12`;
    expect(a).toHaveLength(MAX_COMPANY_SLUG_LENGTH);
    expect(pairSplits(`${a}-vs-${b}`)).toEqual([[a, b]]);
    expect(pairSplits(`${a}-vs-${a}`)).toEqual([[a, a]]);
    expect(`${a}-vs-${a}`).toHaveLength(MAX_PAIR_PARAM_LENGTH);
  });

  it("refuse a segment longer than two slugs, or holding what no slug holds, before splitting it", () => {
    // 9 KB of "-vs-": every overlapping split used to be made, 2,000 strings of up to 9 KB sent to the database.
    const hostile = `a${"-vs".repeat(3_000)}-b`;
    expect(pairSplits(hostile)).toEqual([]);
    expect(pairSplits(`${"a".repeat(MAX_PAIR_PARAM_LENGTH - 5)}-vs-bb`)).toEqual([]);
    expect(pairSplits("Acme-vs-beta")).toEqual([]);
    expect(pairSplits("acme-vs-beta%00")).toEqual([]);
    expect(pairSplits("acme--vs-beta")).toEqual([]);
  });

  it("make at most a bounded number of splits, each of two bounded slugs, at the longest length accepted", () => {
    // The worst a legal-looking segment can be: "-vs-" overlapping all along it.
    for (let length = 6; length <= MAX_PAIR_PARAM_LENGTH + 3; length++) {
      const param = `a${"-vs".repeat(length)}`.slice(0, length).replace(/-$/, "b");
      const splits = pairSplits(param);
      expect(splits).toEqual(slowSplits(param));
      expect(splits.length).toBeLessThanOrEqual(Math.floor(MAX_COMPANY_SLUG_LENGTH / 3) + 1);
      for (const [a, b] of splits) {
        expect(a.length).toBeLessThanOrEqual(MAX_COMPANY_SLUG_LENGTH);
        expect(b.length).toBeLessThanOrEqual(MAX_COMPANY_SLUG_LENGTH);
      }
    }
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
