// `npm run bench:alerts -- [--searches N] [--users U] [--fresh F] [--count C] [--same-process]`: the daily alert run against its docs/product.md#speed targets.
//
// On the configured database (DATABASE_URL; else a temporary PGlite directory seeded with --count companies):
// U subscribers with N saved searches between them, every one with a daily alert and due, drawn from the
// data's own industries, stages, countries and cities, with text and amount or date filters mixed in; F
// companies recorded (a new round or a new company) in the last day. Then one alert run (runAlerts: build
// every due digest, send every one through the log driver, which stores it in mail_messages) while this
// process times the search page's queries (searchCompanies, page + count) over and over. On PostgreSQL the run
// is in a process of its own, as the cluster's primary runs it (`--same-process`: beside the searches, as a
// one-process server does). Prints the run's time and counts, and the searches' p50/p95 before and during the
// run. Targets: the run under 5 minutes, the searches' p95 during it at most 50 ms (bench:search's target) at
// 1,000,000 companies on PostgreSQL.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { canonicalSearchQuery } from "../app/core/saved-search";
import { EMPTY_SEARCH, type SearchState } from "../app/core/search-params";
import { runAlerts } from "../app/server/alerts/alert-scheduler.server";
import { grantPlanTo } from "../app/server/billing/grants.server";
import { invalidateSearchCounts, searchCompanies } from "../app/server/companies/search.server";
import { countCompanies } from "../app/server/companies/stats.server";
import { openDatabase } from "../app/server/db/database.server";
import { queryRows } from "../app/server/db/query-rows.server";
import { createRandom } from "../app/server/demo-data/random";
import { seedCompanies, tidyAfterBulkLoad } from "../app/server/demo-data/seed.server";
import { createLogMailer } from "../app/server/mail/mailer.server";

const { values } = parseArgs({
  options: {
    searches: { type: "string", default: "10000" },
    users: { type: "string", default: "2000" },
    fresh: { type: "string", default: "5000" },
    count: { type: "string", default: "17555" },
    "same-process": { type: "boolean", default: false },
    // Internal: the child process that runs the alerts once and prints its counts as JSON (see below).
    "child-run": { type: "boolean", default: false },
  },
});

if (values["child-run"]) {
  const child = await openDatabase({ url: process.env.DATABASE_URL });
  const mailer = createLogMailer(child.db, {
    from: "Roundlist <alerts@roundlist.example>",
    log: { info() {}, warn() {} },
  });
  const started = performance.now();
  const counts = await runAlerts(child.db, { mailer, appUrl: "https://roundlist.example" });
  await child.close();
  process.stdout.write(`${JSON.stringify({ counts, ms: performance.now() - started })}\n`);
  process.exit(0);
}
const searchCount = Number(values.searches);
const userCount = Number(values.users);
const freshCount = Number(values.fresh);
const url = process.env.DATABASE_URL || undefined;
const dataDir = url ? undefined : mkdtempSync(path.join(tmpdir(), "rl-bench-alerts-"));
const database = await openDatabase({ url, dataDir });
await database.migrate();
const db = database.db;
const random = createRandom(19);
const log = (line: string) => process.stdout.write(`${line}\n`);

if ((await countCompanies(db)) === 0) {
  log(`seeding ${values.count} companies…`);
  await seedCompanies(db, { count: Number(values.count) });
  await tidyAfterBulkLoad(db);
}
const companyTotal = await countCompanies(db);

// Earlier runs of this bench: their users (and, by cascade, searches and digests) and mails go.
await db.execute(sql`delete from mail_messages where to_address like 'bench-alerts-%'`);
await db.execute(sql`delete from users where id like 'bench_alerts_%'`);

log(`${userCount} subscribers…`);
const userIds = Array.from({ length: userCount }, (_, index) => `bench_alerts_${index}`);
for (let start = 0; start < userIds.length; start += 1000) {
  const chunk = userIds.slice(start, start + 1000);
  await db.execute(
    sql`insert into users (id, name, email, email_verified)
        select id, 'Bench ' || id, replace(id, '_', '-') || '@example.com', true
        from unnest(${sql.param(chunk)}::text[]) as id`,
  );
}
for (let start = 0; start < userIds.length; start += 8) {
  await Promise.all(userIds.slice(start, start + 8).map((id) => grantPlanTo(db, id, "lifetime")));
}

// The data's own values, so the searches look like the ones people save.
const top = async (query: ReturnType<typeof sql>) =>
  (await queryRows<{ value: string }>(db, query)).map((row) => row.value);
