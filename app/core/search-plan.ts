import { type DateOption, dateOption } from "./funding-filters";
import { maxPageFor, PAGE_SIZE, type SearchState } from "./search-params";
import { DEFAULT_SORT, type SortValue } from "./search-sort";

/**
 * The figures and rules that choose how a search is counted and how its page is read (decisions 005 and
 * 011), and choosePlan, which applies them to one search (decision 021). Pure: the queries live in
 * server/companies (search-count.server.ts, search-pages.server.ts), and search.server.ts gathers what
 * choosePlan asks for and runs the plan it returns.
 */

/** Counts are exact up to here on any table (docs/product.md#counts: "exact up to at least 1,000"). */
export const EXACT_COUNT_LIMIT = 10_000;
/**
 * On a large table a 1% block sample over this many matches (30 or more sampled rows) is shown as "about …"
 * without an exact count: a search with at most 1,000 matches would sample 10 on average, and reaching 30 is
 * vanishingly unlikely (Poisson), so counts stay exact up to 1,000 (docs/product.md#counts). Counting a few thousand
 * matches exactly costs a heap visit per trigram candidate, many times what the sample costs (measured in
 * decision 005).
 */
export const TRUSTED_ESTIMATE = 3_000;
/** Tables up to this size always get exact counts (an exact count costs a few ms there). */
export const EXACT_COUNT_TABLE_ROWS = 200_000;
/**
 * A walk of the date index stops after this many rows at most; deeper walks are left to the planner.
 * (A walk that long is already slow on the server: measured in decision 005.)
 */
export const MAX_WALK_ROWS = 200_000;

/**
 * A search is selective when its matches are under 0.5% of the table (or under 500): the page is then read
 * from the matching rows (a materialized CTE) instead of walking the date index, which the planner
 * otherwise does for rare terms, filtering row by row (the planner trap measured in decision 005). Above that, walking the
 * date index finds 50 matches within a few thousand entries.
 *
 * Other orders (decision 011) read up to 5% of the table as matches. Their indexes do not follow the table's
 * physical order, so each row a walk reads is a random heap visit, and the filters people combine with them
 * are correlated with the key (an amount range or an early stage has few of the largest totals):
 * 'Europe + $5M-$10M by total funding' walked thousands of rows of the total index without one match
 * before falling back, where reading its matches and keeping the top 50 takes a bitmap scan (measured in
 * decision 011). (On a large table the amount and total orders first try their covering indexes:
 * walksCoveringIndex.)
 */
export function isSelective(matches: number, tableRows: number, sort: SortValue = DEFAULT_SORT): boolean {
  return matches <= Math.max(500, tableRows / (sort === DEFAULT_SORT ? 200 : 20));
}

/** The orders whose indexes carry the covered filters (schema.ts): amount and total, either direction. */
export function hasCoveringIndex(sort: SortValue): boolean {
  return sort.startsWith("amount-") || sort.startsWith("total-");
}

/**
 * Decision 011: whether a page in an amount or total order is read by walking that order's covering index (its
 * entries check the covered filters; each entry that passes them costs a table visit to check the rest)
 * rather than by reading every match and sorting. The walk visits about `pageEnd * covered / matches`
 * rows for the rest; reading the matches visits each of them, at a fifth of a walk's per-row cost (a bitmap
 * scan reads them in table order). For 'health' + Seed or Series A by amount the walk visits a few hundred
 * rows where reading the matches sorts tens of thousands (measured in decision 011).
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
 * Decision 011: a text search with a stage filter whose stage, place, amount and date leave at most this many
 * rows (the planner's estimate) reads them in one pass for its page and exact total, without the 1% sample
 * first: searchSource's covering index matches the text in its entries, so the pass costs what the window's
 * size says, whatever the text, and the sample would only add its own time before it (measured in decision
 * 011).
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
 * walksCoveringIndex), plus the index scans that gather them, which can yield far more rows than match
 * ('SaaS' in the last 30 days, measured in decision 011). The fence is four times the walk's visits
 * (walkFor's margin).
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

/** The number of a search's matches, and the table size it was judged against. */
export interface MatchCount {
  total: number;
  /** True when `total` is an estimate ("about 66,000"). */
  isApproximate: boolean;
  tableRows: number;
}

/** From one 1% block sample: a search's estimated matches, and the rows its covered conditions alone pass. */
export interface SampledParts {
  estimate: number;
  coveredEstimate: number;
}

/**
 * Whether a search reads its matches from the two covered parts of the table (searchSource, migration
 * 0025): a text search with a stage filter, whose text companies_stage_date_text_idx can match in its entries.
 */
export function readsCoveredTextParts(state: Pick<SearchState, "q" | "stage">): boolean {
  return state.q !== "" && state.stage.length > 0;
}

