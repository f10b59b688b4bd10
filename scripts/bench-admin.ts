// `npm run bench:admin -- [--activity 1000000] [--users 1000] [--companies 17555] [--runs 20] [--reseed]`:
// times the figures of the admin console's overview and activity pages (docs/product.md#speed target: p95 <= 200 ms with
// 1,000,000 user_activity rows on PostgreSQL), and the data health page's.
//
// Runs against DATABASE_URL when its database name contains "bench" (it empties users and their activity:
// `createdb -h 127.0.0.1 -U postgres rl_bench_admin`), else a fresh PGlite directory under the system temp
// dir. Seeds --users accounts (subscriptions in every state), --activity user_activity rows spread over the
// last 120 days (one INSERT ... SELECT generate_series per 100,000 rows) and --companies demo companies, then
// VACUUM ANALYZE. A database already holding those counts is reused (--reseed forces a new seed).
//
// Then: (a) the daily roll-ups (server/admin/activity-rollup.server.ts) are emptied and the seeded days rolled
// up again, timed: what the first report after a deploy costs at most (it rolls up the days of its window);
// (b) each page's data is timed cold (its per-minute cache dropped before every run, the roll-ups present; the
// database's buffers stay warm, as on a server in use) and warm (served from that cache); one untimed run
// first; (c) the data health page's figures, counted (its cache dropped) and served from its cache, on this
// database and, when DATABASE_URL2 is set, on that PostgreSQL database too: read only (no migration, no
// write), e.g. DATABASE_URL2=postgres://postgres@127.0.0.1:5432/roundlist_bench with 1,000,000 companies.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { splitWindow } from "../app/core/activity-rollup";
import { dayWindow } from "../app/core/admin-metrics";
import {
  cachedActivityReport,
  getActivityReport,
  invalidateActivityReports,
} from "../app/server/admin/activity-report.server";
import { rollUpDays } from "../app/server/admin/activity-rollup.server";
import {
  cachedDataHealth,
  getDataHealth,
  invalidateDataHealth,
} from "../app/server/admin/data-health.server";
import { cachedOverviewFigures, invalidateOverviewFigures } from "../app/server/admin/overview.server";
import { type Db, openDatabase } from "../app/server/db/database.server";
import { queryRows } from "../app/server/db/query-rows.server";
import { seedCompanies, tidyAfterBulkLoad } from "../app/server/demo-data/seed.server";

const TARGET_P95_MS = 200;
const ACTIVITY_DAYS_SPAN = 120;
const CHUNK = 100_000;

const { values } = parseArgs({
  options: {
    activity: { type: "string", default: "1000000" },
    users: { type: "string", default: "1000" },
    companies: { type: "string", default: "17555" },
    runs: { type: "string", default: "20" },
    reseed: { type: "boolean", default: false },
  },
});
const activityRows = Number(values.activity);
const userCount = Number(values.users);
const companyCount = Number(values.companies);
const runs = Number(values.runs);

const url = process.env.DATABASE_URL || undefined;
if (url) {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  if (!name.includes("bench")) {
    console.error(
      `Refusing to run against "${name}": this benchmark empties users and user_activity. Use a database whose name contains "bench" (createdb -h 127.0.0.1 -U postgres rl_bench_admin).`,
    );
    process.exit(2);
  }
}
const dataDir = url ? undefined : mkdtempSync(path.join(os.tmpdir(), "rl-bench-admin-"));
const database = await openDatabase({ url, dataDir });
await database.migrate();
const db = database.db;

const ROLLUP_TABLES = sql.raw(
  "activity_daily, activity_daily_queries, activity_daily_filters, activity_rollup_days",
);

