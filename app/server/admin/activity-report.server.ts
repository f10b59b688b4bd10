import { type SQL, sql } from "drizzle-orm";
import { type ActivityWindowDays, type DayWindow, dayWindow, fillDays } from "~/core/admin-metrics";
import { cachedLru } from "../cache.server";
import type { Db } from "../db/database.server";
import { queryRows } from "../db/query-rows.server";
import {
  prepareWindow,
  type WindowParts,
  windowDailyRows,
  windowFilterRows,
  windowQueryRows,
} from "./activity-rollup.server";

/** How many queries each list shows, and how many filter values. */
export const REPORT_LIST_SIZE = 20;
export const REPORT_FILTER_VALUES = 30;

export interface QueryFigure {
  /** lower-cased and trimmed: "AI " and "ai" are one query. */
  query: string;
  searches: number;
  /** Of those searches, how many found nothing. */
  zeroResults: number;
}

export interface DailyActivity {
  day: string;
  /** 'search' and 'filter' rows: a new query, or new filters on the same one (activity.server.ts). */
  searches: number;
  exports: number;
  /** The rows those exports wrote: an export's totalResults (export-request.server.ts). */
  exportedRows: number;
  /** 'api' rows: calls of the REST API its endpoints answered (api-v1.server.ts); not searches. */
  apiCalls: number;
}

export interface ActivityReport {
  /** When this report was counted (ISO): a cached report is up to a minute old. */
  countedAt: string;
  days: ActivityWindowDays;
  /** The window's first and last UTC day (YYYY-MM-DD), today included. */
  firstDay: string;
  lastDay: string;
  totals: { searches: number; exports: number; exportedRows: number; apiCalls: number };
  topQueries: QueryFigure[];
  /** Queries whose search found nothing, by how often that happened. */
  zeroResultQueries: QueryFigure[];
  /** Searches that used each filter (any value), most used first. */
  filterKeys: Array<{ key: string; searches: number }>;
  /** Searches that used each filter value; a search choosing several values counts for each. */
  filterValues: Array<{ key: string; value: string; searches: number }>;
  /** One row per day of the window, oldest first. */
  perDay: DailyActivity[];
}

/**
 * Runs one report statement in a transaction of its own, with JIT off and room to hash in memory. A report
 * groups tens of thousands of roll-up rows and a day of user_activity (a roll-up, activity-rollup.server.ts,
 * hundreds of thousands of rows) into a few hundred groups: the planner's cost estimate then passes
 * jit_above_cost, and compiling costs more than it saves (decision 013,
 * "Measurements cited by the code"); its estimate of the groups (one per row) would also choose sorting to
 * disk over a hash table in 4 MB. PGlite has no JIT; the setting changes nothing there.
 */
export function reportRows<T extends Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    await tx.execute(sql`set local work_mem = '32MB'`);
    return queryRows<T>(tx, query);
  });
}

/**
 * Searches, exports, exported rows and API calls per UTC day of `window`, oldest first, days without activity as 0:
 * the roll-ups of its completed days and today's rows (activity-rollup.server.ts), rolling up the completed
 * days not rolled up yet. Only the day groups are formatted.
 */
export async function dailyActivity(db: Db, window: DayWindow, now: Date): Promise<DailyActivity[]> {
  return dailyActivityOf(db, window, await prepareWindow(db, window, now));
}

async function dailyActivityOf(db: Db, window: DayWindow, parts: WindowParts): Promise<DailyActivity[]> {
  const rows = await reportRows<{
    day: string;
    searches: number;
    exports: number;
    exportedRows: number;
    apiCalls: number;
  }>(
    db,
    sql`select to_char(day, 'YYYY-MM-DD') as day,
        coalesce(sum(events) filter (where action_type in ('search', 'filter')), 0)::int as searches,
        coalesce(sum(events) filter (where action_type = 'export'), 0)::int as exports,
        coalesce(sum(exported_rows) filter (where action_type = 'export'), 0)::float8 as "exportedRows",
        coalesce(sum(events) filter (where action_type = 'api'), 0)::int as "apiCalls"
      from (${windowDailyRows(parts)}) as days
      group by day`,
  );
  return fillDays(window.days, rows, ["searches", "exports", "exportedRows", "apiCalls"]);
}

/**
 * The window's most searched queries and those that most often found nothing (activity-rollup.server.ts
 * queryCounts says which rows are queries), summed over its days.
 */
