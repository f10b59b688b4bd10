import { type SQL, sql } from "drizzle-orm";
import { type ActivityWindowDays, type DayWindow, dayWindow, fillDays } from "~/core/admin-metrics";
import { cachedLru } from "../cache.server";
import type { Db } from "../db/database.server";
import { queryRows } from "../db/query-rows.server";

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
}

export interface ActivityReport {
  /** When this report was counted (ISO): a cached report is up to a minute old. */
  countedAt: string;
  days: ActivityWindowDays;
  /** The window's first and last UTC day (YYYY-MM-DD), today included. */
  firstDay: string;
  lastDay: string;
  totals: { searches: number; exports: number; exportedRows: number };
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
 * Runs one report statement in a transaction of its own, with JIT off and room to hash in memory. The report
 * reads hundreds of thousands of rows into a few hundred groups: the planner's cost estimate then passes
 * jit_above_cost, and compiling costs more than it saves (100-200 ms of a 90-day report on PostgreSQL 15);
 * its estimate of the groups (one per row) would also choose sorting to disk over a hash table in 4 MB.
 * PGlite has no JIT; the setting changes nothing there.
 */
export function reportRows<T extends Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    await tx.execute(sql`set local work_mem = '32MB'`);
    return queryRows<T>(tx, query);
  });
}

/** The window's rows: a range of the (created_at desc) index. */
function inWindow(window: DayWindow): SQL {
  return sql`created_at >= ${window.from.toISOString()}::timestamptz and created_at < ${window.to.toISOString()}::timestamptz`;
}

/**
 * Searches, exports and exported rows per UTC day of `window`, oldest first, days without activity as 0.
 * Grouped by date (cheap per row); only the groups are formatted.
 */
export async function dailyActivity(db: Db, window: DayWindow): Promise<DailyActivity[]> {
  const rows = await reportRows<{ day: string; searches: number; exports: number; exportedRows: number }>(
    db,
    sql`select to_char(day, 'YYYY-MM-DD') as day, searches, exports, "exportedRows"
      from (
        select (created_at at time zone 'UTC')::date as day,
          count(*) filter (where action_type <> 'export')::int as searches,
          count(*) filter (where action_type = 'export')::int as exports,
          coalesce(sum(
            case when jsonb_typeof(action_details->'totalResults') = 'number'
              then (action_details->>'totalResults')::numeric else 0 end
          ) filter (where action_type = 'export'), 0)::float8 as "exportedRows"
        from user_activity
        where ${inWindow(window)}
        group by 1
      ) as days`,
  );
  return fillDays(window.days, rows, ["searches", "exports", "exportedRows"]);
}

/**
 * Queries of 'search' rows only: a 'search' row is written when the query text changed (activity.server.ts),
 * so each is one query typed; a 'filter' row repeats a query already counted, with new filters. A search
 * with no results is a 'search' row whose totalResults is 0 (the query with the filters chosen then).
 * Grouped first by the stored text (hashing each row's text as it is), then the few distinct texts are
 * normalized and grouped again.
 */
async function queryFigures(
  db: Db,
  window: DayWindow,
): Promise<Pick<ActivityReport, "topQueries" | "zeroResultQueries">> {
  const rows = await reportRows<{
    list: "top" | "zero";
    query: string;
    searches: number;
    zeroResults: number;
  }>(
    db,
    sql`with stored as (
        select action_details->>'query' as query, count(*) as searches,
          count(*) filter (where action_details->'totalResults' = '0'::jsonb) as zero
        from user_activity
        where ${inWindow(window)} and action_type = 'search'
        group by 1
      ), normalized as (
        select lower(btrim(query)) as query, sum(searches)::int as searches, sum(zero)::int as zero
        from stored where btrim(query) <> '' group by 1
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
 * Filters of 'search' and 'filter' rows (each is a search run with its whole filter set). action_details
 * .filters holds each filter's values: a list for a multi-select filter (issue 15), text for amount and date,
 * "" or [] when unused; a row written before issue 15 holds text for every filter. The rows are grouped by
 * their whole filter set first (a few hundred distinct sets in a window); each set is then taken apart once:
 * a filter counts when it holds a non-blank value, each distinct value once per search.
 */
async function filterFigures(
  db: Db,
  window: DayWindow,
): Promise<Pick<ActivityReport, "filterKeys" | "filterValues">> {
  const rows = await reportRows<{ key: string; value: string | null; searches: number }>(
    db,
    sql`with sets as (
        select action_details->'filters' as filters, count(*) as n
        from user_activity
        where ${inWindow(window)} and action_type in ('search', 'filter')
        group by 1
      ), per_key as (
        select s.n, f.key, array(
            select distinct e.value
            from jsonb_array_elements_text(
              case jsonb_typeof(f.raw) when 'array' then f.raw when 'string' then jsonb_build_array(f.raw)
              else '[]'::jsonb end
            ) as e(value)
            where btrim(e.value) <> ''
          ) as vals
        from sets as s
        cross join lateral jsonb_each(
          case when jsonb_typeof(s.filters) = 'object' then s.filters else '{}'::jsonb end
        ) as f(key, raw)
      )
      (select key, null::text as value, sum(n)::int as searches from per_key where cardinality(vals) > 0
        group by key)
      union all
      (select key, value, sum(n)::int as searches from per_key cross join lateral unnest(vals) as value
        group by key, value order by searches desc, key, value limit ${REPORT_FILTER_VALUES})`,
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
 * Issue 16 activity report over the last `days` UTC days, today included: three statements (per day,
 * queries, filters), each one range scan of the window, run side by side on the pool's connections.
 */
export async function getActivityReport(
  db: Db,
  days: ActivityWindowDays,
  now = new Date(),
): Promise<ActivityReport> {
  const window = dayWindow(now, days);
  const [perDay, queries, filters] = await Promise.all([
    dailyActivity(db, window),
    queryFigures(db, window),
    filterFigures(db, window),
  ]);
  const totals = { searches: 0, exports: 0, exportedRows: 0 };
  for (const day of perDay) {
    totals.searches += day.searches;
    totals.exports += day.exports;
    totals.exportedRows += day.exportedRows;
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
