import { and, type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import {
  EXACT_COUNT_LIMIT,
  EXACT_COUNT_TABLE_ROWS,
  type MatchCount,
  roundEstimate,
  type SampledParts,
  TRUSTED_ESTIMATE,
} from "~/core/search-plan";
import { cachedLru, cachedPerKey } from "../cache.server";
import type { Db } from "../db/database.server";
import { queryRows } from "../db/query-rows.server";
import { type ConditionParts, whereClause } from "./search-filters.server";
import { WHOLE_TABLE } from "./search-source.server";

// The table's size only steers the query shape; a minute-old figure is fine. Not keyed by the data version:
// the planner's figure changes at ANALYZE, after a write has committed, not with it.
const TABLE_ROWS_VERSION = "";
const tableRowEstimate = cachedPerKey(60_000, async (db: Db): Promise<number> => {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select greatest(reltuples, 0)::bigint::int as n from pg_class where oid = 'companies'::regclass`,
  );
  return row?.n ?? 0;
});

/** The planner's figure for the companies table's size (cached for a minute). */
export function estimatedTableRows(db: Db): Promise<number> {
  return tableRowEstimate.get(db, TABLE_ROWS_VERSION);
}

// The planner's estimates change with ANALYZE and, for a date window, with the day (the cutoff is in the
// condition); a write in any process changes the data version, and the hour bounds the rest.
const plannedRowEstimates = cachedLru<Db, number>({ ttlMs: 60 * 60_000, maxEntries: 256 });
const dialect = new PgDialect();

/**
 * The planner's estimate of the companies rows `condition` keeps, from its column statistics (an EXPLAIN: a
 * plan, not a count). Cached per data version under the condition's SQL and parameters.
 */
async function plannedRows(db: Db, version: string, condition: SQL): Promise<number> {
  const { sql: text, params } = dialect.sqlToQuery(condition);
  return plannedRowEstimates.get(db, JSON.stringify([text, params]), version, async () => {
    const [row] = await queryRows<{ "QUERY PLAN": unknown }>(
      db,
      sql`explain (format json) select 1 from companies where ${condition}`,
    );
    const plan = row?.["QUERY PLAN"];
    const parsed = (typeof plan === "string" ? JSON.parse(plan) : plan) as Array<{
      Plan?: { "Plan Rows"?: number };
    }>;
    return Number(parsed?.[0]?.Plan?.["Plan Rows"] ?? 0);
  });
}

/** The planner's estimate of the rows whose last round is on or after `cutoff` (YYYY-MM-DD). */
export function estimatedRowsSince(db: Db, version: string, cutoff: string): Promise<number> {
  return plannedRows(db, version, sql`last_funding_date >= ${cutoff}::date`);
}

/**
 * The planner's estimate of the rows a search's covered conditions keep (stage, country or continent,
 * amount, date: columns with statistics), the text and other uncovered conditions left out.
 */
export function estimatedCoveredRows(db: Db, version: string, covered: readonly SQL[]): Promise<number> {
  return plannedRows(db, version, and(...covered) ?? sql`true`);
}

/** Forget the planner's estimates (with the counts: invalidateSearchCounts). */
export function invalidatePlannedRows(): void {
  plannedRowEstimates.invalidate();
}

async function cappedCount(db: Db, condition: SQL | undefined, source: SQL): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select 1 from ${source} ${whereClause(condition)} limit ${EXACT_COUNT_LIMIT + 1}) s`,
  );
  return row?.n ?? 0;
}

/** The matches in a 1% block sample, times 100. */
export async function sampledEstimate(db: Db, condition: SQL | undefined): Promise<number> {
  const [sample] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from companies tablesample system (1) repeatable (7) ${whereClause(condition)}`,
  );
  return (sample?.n ?? 0) * 100;
}

/** sampledEstimate, and from the same sample the rows its covered conditions pass (times 100). */
export async function sampledParts(db: Db, { covered, uncovered }: ConditionParts): Promise<SampledParts> {
  const all = and(...covered, ...uncovered) ?? sql`true`;
  const coveredOnly = and(...covered) ?? sql`true`;
  const [sample] = await queryRows<{ n: number; covered: number }>(
    db,
    sql`select count(*) filter (where ${all})::int as n, count(*) filter (where ${coveredOnly})::int as covered
        from companies tablesample system (1) repeatable (7)`,
  );
  return { estimate: (sample?.n ?? 0) * 100, coveredEstimate: (sample?.covered ?? 0) * 100 };
}

/**
 * The number of matches: exact on small tables; on large ones, a 1% block sample first (milliseconds,
 * where an exact count of a broad term visits every match). A sample above TRUSTED_ESTIMATE is the answer,
 * shown as "about …"; otherwise an exact count capped at EXACT_COUNT_LIMIT + 1 settles it. The counts read
 * `source` (searchSource); the sample reads the table.
 */
export async function countMatches(
  db: Db,
  condition: SQL | undefined,
  knownEstimate?: number,
  source: SQL = WHOLE_TABLE,
): Promise<MatchCount> {
  const tableRows = await estimatedTableRows(db);
  if (tableRows <= EXACT_COUNT_TABLE_ROWS) {
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from ${source} ${whereClause(condition)}`,
    );
    return { total: row?.n ?? 0, isApproximate: false, tableRows };
  }
  if (!condition) return { total: roundEstimate(tableRows), isApproximate: true, tableRows };
  const estimate = knownEstimate ?? (await sampledEstimate(db, condition));
  if (estimate > TRUSTED_ESTIMATE) return { total: roundEstimate(estimate), isApproximate: true, tableRows };
  const capped = await cappedCount(db, condition, source);
  if (capped <= EXACT_COUNT_LIMIT) return { total: capped, isApproximate: false, tableRows };
  return { total: roundEstimate(Math.max(estimate, EXACT_COUNT_LIMIT + 1)), isApproximate: true, tableRows };
}
