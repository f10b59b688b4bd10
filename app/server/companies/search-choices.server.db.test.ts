import { sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { countriesOfContinent } from "~/core/continents";
import { FACET_KEYS } from "~/core/search-facets";
import { EMPTY_SEARCH, type MultiFilterKey, type SearchState, withChange } from "~/core/search-params";
import { SORT_OPTIONS } from "~/core/search-sort";
import { setUpTestDatabase } from "~tests/fixtures/database";
import { company } from "~tests/fixtures/factories";
import { queryRows } from "../db/query-rows.server";
import { companies } from "../db/schema";
import { seedCompanies } from "../demo-data/seed.server";
import { invalidateSearchCounts, searchCompanies } from "./search.server";
import { invalidateAllFacets, searchFacets } from "./search-facets.server";
import { searchConditionParts, searchConditions } from "./search-filters.server";
import { searchOrder } from "./search-order.server";
import { pageByCoveringWalk } from "./search-pages.server";

/**
 * docs/product.md#filters on both databases: several values per filter (OR within, AND across), the option counts of
 * the pickers, and every sort order (empty values last, stable pages).
 */
const database = setUpTestDatabase({ reset: "file" });
const TODAY = new Date("2026-11-21T12:00:00Z");
const SEEDED = 400;

beforeAll(async () => {
  await seedCompanies(database.db, { count: SEEDED, today: TODAY });
  await database.db.insert(companies).values([
    company("Multi Berlin Seed", {
      industries: ["SaaS"],
      lastFundingType: "Seed",
      city: "Berlin",
      region: "Berlin",
      country: "Germany",
      headquartersLocation: "Berlin, Berlin, Germany",
    }),
    company("Multi Paris A", {
      industries: ["FinTech"],
      lastFundingType: "Series A",
      city: "Paris",
      region: "Ile-de-France",
      country: "France",
      headquartersLocation: "Paris, Ile-de-France, France",
    }),
    company("Multi Tokyo B", {
      industryGroups: ["SaaS"],
      lastFundingType: "Series B",
      city: "Tokyo",
      region: "Tokyo",
      country: "Japan",
      headquartersLocation: "Tokyo, Tokyo, Japan",
    }),
    // Companies without an amount, a total or a date: every order puts them last.
    company("Empty One", { lastFundingAmountUsd: null, totalFundingAmountUsd: null, lastFundingDate: null }),
    company("Empty Two", { lastFundingAmountUsd: null, totalFundingAmountUsd: null, lastFundingDate: null }),
  ]);
});
beforeEach(() => {
  invalidateSearchCounts();
  invalidateAllFacets();
});

function search(state: Partial<SearchState>) {
  return searchCompanies(database.db, { ...EMPTY_SEARCH, ...state }, { canSeeEmails: true, today: TODAY });
}

async function names(state: Partial<SearchState>): Promise<string[]> {
  return (await search({ size: 100, ...state })).companies.map((card) => card.organizationName);
}

async function totalOf(state: Partial<SearchState>): Promise<number> {
  return (await search(state)).total;
}

describe("multi-select filters: OR within a filter, AND across filters", () => {
  it("matches any of a filter's values", async () => {
    const multi = (name: string) => name.startsWith("Multi");
    expect((await names({ stage: ["Seed", "Series A"], q: "multi" })).filter(multi).sort()).toEqual([
      "Multi Berlin Seed",
      "Multi Paris A",
    ]);
    expect((await names({ location: ["country:France", "country:Japan"], q: "multi" })).sort()).toEqual([
      "Multi Paris A",
      "Multi Tokyo B",
    ]);
    // Industry matches Industries or Industry Groups, for any chosen value.
    expect((await names({ industry: ["SaaS", "FinTech"], q: "multi" })).sort()).toEqual([
      "Multi Berlin Seed",
      "Multi Paris A",
      "Multi Tokyo B",
    ]);
  });

  it("totals add up: OR of two stages is the sum of each, AND across filters narrows", async () => {
    const seed = await totalOf({ stage: ["Seed"] });
    const seriesA = await totalOf({ stage: ["Series A"] });
    expect(seed).toBeGreaterThan(0);
    expect(seriesA).toBeGreaterThan(0);
    expect(await totalOf({ stage: ["Seed", "Series A"] })).toBe(seed + seriesA);
    const both = await totalOf({ stage: ["Seed", "Series A"], location: ["continent:Europe"] });
    const [expected] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from companies
          where last_funding_type in ('Seed', 'Series A')
          and country = any(${sql.param([...(countriesOfContinent("Europe") ?? [])])}::text[])`,
    );
    expect(both).toBeGreaterThan(0);
    expect(both).toBe(expected?.n);
  });
});

describe("a text search with a broad continent", () => {
  it("finds exactly the companies that match both", async () => {
    const total = await totalOf({ q: "a", location: ["continent:Europe", "continent:Asia"] });
    const countries = [...(countriesOfContinent("Europe") ?? []), ...(countriesOfContinent("Asia") ?? [])];
    const [expected] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from companies
          where search_text like '%a%' and country = any(${sql.param(countries)}::text[])`,
    );
    expect(total).toBeGreaterThan(0);
    expect(total).toBe(expected?.n);
  });
});

