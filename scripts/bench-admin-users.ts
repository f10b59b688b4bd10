// `npm run bench:admin-users [-- --users 100000 --activity 1000000 --runs 20]`: fills a scratch database with
// N accounts (subscriptions in every state, activity over 60 days) and times the admin users grid (docs/product.md#speed
// target: any page, sort and filter p95 <= 50 ms with 100,000 accounts on PostgreSQL).
//
// DATABASE_URL must name a database whose name contains "bench" (`createdb rl_bench_users`); without it, a
// temporary PGlite directory. The accounts are made once and kept for later runs.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { parseUserGridQuery } from "../app/core/admin-users-query";
import { listUsers } from "../app/server/admin/users-admin.server";
import { openDatabase } from "../app/server/db/database.server";
import { queryRows } from "../app/server/db/query-rows.server";

const { values } = parseArgs({
  options: {
    users: { type: "string", default: "100000" },
    activity: { type: "string", default: "1000000" },
    runs: { type: "string", default: "20" },
  },
});
const userCount = Number(values.users);
const activityCount = Number(values.activity);
const runs = Number(values.runs);
const TARGET_MS = 50;

const url = process.env.DATABASE_URL || undefined;
if (url && !new URL(url).pathname.includes("bench")) {
  throw new Error("DATABASE_URL must name a scratch database whose name contains 'bench'.");
}
const dataDir = url ? undefined : mkdtempSync(path.join(tmpdir(), "rl-bench-admin-users-"));
const database = await openDatabase({ url, dataDir });
await database.migrate();
const db = database.db;

async function fill(): Promise<void> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from users where id like 'bu_%'`,
  );
  if ((row?.n ?? 0) === userCount) return;
  const started = performance.now();
  await db.execute(sql`delete from users where id like 'bu_%'`);
  // Accounts: one admin in 1,000, sign-ups over two years, three in four signed in at some point.
  await db.execute(sql`
    insert into users (id, name, email, email_verified, first_name, last_name, role, last_login, created_at, updated_at, banned_at)
    select 'bu_' || n, 'Person ' || n, 'person' || n || '@bench.example', true, 'Person', n::text,
      case when n % 1000 = 0 then 'admin' else 'user' end,
      case when n % 4 = 0 then null else now() - (n % 90) * interval '1 day' end,
      now() - (n % 730) * interval '1 day' - (n % 1440) * interval '1 minute',
      now(), case when n % 500 = 0 then now() else null end
    from generate_series(1, ${userCount}) as n`);
  // Subscriptions for 30%: trials, monthly and annual paid, granted lifetime and LP, canceled.
  await db.execute(sql`
    insert into subscriptions (id, user_id, plan_id, status, provider, provider_subscription_id, trial_start, trial_end,
      current_period_start, current_period_end, provider_state_at)
    select 'bs_' || n, 'bu_' || n,
      (array['monthly', 'pro', 'lifetime', 'lps', 'monthly', 'pro'])[n % 6 + 1],
      (array['trialing', 'active', 'active', 'active', 'canceled', 'past_due'])[(n / 7) % 6 + 1],
      case when n % 6 in (2, 3) then 'grant' else 'demo' end,
      'bench_sub_' || n,
      now() - interval '2 days', now() + (n % 7) * interval '1 day',
      now() - interval '2 days', now() + interval '28 days', now()
    from generate_series(1, ${userCount}) as n where n % 10 < 3`);
  // Activity: searches, filters and exports over 60 days, most from a tenth of the accounts.
  await db.execute(sql`
    insert into user_activity (user_id, action_type, action_details, created_at)
    select 'bu_' || (case when n % 3 = 0 then (n % ${userCount}) + 1 else (n % (${userCount} / 10)) * 10 + 1 end),
      (array['search', 'search', 'filter', 'export'])[n % 4 + 1],
      jsonb_build_object('query', 'q' || (n % 500), 'filters', '{}'::jsonb, 'totalResults', n % 1000),
      now() - (n % 86400) * interval '1 minute'
    from generate_series(1, ${activityCount}) as n`);
  await db.execute(sql`analyze users`);
  await db.execute(sql`analyze subscriptions`);
  await db.execute(sql`analyze user_activity`);
  console.log(
    `Made ${userCount.toLocaleString("en-US")} accounts and ${activityCount.toLocaleString("en-US")} activity rows in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
  );
}

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

const VIEWS = [
  "",
  "?page=2",
  "?page=1000",
  "?page=2000",
  "?sort=oldest",
  "?sort=email-asc",
  "?sort=email-desc&page=300",
  "?sort=name-asc",
  "?sort=last-login",
  "?sort=trial-end",
  "?q=person4242",
  "?q=bench.example&page=50",
  "?role=admin",
  "?plan=lifetime",
  "?plan=none&page=100",
  "?status=trialing&sort=trial-end",
  "?status=ended",
  "?status=banned",
  "?plan=monthly&status=active&sort=email-asc",
];

try {
  await fill();
  console.log(
    `\nusers grid, ${userCount.toLocaleString("en-US")} accounts on ${database.kind}; ${runs} runs; ms`,
  );
  console.log(`${"view".padEnd(48)} ${"matches".padStart(9)} ${"p50".padStart(7)} ${"p95".padStart(7)}`);
  let worst = 0;
  for (const view of VIEWS) {
    const query = parseUserGridQuery(new URL(`http://bench/admin/users${view}`));
    let total = 0;
    await listUsers(db, query);
    const samples: number[] = [];
    for (let i = 0; i < runs; i += 1) {
      const started = performance.now();
      total = (await listUsers(db, query)).total;
      samples.push(performance.now() - started);
    }
    const p95 = percentile(samples, 95);
    worst = Math.max(worst, p95);
    console.log(
      `${(view || "(default: newest)").padEnd(48)} ${String(total).padStart(9)} ${percentile(samples, 50).toFixed(1).padStart(7)} ${p95.toFixed(1).padStart(7)}`,
    );
  }
  console.log(
    `\nworst p95 ${worst.toFixed(1)} ms; target <= ${TARGET_MS} ms ${worst <= TARGET_MS ? "PASS" : "FAIL"}`,
  );
} finally {
  await database.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