async function count(
  table:
    | "users"
    | "user_activity"
    | "companies"
    | "subscriptions"
    | "activity_daily_queries"
    | "activity_daily_filters",
): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${sql.identifier(table)}`,
  );
  return row?.n ?? 0;
}

/**
 * Accounts and their subscriptions, in every state the overview tells apart (by the account's number mod 20):
 * paying monthly and annual (Stripe and demo), granted, trialing, trials ended paid and unpaid, canceled,
 * past due, none.
 */
async function seedAccounts(): Promise<void> {
  await db.execute(sql`truncate users restart identity cascade`);
  await db.execute(sql`insert into users (id, name, email, email_verified, created_at)
    select 'bench_user_' || g, 'Bench User ' || g, 'bench' || g || '@bench.example', true,
      now() - (g % 365) * interval '1 day'
    from generate_series(1, ${userCount}::int) as g`);
  await db.execute(sql`insert into subscriptions (id, user_id, plan_id, status, provider, provider_subscription_id,
      trial_start, trial_end, ended_at, provider_state_at)
    select 'bench_sub_' || g, 'bench_user_' || g, s.plan_id, s.status, s.provider, 'bench_sub_' || g,
      case when s.trial_ago is null then null else now() - (s.trial_ago + 7) * interval '1 day' end,
      case when s.trial_ago is null then null else now() - s.trial_ago * interval '1 day' end,
      case when s.status = 'canceled' then now() - greatest(s.trial_ago - 3, 0) * interval '1 day' end,
      now()
    from generate_series(1, ${userCount}::int) as g
    cross join lateral (
      select * from (values
        (0, 'monthly', 'active', 'stripe', (g % 40)),
        (1, 'monthly', 'active', 'demo', null),
        (2, 'pro', 'active', 'stripe', (g % 50)),
        (3, 'pro', 'active', 'demo', null),
        (4, 'lifetime', 'active', 'grant', null),
        (5, 'lps', 'active', 'grant', null),
        (6, 'monthly', 'trialing', 'stripe', -(g % 7)),
        (7, 'pro', 'trialing', 'demo', -(g % 7)),
        (8, 'monthly', 'canceled', 'stripe', (g % 30)),
        (9, 'pro', 'past_due', 'stripe', (g % 20)),
        (10, 'monthly', 'active', 'stripe', null),
        (11, 'pro', 'active', 'stripe', null)
      ) as v(k, plan_id, status, provider, trial_ago)
      where v.k = g % 20
    ) as s`);
}

/**
 * user_activity over the last 120 days, in time order (as the app writes it): 55% searches, 40% filter
 * changes, 5% exports; queries from a skewed vocabulary of 400 terms (a tenth empty, about 6% with no
 * results); filters as the app stores them (lists for industry, stage and location, text for amount and date).
 */
async function seedActivity(): Promise<void> {
  // The roll-ups count the rows being replaced: they go with them.
  await db.execute(sql`truncate user_activity, ${ROLLUP_TABLES} restart identity`);
  for (let start = 1; start <= activityRows; start += CHUNK) {
    const end = Math.min(activityRows, start + CHUNK - 1);
    await db.execute(sql`insert into user_activity (user_id, action_type, action_details, created_at)
      select 'bench_user_' || (1 + (hashint4(g) & 2147483647) % ${userCount}::int),
        case when r1 < 0.55 then 'search' when r1 < 0.95 then 'filter' else 'export' end,
        jsonb_build_object(
          'query', case when r2 < 0.1 then '' else 'term ' || floor(400 * r2 * r2)::int end,
          'filters', jsonb_build_object(
            'industry', case when r3 < 0.35 then jsonb_build_array(
                (array['SaaS', 'FinTech', 'Health Care', 'Artificial Intelligence (AI)', 'E-Commerce',
                  'Robotics', 'Biotechnology', 'EdTech'])[1 + floor(r4 * 8)::int])
              when r3 < 0.45 then '["SaaS", "FinTech"]'::jsonb else '[]'::jsonb end,
            'stage', case when r4 < 0.3 then jsonb_build_array(
                (array['Seed', 'Series A', 'Series B', 'Pre-Seed'])[1 + floor(r3 * 4)::int]) else '[]'::jsonb end,
            'location', case when r5 < 0.25 then jsonb_build_array(
                (array['continent:Europe', 'continent:North America', 'country:Germany',
                  'country:United States', 'state:California'])[1 + floor(r2 * 5)::int]) else '[]'::jsonb end,
            'amount', case when r5 > 0.85 then '5m-10m' else '' end,
            'date', case when r1 > 0.9 then '30d' else '' end
          ),
          'totalResults', case when r1 >= 0.95 then floor(r3 * 5000)::int
            when r2 > 0.97 or r4 < 0.03 then 0 else floor(r5 * 20000)::int end
        ),
        now() - interval '${sql.raw(String(ACTIVITY_DAYS_SPAN))} days'
          + (g::float8 / ${activityRows}::float8) * interval '${sql.raw(String(ACTIVITY_DAYS_SPAN))} days'
      from generate_series(${start}::int, ${end}::int) as g
      cross join lateral (
        select ((hashint4(g * 5 + 1) & 2147483647) % 100000) / 100000.0 as r1,
          ((hashint4(g * 5 + 2) & 2147483647) % 100000) / 100000.0 as r2,
          ((hashint4(g * 5 + 3) & 2147483647) % 100000) / 100000.0 as r3,
          ((hashint4(g * 5 + 4) & 2147483647) % 100000) / 100000.0 as r4,
          ((hashint4(g * 5 + 5) & 2147483647) % 100000) / 100000.0 as r5
      ) as r`);
    process.stdout.write(`\rseeding activity ${end.toLocaleString("en-US")}…`);
  }
  process.stdout.write("\n");
}

async function seed(): Promise<void> {
  const [users, activity, companies] = await Promise.all([
    count("users"),
    count("user_activity"),
    count("companies"),
  ]);
  if (values.reseed || users !== userCount || activity !== activityRows) {
    const started = performance.now();
    await seedAccounts();
    await seedActivity();
    await db.execute(sql`vacuum analyze users`);
    await db.execute(sql`vacuum analyze subscriptions`);
    await db.execute(sql`vacuum analyze user_activity`);
    console.log(
      `Seeded ${userCount.toLocaleString("en-US")} accounts and ${activityRows.toLocaleString("en-US")} activity rows in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
    );
  }
  if (values.reseed || companies !== companyCount) {
    await db.execute(sql`truncate companies restart identity cascade`);
    const seeded = await seedCompanies(db, { count: companyCount });
    await tidyAfterBulkLoad(db);
    console.log(
      `Seeded ${seeded.inserted.toLocaleString("en-US")} companies in ${(seeded.ms / 1000).toFixed(1)} s.`,
    );
  }
  await db.execute(sql`analyze`);
}

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

