import { describe, expect, it } from "vitest";
import {
  investorLetter,
  investorMetaDescription,
  investorPaths,
  investorTypeLabel,
  isIndexableInvestor,
  isInvestorSlugShape,
} from "./investor-pages";

describe("investor pages' rules (docs/product.md#investors)", () => {
  it("makes a page with fewer than five visible companies thin", () => {
    expect(isIndexableInvestor(4)).toBe(false);
    expect(isIndexableInvestor(5)).toBe(true);
  });

  it("files an investor under its slug's first letter, digits under 0-9", () => {
    expect(investorLetter("sequoia-capital")).toBe("s");
    expect(investorLetter("500-global")).toBe("0-9");
    expect(investorPaths.letter(investorLetter("500-global"))).toBe("/investors/letters/0-9");
    expect(investorPaths.investor("sequoia-capital")).toBe("/investors/sequoia-capital");
  });

  it("answers a path segment no slug can be without a query (decision 018)", () => {
    expect(isInvestorSlugShape("sequoia-capital-2")).toBe(true);
    expect(isInvestorSlugShape("Sequoia_Capital")).toBe(false);
    expect(isInvestorSlugShape("a".repeat(101))).toBe(false);
  });

  it("labels types, an unknown one as Other", () => {
    expect(investorTypeLabel("venture_capital")).toBe("Venture capital");
    expect(investorTypeLabel("nonsense")).toBe("Other");
  });

  it("describes an investor from its figures in at most 160 characters", () => {
    const text = investorMetaDescription(
      { name: "Atlas Ventures", type: "venture_capital", companies: 12, rounds: 15 },
      {
        stages: [
          { name: "Seed", count: 8 },
          { name: "Series A", count: 5 },
        ],
        sectors: [
          { name: "SaaS", count: 6 },
          { name: "FinTech", count: 3 },
          { name: "Health Care", count: 2 },
        ],
      },
    );
    expect(text).toBe(
      "Atlas Ventures (venture capital): 15 rounds in 12 startups. Mostly Seed and Series A. Backs SaaS, FinTech, Health Care.",
    );
    const long = investorMetaDescription(
      { name: "A".repeat(120), type: "angel", companies: 1, rounds: 1 },
      { stages: [{ name: "Seed", count: 1 }], sectors: [] },
    );
    expect(long.length).toBeLessThanOrEqual(160);
  });
});