async function queryFigures(
  db: Db,
  parts: WindowParts,
): Promise<Pick<ActivityReport, "topQueries" | "zeroResultQueries">> {
  const rows = await reportRows<{
    list: "top" | "zero";
    query: string;
    searches: number;
    zeroResults: number;
  }>(
    db,
    sql`with normalized as (
        select query, sum(searches)::int as searches, sum(zero_results)::int as zero
        from (${windowQueryRows(parts)}) as days
        group by 1
      )
      (select 'top' as list, query, searches, zero as "zeroResults" from normalized
        order by searches desc, query limit ${REPORT_LIST_SIZE})
      union all
      (select 'zero' as list, query, searches, zero as "zeroResults" from normalized where zero > 0
        order by zero desc, searches desc, query limit ${REPORT_LIST_SIZE})`,
  );
  const figure = ({ query, searches, zeroResults }: (typeof rows)[number]): QueryFigure => ({
    query,
    searches,
    zeroResults,
  });
  return {
    topQueries: rows.filter((row) => row.list === "top").map(figure),
    zeroResultQueries: rows.filter((row) => row.list === "zero").map(figure),
  };
}

/**
 * Searches per filter (any value) and per filter value over the window (activity-rollup.server.ts
 * filterCounts says how a search's filters count), summed over its days.
 */
async function filterFigures(
  db: Db,
  parts: WindowParts,
): Promise<Pick<ActivityReport, "filterKeys" | "filterValues">> {
  const rows = await reportRows<{ key: string; value: string | null; searches: number }>(
    db,
    sql`with days as (${windowFilterRows(parts)})
      (select filter_key as key, null::text as value, sum(searches)::int as searches
        from days where filter_value = '' group by 1)
      union all
      (select filter_key as key, filter_value as value, sum(searches)::int as searches
        from days where filter_value <> '' group by 1, 2
        order by searches desc, key, value limit ${REPORT_FILTER_VALUES})`,
  );
  return {
    filterKeys: rows
      .filter((row) => row.value === null)
      .map(({ key, searches }) => ({ key, searches }))
      .sort((a, b) => b.searches - a.searches || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)),
    filterValues: rows.flatMap(({ key, value, searches }) =>
      value === null ? [] : [{ key, value, searches }],
    ),
  };
}

/**
 * docs/product.md#admin, activity report over the last `days` UTC days, today included: the window's completed days
 * rolled up if they are not yet, then three statements (per day, queries, filters), each reading the
 * roll-ups of the completed days and today's rows, run side by side on the pool's connections.
 */
export async function getActivityReport(
  db: Db,
  days: ActivityWindowDays,
  now = new Date(),
): Promise<ActivityReport> {
  const window = dayWindow(now, days);
  const parts = await prepareWindow(db, window, now);
  const [perDay, queries, filters] = await Promise.all([
    dailyActivityOf(db, window, parts),
    queryFigures(db, parts),
    filterFigures(db, parts),
  ]);
  const totals = { searches: 0, exports: 0, exportedRows: 0, apiCalls: 0 };
  for (const day of perDay) {
    totals.searches += day.searches;
    totals.exports += day.exports;
    totals.exportedRows += day.exportedRows;
    totals.apiCalls += day.apiCalls;
  }
  return {
    countedAt: now.toISOString(),
    days,
    firstDay: window.days[0] as string,
    lastDay: window.days.at(-1) as string,
    totals,
    ...queries,
    ...filters,
    perDay,
  };
}

/**
 * The report as the page shows it: kept for the rest of the current minute per database and window, so a
 * reload or a switch back to a window costs nothing; a new minute reads the table again. Activity written
 * meanwhile shows within that minute at the latest.
 */
const reportCache = cachedLru<Db, ActivityReport>({ ttlMs: 60_000, maxEntries: 3 });

export function cachedActivityReport(
  db: Db,
  days: ActivityWindowDays,
  now = new Date(),
): Promise<ActivityReport> {
  const minute = String(Math.floor(now.getTime() / 60_000));
  return reportCache.get(db, String(days), minute, () => getActivityReport(db, days, now), now.getTime());
}

/** Drops every cached report (the benchmark's cold runs; tests). */
export function invalidateActivityReports(): void {
  reportCache.invalidate();
}