describe("the investor and rounds filters (decision 030)", () => {
  it("finds the companies an investor backed, led, and those with a number of rounds", async () => {
    const [top] = await queryRows<{ id: number; slug: string; backed: number; led: number }>(
      database.db,
      sql`select i.id, i.slug,
            (select count(*)::int from companies c where i.id = any(c.investor_keys)) as backed,
            (select count(*)::int from companies c where -i.id = any(c.investor_keys)) as led
          from investors i order by backed desc, id limit 1`,
    );
    if (!top) throw new Error("no investor");
    expect(top.backed).toBeGreaterThan(top.led);
    expect(top.led).toBeGreaterThan(0);
    expect(await totalOf({ investor: [top.slug] })).toBe(top.backed);
    expect(await totalOf({ investor: [top.slug], led: "1" })).toBe(top.led);
    // An unknown investor matches nothing, alone; beside a known one it adds nothing.
    expect(await totalOf({ investor: ["no-such-investor"] })).toBe(0);
    expect(await totalOf({ investor: [top.slug, "no-such-investor"] })).toBe(top.backed);
    const [rounds] = await queryRows<{ two: number; many: number }>(
      database.db,
      sql`select count(*) filter (where funding_round_count = 2)::int as two,
                 count(*) filter (where funding_round_count >= 6)::int as many from companies`,
    );
    expect(await totalOf({ rounds: "2" })).toBe(rounds?.two);
    expect(await totalOf({ rounds: "6-plus" })).toBe(rounds?.many);
  });
});

describe("facet counts (the pickers' option counts)", () => {
  const bases: Array<[string, Partial<SearchState>]> = [
    ["no filter", {}],
    ["a text query", { q: "data" }],
    ["a stage and a date", { stage: ["Seed"], date: "1y" }],
    ["two industries and a continent", { industry: ["SaaS", "FinTech"], location: ["continent:Europe"] }],
    // decision 030: 'led by' counts each investor's led rounds; the rounds filter narrows every facet.
    ["'led by' and a date", { led: "1", date: "1y" }],
    ["a number of rounds", { rounds: "2" }],
  ];

  it.each(bases)(
    "given %s, each option's count is the total the search returns with it",
    async (_label, partial) => {
      const state: SearchState = { ...EMPTY_SEARCH, ...partial };
      const facets = await searchFacets(database.db, state, TODAY);
      let checked = 0;
      for (const key of FACET_KEYS) {
        const facet = facets[key];
        expect(facet.isApproximate).toBe(false);
        const options = Object.entries(facet.counts);
        expect(options.length).toBeGreaterThan(0);
        // The option alone in its filter (the facet ignores the filter's own values).
        for (const [value, count] of options.slice(0, 6)) {
          const withOption = withChange(state, { [key]: [value] } as Partial<
            Record<MultiFilterKey, string[]>
          >);
          expect({ key, value, count }).toEqual({ key, value, count: await totalOf(withOption) });
          checked += 1;
        }
      }
      expect(checked).toBeGreaterThan(6);
    },
  );

  it("counts continents as the sum of their countries and names only options that match", async () => {
    const facets = await searchFacets(database.db, EMPTY_SEARCH, TODAY);
    const counts = facets.location.counts;
    expect(counts["continent:Asia"]).toBe(await totalOf({ location: ["continent:Asia"] }));
    expect(counts["country:Japan"]).toBeGreaterThan(0);
    expect(Object.values(facets.stage.counts).every((count) => count > 0)).toBe(true);
    // A stage facet ignores the stage filter but keeps the others.
    const seedOnly = await searchFacets(
      database.db,
      { ...EMPTY_SEARCH, stage: ["Seed"], location: ["country:Japan"] },
      TODAY,
    );
    expect(seedOnly.stage.counts["Series B"]).toBe(
      await totalOf({ stage: ["Series B"], location: ["country:Japan"] }),
    );
  });

  it("keeps the whole table's counts once per data version: a write shows at once, with no cache cleared", async () => {
    const before = await searchFacets(database.db, EMPTY_SEARCH, TODAY);
    // A one-filter search's own facet is counted over the whole table: the same counts.
    const stageOnly = await searchFacets(database.db, { ...EMPTY_SEARCH, stage: ["Seed"] }, TODAY);
    expect(stageOnly.stage).toEqual(before.stage);
    expect(before.industry.counts.Zymurgy).toBeUndefined();
    const [added] = await database.db
      .insert(companies)
      .values(company("Facet Newcomer", { industries: ["Zymurgy"], lastFundingType: "Seed" }))
      .returning({ id: companies.id });
    try {
      const after = await searchFacets(database.db, EMPTY_SEARCH, TODAY);
      expect(after.industry.counts.Zymurgy).toBe(1);
      expect(after.stage.counts.Seed).toBe((before.stage.counts.Seed ?? 0) + 1);
    } finally {
      await database.db.execute(sql`delete from companies where id = ${added?.id ?? 0}`);
    }
  });
});

