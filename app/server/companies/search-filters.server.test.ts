import { PgDialect } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { EMPTY_SEARCH, FILTER_KEYS, type SearchState } from "~/core/search-params";
import { FILTER_SAMPLES } from "~tests/fixtures/filter-samples";
import { containsPattern, searchConditionParts, searchConditions } from "./search-filters.server";

const dialect = new PgDialect();
const TODAY = new Date("2026-11-24T12:00:00Z");

function whereOf(state: SearchState) {
  const condition = searchConditions(state, TODAY);
  return condition ? dialect.sqlToQuery(condition) : null;
}

describe("every filter key narrows the query that search, counts and export share", () => {
  it.each(FILTER_KEYS)("%s", (key) => {
    // 'led by' narrows the investor filter it belongs to (decision 030): compared with the investor alone.
    // A text query in both: the do-not-sell rule then takes one form whatever the filter (the row's flag).
    const text = { ...EMPTY_SEARCH, q: "cloud" };
    const base = key === "led" ? { ...text, investor: FILTER_SAMPLES.investor } : text;
    const unfiltered = whereOf(base);
    const filtered = whereOf({ ...base, [key]: FILTER_SAMPLES[key] });
    expect(filtered).not.toBeNull();
    // More SQL than the do-not-sell rule alone: the filter took part in the WHERE clause.
    expect(filtered?.sql.length).toBeGreaterThan(unfiltered?.sql.length ?? 0);
    expect(filtered?.sql).not.toBe(unfiltered?.sql);
  });
});

describe("text search pattern (docs/product.md#search)", () => {
  it("escapes %, _ and \\ and leaves the case to the database", () => {
    expect(containsPattern("İSTANBUL 100%_a\\b")).toBe("%İSTANBUL 100\\%\\_a\\\\b%");
  });

  it("is lowered by PostgreSQL, the same lower() that writes search_text", () => {
    const query = whereOf({ ...EMPTY_SEARCH, q: "İSTANBUL" });
    expect(query?.sql).toContain('"search_text" like normalize(lower($1::text), NFC)');
    expect(query?.params).toEqual(["%İSTANBUL%"]);
  });

  it("a continent that is an Object.prototype key matches nothing", () => {
    for (const name of ["toString", "__proto__", "constructor"]) {
      expect(() => whereOf({ ...EMPTY_SEARCH, location: [`continent:${name}`] })).not.toThrow();
      expect(whereOf({ ...EMPTY_SEARCH, location: [`continent:${name}`] })?.sql).toContain("false");
    }
  });
});

describe("broad continents with a text search", () => {
  it("are checked on the rows the text found rather than read from the country index", () => {
    const withText =
      whereOf({ ...EMPTY_SEARCH, q: "health", location: ["continent:North America"] })?.sql ?? "";
    expect(withText).toContain(") is true");
    const alone = whereOf({ ...EMPTY_SEARCH, location: ["continent:North America"] })?.sql ?? "";
    expect(alone).not.toContain("is true");
    const small = whereOf({ ...EMPTY_SEARCH, q: "health", location: ["continent:Oceania"] })?.sql ?? "";
    expect(small).not.toContain("is true");
  });
});

describe('the do-not-sell condition\'s form (decision 030, "Search at 1,000,000 with investors")', () => {
  const formOf = (state: SearchState) => {
    const { covered, uncovered } = searchConditionParts(state, TODAY);
    const text = (parts: typeof covered) => parts.map((part) => dialect.sqlToQuery(part).sql).join(" and ");
    return { covered: text(covered), uncovered: text(uncovered) };
  };

  it("is the flag, checked on the row, when any condition needs the row", () => {
    for (const state of [
      { ...EMPTY_SEARCH, q: "health" },
      { ...EMPTY_SEARCH, investor: ["miller-hill"], stage: ["Seed"] },
      { ...EMPTY_SEARCH, rounds: "6-plus" as const },
      { ...EMPTY_SEARCH, industry: ["SaaS"] },
      { ...EMPTY_SEARCH, location: ["San Francisco, California, United States"] },
    ]) {
      const { covered, uncovered } = formOf(state);
      expect(uncovered).toContain('not "companies"."suppressed"');
      expect(covered).not.toContain("suppressed_companies");
    }
  });

  it("is the anti-join, index-only, when every condition is covered", () => {
    for (const state of [
      EMPTY_SEARCH,
      { ...EMPTY_SEARCH, stage: ["Seed"], location: ["country:Germany"], amount: "1m-5m" as const },
    ]) {
      const { covered, uncovered } = formOf(state);
      expect(covered).toContain("suppressed_companies");
      expect(uncovered).toBe("");
    }
  });
});
