import { describe, expect, it } from "vitest";
import { buildLpIndex, type LpIndexRow, lpFacetCounts, lpMatchingIds, lpPage } from "./lp-index";
import { EMPTY_LP_SEARCH, type LpSearchState } from "./lp-search-params";

function row(id: number, fields: Partial<LpIndexRow> = {}): LpIndexRow {
  return {
    id,
    type: "foundation",
    country: "Germany",
    aumUsd: null,
    checkMinUsd: null,
    checkMaxUsd: null,
    assetClasses: [],
    stageFocus: [],
    sectorFocus: [],
    acceptsEmerging: "unknown",
    backsFirstTimeFunds: false,
    searchText: null,
    ...fields,
  };
}

// In the name order, as the loader gives them.
const INDEX = buildLpIndex([
  row(4, { searchText: "abc fund\u001fberlin", aumUsd: 5e9, type: "endowment" }),
  row(2, { searchText: "beta office\u001fparis", aumUsd: 5e9, country: "France", assetClasses: ["buyout"] }),
  row(9, { searchText: "gamma", aumUsd: null, country: null, assetClasses: ["buyout", "hedge-funds"] }),
  row(1, { searchText: "delta capital", aumUsd: 1e8, country: "Japan", backsFirstTimeFunds: true }),
]);

const view = (change: Partial<LpSearchState>) => ({ ...EMPTY_LP_SEARCH, ...change });

describe("the in-memory LP index", () => {
  it("orders by AUM with unknown last in both directions, ties by id, and by name both ways", () => {
    expect(lpMatchingIds(INDEX, view({ sort: "aum-desc" }), "")).toEqual([4, 2, 1, 9]);
    expect(lpMatchingIds(INDEX, view({ sort: "aum-asc" }), "")).toEqual([1, 2, 4, 9]);
    expect(lpMatchingIds(INDEX, view({ sort: "name-asc" }), "")).toEqual([4, 2, 9, 1]);
    expect(lpMatchingIds(INDEX, view({ sort: "name-desc" }), "")).toEqual([1, 9, 2, 4]);
  });

  it("finds text inside one LP's text only, never across two", () => {
    expect(lpMatchingIds(INDEX, view({}), "office")).toEqual([2]);
    expect(lpMatchingIds(INDEX, view({}), "berlin")).toEqual([4]);
    // "berlin" ends one text and "beta" starts the next: joined, they would read "berlinbeta".
    expect(lpMatchingIds(INDEX, view({}), "berlinbeta")).toEqual([]);
    expect(lpMatchingIds(INDEX, view({}), "a")).toHaveLength(4);
  });

  it("pages and counts in one pass", () => {
    expect(lpPage(INDEX, view({}), "", { page: 2, size: 3 })).toEqual({ total: 4, ids: [9] });
    expect(lpPage(INDEX, view({ asset: ["buyout"] }), "", { page: 1, size: 1 })).toEqual({
      total: 2,
      ids: [2],
    });
  });

  it("counts each filter's options under the others, regions as the sum of their countries", () => {
    const counts = lpFacetCounts(INDEX, view({ asset: ["buyout"] }), "");
    // The asset facet ignores the asset filter; the others keep it.
    expect(counts.asset).toEqual({ buyout: 2, "hedge-funds": 1 });
    expect(counts.location).toEqual({ "country:France": 1, "region:europe": 1 });
    expect(lpFacetCounts(INDEX, view({}), "").location).toEqual({
      "country:Germany": 1,
      "country:France": 1,
      "country:Japan": 1,
      "region:europe": 2,
      "region:asia-pacific": 1,
    });
  });
});
