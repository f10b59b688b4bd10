import type { SQL } from "drizzle-orm";
import type { SearchResult } from "~/core/company-card";
import { dateCutoff } from "~/core/funding-filters";
import type { SearchState } from "~/core/search-params";
import {
  choosePlan,
  EXACT_COUNT_TABLE_ROWS,
  type FactNeeded,
  type MatchCount,
  type PageRead,
  type PlanFacts,
  type PlanSearch,
  pageCountOf,
  pageReadAt,
  type SearchPlan,
} from "~/core/search-plan";
import type { Db } from "../db/database.server";
import { readDataVersion } from "./data-version.server";
import { type CardRow, toCard } from "./search-card.server";
import {
  countMatches,
  estimatedCoveredRows,
  estimatedRowsSince,
  estimatedTableRows,
  sampledEstimate,
  sampledParts,
} from "./search-count.server";
import { cachedCount, peekCount, storeCount } from "./search-count-cache.server";
import { allConditions, type ConditionParts, searchConditionParts } from "./search-filters.server";
import { pageByCoveringWalk, pageRows, pageWithTotal } from "./search-pages.server";
import { searchSource } from "./search-source.server";

// Tests and the search benchmark reach the count and its cache through this module.
export { EXACT_COUNT_LIMIT } from "~/core/search-plan";
export { countMatches } from "./search-count.server";
export { invalidateSearchCounts } from "./search-count-cache.server";

export interface SearchOptions {
  /** docs/product.md#access: active access (pro, trialing or admin) sees full emails; everyone else gets them masked. */
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
 * choosePlan asks for at most three facts, and is asked once more after a one pass found its page empty:
 * more steps than this mean it does not settle.
 */
const MAX_PLAN_STEPS = 8;

/**
 * docs/product.md#calls "read companies": a page of companies in the chosen order (the default of docs/product.md#search), 50 per page
 * unless a subscriber chose 25 or 100, and the number of matches. Decision 021: the plan is chosen in one
 * pure function (choosePlan, core/search-plan.ts) from the search and the facts it asks for, which are
 * read here (gatherFact); the plan is then run here (runPlan).
 */
export async function searchCompanies(
  db: Db,
  state: SearchState,
  options: SearchOptions,
): Promise<SearchResult> {
  const today = options.today ?? new Date();
  const parts = searchConditionParts(state, today);
  // The data version before any count: a count is stored under the version it is at least as new as.
  const [tableRows, version] = await Promise.all([
    estimatedTableRows(db),
    options.version ?? readDataVersion(db),
  ]);
  const run: SearchRun = {
    db,
    version,
    state,
    today,
    parts,
    condition: allConditions(parts),
    // Where the matches are read from: the table, or for text with a stage its two covered parts.
    source: searchSource(state),
    cached: peekCount(db, version, state, today),
  };
  const search: PlanSearch = {
    state,
    hasUncoveredConditions: parts.uncovered.length > 0,
    smallTableRows: options.smallTableRows ?? EXACT_COUNT_TABLE_ROWS,
  };
  let facts: PlanFacts = { tableRows, countCached: run.cached !== undefined };
  for (let step = 0; step < MAX_PLAN_STEPS; step += 1) {
    const choice = choosePlan(search, facts);
    if (choice.kind === "need") {
      facts = { ...facts, ...(await gatherFact(run, choice)) };
      continue;
    }
    const page = await runPlan(run, choice, tableRows);
    if (page) {
      return {
        companies: page.rows.map((row) => toCard(row, options.canSeeEmails)),
        total: page.count.total,
        isTotalApproximate: page.count.isApproximate,
        page: page.page,
        pageSize: state.size,
        pageCount: pageCountOf(page.count.total, state.size),
      };
    }
    // Only a one pass over a page past the last match comes back empty: choose again, knowing that.
    facts = { ...facts, pastLastMatch: true };
  }
  throw new Error(`The search plan did not settle in ${MAX_PLAN_STEPS} steps`);
}

/** One search's request and SQL, which gathering its facts and running its plan share. */
interface SearchRun {
  db: Db;
  /** The data version read before anything else: counts are cached and stored under it. */
  version: string;
  state: SearchState;
  today: Date;
  parts: ConditionParts;
  /** The parts joined: the search's WHERE condition. */
  condition: SQL;
  /** Where the matches are read from (searchSource). */
  source: SQL;
  /** The search's count as the cache held it when the search started (a count in flight included). */
  cached: Promise<MatchCount> | undefined;
}

/** The fact choosePlan asked for: one query (a sample, a planner's estimate), or the count. */
async function gatherFact(run: SearchRun, need: FactNeeded): Promise<Partial<PlanFacts>> {
  const { db, version, condition, parts } = run;
  switch (need.fact) {
    case "count":
      return { count: await countOf(run, undefined) };
    case "sample":
      return { sample: await sampledEstimate(db, condition) };
    case "sampledParts":
      return { sampledParts: await sampledParts(db, parts) };
    case "coveredRows":
      return { coveredRows: await estimatedCoveredRows(db, version, parts.covered) };
    case "rowsSince":
      return { rowsSince: await estimatedRowsSince(db, version, dateCutoff(need.since, run.today)) };
  }
}

/** The search's count: the cached one, else counted (countMatches given the plan's estimate) and cached. */
function countOf(
  { db, version, state, today, condition, source, cached }: SearchRun,
  estimate: number | undefined,
): Promise<MatchCount> {
  return (
    cached ?? cachedCount(db, version, state, today, () => countMatches(db, condition, estimate, source))
  );
}

interface PageOfResults {
  rows: CardRow[];
  count: MatchCount;
  page: number;
}

/** Runs a plan: its rows, count and page; null when a one pass found the page past the last match. */
async function runPlan(run: SearchRun, plan: SearchPlan, tableRows: number): Promise<PageOfResults | null> {
  const { db, version, state, today, condition, source } = run;
  const { size, sort } = state;
  switch (plan.kind) {
    case "onePass": {
      const { rows, total } = await pageWithTotal(db, condition, { page: plan.page, size, sort }, source);
      if (total === null) return null;
      const count = await storeCount(
        db,
        version,
        state,
        today,
        Promise.resolve({ total, isApproximate: false, tableRows }),
      );
      return { rows, count, page: plan.page };
    }
    case "pageOfCount":
      return { rows: await readPage(run, plan.read, plan.page), count: plan.count, page: plan.page };
    case "countBesidePage": {
      const [count, rows] = await Promise.all([
        countOf(run, plan.countEstimate),
        readPage(run, pageReadAt(plan.pages, plan.page, size), plan.page),
      ]);
      const last = pageCountOf(count.total, size);
      if (plan.page <= last) return { rows, count, page: plan.page };
      return { rows: await readPage(run, pageReadAt(plan.pages, last, size), last), count, page: last };
    }
  }
}

/** The rows of page `page`, read as `read` says. */
function readPage(
  { db, state, condition, parts, source }: SearchRun,
  read: PageRead,
  page: number,
): Promise<CardRow[]> {
  const spec = { page, size: state.size, sort: state.sort };
  switch (read.kind) {
    case "none":
      return Promise.resolve([]);
    case "matches":
      return pageRows(db, condition, spec, true, undefined, source);
    case "sortIndex":
      return pageRows(db, condition, spec, false, read.walk, source);
    case "coveringIndex":
      return pageByCoveringWalk(db, parts, spec);
  }
}
