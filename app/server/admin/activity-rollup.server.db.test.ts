import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { ROLLUP_GRACE_MS } from "~/core/activity-rollup";
import { type DayWindow, dayWindow, fillDays } from "~/core/admin-metrics";
import { setUpTestDatabase } from "~tests/fixtures/database";
import { user } from "~tests/fixtures/factories";
import type { Db } from "../db/database.server";
import { queryRows } from "../db/query-rows.server";
import { type ActivityDetails, userActivity, users } from "../db/schema";
import {
  type ActivityReport,
  getActivityReport,
  REPORT_FILTER_VALUES,
  REPORT_LIST_SIZE,
} from "./activity-report.server";
import { rollUpDays } from "./activity-rollup.server";
import { getOverviewFigures } from "./overview.server";

const NOW = new Date("2026-11-21T12:00:00Z");
const database = setUpTestDatabase();

beforeEach(async () => {
  await database.db.insert(users).values([user(), user({ name: "Bob" })]);
});

interface Row {
  user?: "ada" | "bob";
  type: "search" | "filter" | "export" | "api";
  at: string | Date;
  details?: Partial<ActivityDetails> | Record<string, unknown>;
}

async function activity(rows: Row[]): Promise<void> {
  await database.db.insert(userActivity).values(
    rows.map((row) => ({
      userId: `user_${row.user ?? "ada"}`,
      actionType: row.type,
      actionDetails: {
        query: "",
        filters: { industry: [], stage: [], location: [], amount: "", date: "" },
        totalResults: 1,
        ...row.details,
      } as ActivityDetails,
      createdAt: new Date(row.at),
    })),
  );
}

/** A small deterministic pseudo-random sequence (the same rows on every run). */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

function pick<T>(next: () => number, items: readonly T[]): T {
  return items[Math.floor(next() * items.length)] as T;
}

/**
 * `count` rows spread over the `days` days up to NOW, in every shape the report tells apart: queries that
 * differ only by case and spaces, blank ones, a missing one; filters as lists, legacy text, blank values,
 * several values, a filter set that is not an object; totalResults 0, a number, text, missing.
 */
function mixedActivity(count: number, days: number, seed = 7): Row[] {
  const next = random(seed);
  const terms = Array.from({ length: REPORT_LIST_SIZE + 15 }, (_, i) => `term ${i}`);
  const variants = (term: string) => [term, term.toUpperCase(), `  ${term} `];
  const industries = ["SaaS", "FinTech", "Robotics", "Health Care", "  ", ""];
  const values = Array.from({ length: REPORT_FILTER_VALUES + 5 }, (_, i) => `Value ${i}`);
  const rows: Row[] = [];
  const span = days * 86_400_000 - (86_400_000 - (NOW.getTime() % 86_400_000));
  for (let i = 0; i < count; i += 1) {
    const at = new Date(NOW.getTime() - Math.floor(next() * next() * span));
    const roll = next();
    const type = roll < 0.5 ? "search" : roll < 0.85 ? "filter" : roll < 0.93 ? "export" : "api";
    const term = pick(next, terms.slice(0, 1 + Math.floor(next() * terms.length)));
    const query = next() < 0.1 ? pick(next, ["", "   "]) : pick(next, variants(term));
    const shape = next();
    const filters: unknown =
      shape < 0.05
        ? "not an object"
        : shape < 0.15
          ? { industry: pick(next, industries), stage: "", location: "", amount: "", date: "" }
          : {
              industry: next() < 0.4 ? [pick(next, industries), pick(next, industries)] : [],
              stage:
                next() < 0.3 ? [pick(next, values.slice(0, 1 + Math.floor(next() * values.length)))] : [],
              location: next() < 0.1 ? ["continent:Europe", "continent:Europe"] : [],
              amount: next() < 0.2 ? "5m-10m" : "",
              date: next() < 0.1 ? "30d" : "",
            };
    const results = next();
    const totalResults: unknown =
      results < 0.2 ? 0 : results < 0.25 ? "12" : results < 0.28 ? undefined : Math.floor(next() * 5000);
    const details: Record<string, unknown> = { query, filters };
    if (totalResults !== undefined) details.totalResults = totalResults;
    if (next() < 0.02) delete details.query;
    rows.push({ user: next() < 0.5 ? "ada" : "bob", type, at, details });
  }
  return rows;
}