const industries = await top(
  sql`select value from (select unnest(industries) as value from companies tablesample system (2)) s
      group by value order by count(*) desc limit 40`,
);
const stages = await top(
  sql`select last_funding_type as value from companies where last_funding_type is not null
      group by 1 order by count(*) desc limit 8`,
);
const countries = await top(
  sql`select country as value from companies tablesample system (2) where country is not null
      group by 1 order by count(*) desc limit 25`,
);
const cities = await top(
  sql`select concat_ws(', ', city, region, country) as value from companies tablesample system (2)
      where city is not null group by 1 order by count(*) desc limit 30`,
);
const WORDS = ["software", "health", "data", "climate", "payments", "ai", "security", "robotics"];

function savedSearchState(): SearchState {
  const state: SearchState = { ...EMPTY_SEARCH };
  if (random.chance(0.7)) state.industry = [random.pick(industries)];
  if (random.chance(0.2)) state.industry = [...state.industry, random.pick(industries)];
  if (random.chance(0.6)) state.stage = [random.pick(stages)];
  if (random.chance(0.25)) state.stage = [...new Set([...state.stage, random.pick(stages)])];
  const where = random.next();
  if (where < 0.35) state.location = [`country:${random.pick(countries)}`];
  else if (where < 0.5) state.location = [random.pick(cities)];
  else if (where < 0.6) state.location = ["continent:Europe"];
  if (random.chance(0.15)) state.q = random.pick(WORDS);
  if (random.chance(0.2)) state.amount = random.pick(["1m-5m", "5m-10m", "10m-20m"] as const);
  if (random.chance(0.1)) state.date = "1y";
  return state;
}

log(`${searchCount} saved searches with daily alerts, all due…`);
const now = new Date();
const due = new Date(now.getTime() - 60_000).toISOString();
const since = new Date(now.getTime() - 24 * 3600_000).toISOString();
for (let start = 0; start < searchCount; start += 1000) {
  const rows = Array.from({ length: Math.min(1000, searchCount - start) }, (_, offset) => ({
    user: userIds[(start + offset) % userIds.length] as string,
    name: `Search ${start + offset}`,
    query: canonicalSearchQuery(savedSearchState()),
  }));
  await db.execute(
    sql`insert into saved_searches (user_id, name, query, alert, next_digest_at, digest_since)
        select r.user_id, r.name, r.query, 'daily', ${due}::timestamptz, ${since}::timestamptz
        from jsonb_to_recordset(${JSON.stringify(rows.map((row) => ({ user_id: row.user, name: row.name, query: row.query })))}::jsonb)
          as r(user_id text, name text, query text)`,
  );
}

log(`${freshCount} companies recorded in the last day…`);
await db.execute(
  sql`update companies set round_recorded_at = now() - interval '30 days'
      where round_recorded_at > now() - interval '2 days'`,
);
await db.execute(
  sql`update companies set round_recorded_at = now() - random() * interval '23 hours'
      where id in (select id from companies order by random() limit ${freshCount})`,
);
// The first run of this bench moves every company out of the window (a full-table update): vacuum, so the
// search's index-only scans work again, as they do on a table imports change by the thousand.
if (database.kind === "postgres") await db.execute(sql`vacuum analyze companies`);
else await db.execute(sql`analyze companies`);

const PROBES: Array<Partial<SearchState>> = [
  { q: "software" },
  { industry: ["SaaS"] },
  { stage: ["Seed", "Series A"] },
  { location: ["country:Germany"] },
  { amount: "5m-10m" },
  { q: "health", stage: ["Series A"], location: ["continent:North America"], date: "1y" },
  { sort: "amount-desc", stage: ["Seed"] },
  { page: 20 },
];

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** Each probe's times, by probe. */
type Samples = number[][];

async function probeOnce(samples: Samples, index: number) {
  invalidateSearchCounts();
  const which = index % PROBES.length;
  const state = { ...EMPTY_SEARCH, ...PROBES[which] };
  const started = performance.now();
  await searchCompanies(db, state, { canSeeEmails: true });
  const times = samples[which] ?? [];
  samples[which] = times;
  times.push(performance.now() - started);
}

const all = (samples: Samples) => samples.flat();
const worstP95 = (samples: Samples) => Math.max(...samples.map((times) => percentile(times, 95)));

const before: Samples = [];
for (let index = 0; index < PROBES.length * 40; index += 1) await probeOnce(before, index);

