import { describe, expect, it } from "vitest";
import { cleanSavedSearchName, MAX_SAVED_SEARCH_NAME } from "~/core/saved-search";
import { EMPTY_SEARCH } from "~/core/search-params";
import { defaultSavedSearchName } from "./save-search-dialog";
import { applySavedSearchChange, isRefusal, type SavedSearchItem } from "./saved-search-api";

function item(id: number, name: string): SavedSearchItem {
  return {
    id,
    name,
    query: "",
    alert: "off",
    nextDigestAt: null,
    createdAt: "2026-03-10T12:00:00.000Z",
    updatedAt: "2026-03-10T12:00:00.000Z",
  };
}

describe("applySavedSearchChange", () => {
  const items = [item(3, "C"), item(2, "B"), item(1, "A")];

  it("puts a new saved search first (newest first), without touching the others", () => {
    expect(
      applySavedSearchChange(items, { kind: "saved", savedSearch: item(4, "D") }).map((i) => i.id),
    ).toEqual([4, 3, 2, 1]);
  });

  it("replaces a changed one in place", () => {
    const changed = applySavedSearchChange(items, { kind: "saved", savedSearch: item(2, "Renamed") });
    expect(changed.map((i) => [i.id, i.name])).toEqual([
      [3, "C"],
      [2, "Renamed"],
      [1, "A"],
    ]);
    expect(items[1]?.name).toBe("B");
  });

  it("removes a deleted one", () => {
    expect(applySavedSearchChange(items, { kind: "deleted", id: 2 }).map((i) => i.id)).toEqual([3, 1]);
    expect(applySavedSearchChange(items, { kind: "deleted", id: 9 })).toEqual(items);
  });
});

describe("isRefusal", () => {
  it("tells an error answer from a success", () => {
    expect(isRefusal({ error: "No." })).toBe(true);
    expect(isRefusal({ savedSearch: item(1, "A"), toast: { title: "Search saved" } })).toBe(false);
    expect(isRefusal({ savedSearches: [], limit: 50 })).toBe(false);
  });
});

describe("defaultSavedSearchName", () => {
  it("is the search's summary", () => {
    expect(defaultSavedSearchName({ ...EMPTY_SEARCH, q: "fintech", stage: ["Seed", "Series A"] })).toBe(
      "“fintech” · Seed or Series A",
    );
    expect(defaultSavedSearchName(EMPTY_SEARCH)).toBe("All companies");
  });

  it(`is cut to ${MAX_SAVED_SEARCH_NAME} characters with an ellipsis, and always a valid name`, () => {
    const long = defaultSavedSearchName({
      ...EMPTY_SEARCH,
      q: "x".repeat(150),
      industry: ["Artificial Intelligence", "Financial Services"],
    });
    expect([...long]).toHaveLength(MAX_SAVED_SEARCH_NAME);
    expect(long.endsWith("…")).toBe(true);
    expect(cleanSavedSearchName(long)).toEqual({ name: long });
    // Characters beyond the BMP count once, as the server counts them.
    const emoji = defaultSavedSearchName({ ...EMPTY_SEARCH, q: "🚀".repeat(100) });
    expect([...emoji]).toHaveLength(MAX_SAVED_SEARCH_NAME);
    expect(cleanSavedSearchName(emoji)).toEqual({ name: emoji });
  });
});
