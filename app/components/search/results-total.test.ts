import { describe, expect, it } from "vitest";
import { resultsTotalText, showingRangeText } from "./results-total";

const companies = (count: number) => Array.from({ length: count }, () => ({}) as never);

describe("the results' totals", () => {
  it("say where the page sits in the results", () => {
    expect(
      showingRangeText({ total: 497, isTotalApproximate: false, page: 2, companies: companies(50) }),
    ).toBe("Showing 51-100 of 497");
    expect(
      showingRangeText({ total: 497, isTotalApproximate: false, page: 10, companies: companies(47) }),
    ).toBe("Showing 451-497 of 497");
  });

  it("say when a total is an estimate", () => {
    expect(
      showingRangeText({ total: 66_000, isTotalApproximate: true, page: 1, companies: companies(50) }),
    ).toBe("Showing 1-50 of about 66,000");
    expect(resultsTotalText({ total: 66_000, isTotalApproximate: true })).toBe("about 66,000 companies");
  });
});