const NULLABLE_COLUMN = {
  date: "last_funding_date",
  amount: "last_funding_amount_usd",
  total: "total_funding_amount_usd",
} as const;

describe("sort orders", () => {
  it.each(SORT_OPTIONS.map((option) => [option.value, option.field]))(
    "%s: pages are disjoint, cover every company, and empty values come last",
    async (sort, field) => {
      const seen: string[] = [];
      const first = await search({ sort, size: 25 });
      for (let page = 1; page <= first.pageCount; page += 1) {
        const result = page === 1 ? first : await search({ sort, size: 25, page });
        seen.push(...result.companies.map((card) => card.slug));
      }
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen.length).toBe(first.total);
      if (field !== "name") {
        const column = sql.raw(NULLABLE_COLUMN[field as keyof typeof NULLABLE_COLUMN]);
        const empty = await queryRows<{ slug: string }>(
          database.db,
          sql`select slug from companies where ${column} is null`,
        );
        expect(empty.length).toBeGreaterThanOrEqual(2);
        expect(seen.slice(-empty.length).sort()).toEqual(empty.map((row) => row.slug).sort());
      }
    },
  );

  it("orders by each key, then by id in the same direction", async () => {
    for (const option of SORT_OPTIONS) {
      const cards = (await search({ sort: option.value, size: 100 })).companies;
      const key =
        option.field === "name" ? sql.raw(`name_key collate "C"`) : sql.raw(NULLABLE_COLUMN[option.field]);
      const direction = sql.raw(option.direction);
      const expected = await queryRows<{ slug: string }>(
        database.db,
        sql`select slug from companies order by ${key} ${direction} nulls last, id ${direction} limit 100`,
      );
      expect(cards.map((card) => card.slug)).toEqual(expected.map((row) => row.slug));
    }
    const amounts = (await search({ sort: "amount-desc", size: 100 })).companies.map(
      (card) => card.lastFundingAmountUsd ?? -1,
    );
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
  });

  it("walks the amount and total indexes to the same pages as a plain sorted query", async () => {
    const cases: Array<[string, Partial<SearchState>]> = [
      ["text and stages, by amount", { q: "a", stage: ["Seed", "Series A"], sort: "amount-desc" }],
      [
        "industries and a continent, least total, page 2",
        {
          industry: ["SaaS", "FinTech", "Artificial Intelligence (AI)"],
          location: ["continent:North America"],
          sort: "total-asc",
          page: 2,
          size: 25,
        },
      ],
      [
        "covered filters only, by total",
        { stage: ["Seed", "Series B"], amount: "1m-5m", sort: "total-desc" },
      ],
      [
        "a city (uncovered) and a date, smallest amount",
        { location: ["San Francisco, California, United States"], date: "1y", sort: "amount-asc" },
      ],
    ];
    for (const [label, partial] of cases) {
      const state: SearchState = { ...EMPTY_SEARCH, ...partial };
      const parts = searchConditionParts(state, TODAY);
      const walked = await pageByCoveringWalk(database.db, parts, state);
      const where = searchConditions(state, TODAY);
      const expected = await queryRows<{ id: number }>(
        database.db,
        sql`select id from companies where ${where} order by ${searchOrder(state.sort)}
            limit ${state.size} offset ${(state.page - 1) * state.size}`,
      );
      expect(expected.length, label).toBeGreaterThan(0);
      expect({ label, ids: walked.map((row) => row.id) }).toEqual({
        label,
        ids: expected.map((row) => row.id),
      });
    }
  });

  it("sorts names case-insensitively (A to Z and back)", async () => {
    const az = (await search({ sort: "name-asc", size: 100 })).companies.map((card) =>
      card.organizationName.toLowerCase(),
    );
    expect(az).toEqual([...az].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });
});
