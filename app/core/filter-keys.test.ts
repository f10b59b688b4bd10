import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FILTER_SAMPLES } from "~tests/fixtures/filter-samples";
import {
  EXPORT_FILTER_NAMES,
  ExportRequestError,
  exportRequestBody,
  searchParamsFromExportBody,
  searchParamsFromExportForm,
} from "./export-request";
import {
  EMPTY_SEARCH,
  FILTER_KEYS,
  filtersOf,
  parseSearchParams,
  type SearchState,
  serializeSearchState,
} from "./search-params";
import { SORT_OPTIONS } from "./search-sort";

/** The search state the server reads back from what the browser sends for `state`. */
function exportedState(state: SearchState): SearchState {
  const body = JSON.parse(JSON.stringify(exportRequestBody(state))) as unknown;
  return parseSearchParams(searchParamsFromExportBody(body)).state;
}

describe("every filter key reaches the URL, the export request and the activity log", () => {
  it.each(FILTER_KEYS)("%s", (key) => {
    const state: SearchState = { ...EMPTY_SEARCH, [key]: FILTER_SAMPLES[key] };
    // The URL (the search page's state) keeps it.
    expect(parseSearchParams(serializeSearchState(state)).state).toEqual(state);
    // The export body carries it under its name in docs/product.md#calls (one value as text), and the server
    // reads it back.
    const sample = FILTER_SAMPLES[key];
    expect(exportRequestBody(state).filters[EXPORT_FILTER_NAMES[key]]).toEqual(
      Array.isArray(sample) ? sample[0] : sample,
    );
    expect(exportedState(state)).toEqual(state);
    // The activity log records it.
    expect(filtersOf(state)[key]).toEqual(sample);
  });

  it("gives each filter its own name of docs/product.md#calls", () => {
    const names = FILTER_KEYS.map((key) => EXPORT_FILTER_NAMES[key]);
    expect(new Set(names).size).toBe(FILTER_KEYS.length);
    expect(names).not.toContain("searchQuery");
  });
});

describe("the export request (docs/product.md#calls, export-csv body)", () => {
  it("sends the search query and the filters under the names of docs/product.md#calls", () => {
    expect(
      exportRequestBody({
        ...EMPTY_SEARCH,
        q: "robotics",
        industry: ["SaaS"],
        stage: ["Seed"],
        location: ["country:Germany"],
        amount: "1m-5m",
        date: "1y",
        page: 4,
      }),
    ).toEqual({
      searchQuery: "robotics",
      filters: {
        industry: "SaaS",
        fundingStage: "Seed",
        location: "country:Germany",
        fundingAmount: "1m-5m",
        fundingDate: "1y",
      },
    });
  });

  it("sends several values of a filter as a list, and the order when it is not the default", () => {
    const body = exportRequestBody({
      ...EMPTY_SEARCH,
      stage: ["Seed", "Series A"],
      sort: "amount-desc",
    });
    expect(body.filters.fundingStage).toEqual(["Seed", "Series A"]);
    expect(body.sort).toBe("amount-desc");
    expect(exportRequestBody(EMPTY_SEARCH)).not.toHaveProperty("sort");
  });

  it("round-trips any search state the search page can hold (page aside)", () => {
    const text = fc.string({ maxLength: 40 }).map((value) => value.replace(/\s+/g, " ").trim());
    const values = fc.uniqueArray(text.filter(Boolean), { maxLength: 4 });
    const state = fc.record({
      q: text,
      industry: values,
      stage: values,
      location: fc.subarray(["continent:Europe", "country:Germany", "state:Texas", "Austin, Texas"]),
      amount: fc.constantFrom("", "1m-5m", "250m-plus"),
      date: fc.constantFrom("", "30d", "1y"),
      sort: fc.constantFrom(...SORT_OPTIONS.map((option) => option.value)),
    });
    fc.assert(
      fc.property(state, (value) => {
        const full = { ...EMPTY_SEARCH, ...value } as SearchState;
        expect(exportedState(full)).toEqual(full);
      }),
    );
  });

  it("accepts the search page's URL names too, and form fields under either name", () => {
    expect(
      searchParamsFromExportBody({ q: "ai", filters: { stage: "Seed", fundingDate: "1y" } }).toString(),
    ).toBe("q=ai&stage=Seed&date=1y");
    expect(
      searchParamsFromExportForm([
        ["searchQuery", "ai"],
        ["fundingStage", "Seed"],
        ["unknown", "x"],
      ]).toString(),
    ).toBe("q=ai&stage=Seed");
  });

  it("refuses bodies that are not a search, with a message", () => {
    expect(() => searchParamsFromExportBody([1])).toThrow(ExportRequestError);
    expect(() => searchParamsFromExportBody(null)).toThrow("The request body must be a JSON object.");
    expect(() => searchParamsFromExportBody({ filters: [] })).toThrow('"filters" must be an object.');
    expect(() => searchParamsFromExportBody({ filters: { industry: 3 } })).toThrow(
      '"filters.industry" must be text or a list of texts.',
    );
    expect(() => searchParamsFromExportBody({ filters: { industry: ["SaaS", 3] } })).toThrow(
      '"filters.industry" must be text or a list of texts.',
    );
    expect(() => searchParamsFromExportBody({ filters: { fundingDate: ["1y"] } })).toThrow(
      '"filters.fundingDate" must be text.',
    );
  });
});
