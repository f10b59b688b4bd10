import { type SQL, sql } from "drizzle-orm";
import { CONTINENTS, COUNTRIES_BY_CONTINENT, type ContinentOrOther } from "~/core/continents";
import { FACET_KEYS, type Facet, facetBase, type SearchFacets } from "~/core/search-facets";
import {
  EMPTY_SEARCH,
  filtersOf,
  hasFilters,
  type MultiFilterKey,
  type SearchState,
} from "~/core/search-params";
import { EXACT_COUNT_TABLE_ROWS, roundEstimate, TRUSTED_ESTIMATE } from "~/core/search-plan";
import { cachedLru, cachedPerKey } from "../cache.server";
import type { Db } from "../db/database.server";
import { queryRows } from "../db/query-rows.server";
import { readDataVersion } from "./data-version.server";
import { estimatedTableRows } from "./search-count.server";
import { searchConditions, whereClause } from "./search-filters.server";
import { investorsById } from "./search-investors.server";

/** The rows a facet query reads: the whole table, or the 1% block sample the search's estimates use. */
const WHOLE = sql.raw("companies");
const SAMPLE = sql.raw("companies tablesample system (1) repeatable (7)");

/**
 * The option counts of several facets that share one base, from one pass over its rows: the rows are read
 * once (materialized), then grouped per facet. Each facet's grouping: the option values a company row
 * counts under. `total` is the number of rows read.
 */
function grouping(key: MultiFilterKey, led: boolean): SQL {
  switch (key) {
    // docs/product.md#filters: an industry option matches Industries or Industry Groups; a company counts once per option.
    case "industry":
      return sql`select 'industry' as facet, v as value, count(*)::int as n
      from m cross join lateral (select distinct unnest(industries || industry_groups) as v) u group by v`;
    case "stage":
      return sql`select 'stage' as facet, last_funding_type as value, count(*)::int as n from m
      where last_funding_type is not null group by last_funding_type`;
    case "location":
      return sql`select 'location' as facet, country as value, count(*)::int as n from m
      where country is not null group by country`;
    // decision 030: by investor id, or with 'led by' by the negated ids of leads; named by slug after.
    case "investor":
      return led
        ? sql`select 'investor' as facet, (-v)::text as value, count(*)::int as n
            from m cross join lateral unnest(investor_keys) v where v < 0 group by v`
        : sql`select 'investor' as facet, v::text as value, count(*)::int as n
            from m cross join lateral unnest(investor_keys) v where v > 0 group by v`;
  }
}

function groupedCounts(from: SQL, where: SQL, keys: readonly MultiFilterKey[], led: boolean): SQL {
  return sql`with m as materialized (
      select industries, industry_groups, last_funding_type, country, investor_keys from ${from} ${where}
    )
    ${sql.join(
      keys.map((key) => grouping(key, led)),
      sql` union all `,
    )}
    union all select 'total' as facet, null as value, count(*)::int as n from m`;
}

interface GroupRow extends Record<string, unknown> {
  facet: MultiFilterKey | "total";
  value: string | null;
  n: number;
}

const continentOfCountry = new Map<string, ContinentOrOther>(
  CONTINENTS.flatMap((continent) =>
    COUNTRIES_BY_CONTINENT[continent].map((country) => [country, continent] as const),
  ),
);

/**
 * The location facet is counted by country; a continent's count is the sum of its countries' (the search's
 * continent filter is exactly "country is one of these", and 'Other' is every country no continent lists).
 */
function locationCounts(rows: readonly GroupRow[], scale: (n: number) => number): Record<string, number> {
  const counts: Record<string, number> = {};
  const continents = new Map<string, number>();
  for (const row of rows) {
    if (row.value === null) continue;
    counts[`country:${row.value}`] = scale(row.n);
    const continent = continentOfCountry.get(row.value) ?? "Other";
    continents.set(continent, (continents.get(continent) ?? 0) + row.n);
  }
  for (const [continent, n] of continents) counts[`continent:${continent}`] = scale(n);
  return counts;
}

function countsOf(
  key: MultiFilterKey,
  rows: readonly GroupRow[],
  scale: (n: number) => number,
): Record<string, number> {
  if (key === "location") return locationCounts(rows, scale);
  const counts: Record<string, number> = {};
  for (const row of rows) if (row.value !== null) counts[row.value] = scale(row.n);
  return counts;
}

const exactly = (n: number) => n;
/** A sampled count as the search shows its estimates: times 100, two significant digits. */
const fromSample = (n: number) => roundEstimate(n * 100);

type FacetGroup = Partial<Record<MultiFilterKey, Facet>>;

function facetsOf(
  keys: readonly MultiFilterKey[],
  rows: readonly GroupRow[],
  scale: (n: number) => number,
  isApproximate: boolean,
): FacetGroup {
  const group: FacetGroup = {};
  for (const key of keys) {
    group[key] = {
      counts: countsOf(
        key,
        rows.filter((row) => row.facet === key),
        scale,
      ),
      isApproximate,
    };
  }
  return group;
}

/**
 * The counts of the facets `keys`, which share `base` (the conditions of the search without their own
 * filters). Small tables
 * are counted exactly. On a large one the 1% block sample answers first: a base it finds above
 * TRUSTED_ESTIMATE matches is counted from the sample (each count then equals the "about" total the search
 * shows for that option: the same sample, scaled and rounded the same way); a smaller base is counted
 * exactly.
 */
