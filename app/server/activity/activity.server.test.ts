import { describe, expect, it } from "vitest";
import { EMPTY_SEARCH } from "~/core/search-params";
import { searchActivityType } from "./activity.server";

const URL_NOW = "http://localhost:3000/search?q=ai";

describe("searchActivityType", () => {
  it("is 'search' when the query text changed and 'filter' when only filters did", () => {
    expect(
      searchActivityType({ ...EMPTY_SEARCH, q: "ai" }, "http://localhost:3000/search?q=ml", URL_NOW),
    ).toBe("search");
    expect(
      searchActivityType(
        { ...EMPTY_SEARCH, q: "ai", stage: ["Seed"] },
        "http://localhost:3000/search?q=ai",
        URL_NOW,
      ),
    ).toBe("filter");
  });

  it("records nothing for paging or a reload", () => {
    const state = { ...EMPTY_SEARCH, q: "ai", page: 2 };
    expect(searchActivityType(state, "http://localhost:3000/search?q=ai", URL_NOW)).toBeNull();
    expect(searchActivityType(state, "http://localhost:3000/search?q=ai&page=2", URL_NOW)).toBeNull();
  });

  it("judges by the criteria alone when there is no earlier view on this site", () => {
    expect(searchActivityType({ ...EMPTY_SEARCH, q: "ai" }, null, URL_NOW)).toBe("search");
    expect(
      searchActivityType({ ...EMPTY_SEARCH, industry: ["SaaS"] }, "https://elsewhere.example/", URL_NOW),
    ).toBe("filter");
    expect(searchActivityType(EMPTY_SEARCH, null, URL_NOW)).toBeNull();
  });
});
