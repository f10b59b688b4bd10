import { type SQL, sql } from "drizzle-orm";
import { consecutiveRuns, splitWindow } from "~/core/activity-rollup";
import type { DayWindow } from "~/core/admin-metrics";
import { ADVISORY_LOCKS } from "../db/advisory-locks.server";
import type { Db } from "../db/database.server";
import { queryRows } from "../db/query-rows.server";

/**
 * docs/product.md#admin: daily roll-ups of user_activity (schema.ts activityDaily, activityDailyQueries,
 * activityDailyFilters, activityRollupDays; what they hold and why they outlive the rows they count is
 * said there). The activity report and the overview read a window as the roll-ups of its completed days
 * plus today's rows read live (core/activity-rollup splitWindow), so a 90-day report reads a few thousand
 * grouped rows and one day of user_activity instead of 90 days of it.
 *
 * A completed day is rolled up once, by the first report that needs it, and is final: the app writes
 * user_activity rows only with created_at = now (activity/activity.server.ts), so no row lands in a day
 * once it is over (ROLLUP_GRACE_MS covers a row committed just after midnight). Rows added to a past day by
 * hand (a restore, a test) are not counted unless that day's roll-up rows and its activity_rollup_days row
 * are deleted first.
 *
 * The same statements count a day for the roll-up and today for the report (dailyCounts, queryCounts,
 * filterCounts), so both parts are counted alike.
 */

/** Serialises roll-ups across app processes. */
export const ROLLUP_LOCK_ID = ADVISORY_LOCKS.activityRollup;

/** A range of created_at: from midnight of its first day to midnight after its last (exclusive). */
export interface TimeRange {
  from: Date;
  to: Date;
}

/** The range's rows: a range of the (created_at desc) index. */
function inRange(range: TimeRange): SQL {
  return sql`created_at >= ${range.from.toISOString()}::timestamptz and created_at < ${range.to.toISOString()}::timestamptz`;
}

const utcDay = sql`(created_at at time zone 'UTC')::date`;

/**
 * Rows per UTC day and action type of `range`: (day, action_type, events, exported_rows), exported_rows
 * summing an export's totalResults when it is a number (the rows it wrote, export-request.server.ts).
 */
export function dailyCounts(range: TimeRange): SQL {
  return sql`select ${utcDay} as day, action_type, count(*)::int as events,
      coalesce(sum(
        case when jsonb_typeof(action_details->'totalResults') = 'number'
          then (action_details->>'totalResults')::numeric else 0 end
      ) filter (where action_type = 'export'), 0) as exported_rows
    from user_activity
    where ${inRange(range)}
    group by 1, 2`;
}

/**
 * Queries of 'search' rows per UTC day of `range`: (day, query, searches, zero_results), the query
 * lower-cased and trimmed ("AI " and "ai" are one), blank ones left out. A 'search' row is written when
 * the query text changed (activity.server.ts), so each is one query typed; a 'filter' row repeats a query
 * already counted. One that found nothing is a 'search' row whose totalResults is 0. Grouped first by the
 * stored text (hashing each row's text as it is), then the few distinct texts are normalized and grouped.
 */
export function queryCounts(range: TimeRange): SQL {
  return sql`select day, lower(btrim(query)) as query, sum(searches)::int as searches,
      sum(zero)::int as zero_results
    from (
      select ${utcDay} as day, action_details->>'query' as query, count(*) as searches,
        count(*) filter (where action_details->'totalResults' = '0'::jsonb) as zero
      from user_activity
      where ${inRange(range)} and action_type = 'search'
      group by 1, 2
    ) as stored
    where btrim(query) <> ''
    group by 1, 2`;
}

/**
 * Filters of 'search' and 'filter' rows (each a search run with its whole filter set) per UTC day of
 * `range`: (day, filter_key, filter_value, searches), filter_value '' counting the searches that used the
 * filter with any value. action_details.filters holds each filter's values: a list for a multi-select
 * filter (docs/product.md#filters), text for amount and date, "" or [] when unused; a row written before docs/product.md#filters holds
 * text for every filter. The rows are grouped by their whole filter set first (a few hundred distinct sets
 * a day); each set is then taken apart once: a filter counts when it holds a non-blank value, each distinct
 * value once per search.
 */
export function filterCounts(range: TimeRange): SQL {
  return sql`select day, filter_key, filter_value, searches from (
      with sets as (
        select ${utcDay} as day, action_details->'filters' as filters, count(*) as n
        from user_activity
        where ${inRange(range)} and action_type in ('search', 'filter')
        group by 1, 2
      ), per_key as (
        select s.day, s.n, f.key, array(
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
      select day, key as filter_key, ''::text as filter_value, sum(n)::int as searches
      from per_key where cardinality(vals) > 0
      group by 1, 2
      union all
      select day, key as filter_key, value as filter_value, sum(n)::int as searches
      from per_key cross join lateral unnest(vals) as value
      group by 1, 2, 3
    ) as counted`;
}