log("alert run…");
const mailer = createLogMailer(db, {
  from: "Roundlist <alerts@roundlist.example>",
  log: { info() {}, warn() {} },
});
let running = true;
const during: Samples = [];
const probing = (async () => {
  for (let index = 0; running; index += 1) {
    await probeOnce(during, index);
    // One search every 100 ms: people searching while the run goes on, not a flood.
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
})();
/**
 * Where the run happens. On PostgreSQL, in a process of its own by default: the server runs the scheduler in
 * the cluster's primary, which serves no request, while the workers answer searches (decision 012), so the
 * searches share the machine's cores and the database with the run, not their event loop. `--same-process`
 * (and PGlite, which one process alone can open) runs it in this process, beside the probes, as a server of
 * one process (WEB_CONCURRENCY=1) does.
 */
const inChild = url !== undefined && !values["same-process"];

async function runInChild(): Promise<{ counts: Awaited<ReturnType<typeof runAlerts>>; ms: number }> {
  const child = spawn(process.execPath, [...process.execArgv, import.meta.filename, "--child-run"], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  if (code !== 0) throw new Error(`the alert run's process exited with ${code}`);
  return JSON.parse(output.trim().split("\n").at(-1) ?? "{}");
}

const started = performance.now();
const counts = inChild
  ? (await runInChild()).counts
  : await runAlerts(db, { mailer, appUrl: "https://roundlist.example" });
const runMs = performance.now() - started;
log(
  inChild
    ? "(the run in a process of its own, as the cluster's primary runs it)"
    : "(the run in this process, beside the searches)",
);
log(
  `build ${(counts.ms.build / 1000).toFixed(1)} s, delivery ${(counts.ms.delivery / 1000).toFixed(1)} s (pauses included)`,
);
running = false;
await probing;

const [mails] = await queryRows<{ count: string }>(
  db,
  sql`select count(*) as count from mail_messages where to_address like 'bench-alerts-%'`,
);
const [digests] = await queryRows<{ count: string; companies: string }>(
  db,
  sql`select count(*) as count, coalesce(sum(company_count), 0) as companies from alert_digests d
      join users u on u.id = d.user_id where u.id like 'bench_alerts_%'`,
);
log("");
log(
  `${database.kind}, ${companyTotal.toLocaleString("en-US")} companies, ${freshCount} recorded in the window`,
);
log(`${searchCount} saved searches of ${userCount} users`);
log(
  `run: ${(runMs / 1000).toFixed(1)} s (${(runMs / searchCount).toFixed(2)} ms a search); built ${counts.build.built}, empty ${counts.build.empty}, no access ${counts.build.noAccess}, skipped ${counts.build.skipped}; sent ${counts.delivery.sent}, failed ${counts.delivery.failed}`,
);
log(
  `digests ${digests?.count}, listing ${digests?.companies} companies in all; mails stored ${mails?.count}`,
);
for (const [label, samples] of [
  ["before the run", before],
  ["during the run", during],
] as const) {
  log(
    `search page+count ${label}: p50 ${percentile(all(samples), 50).toFixed(1)} ms, p95 ${percentile(all(samples), 95).toFixed(1)} ms over ${all(samples).length} searches`,
  );
}
log("each probe's p95, before -> during:");
PROBES.forEach((probe, index) => {
  log(
    `  ${JSON.stringify(probe).padEnd(100)} ${percentile(before[index] ?? [], 95).toFixed(1)} -> ${percentile(during[index] ?? [], 95).toFixed(1)} ms`,
  );
});
// The target (docs/product.md#speed): the run does not raise /search p95 above its target (bench:search's 50 ms per query). A
// query already above it before the run (bench:search's known miss, docs/product.md#search) must not be raised by more than
// the noise of one run (20%).
const raised = PROBES.filter((_probe, index) => {
  const was = percentile(before[index] ?? [], 95);
  const is = percentile(during[index] ?? [], 95);
  return is > Math.max(50, was * 1.2);
});
const pass = runMs < 5 * 60_000 && raised.length === 0 && counts.delivery.sent === counts.build.built;
log(`worst probe p95: before ${worstP95(before).toFixed(1)} ms, during ${worstP95(during).toFixed(1)} ms`);
log(
  pass
    ? "PASS"
    : `FAIL (target: run < 5 min, no probe's p95 raised past 50 ms, every digest built sent; raised: ${raised.length})`,
);

await database.close();
if (dataDir) rmSync(dataDir, { recursive: true, force: true });
process.exit(pass ? 0 : 1);