/** The report's figures counted straight from user_activity over the whole window (no roll-up). */
async function directReport(db: Db, window: DayWindow) {
  const range = sql`created_at >= ${window.from.toISOString()}::timestamptz and created_at < ${window.to.toISOString()}::timestamptz`;
  const perDayRows = await queryRows<{
    day: string;
    searches: number;
    exports: number;
    exportedRows: number;
    apiCalls: number;
  }>(
    db,
    sql`select to_char((created_at at time zone 'UTC')::date, 'YYYY-MM-DD') as day,
        count(*) filter (where action_type in ('search', 'filter'))::int as searches,
        count(*) filter (where action_type = 'api')::int as "apiCalls",
        count(*) filter (where action_type = 'export')::int as exports,
        coalesce(sum(case when jsonb_typeof(action_details->'totalResults') = 'number'
          then (action_details->>'totalResults')::numeric else 0 end) filter (where action_type = 'export'), 0)::float8
          as "exportedRows"
      from user_activity where ${range} group by 1`,
  );
  const queries = await queryRows<{ list: string; query: string; searches: number; zeroResults: number }>(
    db,
    sql`with normalized as (
        select lower(btrim(action_details->>'query')) as query, count(*)::int as searches,
          (count(*) filter (where action_details->'totalResults' = '0'::jsonb))::int as zero
        from user_activity
        where ${range} and action_type = 'search' and btrim(action_details->>'query') <> ''
        group by 1
      )
      (select 'top' as list, query, searches, zero as "zeroResults" from normalized
        order by searches desc, query limit ${REPORT_LIST_SIZE})
      union all
      (select 'zero' as list, query, searches, zero as "zeroResults" from normalized where zero > 0
        order by zero desc, searches desc, query limit ${REPORT_LIST_SIZE})`,
  );
  const filters = await queryRows<{ key: string; value: string | null; searches: number }>(
    db,
    sql`with per_search as (
        select f.key, array(
            select distinct e.value from jsonb_array_elements_text(
              case jsonb_typeof(f.raw) when 'array' then f.raw when 'string' then jsonb_build_array(f.raw)
              else '[]'::jsonb end) as e(value)
            where btrim(e.value) <> ''
          ) as vals
        from user_activity
        cross join lateral jsonb_each(case when jsonb_typeof(action_details->'filters') = 'object'
          then action_details->'filters' else '{}'::jsonb end) as f(key, raw)
        where ${range} and action_type in ('search', 'filter')
      )
      (select key, null::text as value, count(*)::int as searches from per_search where cardinality(vals) > 0
        group by key)
      union all
      (select key, value, count(*)::int as searches from per_search cross join lateral unnest(vals) as value
        group by key, value order by searches desc, key, value limit ${REPORT_FILTER_VALUES})`,
  );
  const perDay = fillDays(window.days, perDayRows, ["searches", "exports", "exportedRows", "apiCalls"]);
  const figure = ({ query, searches, zeroResults }: (typeof queries)[number]) => ({
    query,
    searches,
    zeroResults,
  });
  return {
    perDay,
    topQueries: queries.filter((row) => row.list === "top").map(figure),
    zeroResultQueries: queries.filter((row) => row.list === "zero").map(figure),
    filterKeys: filters
      .filter((row) => row.value === null)
      .map(({ key, searches }) => ({ key, searches }))
      .sort((a, b) => b.searches - a.searches || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)),
    filterValues: filters.flatMap(({ key, value, searches }) =>
      value === null ? [] : [{ key, value, searches }],
    ),
  };
}

function figuresOf(report: ActivityReport) {
  const { perDay, topQueries, zeroResultQueries, filterKeys, filterValues } = report;
  return { perDay, topQueries, zeroResultQueries, filterKeys, filterValues };
}

async function rolledUpDays(): Promise<string[]> {
  const rows = await queryRows<{ day: string }>(
    database.db,
    sql`select to_char(day, 'YYYY-MM-DD') as day from activity_rollup_days order by day`,
  );
  return rows.map((row) => row.day);
}