// The plan (decision 021): choosePlan takes a search and the facts gathered so far, and returns either the
// plan or the one fact it lacks; search.server.ts gathers that fact (one query, or the count cache) and asks
// again, then runs the plan. Each decision is made here once, in the order below.

/** What choosePlan needs to know of a search besides its state (which holds its text, filters, order and page). */
export interface PlanSearch {
  state: SearchState;
  /**
   * Whether some condition needs the table's row (ConditionParts.uncovered: the text, industries, a city or
   * region): an amount or total index's entries cannot check it, so a walk of that index looks rows up.
   */
  hasUncoveredConditions: boolean;
  /** Tables of up to this many rows are counted exactly before the page is read (EXACT_COUNT_TABLE_ROWS). */
  smallTableRows: number;
}

/**
 * What is known when the plan is chosen. The first two are read for every search; the others only when
 * choosePlan asks for them (FactNeeded), because each costs a query on some paths.
 */
export interface PlanFacts {
  /** The planner's figure for the table's size (pg_class). */
  tableRows: number;
  /** Whether the search's count is in the count cache at the current data version (or being counted). */
  countCached: boolean;
  /** The search's count: the cached one, else counted now (a small table counts before its page). */
  count?: MatchCount;
  /** The matches in a 1% block sample, times 100 (sampledEstimate). */
  sample?: number;
  /** The 1% sample's matches and the rows its covered conditions pass, times 100 (sampledParts). */
  sampledParts?: SampledParts;
  /** The planner's estimate of the rows the covered conditions keep (estimatedCoveredRows). */
  coveredRows?: number;
  /** The planner's estimate of the rows since the date filter's cutoff (estimatedRowsSince). */
  rowsSince?: number;
  /** A one-pass read of this page found no row: the page lies past the last match. */
  pastLastMatch?: boolean;
}

/** A fact choosePlan lacks, named by its PlanFacts key; the date window says which cutoff it is counted from. */
export type FactNeeded =
  | { kind: "need"; fact: "count" | "sample" | "sampledParts" | "coveredRows" }
  | { kind: "need"; fact: "rowsSince"; since: DateOption };

/** How the rows of one page are read (search-pages.server.ts). */
export type PageRead =
  /** No match: there is no page to read. */
  | { kind: "none" }
  /** Every match gathered (a materialized CTE of the search's source), sorted, and the page cut from them. */
  | { kind: "matches" }
  /** The order's index walked, filtering as it goes; fenced at `walk.rows` entries when a walk is given. */
  | { kind: "sortIndex"; walk?: IndexWalk }
  /** An amount or total order's covering index walked, its entries checking the covered conditions. */
  | { kind: "coveringIndex" };

/**
 * How every page of a count-beside-page plan is read: a page clamped to the count once it is known (a link
 * past the last page) is read by the same rule (pageReadAt).
 */
export type PageRule =
  | { kind: "coveringIndex" }
  | {
      kind: "estimated";
      /** The matches as estimated (the sample, or a cached count). */
      estimate: number;
      tableRows: number;
      /** isSelective(estimate): few enough matches to read them all. */
      selective: boolean;
      /** Rows since the date filter's cutoff, when a walk of the date window was considered (dateRangeWalk). */
      rowsSince?: number;
    };

/**
 * How a search is counted and its page read. Each kind is one way of running it (search.server.ts runs
 * each in one place); a new strategy is a new kind here, which the runner's switch must then handle.
 */
export type SearchPlan =
  /**
   * The page and the exact total from one pass over the matches (pageWithTotal), the total stored as the
   * search's count. Past the last match the pass finds no row, and the plan is chosen again knowing that.
   */
  | { kind: "onePass"; page: number; because: "deepTextPage" | "smallWindow" | "fewMatches" }
  /** A small table's count, read first (PlanFacts.count); the page, clamped to it, is read as `read` says. */
  | { kind: "pageOfCount"; count: MatchCount; page: number; read: PageRead }
  /**
   * The count (the cached one, else countMatches given `countEstimate`) beside the page, read by `pages`; a
   * page past the count's last page is read again at the last.
   */
  | { kind: "countBesidePage"; page: number; countEstimate: number | undefined; pages: PageRule };

function need(fact: "count" | "sample" | "sampledParts" | "coveredRows"): FactNeeded {
  return { kind: "need", fact };
}

/** The read of page `page` (of `size` rows) under `rule`. */
export function pageReadAt(rule: PageRule, page: number, size: number): PageRead {
  if (rule.kind === "coveringIndex") return rule;
  const { estimate, tableRows, selective, rowsSince } = rule;
  // Matches that a date filter keeps among the newest rows: the date index may find the page faster than
  // reading them (dateRangeWalk).
  const dateWalk =
    rowsSince === undefined ? null : dateRangeWalk(page * size, estimate, rowsSince, tableRows);
  if (selective && dateWalk === null) return { kind: "matches" };
  return { kind: "sortIndex", walk: dateWalk ?? walkFor(page, estimate, tableRows, size) };
}