async function loadFacets(
  db: Db,
  keys: readonly MultiFilterKey[],
  base: SQL | undefined,
  led = false,
): Promise<FacetGroup> {
  const where = whereClause(base);
  const tableRows = await estimatedTableRows(db);
  if (tableRows > EXACT_COUNT_TABLE_ROWS) {
    const sampled = await queryRows<GroupRow>(db, groupedCounts(SAMPLE, where, keys, led));
    const total = sampled.find((row) => row.facet === "total")?.n ?? 0;
    if (total * 100 > TRUSTED_ESTIMATE) return facetsOf(keys, sampled, fromSample, true);
  }
  const rows = await queryRows<GroupRow>(db, groupedCounts(WHOLE, where, keys, led));
  return facetsOf(keys, rows, exactly, false);
}

// Like the search counts (search-count-cache.server.ts): 5 minutes at one data version; paging, sorting
// and reopening the filters reuse them. The day is in the key because the date filter's cutoff moves.
const facets = cachedLru<Db, FacetGroup>({ ttlMs: 5 * 60_000, maxEntries: 1_000 });

/**
 * The counts of every option over the whole table: what anyone opening the filters sees, and the base of a
 * facet whose filter is the only one set (any one-filter search). Counted once per data version for all three
 * facets together, like the filter options (catalog.server.ts), rather than once per facet combination in the
 * per-search cache, where 1,000 other searches could evict it: counting them is slow even on the demo data
 * (measured in decision 011).
 */
const wholeTable = cachedPerKey(5 * 60_000, (db: Db) =>
  loadFacets(db, FACET_KEYS, searchConditions(EMPTY_SEARCH, new Date())),
);
/**
 * The same with 'led by': the investor options count leads. 'Led by' without an investor filters nothing, so
 * this is the base of the investor facet whenever 'led by' and investors are the only filters, and is counted
 * once per data version too (decision 030, "Search at 1,000,000 with investors").
 */
const wholeTableLed = cachedPerKey(5 * 60_000, (db: Db) =>
  loadFacets(db, FACET_KEYS, searchConditions(EMPTY_SEARCH, new Date()), true),
);

function pick(group: FacetGroup, keys: readonly MultiFilterKey[]): FacetGroup {
  return Object.fromEntries(keys.map((key) => [key, group[key]]));
}

/**
 * docs/product.md#counts: the counts of every industry, stage and continent/country option, given the other filters.
 * Facets whose own filter is empty share one base (the search itself) and are counted in one pass.
 */
export async function searchFacets(db: Db, state: SearchState, today = new Date()): Promise<SearchFacets> {
  const version = await readDataVersion(db);
  const day = today.toISOString().slice(0, 10);
  const groups = new Map<string, { base: SearchState; keys: MultiFilterKey[] }>();
  for (const key of FACET_KEYS) {
    const base = facetBase(state, key);
    const baseKey = JSON.stringify([base.q, filtersOf(base), day]);
    const group = groups.get(baseKey) ?? { base, keys: [] };
    group.keys.push(key);
    groups.set(baseKey, group);
  }
  const counted = await Promise.all(
    [...groups.entries()].map(async ([baseKey, { base, keys }]) => {
      if (base.q === "" && !hasFilters({ ...base, led: "" })) {
        const whole = base.led === "1" ? wholeTableLed : wholeTable;
        return pick(await whole.get(db, version), keys);
      }
      const condition = searchConditions(base, today);
      const led = base.led === "1";
      return facets.get(db, JSON.stringify([keys, baseKey]), version, () =>
        loadFacets(db, keys, condition, led),
      );
    }),
  );
  const all = Object.assign({}, ...counted) as SearchFacets;
  all.investor = await namedInvestorFacet(db, all.investor, state.investor);
  return all;
}

/** The investor options a picker shows: the most frequent, and every chosen one. */
export const INVESTOR_FACET_OPTIONS = 50;

/**
 * The investor facet as counted is keyed by id; the picker names investors by slug and shows their names.
 * It keeps the INVESTOR_FACET_OPTIONS largest counts and the chosen investors (decision 030).
 */
async function namedInvestorFacet(db: Db, facet: Facet, chosen: readonly string[]): Promise<Facet> {
  const names = await investorsById(db);
  const ranked = Object.entries(facet.counts).sort(([, a], [, b]) => b - a);
  const counts: Record<string, number> = {};
  const labels: Record<string, string> = {};
  const chosenSet = new Set(chosen);
  ranked.forEach(([id, count], rank) => {
    const investor = names.get(Number(id));
    if (!investor || (rank >= INVESTOR_FACET_OPTIONS && !chosenSet.has(investor.slug))) return;
    counts[investor.slug] = count;
    labels[investor.slug] = investor.name;
  });
  return { ...facet, counts, labels };
}

/** Forgets this process's facet counts of searches (the search benchmark clears them before each run). */
export function invalidateSearchFacets(): void {
  facets.invalidate();
}

/** Forgets every facet count this process holds (invalidateCatalog calls it with the search counts). */
export function invalidateAllFacets(): void {
  facets.invalidate();
  wholeTable.invalidate();
  wholeTableLed.invalidate();
}
