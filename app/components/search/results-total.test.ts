import { describe, expect, it } from "vitest";
import { resultsTotalText, showingRangeText, showResultsText } from "./results-total";

describe("the results' totals", () => {
  it("say where the page sits in the results", () => {
    expect(
      showingRangeText({
        total: 497,
        isTotalApproximate: false,
        page: 2,
        pageSize: 50,
        shown: 50,
      }),
    ).toBe("Showing 51-100 of 497");
    expect(
      showingRangeText({
        total: 497,
        isTotalApproximate: false,
        page: 10,
        pageSize: 50,
        shown: 47,
      }),
    ).toBe("Showing 451-497 of 497");
  });

  it("say when a total is an estimate", () => {
    expect(
      showingRangeText({
        total: 66_000,
        isTotalApproximate: true,
        page: 1,
        pageSize: 50,
        shown: 50,
      }),
    ).toBe("Showing 1-50 of about 66,000");
    expect(resultsTotalText({ total: 66_000, isTotalApproximate: true })).toBe("about 66,000 companies");
    expect(showResultsText({ total: 66_000, isTotalApproximate: true })).toBe("Show about 66,000 results");
    expect(showResultsText({ total: 1, isTotalApproximate: false })).toBe("Show 1 result");
    expect(resultsTotalText({ total: 1, isTotalApproximate: false }, { one: "LP", many: "LPs" })).toBe(
      "1 LP",
    );
    expect(resultsTotalText({ total: 3_000, isTotalApproximate: false }, { one: "LP", many: "LPs" })).toBe(
      "3,000 LPs",
    );
  });

  it("count from the page size a subscriber chose", () => {
    expect(
      showingRangeText({
        total: 497,
        isTotalApproximate: false,
        page: 3,
        pageSize: 100,
        shown: 100,
      }),
    ).toBe("Showing 201-300 of 497");
  });
});
