import type { SQL } from "drizzle-orm";
import type { SearchResult } from "~/core/company-card";
import { dateCutoff, dateOption } from "~/core/funding-filters";
import type { SearchState } from "~/core/search-params";
import { DEFAULT_SORT } from "~/core/search-sort";
import type { Db } from "../db/database.server";
import { readDataVersion } from "./data-version.server";
import { type CardRow, toCard } from "./search-card.server";
import {
  countMatches,
  estimatedCoveredRows,
  estimatedRowsSince,
  estimatedTableRows,
  type MatchCount,
  sampledEstimate,
  sampledParts,
} from "./search-count.server";
import { cachedCount, peekCount, storeCount } from "./search-count-cache.server";
import { searchConditionParts, searchConditions } from "./search-filters.server";
import { type PageSpec, pageByCoveringWalk, pageRows, pageWithTotal } from "./search-pages.server";
import {
  dateRangeWalk,
  EXACT_COUNT_TABLE_ROWS,
  hasCoveringIndex,
  isSelective,
  pageCountOf,
  readsWindowInOnePass,
  TRUSTED_ESTIMATE,
  walkFor,
  walksCoveringIndex,
} from "./search-plan";
import { readsCoveredTextParts, searchSource } from "./search-source.server";

// Tests and the search benchmark reach the count and its cache through this module.
export { countMatches } from "./search-count.server";
export { invalidateSearchCounts } from "./search-count-cache.server";
export { EXACT_COUNT_LIMIT } from "./search-plan";

export interface SearchOptions {
  /** spec 4: active access (pro, trialing or admin) sees full emails; everyone else gets them masked. */
  canSeeEmails: boolean;
  today?: Date;
  /** Tables up to this many rows get exact counts first (default 200,000); tests lower it. */
  smallTableRows?: number;
  /**
   * The data version the caller read for this request before anything else (readDataVersion), so a page
   * that also shows other cached figures reads it once; read here when absent.
   */
  version?: string;
}

/**
 * spec 7 "read companies": one count query and one page query, in the chosen order (spec 7's by default), 50 per page unless a subscriber chose 25 or 100. On a small
 * table the exact count comes first and picks the page's query shape; on a large one a 1% sample picks
 * it, and the count and the page run side by side on two connections.
 */