/** A list of days as date literals for a VALUES list. */
function dayValues(days: readonly string[]): SQL {
  return sql.join(
    days.map((day) => sql`(${day}::date)`),
    sql`, `,
  );
}

/** Those of `days` not rolled up yet (YYYY-MM-DD, oldest first). */
async function missingDays(db: Db, days: readonly string[]): Promise<string[]> {
  if (days.length === 0) return [];
  const rows = await queryRows<{ day: string }>(
    db,
    sql`select to_char(d, 'YYYY-MM-DD') as day
      from (values ${dayValues(days)}) as v(d)
      where not exists (select 1 from activity_rollup_days as r where r.day = v.d)
      order by d`,
  );
  return rows.map((row) => row.day);
}

/**
 * Rolls up those of `days` (completed UTC days, YYYY-MM-DD) not rolled up yet; returns how many it rolled
 * up. Safe to run from several processes at once and idempotent: each batch of consecutive days is one
 * transaction that takes ROLLUP_LOCK_ID, reads again which of its days are still missing (another process
 * may have rolled them up while this one waited), counts each run of them with one INSERT ... SELECT per
 * table, and marks them in activity_rollup_days, days without activity included, so a day is counted once
 * and never again. Rolling up is all or nothing per batch: a failed batch leaves its days missing. JIT off
 * and room to hash in memory, as reportRows says.
 */
export async function rollUpDays(db: Db, days: readonly string[]): Promise<number> {
  const missing = await missingDays(db, days);
  let rolled = 0;
  for (const batch of consecutiveRuns(missing)) {
    rolled += await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${ROLLUP_LOCK_ID})`);
      await tx.execute(sql`set local jit = off`);
      await tx.execute(sql`set local work_mem = '32MB'`);
      const still = await missingDays(tx, batch.days);
      if (still.length === 0) return 0;
      for (const run of consecutiveRuns(still)) {
        await tx.execute(sql`insert into activity_daily (day, action_type, events, exported_rows)
          ${dailyCounts(run)}
          on conflict do nothing`);
        await tx.execute(sql`insert into activity_daily_queries (day, query, searches, zero_results)
          ${queryCounts(run)}
          on conflict do nothing`);
        await tx.execute(sql`insert into activity_daily_filters (day, filter_key, filter_value, searches)
          ${filterCounts(run)}
          on conflict do nothing`);
      }
      await tx.execute(sql`insert into activity_rollup_days (day)
        select d from (values ${dayValues(still)}) as v(d)
        on conflict do nothing`);
      return still.length;
    });
  }
  return rolled;
}

/** A window as the reports read it: its rolled-up days (a range of the roll-up tables) and its live range. */
export interface WindowParts {
  /** The window's first day, and the first day not read from the roll-ups (YYYY-MM-DD): [first, liveDay). */
  firstDay: string;
  liveDay: string;
  /** The range read live from user_activity: from liveDay's midnight to the window's end. */
  live: TimeRange;
}

/**
 * Rolls up the window's completed days that are not yet (rollUpDays), then says which part of it to read
 * from the roll-ups and which live. Costs one primary-key read when every completed day is rolled up.
 */
export async function prepareWindow(db: Db, window: DayWindow, now: Date): Promise<WindowParts> {
  const { rolledDays, liveFrom } = splitWindow(window, now);
  await rollUpDays(db, rolledDays);
  return {
    firstDay: window.days[0] as string,
    liveDay: liveFrom.toISOString().slice(0, 10),
    live: { from: liveFrom, to: window.to },
  };
}

/** The rolled-up part's rows of a roll-up table: [firstDay, liveDay). */
function rolledPart(parts: WindowParts): SQL {
  return sql`day >= ${parts.firstDay}::date and day < ${parts.liveDay}::date`;
}

/** (day, action_type, events, exported_rows) of the window: rolled-up days, then the live part. */
export function windowDailyRows(parts: WindowParts): SQL {
  return sql`select day, action_type, events, exported_rows from activity_daily where ${rolledPart(parts)}
    union all
    select day, action_type, events, exported_rows from (${dailyCounts(parts.live)}) as live`;
}

/** (query, searches, zero_results) per day of the window: rolled-up days, then the live part. */
export function windowQueryRows(parts: WindowParts): SQL {
  return sql`select query, searches, zero_results from activity_daily_queries where ${rolledPart(parts)}
    union all
    select query, searches, zero_results from (${queryCounts(parts.live)}) as live`;
}

/** (filter_key, filter_value, searches) per day of the window: rolled-up days, then the live part. */
export function windowFilterRows(parts: WindowParts): SQL {
  return sql`select filter_key, filter_value, searches from activity_daily_filters where ${rolledPart(parts)}
    union all
    select filter_key, filter_value, searches from (${filterCounts(parts.live)}) as live`;
}