async function time(work: () => Promise<unknown>): Promise<number[]> {
  await work(); // untimed: plans and buffers
  const samples: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    await work();
    samples.push(performance.now() - started);
  }
  return samples;
}

/**
 * (a) The one-off roll-up of the seeded days (every completed day of the last ACTIVITY_DAYS_SPAN + 1): the
 * roll-ups emptied first, so each run of the benchmark measures it.
 */
async function timeRollUp(): Promise<void> {
  await db.execute(sql`truncate ${ROLLUP_TABLES}`);
  const now = new Date();
  const { rolledDays } = splitWindow(dayWindow(now, ACTIVITY_DAYS_SPAN + 1), now);
  const started = performance.now();
  const rolled = await rollUpDays(db, rolledDays);
  const ms = performance.now() - started;
  const [queries, filters] = await Promise.all([
    count("activity_daily_queries"),
    count("activity_daily_filters"),
  ]);
  console.log(
    `Roll-up of ${rolled} completed days (${rolledDays[0]} to ${rolledDays.at(-1)}; ${queries.toLocaleString("en-US")} query rows, ${filters.toLocaleString("en-US")} filter rows): ${(ms / 1000).toFixed(2)} s, once\n`,
  );
}

/** Each page's loader data; cold drops the minute cache first (what the first visit in a minute costs). */
const CASES: Array<{ label: string; load: () => Promise<unknown>; invalidate: () => void }> = [
  {
    label: "overview (/admin)",
    load: () => cachedOverviewFigures(db),
    invalidate: invalidateOverviewFigures,
  },
  ...([30, 7, 90] as const).map((days) => ({
    label: `activity, ${days} days${days === 30 ? " (default)" : ""}`,
    load: () => cachedActivityReport(db, days),
    invalidate: invalidateActivityReports,
  })),
];

/** One line of the table: cold p50, p95 and max, warm p95, and whether cold p95 is within `limit`. */
function timingLine(
  label: string,
  cold: number[],
  warm: number[],
  limit: number,
  words: [string, string] = ["PASS", "FAIL"],
): boolean {
  const p95 = percentile(cold, 95);
  const pass = p95 <= limit;
  const cells = [percentile(cold, 50), p95, Math.max(...cold)].map((ms) => ms.toFixed(1).padStart(8));
  console.log(
    `${label.padEnd(30)} ${cells.join(" ")} ${percentile(warm, 95).toFixed(2).padStart(9)}  ${pass ? words[0] : words[1]}`,
  );
  return pass;
}

