import { describe, expect, it } from "vitest";
import { compareFundingTypes, FUNDING_TYPES, inStageOrder } from "./funding-types";

describe("inStageOrder (docs/product.md#filters: stages in the order companies raise them)", () => {
  it("lists venture stages first, by stage, then the other round types by name, 'Undisclosed' last", () => {
    // The database hands the types over alphabetically.
    const alphabetical = [...FUNDING_TYPES].sort((a, b) => a.localeCompare(b));
    expect(inStageOrder(alphabetical)).toEqual([
      "Pre-Seed",
      "Seed",
      "Angel",
      "Series A",
      "Series B",
      "Series C",
      "Series D",
      "Series E",
      "Series F",
      "Series G",
      "Series H",
      "Venture - Series Unknown",
      "Convertible Note",
      "Corporate Round",
      "Debt Financing",
      "Equity Crowdfunding",
      "Grant",
      "Non-equity Assistance",
      "Post-IPO Debt",
      "Post-IPO Equity",
      "Private Equity",
      "Secondary Market",
      "Undisclosed",
    ]);
  });

  it("places series past the demo data's by their letter, and an import's own type among the others", () => {
    expect(
      inStageOrder([
        "Undisclosed",
        "Initial Coin Offering",
        "Series J",
        "Series B",
        "Seed",
        "Grant",
        "Series I",
      ]),
    ).toEqual(["Seed", "Series B", "Series I", "Series J", "Grant", "Initial Coin Offering", "Undisclosed"]);
  });

  it("reads the names in any case and leaves its input alone", () => {
    const input = ["series a", "SEED", "pre-seed"];
    expect(inStageOrder(input)).toEqual(["pre-seed", "SEED", "series a"]);
    expect(input).toEqual(["series a", "SEED", "pre-seed"]);
    expect(compareFundingTypes("Series B", "Series B")).toBe(0);
  });
});
