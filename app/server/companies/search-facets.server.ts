import { type SQL, sql } from "drizzle-orm";
import { CONTINENTS, COUNTRIES_BY_CONTINENT, type ContinentOrOther } from "~/core/continents";
import { FACET_KEYS, type Facet, facetBase, type SearchFacets } from "~/core/search-facets";
import { filtersOf, type MultiFilterKey, type SearchState } from "~/core/search-params";
import { cachedLru } from "../cache.server";
import type { Db } from "../db/database.server";
import { queryRows } from "../db/query-rows.server";
import { readDataVersion } from "./data-version.server";
import { estimatedTableRows } from "./search-count.server";
import { searchConditions, whereClause } from "./search-filters.server";
import { EXACT_COUNT_TABLE_ROWS, roundEstimate, TRUSTED_ESTIMATE } from "./search-plan";

/** The rows a facet query reads: the whole table, or the 1% block sample the search's estimates use. */
const WHOLE = sql.raw("companies");
const SAMPLE = sql.raw("companies tablesample system (1) repeatable (7)");

/** Each facet's grouping: the option values one company row counts under. */
const GROUPS: Readonly<Record<MultiFilterKey, (from: SQL, where: SQL) => SQL>> = {
  // spec 9: an industry option matches Industries or Industry Groups; a company counts once per option.
  industry: (from, where) =>
    sql`select v as value, count(*)::int as n
        from ${from} cross join lateral (select distinct unnest(industries || industry_groups) as v) u
        ${where} group by v`,
  stage: (from, where) =>
    sql`select last_funding_type as value, count(*)::int as n from ${from} ${where}
        and last_funding_type is not null group by last_funding_type`,
  location: (from, where) =>
    sql`select country as value, count(*)::int as n from ${from} ${where}
        and country is not null group by country`,
};

interface GroupRow extends Record<string, unknown> {
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

function countsOf(key: MultiFilterKey, rows: readonly GroupRow[], scale: (n: number) => number) {
  if (key === "location") return locationCounts(rows, scale);
  const counts: Record<string, number> = {};
  for (const row of rows) if (row.value !== null) counts[row.value] = scale(row.n);
  return counts;
}

const exactly = (n: number) => n;
/** A sampled count as the search shows its estimates: times 100, two significant digits. */
const fromSample = (n: number) => roundEstimate(n * 100);

async function exactFacet(db: Db, key: MultiFilterKey, condition: SQL | undefined): Promise<Facet> {
  const where = whereClause(condition ?? sql`true`);
  const rows = await queryRows<GroupRow>(db, GROUPS[key](WHOLE, where));
  return { counts: countsOf(key, rows, exactly), isApproximate: false };
}

/**
 * One facet's counts over `base` (the search without the facet's own filter). Small tables are counted
 * exactly. On a large one the 1% block sample answers first: a base it finds above TRUSTED_ESTIMATE
 * matches is counted from the sample (each count then equals the "about" total the search shows for that
 * option: the same sample, scaled and rounded the same way); a smaller base is counted exactly.
 */
async function loadFacet(db: Db, key: MultiFilterKey, base: SearchState, today: Date): Promise<Facet> {
  const condition = searchConditions(base, today);
  const tableRows = await estimatedTableRows(db);
  if (tableRows <= EXACT_COUNT_TABLE_ROWS) return exactFacet(db, key, condition);
  const where = whereClause(condition ?? sql`true`);
  const [sampled, [total]] = await Promise.all([
    queryRows<GroupRow>(db, GROUPS[key](SAMPLE, where)),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from ${SAMPLE} ${where}`),
  ]);
  if ((total?.n ?? 0) * 100 <= TRUSTED_ESTIMATE) return exactFacet(db, key, condition);
  return { counts: countsOf(key, sampled, fromSample), isApproximate: true };
}

// Like the search counts (search-count-cache.server.ts): 5 minutes at one data version; paging, sorting
// and reopening the filters reuse them. The day is in the key because the date filter's cutoff moves.
const facets = cachedLru<Db, Facet>({ ttlMs: 5 * 60_000, maxEntries: 1_000 });

/** Issue 15: the counts of every industry, stage and continent/country option, given the other filters. */
export async function searchFacets(db: Db, state: SearchState, today = new Date()): Promise<SearchFacets> {
  const version = await readDataVersion(db);
  const day = today.toISOString().slice(0, 10);
  const entries = await Promise.all(
    FACET_KEYS.map(async (key) => {
      const base = facetBase(state, key);
      const cacheKey = JSON.stringify([key, base.q, filtersOf(base), day]);
      return [key, await facets.get(db, cacheKey, version, () => loadFacet(db, key, base, today))] as const;
    }),
  );
  return Object.fromEntries(entries) as SearchFacets;
}

/** Forgets this process's facet counts (invalidateCatalog calls it with the search counts). */
export function invalidateSearchFacets(): void {
  facets.invalidate();
}