/**
 * How to run a search (decisions 005, 011 and 021), or the one fact still needed to choose. A search's
 * filters reach the choice through its parts (PlanSearch.hasUncoveredConditions; the stage and text for
 * the covered text parts; the date for its window); a new filter whose rows only its own index finds
 * quickly is a new fact and a new plan or page read here.
 */
export function choosePlan(search: PlanSearch, facts: PlanFacts): SearchPlan | FactNeeded {
  const { state, smallTableRows } = search;
  const { page, size, sort } = state;
  const { tableRows, countCached, count } = facts;
  const text = state.q !== "";
  // A one pass stores the exact total it finds: it is for a count not cached yet, and never for a page a
  // pass already found empty.
  const countInOnePass = !countCached && !facts.pastLastMatch;

  if (tableRows <= smallTableRows) {
    // A deep page of a text search with no cached count (a shared link): one pass over the rows gives page
    // and total. Page 1 does better with the count and an index walk that stops after 50 matches, and
    // searches without text with an index-only count.
    if (text && page > 1 && countInOnePass) return { kind: "onePass", page, because: "deepTextPage" };
    // Otherwise the exact count (a few ms on a small table) comes first and chooses the page's shape.
    if (!count) return need("count");
    const at = Math.min(page, pageCountOf(count.total, size));
    // Past page 1 of a text search, reading the matches and sorting them beats walking the date index
    // through thousands of rows (measured in decision 005).
    const readMatches = isSelective(count.total, tableRows, sort) || (text && at > 1);
    const read: PageRead =
      count.total === 0 ? { kind: "none" } : readMatches ? { kind: "matches" } : { kind: "sortIndex" };
    return { kind: "pageOfCount", count, page: at, read };
  }

  // Decision 011: an amount or total order walks its covering index when that pays. With every condition
  // covered the planner, which knows those columns' statistics, chooses between the walk and reading the
  // matches, and the count runs beside it; otherwise the sample says how many rows the walk would visit.
  const covering = hasCoveringIndex(sort);
  let estimate: number;
  if (covering) {
    if (!search.hasUncoveredConditions) {
      return { kind: "countBesidePage", page, countEstimate: undefined, pages: { kind: "coveringIndex" } };
    }
    if (!facts.sampledParts) return need("sampledParts");
    if (walksCoveringIndex(sort, page * size, facts.sampledParts)) {
      const countEstimate = facts.sampledParts.estimate;
      return { kind: "countBesidePage", page, countEstimate, pages: { kind: "coveringIndex" } };
    }
    estimate = facts.sampledParts.estimate;
  } else {
    // Text with a stage, its covered filters leaving a small window (readsWindowInOnePass): one pass over the
    // window gives page and exact total, for less than the sample would cost before the same pass.
    if (readsCoveredTextParts(state) && countInOnePass) {
      if (facts.coveredRows === undefined) return need("coveredRows");
      if (readsWindowInOnePass(facts.coveredRows)) return { kind: "onePass", page, because: "smallWindow" };
    }
    // This search's cached count (its next page, back and forward, the same search by someone else within
    // five minutes) says how many rows match at least as well as a 1% sample, and costs no query. A count
    // still in flight is waited for: its work is shared rather than a sample repeated.
    if (countCached) {
      if (!count) return need("count");
      estimate = count.total;
    } else {
      if (facts.sample === undefined) return need("sample");
      estimate = facts.sample;
    }
  }
  const selective = isSelective(estimate, tableRows, sort);
  // A date window's newest rows may be walked (dateRangeWalk), but not when the count must read every match
  // anyway (a cold exact count): one pass then gives both.
  const since = state.date ? dateOption(state.date) : undefined;
  const countIsCheap = countCached || estimate > TRUSTED_ESTIMATE;
  let rowsSince: number | undefined;
  if (selective && sort === DEFAULT_SORT && since && countIsCheap) {
    if (facts.rowsSince === undefined) return { kind: "need", fact: "rowsSince", since };
    rowsSince = facts.rowsSince;
  }
  const pages: PageRule = { kind: "estimated", estimate, tableRows, selective, rowsSince };
  // A selective search whose count is not cached: the page and the exact total from one pass over the
  // matches, rather than a count and a page query that each gather the same rows: two bitmap scans of the
  // same heap blocks side by side (measured in decision 011).
  if (pageReadAt(pages, page, size).kind === "matches" && countInOnePass) {
    return { kind: "onePass", page, because: "fewMatches" };
  }
  return { kind: "countBesidePage", page, countEstimate: estimate, pages };
}
