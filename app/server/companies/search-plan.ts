import { maxPageFor, PAGE_SIZE } from "~/core/search-params";
import { DEFAULT_SORT, type SortValue } from "~/core/search-sort";

/**
 * The figures and rules that choose how a search is counted and how its page is read (decision 005).
 * Pure arithmetic; the queries live in search-count.server.ts and search-pages.server.ts.
 */

/** Counts are exact up to here on any table (issue 5: "exact up to at least 1,000"). */
export const EXACT_COUNT_LIMIT = 10_000;
/**
 * On a large table a 1% block sample over this many matches (30 or more sampled rows) is shown as "about …"
 * without an exact count: a search with at most 1,000 matches would sample 10 on average, and reaching 30 is
 * vanishingly unlikely (Poisson), so counts stay exact up to 1,000 (issue 5). Counting a few thousand
 * matches exactly costs a heap visit per trigram candidate: 286 ms for 'machine learning' on 1,000,000 rows
 * (34,056 candidates, 5,679 matches), against 11 ms for the sample.
 */
export const TRUSTED_ESTIMATE = 3_000;
/** Tables up to this size always get exact counts (an exact count costs a few ms there). */
export const EXACT_COUNT_TABLE_ROWS = 200_000;
/**
 * A walk of the date index stops after this many rows at most; deeper walks are left to the planner.
 * (200,000 rows of the index in order cost ~60 ms on the server.)
 */
export const MAX_WALK_ROWS = 200_000;

/**
 * A search is selective when its matches are under 0.5% of the table (or under 500): the page is then read
 * from the matching rows (a materialized CTE) instead of walking the date index, which the planner
 * otherwise does for rare terms, filtering row by row (the trap in stack-notes.md). Above that, walking the
 * date index finds 50 matches within a few thousand entries.
 *
 * Other orders (issue 15) read up to 5% of the table as matches. Their indexes do not follow the table's
 * physical order, so each row a walk reads is a random heap visit, and the filters people combine with them
 * are correlated with the key (an amount range or an early stage has few of the largest totals):
 * 'Europe + $5M-$10M by total funding' walked 6,060 rows of the total index without one match (68 ms)
 * before falling back, where reading its 33,000 matches and keeping the top 50 takes a bitmap scan. (On a
 * large table the amount and total orders first try their covering indexes: walksCoveringIndex.)
 */
export function isSelective(matches: number, tableRows: number, sort: SortValue = DEFAULT_SORT): boolean {
  return matches <= Math.max(500, tableRows / (sort === DEFAULT_SORT ? 200 : 20));
}

/** The orders whose indexes carry the covered filters (schema.ts): amount and total, either direction. */
export function hasCoveringIndex(sort: SortValue): boolean {
  return sort.startsWith("amount-") || sort.startsWith("total-");
}

/**
 * Issue 15: whether a page in an amount or total order is read by walking that order's covering index (its
 * entries check the covered filters; each entry that passes them costs a table visit to check the rest)
 * rather than by reading every match and sorting. The walk visits about `pageEnd * covered / matches`
 * rows for the rest; reading the matches visits each of them, at a fifth of a walk's per-row cost (a bitmap
 * scan reads them in table order). 'health' + Seed or Series A by amount (1,000,000 rows): 47,707 matches
 * read and sorted in 185 ms, or 427 rows visited by the walk.
 */
export function walksCoveringIndex(
  sort: SortValue,
  pageEnd: number,
  { estimate, coveredEstimate }: { estimate: number; coveredEstimate: number },
): boolean {
  if (!hasCoveringIndex(sort) || estimate <= TRUSTED_ESTIMATE) return false;
  const visits = (pageEnd * coveredEstimate) / estimate;
  return visits * 5 <= estimate;
}

/**
 * Issue 15: a text search with a stage filter whose stage, place, amount and date leave at most this many
 * rows (the planner's estimate) reads them in one pass for its page and exact total, without the 1% sample
 * first: searchSource's covering index matches the text in its entries, so the pass costs what the window's
 * size says, whatever the text. 'health' + Series A + North America + last year on 1,000,000 rows: a window
 * of 26,000 rows, read in 15-18 ms; the sample took 5.5 ms more before it. 60,000 rows take about 25 ms.
 */
export const ONE_PASS_WINDOW_ROWS = 60_000;

/** Whether a window of `windowRows` (ONE_PASS_WINDOW_ROWS) is read in one pass. */
export function readsWindowInOnePass(windowRows: number): boolean {
  return windowRows <= ONE_PASS_WINDOW_ROWS;
}

/** How far a page query may walk the date index: `rows` entries of a table of about `tableRows`. */
export interface IndexWalk {
  rows: number;
  tableRows: number;
}

/** Rows of the date index to walk for a page, from the sampled match rate, with a fourfold margin. */
export function walkFor(page: number, estimate: number, tableRows: number, size = PAGE_SIZE): IndexWalk {
  const rate = Math.max(estimate, 1) / Math.max(tableRows, 1);
  return { rows: Math.ceil((page * size * 4) / Math.min(rate, 1)), tableRows };
}

/**
 * The walk for a date-ordered page of a search with a date filter, when it pays; null otherwise. Every match
 * lies among the `rangeRows` newest rows, which the date index holds in order, so a walk from the newest
 * finds a page ending at `pageEnd` after about `pageEnd x rangeRows / matches` entries, each a table visit.
 * Reading the matches visits each of them, in table order, at about a fifth of a walk's cost per row (as in
 * walksCoveringIndex), plus the index scans that gather them. 'SaaS' in the last 30 days on 1,000,000 rows:
 * 3,651 matches among 28,243 rows; reading them took 28 ms (the industry index alone gives 129,000 SaaS
 * rows), the walk visits about 390 entries, in about 1 ms. The fence is four times that many (walkFor's margin).
 */
export function dateRangeWalk(
  pageEnd: number,
  estimate: number,
  rangeRows: number,
  tableRows: number,
): IndexWalk | null {
  if (estimate <= 0 || rangeRows <= 0) return null;
  const visits = (pageEnd * Math.max(rangeRows, estimate)) / estimate;
  if (visits * 5 > estimate) return null;
  return { rows: Math.ceil(visits * 4), tableRows };
}

/** Two significant digits: 66,412 -> 66,000. */
export function roundEstimate(value: number): number {
  if (value < 100) return Math.round(value);
  const magnitude = 10 ** (Math.floor(Math.log10(value)) - 1);
  return Math.round(value / magnitude) * magnitude;
}

/** Pages a total fills at `size` a page, at least 1 and at most the last page that size reaches. */
export function pageCountOf(total: number, size = PAGE_SIZE): number {
  return Math.min(Math.max(Math.ceil(total / size), 1), maxPageFor(size));
}
