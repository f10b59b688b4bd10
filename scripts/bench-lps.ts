// `npm run bench:lps [-- --lps 100000 --contacts 250000 --runs 20]`: times the /lps search (page + count,
// with each page's contacts and commitments) over a fixed set of views (docs/product.md#speed targets:
// 100,000 LPs with 250,000 contacts on PostgreSQL p95 <= 30 ms; 3,000 LPs on PGlite p95 <= 20 ms).
//
// DATABASE_URL must name a scratch database whose name contains "bench" (`createdb rl_bench_lps`); the LPs
// are seeded once and kept for later runs. Without it: a temporary PGlite directory with --lps LPs
// (default 3,000 there).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { parseLpSearchParams } from "../app/core/lp-search-params";
import { openDatabase } from "../app/server/db/database.server";
import { queryRows } from "../app/server/db/query-rows.server";
import { deleteAllLps, seedLps, tidyLpsAfterBulkLoad } from "../app/server/demo-data/lp-seed.server";
import { searchLps } from "../app/server/lps/lp-search.server";

const url = process.env.DATABASE_URL || undefined;
if (url && !new URL(url).pathname.includes("bench")) {
  throw new Error("DATABASE_URL must name a scratch database whose name contains 'bench'.");
}
const { values } = parseArgs({
  options: {
    lps: { type: "string", default: url ? "100000" : "3000" },
    contacts: { type: "string", default: url ? "250000" : "0" },
    runs: { type: "string", default: "20" },
  },
});
const lpCount = Number(values.lps);
const contactTarget = Number(values.contacts);
const runs = Number(values.runs);
const TARGET_MS = url ? 30 : 20;

const dataDir = url ? undefined : mkdtempSync(path.join(tmpdir(), "rl-bench-lps-"));
const database = await openDatabase({ url, dataDir });
await database.migrate();
const db = database.db;

async function count(table: "lps" | "lp_contacts"): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${sql.identifier(table)}`,
  );
  return row?.n ?? 0;
}

/**
 * The demo generator gives 1-3 contacts an LP (about 2.2); the benchmark's size (docs/product.md#speed: 100,000 LPs, 250,000 contacts) has 2.5, so more colleagues are
 * added to the largest LPs (the ones with most staff) until the contacts reach the target.
 */
async function fill(): Promise<void> {
  if ((await count("lps")) === lpCount && (await count("lp_contacts")) >= contactTarget) return;
  const started = performance.now();
  await deleteAllLps(db);
  await seedLps(db, { count: lpCount, today: new Date("2026-11-25T00:00:00Z"), batchSize: 2_000 });
  const missing = contactTarget - (await count("lp_contacts"));
  if (missing > 0) {
    await db.execute(sql`
      insert into lp_contacts (lp_id, position, first_name, last_name, title, email)
      select l.id, 10 + g.n, 'Colleague', 'Number ' || g.n, 'Investment Analyst',
             'analyst' || g.n || '.' || l.id || '@' || coalesce(l.website_domain, 'lp.example')
      from (select id, website_domain, row_number() over (order by aum_usd desc nulls last, id) as rank from lps) l
      cross join generate_series(1, 3) as g(n)
      where l.rank <= ceil(${missing}::numeric / 3)
      order by l.rank, g.n
      limit ${missing}`);
  }
  await tidyLpsAfterBulkLoad(db);
  console.log(
    `Seeded ${lpCount.toLocaleString("en-US")} LPs with ${(await count("lp_contacts")).toLocaleString("en-US")} contacts in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
  );
}

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** The fixed set: the default, text, each filter alone, combinations, every order, deep pages. */
const VIEWS = [
  "",
  "q=family",
  "q=capital",
  "q=nguyen",
  "q=zurich",
  "type=endowment",
  "type=single-family-office&type=multi-family-office",
  "location=region:europe",
  "location=country:Germany",
  "aum=1b-10b",
  "aum=100b-plus",
  "check=1m-5m",
  "check=100m-plus",
  "emerging=yes",
  "first_time=yes",
  "asset=venture-capital",
  "asset=hedge-funds",
  "stage=pre-seed",
  "sector=fintech&sector=ai",
  "type=single-family-office&location=region:north-america&check=1m-5m&emerging=yes",
  "type=endowment&type=foundation&stage=seed&sector=climate",
  "q=family&type=single-family-office",
  "q=pension&type=public-pension&sort=aum-desc",
  "q=capital&location=region:europe&aum=100m-1b&sort=name-asc",
  "sort=aum-asc",
  "sort=name-asc",
  "sort=name-desc",
  "page=200",
  "sort=name-asc&page=1000&size=100",
  "type=fund-of-funds&page=40",
  "emerging=yes&first_time=yes&sort=name-desc&page=20",
];

try {
  await fill();
  console.log(
    `\n/lps page + count, ${(await count("lps")).toLocaleString("en-US")} LPs and ${(await count("lp_contacts")).toLocaleString("en-US")} contacts on ${database.kind}; ${runs} runs; ms`,
  );
  // The first search of a process (or the first after the LPs change) loads the LP index.
  const loadStarted = performance.now();
  await searchLps(db, parseLpSearchParams(new URLSearchParams()).state, { hasLpAccess: true });
  console.log(`first search, loading the LP index: ${(performance.now() - loadStarted).toFixed(0)} ms`);
  const heap = process.memoryUsage();
  console.log(
    `heap used after the load: ${(heap.heapUsed / 1024 / 1024).toFixed(0)} MB (rss ${(heap.rss / 1024 / 1024).toFixed(0)} MB)`,
  );
  console.log(`${"view".padEnd(84)} ${"LPs".padStart(7)} ${"p50".padStart(6)} ${"p95".padStart(6)}`);
  let worst = 0;
  let worstView = "";
  for (const view of VIEWS) {
    const { state, errors } = parseLpSearchParams(new URLSearchParams(view));
    if (errors.length > 0) throw new Error(`${view}: ${errors.map((error) => error.message).join(" ")}`);
    let total = 0;
    await searchLps(db, state, { hasLpAccess: true });
    const samples: number[] = [];
    for (let i = 0; i < runs; i += 1) {
      const started = performance.now();
      total = (await searchLps(db, state, { hasLpAccess: true })).total;
      samples.push(performance.now() - started);
    }
    const p95 = percentile(samples, 95);
    if (p95 > worst) [worst, worstView] = [p95, view];
    console.log(
      `${(view || "(default: largest AUM first)").padEnd(84)} ${String(total).padStart(7)} ${percentile(samples, 50).toFixed(1).padStart(6)} ${p95.toFixed(1).padStart(6)}`,
    );
  }
  console.log(
    `\nworst p95 ${worst.toFixed(1)} ms (${worstView || "default"}); target <= ${TARGET_MS} ms ${worst <= TARGET_MS ? "PASS" : "FAIL"}`,
  );
} finally {
  await database.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