export async function searchCompanies(
  db: Db,
  state: SearchState,
  options: SearchOptions,
): Promise<SearchResult> {
  const today = options.today ?? new Date();
  const condition = searchConditions(state, today);
  // Where the matches are read from: the table, or for text with a stage its two covered parts.
  const source = searchSource(state);
  // The data version before any count: a count is stored under the version it is at least as new as.
  const [tableRows, version] = await Promise.all([
    estimatedTableRows(db),
    options.version ?? readDataVersion(db),
  ]);
  let count: MatchCount;
  let rows: CardRow[];
  let page = state.page;
  const { size, sort } = state;
  const spec = (at: number) => ({ page: at, size, sort });
  const small = tableRows <= (options.smallTableRows ?? EXACT_COUNT_TABLE_ROWS);
  // A deep page of a text search with no cached count (a shared link): one pass over the rows gives page
  // and total. Page 1 does better with the count and an index walk that stops after 50 matches, and
  // searches without text with an index-only count.
  const isDeepUncounted = small && state.q !== "" && page > 1 && !peekCount(db, version, state, today);
  // The count cache's key and version, and a one-pass reading of page and exact total that stores the total.
  const cache = { db, version, state, today, tableRows, source };
  const combined = isDeepUncounted && condition ? await pageAndCount(cache, condition, spec(page)) : null;
  if (combined) {
    // One pass over the matches gave the page and the exact total: the total is kept for the next page.
    ({ count, rows } = combined);
  } else if (small) {
    count = await cachedCount(db, version, state, today, () =>
      countMatches(db, condition, undefined, source),
    );
    page = Math.min(page, pageCountOf(count.total, size));
    // Past page 1 of a text search, reading the matches and sorting them beats walking the date index
    // through thousands of rows ('software' page 200, 17,555 rows on PGlite: 26 -> 21 ms).
    const readMatches = isSelective(count.total, tableRows, sort) || (state.q !== "" && page > 1);
    rows = count.total === 0 ? [] : await pageRows(db, condition, spec(page), readMatches, undefined, source);
  } else {
    // Issue 15: an amount or total order walks its covering index when that pays. With every condition
    // covered the planner, which knows those columns' statistics, chooses between the walk and reading the
    // matches, and the count runs beside it; otherwise the sample says how many rows the walk would visit.
    const parts = searchConditionParts(state, today);
    const covering = condition !== undefined && hasCoveringIndex(sort);
    const allCovered = covering && parts.uncovered.length === 0;
    const sampled = covering && !allCovered ? await sampledParts(db, parts) : undefined;
    if (condition && (allCovered || (sampled && walksCoveringIndex(sort, page * size, sampled)))) {
      [count, rows] = await Promise.all([
        cachedCount(db, version, state, today, () => countMatches(db, condition, sampled?.estimate, source)),
        pageByCoveringWalk(db, parts, spec(page)),
      ]);
      if (page > pageCountOf(count.total, size)) {
        page = pageCountOf(count.total, size);
        rows = await pageByCoveringWalk(db, parts, spec(page));
      }
      return resultOf(rows, count, page, size, options.canSeeEmails);
    }
    // This search's cached count (its next page, back and forward, the same search by someone else within
    // five minutes) says how many rows match at least as well as a 1% sample, and costs no query: the
    // sample ran on every page of a text search before ('health' on 1,000,000 rows: 5-7 ms of PostgreSQL).
    // A count still in flight (the same search started a moment ago) is waited for: its work is shared
    // rather than a sample repeated, and this page starts at most one count later.
    const cached = peekCount(db, version, state, today);
    // Text with a stage, its covered filters leaving a small window (readsWindowInOnePass): one pass over the
    // window gives page and exact total, for less than the sample would cost before the same pass.
    if (condition && !cached && !sampled && readsCoveredTextParts(state)) {
      const windowRows = await estimatedCoveredRows(db, version, parts.covered);
      const once = readsWindowInOnePass(windowRows) ? await pageAndCount(cache, condition, spec(page)) : null;
      if (once) return resultOf(once.rows, once.count, page, size, options.canSeeEmails);
    }
    const estimate =
      sampled?.estimate ??
      (condition ? (cached ? (await cached).total : await sampledEstimate(db, condition)) : tableRows);
    const selective = isSelective(estimate, tableRows, sort);
    // Matches that a date filter keeps among the newest rows: the date index may find the page faster than
    // reading them (dateRangeWalk). Not when the count must read every match anyway (a cold exact count):
    // one pass then gives both.
    const cutoff = state.date ? dateOption(state.date) : undefined;
    const countIsCheap = cached !== undefined || estimate > TRUSTED_ESTIMATE;
    const windowRows =
      condition && selective && sort === DEFAULT_SORT && cutoff && countIsCheap
        ? await estimatedRowsSince(db, version, dateCutoff(cutoff, today))
        : undefined;
    const walkAt = (at: number) =>
      (windowRows === undefined ? null : dateRangeWalk(at * size, estimate, windowRows, tableRows)) ??
      walkFor(at, estimate, tableRows, size);
    const readMatches = (at: number) =>
      selective &&
      (windowRows === undefined || dateRangeWalk(at * size, estimate, windowRows, tableRows) === null);
    // A selective search whose count is not cached: the page and the exact total from one pass over the
    // matches, rather than a count and a page query that each gather the same rows ('health' + Series A +
    // North America + last year on 1,000,000 rows: two bitmap scans of ~13,000 heap blocks side by side).
    const once =
      condition && readMatches(page) && !cached ? await pageAndCount(cache, condition, spec(page)) : null;
    if (once) return resultOf(once.rows, once.count, page, size, options.canSeeEmails);
    [count, rows] = await Promise.all([
      cachedCount(db, version, state, today, () => countMatches(db, condition, estimate, source)),
      pageRows(db, condition, spec(page), readMatches(page), walkAt(page), source),
    ]);
    if (page > pageCountOf(count.total, size)) {
      page = pageCountOf(count.total, size);
      rows = await pageRows(db, condition, spec(page), readMatches(page), walkAt(page), source);
    }
  }
  return resultOf(rows, count, page, size, options.canSeeEmails);
}

interface CountCacheKey {
  db: Db;
  version: string;
  state: SearchState;
  today: Date;
  tableRows: number;
  /** Where the matches are read from (searchSource). */
  source: SQL;
}

/**
 * The page and the exact total from one pass over the matches (pageWithTotal), the total stored as the
 * search's count; null when the page lies past the last match (the caller counts and clamps then).
 */
async function pageAndCount(
  { db, version, state, today, tableRows, source }: CountCacheKey,
  condition: SQL,
  page: PageSpec,
): Promise<{ rows: CardRow[]; count: MatchCount } | null> {
  const { rows, total } = await pageWithTotal(db, condition, page, source);
  if (total === null) return null;
  const count = await storeCount(
    db,
    version,
    state,
    today,
    Promise.resolve({ total, isApproximate: false, tableRows }),
  );
  return { rows, count };
}

function resultOf(
  rows: CardRow[],
  count: MatchCount,
  page: number,
  size: number,
  canSeeEmails: boolean,
): SearchResult {
  return {
    companies: rows.map((row) => toCard(row, canSeeEmails)),
    total: count.total,
    isTotalApproximate: count.isApproximate,
    page,
    pageSize: size,
    pageCount: pageCountOf(count.total, size),
  };
}