/** Events per day in activity_daily (the roll-up's own figures). */
async function rolledEvents(): Promise<Record<string, number>> {
  const rows = await queryRows<{ day: string; events: number }>(
    database.db,
    sql`select to_char(day, 'YYYY-MM-DD') as day, sum(events)::int as events from activity_daily group by 1`,
  );
  return Object.fromEntries(rows.map((row) => [row.day, row.events]));
}

describe("activity roll-ups: the report", () => {
  it("equals the figures counted straight from user_activity, across rolled-up days and today", async () => {
    await activity(mixedActivity(1500, 40));
    // Edges of days: the last moment of yesterday (rolled up) and the first of today (live).
    await activity([
      { type: "export", at: "2026-11-20T23:59:59.999Z", details: { totalResults: 70 } },
      { type: "export", at: "2026-11-21T00:00:00Z", details: { totalResults: 30 } },
    ]);

    for (const days of [7, 30, 90] as const) {
      const report = await getActivityReport(database.db, days, NOW);
      expect(figuresOf(report)).toEqual(await directReport(database.db, dayWindow(NOW, days)));
    }
    // Every completed day of the 90 was rolled up; today was not.
    const rolled = await rolledUpDays();
    expect(rolled).toHaveLength(89);
    expect(rolled.at(-1)).toBe("2026-11-20");
    const events = await rolledEvents();
    expect(events["2026-11-21"]).toBeUndefined();
    expect(events["2026-11-20"]).toBeGreaterThan(0);
  });

  it("reads yesterday live until the grace after midnight is over, then from its roll-up", async () => {
    const justAfterMidnight = new Date(Date.parse("2026-11-21T00:00:00Z") + ROLLUP_GRACE_MS / 2);
    await activity([{ type: "export", at: "2026-11-20T10:00:00Z", details: { totalResults: 5 } }]);
    expect((await getActivityReport(database.db, 7, justAfterMidnight)).totals.exports).toBe(1);
    expect(await rolledUpDays()).not.toContain("2026-11-20");

    // Committed just before midnight, seen after it: still counted.
    await activity([{ type: "export", at: "2026-11-20T23:59:59Z", details: { totalResults: 5 } }]);
    expect((await getActivityReport(database.db, 7, justAfterMidnight)).totals.exports).toBe(2);

    const later = new Date(Date.parse("2026-11-21T00:00:00Z") + ROLLUP_GRACE_MS);
    const report = await getActivityReport(database.db, 7, later);
    expect(report.perDay.find((day) => day.day === "2026-11-20")).toEqual({
      day: "2026-11-20",
      searches: 0,
      exports: 2,
      exportedRows: 10,
      apiCalls: 0,
    });
    expect(await rolledUpDays()).toContain("2026-11-20");
    expect((await rolledEvents())["2026-11-20"]).toBe(2);
  });

  it("shows today's new rows at once", async () => {
    await activity([{ type: "search", at: "2026-11-19T10:00:00Z", details: { query: "ai" } }]);
    const before = await getActivityReport(database.db, 7, NOW);
    expect(before.totals.searches).toBe(1);

    await activity([
      { type: "search", at: "2026-11-21T11:59:00Z", details: { query: "AI" } },
      {
        user: "bob",
        type: "filter",
        at: "2026-11-21T11:59:30Z",
        details: { query: "ai", filters: { stage: ["Seed"] } },
      },
    ]);
    const after = await getActivityReport(database.db, 7, NOW);

    expect(after.totals.searches).toBe(3);
    expect(after.perDay.at(-1)).toEqual({
      day: "2026-11-21",
      searches: 2,
      exports: 0,
      exportedRows: 0,
      apiCalls: 0,
    });
    expect(after.topQueries).toEqual([{ query: "ai", searches: 2, zeroResults: 0 }]);
    expect(after.filterValues).toEqual([{ key: "stage", value: "Seed", searches: 1 }]);
  });

  it("keeps a completed day's counts when the account's activity is deleted, today's go with it", async () => {
    await activity([
      { user: "bob", type: "search", at: "2026-11-18T10:00:00Z", details: { query: "robots" } },
      { user: "bob", type: "search", at: "2026-11-21T10:00:00Z", details: { query: "robots" } },
    ]);
    expect((await getActivityReport(database.db, 7, NOW)).totals.searches).toBe(2);

    // ON DELETE CASCADE removes bob's user_activity rows; the roll-up of 2026-11-18 holds no user.
    await database.db.delete(users).where(eq(users.id, "user_bob"));
    const report = await getActivityReport(database.db, 7, NOW);

    expect(report.totals.searches).toBe(1);
    expect(report.perDay.find((day) => day.day === "2026-11-18")?.searches).toBe(1);
    expect(report.topQueries).toEqual([{ query: "robots", searches: 1, zeroResults: 0 }]);
  });

  it("gives the overview the same per-day series, from the roll-ups and today", async () => {
    await activity(mixedActivity(400, 35, 11));
    const overview = await getOverviewFigures(database.db, NOW);
    const direct = await directReport(database.db, dayWindow(NOW, 30));

    expect(overview.activity).toEqual(
      direct.perDay.map(({ day, searches, exports }) => ({ day, searches, exports })),
    );
    expect(await rolledUpDays()).toHaveLength(29);
  });
});

