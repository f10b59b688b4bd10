import { FRESH_VERIFICATION_DAYS } from "~/core/email-status";
import { type FilterOptions, groupCountriesByContinent, groupLocations } from "~/core/filter-options";
import { inStageOrder } from "~/core/funding-types";
import { cachedPerKey } from "../cache.server";
import type { Db } from "../db/database.server";
import { readDataVersion } from "./data-version.server";
import { invalidateSearchCounts } from "./search-count-cache.server";
import { invalidateAllFacets } from "./search-facets.server";
import { invalidateInvestorNames } from "./search-investors.server";
import { countCompanies, loadFilterOptionRows, recentFundingSum, verifiedEmailShare } from "./stats.server";

/** docs/product.md#limits: the last-funding total window is 90 days. */
export const RECENT_FUNDING_DAYS = 90;

export interface HomeStats {
  totalCompanies: number;
  recentFundingUsd: number;
  recentFundingDays: number;
}

async function loadHomeStats(db: Db): Promise<HomeStats> {
  const [totalCompanies, recentFundingUsd] = await Promise.all([
    countCompanies(db),
    recentFundingSum(db, RECENT_FUNDING_DAYS),
  ]);
  return { totalCompanies, recentFundingUsd, recentFundingDays: RECENT_FUNDING_DAYS };
}

async function loadFilterOptions(db: Db): Promise<FilterOptions> {
  const rows = await loadFilterOptionRows(db);
  return {
    industries: rows.industries,
    headquarters_regions: rows.headquartersRegions,
    // docs/product.md#filters: stages in the order companies raise them, then the other round types.
    funding_types: inStageOrder(rows.fundingTypes),
    headquarters_locations_grouped: groupLocations(rows.locations),
    continents: groupCountriesByContinent(new Set(rows.locations.map((row) => row.country))),
  };
}

// Both follow the data version (data-version.server.ts): a write in any process shows on the next read.
// The home page is the most visited page: its live figures may be a minute old, which now only covers the
// 90-day window moving on.
const homeStatsCache = cachedPerKey(60_000, loadHomeStats);
// docs/product.md#limits: search data is cached with a 5-minute stale time.
const filterOptionsCache = cachedPerKey(5 * 60_000, loadFilterOptions);

/**
 * decision 032: the share of the addresses shown checked valid within FRESH_VERIFICATION_DAYS (null: no
 * address), the figure the plans' 'Verified contact emails' states on every page that shows them. Counted
 * again every 10 minutes, not at each write: a verification run writes statuses every few seconds, and a
 * claim about 90 days does not move faster than that.
 */
const verifiedShareCache = cachedPerKey(10 * 60_000, (db: Db) =>
  verifiedEmailShare(db, FRESH_VERIFICATION_DAYS),
);

export async function getVerifiedEmailShare(db: Db): Promise<number | null> {
  return verifiedShareCache.get(db, "share");
}

/** `version`: the data version the caller read for this request (readDataVersion), else read here. */
export async function getHomeStats(db: Db, version?: string): Promise<HomeStats> {
  return homeStatsCache.get(db, version ?? (await readDataVersion(db)));
}

export async function getFilterOptions(db: Db): Promise<FilterOptions> {
  return filterOptionsCache.get(db, await readDataVersion(db));
}

/**
 * The one in-process entry point: drops this process's cached figures, filter options, search counts and facet counts
 * at once (callers: import, seed, do-not-sell). Every process, this one included, also drops them by the
 * data version, which any write to companies or suppressed_companies changes in its own transaction
 * (migration 0010's triggers): a writer that forgets to call this is still seen everywhere.
 */
export function invalidateCatalog(): void {
  homeStatsCache.invalidate();
  filterOptionsCache.invalidate();
  invalidateSearchCounts();
  invalidateAllFacets();
  invalidateInvestorNames();
}
