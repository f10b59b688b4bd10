import { type SQL, sql } from "drizzle-orm";
import type { LpFilterPanelData } from "~/core/lp-card";
import {
  countryValue,
  type LpMultiFilterKey,
  type LpSearchState,
  lpActiveFilterCount,
  regionValue,
} from "~/core/lp-search-params";
import { lpRegionOf } from "~/core/lp-types";
import type { Facet } from "~/core/search-facets";
import { cachedLru } from "../cache.server";
import { readDataVersion } from "../companies/data-version.server";
import type { Db } from "../db/database.server";
import { queryRows } from "../db/query-rows.server";
import { lpConditionsWithout, lpWhere } from "./lp-search-filters.server";

/** What each facet groups by: a column, or the elements of an array column. */
const GROUPED: Record<Exclude<LpMultiFilterKey, "location">, SQL> = {
  type: sql.raw("type"),
  asset: sql.raw("unnest(asset_classes)"),
  stage: sql.raw("unnest(stage_focus)"),
  sector: sql.raw("unnest(sector_focus)"),
};

// The counts with no filter at all are the same for everyone until the data changes: kept per data version.
const wholeTable = cachedLru<Db, LpFilterPanelData>({ ttlMs: 5 * 60_000, maxEntries: 1 });

/**
 * Issue 17: the /lps filter panel's data. Option counts of every multi-select filter given the others (the
 * counts /search shows, exact here: 100,000 LPs group in milliseconds), and the countries to pick from.
 */
export async function lpFilterPanelData(db: Db, state: LpSearchState): Promise<LpFilterPanelData> {
  const version = await readDataVersion(db);
  const all = await wholeTable.get(db, "all", version, () => panelDataFor(db, { ...state, ...noFilters }));
  if (lpActiveFilterCount(state) === 0 && state.q === "") return all;
  const filtered = await panelDataFor(db, state);
  return { countries: all.countries, facets: filtered.facets };
}

const noFilters = {
  q: "",
  type: [],
  location: [],
  asset: [],
  stage: [],
  sector: [],
  aum: "",
  check: "",
  emerging: "",
  firstTime: "",
} as const satisfies Partial<LpSearchState>;

async function panelDataFor(db: Db, state: LpSearchState): Promise<LpFilterPanelData> {
  // One query at a time: the embedded database runs them one after the other anyway, and a server's pool
  // is shared with every other request.
  const type = await grouped(db, GROUPED.type, lpConditionsWithout(state, "type"));
  const asset = await grouped(db, GROUPED.asset, lpConditionsWithout(state, "asset"));
  const stage = await grouped(db, GROUPED.stage, lpConditionsWithout(state, "stage"));
  const sector = await grouped(db, GROUPED.sector, lpConditionsWithout(state, "sector"));
  const byCountry = await grouped(db, sql.raw("country"), lpConditionsWithout(state, "location"));
  const location: Record<string, number> = {};
  for (const [country, count] of Object.entries(byCountry)) {
    location[countryValue(country)] = count;
    const region = lpRegionOf(country);
    if (region) location[regionValue(region)] = (location[regionValue(region)] ?? 0) + count;
  }
  const exact = (counts: Record<string, number>): Facet => ({ counts, isApproximate: false });
  return {
    countries: Object.keys(byCountry).sort((a, b) => a.localeCompare(b)),
    facets: {
      type: exact(type),
      location: exact(location),
      asset: exact(asset),
      stage: exact(stage),
      sector: exact(sector),
    },
  };
}

async function grouped(db: Db, value: SQL, conditions: SQL[]): Promise<Record<string, number>> {
  const rows = await queryRows<{ value: string | null; count: number }>(
    db,
    sql`select ${value} as value, count(*)::int as count from lps ${lpWhere(conditions)} group by 1`,
  );
  const counts: Record<string, number> = {};
  for (const row of rows) if (row.value !== null) counts[row.value] = row.count;
  return counts;
}