/**
 * The worst case of the live part: a 90-day report at 00:10 UTC of the newest row's day, when yesterday (a
 * whole day of rows) is still read live along with today (ROLLUP_GRACE_MS), the rest from the roll-ups.
 * Uncached (getActivityReport): cold and warm are the same runs.
 */
async function timeGraceWindow(): Promise<boolean> {
  const [row] = await queryRows<{ at: string | null }>(
    db,
    sql`select to_char(max(created_at) at time zone 'UTC', 'YYYY-MM-DD"T00:10:00Z"') as at from user_activity`,
  );
  if (!row?.at) return true;
  const at = new Date(row.at);
  const cold = await time(() => getActivityReport(db, 90, at));
  return timingLine("activity, 90 days, at 00:10", cold, cold, TARGET_P95_MS);
}

/** Above this, counting on each visit is too slow for the page: it serves its cache (cachedDataHealth). */
const HEALTH_GUIDE_MS = 300;

/**
 * (c) The data health page's figures on `target`: counted (getDataHealth: the first visit after a change)
 * and as the page serves them otherwise (cachedDataHealth: the data version, the do-not-sell counts and
 * the cached company figures). Reads only; informative, not part of the exit code.
 */
async function timeDataHealth(label: string, target: Db): Promise<void> {
  const cold = await time(() => getDataHealth(target));
  invalidateDataHealth();
  const warm = await time(() => cachedDataHealth(target));
  timingLine(label, cold, warm, HEALTH_GUIDE_MS, [
    `counted <= ${HEALTH_GUIDE_MS}`,
    `counted > ${HEALTH_GUIDE_MS}: cached`,
  ]);
}

let failed = false;
try {
  await seed();
  await timeRollUp();
  const [inWindow] = await queryRows<{ d30: number; d90: number }>(
    db,
    sql`select count(*) filter (where created_at >= now() - interval '30 days')::int as d30,
        count(*) filter (where created_at >= now() - interval '90 days')::int as d90 from user_activity`,
  );
  console.log(
    `\n${database.kind}; ${(await count("user_activity")).toLocaleString("en-US")} activity rows (${inWindow?.d30.toLocaleString("en-US")} in the last 30 days, ${inWindow?.d90.toLocaleString("en-US")} in 90), ${(await count("users")).toLocaleString("en-US")} accounts, ${(await count("subscriptions")).toLocaleString("en-US")} subscriptions, ${(await count("companies")).toLocaleString("en-US")} companies`,
  );
  console.log(
    `${os.cpus().length} CPUs, load average ${os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(" ")} (other work on this machine slows every figure)`,
  );
  console.log(
    `${runs} runs each; ms; cold: the page's minute cache dropped before each run (target: cold p95 <= ${TARGET_P95_MS}); warm: served from it\n`,
  );
  console.log(
    `${"page data".padEnd(30)} ${"p50".padStart(8)} ${"p95".padStart(8)} ${"max".padStart(8)} ${"warm p95".padStart(9)}  result`,
  );
  for (const { label, load, invalidate } of CASES) {
    const cold = await time(() => {
      invalidate();
      return load();
    });
    const warm = await time(load);
    if (!timingLine(label, cold, warm, TARGET_P95_MS)) failed = true;
  }
  if (!(await timeGraceWindow())) failed = true;
  console.log(
    "\ndata health (/admin/data-health): cold = counted (the first visit after a change), warm = as the page serves it",
  );
  await timeDataHealth(`this database (${(await count("companies")).toLocaleString("en-US")} co.)`, db);
  const healthUrl = process.env.DATABASE_URL2;
  if (healthUrl) {
    // Read only: no migration (its schema needs only companies, suppressions and similarity_state).
    const other = await openDatabase({ url: healthUrl });
    try {
      const [row] = await queryRows<{ n: number }>(other.db, sql`select count(*)::int as n from companies`);
      const name = decodeURIComponent(new URL(healthUrl).pathname.slice(1));
      await timeDataHealth(`${name} (${(row?.n ?? 0).toLocaleString("en-US")} co.)`, other.db);
    } finally {
      await other.close();
    }
  }
  console.log(
    `\nload average after: ${os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(" ")}`,
  );
} finally {
  await database.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