describe("rollUpDays", () => {
  const days = ["2026-11-17", "2026-11-18", "2026-11-19"];

  it("counts a day once, rolled up twice or by two calls at once", async () => {
    await activity(mixedActivity(300, 6, 3));
    const [first, second] = await Promise.all([rollUpDays(database.db, days), rollUpDays(database.db, days)]);
    // One call rolled the days up; the other found them done once it had the lock.
    expect([first, second].sort()).toEqual([0, 3]);
    expect(await rollUpDays(database.db, days)).toBe(0);
    expect(await rolledUpDays()).toEqual(days);

    const direct = await queryRows<{ day: string; events: number }>(
      database.db,
      sql`select to_char((created_at at time zone 'UTC')::date, 'YYYY-MM-DD') as day, count(*)::int as events
        from user_activity
        where created_at >= '2026-11-17T00:00:00Z' and created_at < '2026-11-20T00:00:00Z'
        group by 1`,
    );
    expect(direct.length).toBe(3);
    expect(await rolledEvents()).toEqual(Object.fromEntries(direct.map((row) => [row.day, row.events])));
  });

  it("marks a completed day without activity, and never counts a marked day again", async () => {
    const empty = await getActivityReport(database.db, 7, NOW);
    expect(empty.totals).toEqual({ searches: 0, exports: 0, exportedRows: 0, apiCalls: 0 });
    expect(await rolledUpDays()).toEqual([
      "2026-11-15",
      "2026-11-16",
      "2026-11-17",
      "2026-11-18",
      "2026-11-19",
      "2026-11-20",
    ]);
    expect(await rolledEvents()).toEqual({});

    // A row written into a past day by hand (the app never does): the day is final, not counted again.
    await activity([{ type: "export", at: "2026-11-18T10:00:00Z", details: { totalResults: 9 } }]);
    expect(await rollUpDays(database.db, days)).toBe(0);
    const again = await getActivityReport(database.db, 7, NOW);
    expect(again.totals).toEqual({ searches: 0, exports: 0, exportedRows: 0, apiCalls: 0 });
  });

  it("rolls up the days missing among those asked, leaving the rolled-up ones as they are", async () => {
    await activity([
      { type: "export", at: "2026-11-17T10:00:00Z", details: { totalResults: 4 } },
      { type: "search", at: "2026-11-19T10:00:00Z", details: { query: "ai", totalResults: 0 } },
    ]);
    expect(await rollUpDays(database.db, ["2026-11-17"])).toBe(1);
    await activity([{ type: "export", at: "2026-11-17T11:00:00Z", details: { totalResults: 4 } }]);
    expect(await rollUpDays(database.db, days)).toBe(2);

    expect(await rolledEvents()).toEqual({ "2026-11-17": 1, "2026-11-19": 1 });
    const queries = await queryRows<{ day: string; query: string; searches: number; zero_results: number }>(
      database.db,
      sql`select to_char(day, 'YYYY-MM-DD') as day, query, searches, zero_results from activity_daily_queries`,
    );
    expect(queries).toEqual([{ day: "2026-11-19", query: "ai", searches: 1, zero_results: 1 }]);
  });
});
