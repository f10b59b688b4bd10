// `npm run bench:search -- [--count N] [--runs R] [--baseline-runs B] [--only TEXT] [--read-only]`: seeds N demo companies
// into the configured database (DATABASE_URL, else a temporary PGlite directory), then times page+count and the facet counts
// for a fixed query set with the app's search (searchCompanies) and with the original client's plain query shape (ILIKE ORs
// over the six text fields, no indexes, exact count) on an index-free copy, and prints p50/p95 and the ratio. The investor
// queries (decision 030) use the investor with most companies and a mid-size one, found at start. With --read-only the
// database must already hold N companies and nothing is written to it: no seed, no index-free copy (so no speed-up ratio;
// each count is checked against an exact count of the companies table instead).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { type SQL, sql } from "drizzle-orm";
import { COUNTRIES_BY_CONTINENT, type Continent } from "../app/core/continents";
import { emailFilterOption } from "../app/core/email-status";
import { amountOption, dateCutoff, dateOption, roundsOption } from "../app/core/funding-filters";
import { EMPTY_SEARCH, hasFilters, type SearchState } from "../app/core/search-params";
import { invalidateSearchCounts, searchCompanies } from "../app/server/companies/search.server";
import {
  invalidateAllFacets,
  invalidateSearchFacets,
  searchFacets,
} from "../app/server/companies/search-facets.server";
import { findInvestors, invalidateInvestorNames } from "../app/server/companies/search-investors.server";
import { searchOrder } from "../app/server/companies/search-order.server";
import { countCompanies } from "../app/server/companies/stats.server";
import { openDatabase } from "../app/server/db/database.server";
import { queryRows } from "../app/server/db/query-rows.server";
import { seedCompanies, tidyAfterBulkLoad } from "../app/server/demo-data/seed.server";

const { values } = parseArgs({
  options: {
    count: { type: "string", default: "17555" },
    runs: { type: "string", default: "20" },
    "baseline-runs": { type: "string", default: "3" },
    // Only the queries whose label contains this text (a quick look at a few; targets need the full set).
    only: { type: "string", default: "" },
    // Someone else's seeded database: never seed or truncate it, and create no copy in it.
    "read-only": { type: "boolean", default: false },
  },
});
const count = Number(values.count);
const runs = Number(values.runs);
const baselineRuns = Number(values["baseline-runs"]);
const readOnly = values["read-only"] === true;
const url = process.env.DATABASE_URL || undefined;
const dataDir = url ? undefined : mkdtempSync(path.join(tmpdir(), "rl-bench-search-"));
const database = await openDatabase({ url, dataDir });
await database.migrate();
const db = database.db;
const today = new Date();

const QUERIES: Array<[string, Partial<SearchState>]> = [
  ["broad word 'software'", { q: "software" }],
  ["common word 'data'", { q: "data" }],
  ["medium word 'health'", { q: "health" }],
  ["word 'platform'", { q: "platform" }],
  ["rare word 'climate'", { q: "climate" }],
  ["absent word 'zzyzx'", { q: "zzyzx" }],
  ["phrase 'supply chain'", { q: "supply chain" }],
  ["phrase 'machine learning'", { q: "machine learning" }],
  ["last name 'kowalski'", { q: "kowalski" }],
  ["first name 'maria'", { q: "maria" }],
  ["industry SaaS", { industry: ["SaaS"] }],
  ["stage Seed", { stage: ["Seed"] }],
  ["continent Europe", { location: ["continent:Europe"] }],
  ["country Germany", { location: ["country:Germany"] }],
  ["state California", { location: ["state:California"] }],
  ["city San Francisco", { location: ["San Francisco, California, United States"] }],
  ["amount $5M - $10M", { amount: "5m-10m" }],
  ["amount $250M+", { amount: "250m-plus" }],
  // The band below $1M (decision 026): the most common rounds of the early stages.
  ["amount $250K - $1M", { amount: "250k-1m" }],
  ["Pre-Seed + $250K - $1M, by total", { stage: ["Pre-Seed"], amount: "250k-1m", sort: "total-desc" }],
  ["date last 30 days", { date: "30d" }],
  [
    "'health' + Series A + N. America + 1y",
    { q: "health", stage: ["Series A"], location: ["continent:North America"], date: "1y" },
  ],
  ["'software' + Germany + $1M-$5M", { q: "software", location: ["country:Germany"], amount: "1m-5m" }],
  ["no filter, page 200", { page: 200 }],
  ["'software', page 200", { q: "software", page: 200 }],
  // docs/product.md#filters: several values in one filter (OR), and every sort order.
  ["stages Seed | Series A", { stage: ["Seed", "Series A"] }],
  ["industries SaaS | FinTech | AI", { industry: ["SaaS", "FinTech", "Artificial Intelligence (AI)"] }],
  [
    "Germany | France | continent Asia",
    { location: ["country:Germany", "country:France", "continent:Asia"] },
  ],
  [
    "2 stages + 2 industries + 2 countries",
    {
      stage: ["Seed", "Series A"],
      industry: ["SaaS", "FinTech"],
      location: ["country:Germany", "country:United Kingdom"],
    },
  ],
  ["sort oldest funding first", { sort: "date-asc" }],
  ["sort largest last round", { sort: "amount-desc" }],
  ["sort smallest last round", { sort: "amount-asc" }],
  ["sort most total funding", { sort: "total-desc" }],
  ["sort least total funding", { sort: "total-asc" }],
  ["sort name A-Z", { sort: "name-asc" }],
  ["sort name Z-A, page 100", { sort: "name-desc", page: 100 }],
  ["'health' + Seed|Series A, by amount", { q: "health", stage: ["Seed", "Series A"], sort: "amount-desc" }],
  [
    "Europe + $5M-$10M, by total funding",
    { location: ["continent:Europe"], amount: "5m-10m", sort: "total-desc" },
  ],
  ["stage Seed, by amount", { stage: ["Seed"], sort: "amount-desc" }],
  [
    "Germany + Series A, least total funding",
    { location: ["country:Germany"], stage: ["Series A"], sort: "total-asc" },
  ],
  ["'software' + SaaS, by total funding", { q: "software", industry: ["SaaS"], sort: "total-desc" }],
  ["'climate', smallest last round", { q: "climate", sort: "amount-asc" }],
  ["'software', 100 a page, page 20", { q: "software", size: 100, page: 20 }],
];

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

async function time(work: () => Promise<unknown>, times: number): Promise<number[]> {
  await work(); // warm-up
  const samples: number[] = [];
  for (let i = 0; i < times; i += 1) {
    const started = performance.now();
    await work();
    samples.push(performance.now() - started);
  }
  return samples;
}

/**
 * The original client's plain shape on the index-free copy: ILIKE ORs, exact count, OFFSET paging. Founders too:
 * every founder's name is searchable since decision 030 (the count check below failed without it).
 */
function baselineWhere(state: SearchState): SQL {
  const parts: SQL[] = [sql`true`];
  if (state.q) {
    const pattern = `%${state.q}%`;
    parts.push(sql`(organization_name ilike ${pattern} or description ilike ${pattern}
      or array_to_string(industry_groups, ', ') ilike ${pattern} or headquarters_location ilike ${pattern}
      or first_name ilike ${pattern} or last_name ilike ${pattern}
      or founders ilike ${pattern})`);
  }
  if (state.industry.length > 0) {
    const any = sql.join(
      state.industry.map((value) => sql`(${value} = any(industries) or ${value} = any(industry_groups))`),
      sql` or `,
    );
    parts.push(sql`(${any})`);
  }
  if (state.stage.length > 0)
    parts.push(
      sql`(${sql.join(
        state.stage.map((value) => sql`last_funding_type = ${value}`),
        sql` or `,
      )})`,
    );
  if (state.location.length > 0) {
    const each = state.location.map((location) => {
      if (location.startsWith("continent:")) {
        const countries = COUNTRIES_BY_CONTINENT[location.slice(10) as Continent] ?? [];
        return sql`country = any(${sql.param([...countries])}::text[])`;
      }
      if (location.startsWith("country:")) return sql`country = ${location.slice(8)}`;
      if (location.startsWith("state:")) return sql`region = ${location.slice(6)}`;
      return sql`headquarters_location = ${location}`;
    });
    parts.push(sql`(${sql.join(each, sql` or `)})`);
  }
  const amount = state.amount ? amountOption(state.amount) : undefined;
  if (amount) {
    parts.push(sql`last_funding_amount_usd >= ${amount.min}`);
    if (amount.max !== null) parts.push(sql`last_funding_amount_usd < ${amount.max}`);
  }
  const date = state.date ? dateOption(state.date) : undefined;
  if (date) parts.push(sql`last_funding_date >= ${dateCutoff(date, today)}`);
  if (state.investor.length > 0) {
    // Written apart from the app's condition: the ids of the investors named, negated for 'led by'.
    const slugs = sql.param([...state.investor]);
    const ids =
      state.led === "1"
        ? sql`array(select -id from investors where slug = any(${slugs}::text[]))`
        : sql`array(select id from investors where slug = any(${slugs}::text[]))`;
    parts.push(sql`exists (select 1 from unnest(investor_keys) k where k = any(${ids}))`);
  }
  const rounds = state.rounds ? roundsOption(state.rounds) : undefined;
  if (rounds) {
    parts.push(sql`funding_round_count >= ${rounds.min}`);
    if (rounds.max !== null) parts.push(sql`funding_round_count <= ${rounds.max}`);
  }
  const email = state.email ? emailFilterOption(state.email) : undefined;
  if (email) parts.push(sql`email_status = any(${sql.param([...email.statuses])}::text[])`);
  return sql.join(parts, sql` and `);
}

/** The exact number of matches in `table` (the index-free copy, or with --read-only the companies table). */
async function exactCount(table: SQL, state: SearchState): Promise<number> {
  const [total] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${table} where ${baselineWhere(state)}`,
  );
  return total?.n ?? 0;
}

async function baselineSearch(state: SearchState): Promise<number> {
  const where = baselineWhere(state);
  const [total] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from bench_baseline where ${where}`,
  );
  await queryRows(
    db,
    sql`select * from bench_baseline where ${where} order by ${searchOrder(state.sort)}
        limit ${state.size} offset ${(state.page - 1) * state.size}`,
  );
  return total?.n ?? 0;
}

interface BenchInvestor {
  slug: string;
  name: string;
  companies: number;
}

/**
 * decision 030: the investors the investor queries use, by the number of companies whose investor_keys name
 * them: the largest, the second, and the median one (a mid-size investor).
 */
async function benchInvestors(): Promise<{
  largest: BenchInvestor;
  second: BenchInvestor;
  mid: BenchInvestor;
}> {
  const rows = await queryRows<{ slug: string; name: string; companies: number }>(
    db,
    sql`select i.slug, i.name, c.n as companies
        from (select k as id, count(*)::int as n from companies cross join lateral unnest(investor_keys) k
              where k > 0 group by k) c
        join investors i on i.id = c.id
        order by c.n desc, i.id`,
  );
  const [largest, second] = rows;
  const mid = rows[Math.floor(rows.length / 2)];
  if (!largest || !second || !mid) throw new Error("The companies name fewer than two investors.");
  return { largest, second, mid };
}

/** The investor and rounds queries (decision 030, section 4 and "Search at 1,000,000 with investors"). */
function investorQueries({
  largest,
  second,
  mid,
}: Awaited<ReturnType<typeof benchInvestors>>): Array<[string, Partial<SearchState>]> {
  return [
    ["investor: largest", { investor: [largest.slug] }],
    ["investor: mid-size", { investor: [mid.slug] }],
    ["investor: largest, led by", { investor: [largest.slug], led: "1" }],
    [
      "investor: largest + Seed + US + 1y",
      { investor: [largest.slug], stage: ["Seed"], location: ["country:United States"], date: "1y" },
    ],
    [
      "investor: largest, led + Series A + 1y",
      { investor: [largest.slug], led: "1", stage: ["Series A"], date: "1y" },
    ],
    ["investors: largest | second", { investor: [largest.slug, second.slug] }],
    ["investor: largest, page 20", { investor: [largest.slug], page: 20 }],
    ["investor: largest, by total funding", { investor: [largest.slug], sort: "total-desc" }],
    ["rounds 6+", { rounds: "6-plus" }],
    ["rounds 1", { rounds: "1" }],
    ["rounds 4-5 + Germany", { rounds: "4-5", location: ["country:Germany"] }],
    // decision 032: the 'Email status' filter alone and with the others.
    ["email valid only", { email: "valid" }],
    ["email valid or accept-all", { email: "valid-or-accept-all" }],
    [
      "valid + Seed + US + 1y",
      { email: "valid", stage: ["Seed"], location: ["country:United States"], date: "1y" },
    ],
    ["valid + 'health'", { email: "valid", q: "health" }],
    ["valid + SaaS + Germany", { email: "valid", industry: ["SaaS"], location: ["country:Germany"] }],
    ["valid + $5M-$10M, by amount", { email: "valid", amount: "5m-10m", sort: "amount-desc" }],
    ["valid + investor largest", { email: "valid", investor: [largest.slug] }],
    ["valid + rounds 6+", { email: "valid", rounds: "6-plus" }],
    ["valid, page 200", { email: "valid", page: 200 }],
  ];
}

/** The searches whose investor options are timed: none, a stage, the largest investor chosen. */
function investorFacetStates({
  largest,
}: Awaited<ReturnType<typeof benchInvestors>>): Array<[string, Partial<SearchState>]> {
  return [
    ["options: no filter (the whole table)", {}],
    ["options: stage Seed", { stage: ["Seed"] }],
    ["options: largest chosen", { investor: [largest.slug] }],
    ["options: largest chosen, led by", { investor: [largest.slug], led: "1" }],
    ["options: largest + Seed", { investor: [largest.slug], stage: ["Seed"] }],
    ["options: rounds 6+", { rounds: "6-plus" }],
  ];
}

try {
  const existing = await countCompanies(db);
  if (existing !== count && readOnly)
    throw new Error(
      `--read-only: the database holds ${existing} companies, not ${count}; nothing was written.`,
    );
  if (existing !== count) {
    if (existing > 0 && !url?.includes("bench")) {
      throw new Error(
        `The database holds ${existing} companies, not ${count}. Run against an empty database (or one whose name contains "bench").`,
      );
    }
    await db.execute(sql`truncate companies restart identity cascade`);
    let reported = 0;
    const seeded = await seedCompanies(db, {
      count,
      onProgress(inserted) {
        if (inserted - reported >= 100_000) {
          reported = inserted;
          process.stdout.write(`\rseeding ${inserted.toLocaleString("en-US")}…`);
        }
      },
    });
    await tidyAfterBulkLoad(db);
    console.log(
      `\rSeeded ${seeded.inserted.toLocaleString("en-US")} companies in ${(seeded.ms / 1000).toFixed(1)} s.`,
    );
  }
  if (!readOnly) {
    await db.execute(sql`drop table if exists bench_baseline`);
    await db.execute(sql`create table bench_baseline as select * from companies`);
    await db.execute(sql`analyze bench_baseline`);
  }
  const investors = await benchInvestors();
  console.log(
    `\ninvestors: largest ${investors.largest.name} (${investors.largest.slug}, ${investors.largest.companies} companies), ` +
      `second ${investors.second.name} (${investors.second.companies}), mid-size ${investors.mid.name} (${investors.mid.slug}, ${investors.mid.companies})`,
  );

  console.log(
    `\n${count.toLocaleString("en-US")} companies on ${database.kind}; ${runs} runs (baseline ${baselineRuns}); ms`,
  );
  console.log(
    `${"query".padEnd(40)} ${"matches".padStart(9)} ${"p50".padStart(7)} ${"p95".padStart(7)} ${"warm p95".padStart(9)} ${"base p95".padStart(9)} ${"ratio".padStart(7)} ${"facets p50".padStart(10)} ${"facets p95".padStart(10)}`,
  );
  const worst = { p95: 0, warmP95: 0, ratio: Number.POSITIVE_INFINITY, facetsP95: 0 };
  // The targets (docs/product.md#speed, decision 011): 1,000,000 on PostgreSQL: page+count <= 50 ms, facets <= 100 ms, >= 20x the
  // baseline; 17,555 on PGlite: <= 30 ms and <= 60 ms. The investor and rounds queries have the same targets (decision 030).
  const target = database.kind === "postgres" ? { page: 50, facets: 100 } : { page: 30, facets: 60 };
  const met = (p95: number, limit: number) => (p95 <= limit ? "met" : "MISSED");
  const queries = [...QUERIES, ...investorQueries(investors)].filter(([label]) =>
    label.includes(values.only ?? ""),
  );
  for (const [label, partial] of queries) {
    const state = { ...EMPTY_SEARCH, ...partial };
    let result = await searchCompanies(db, state, { canSeeEmails: true, today });
    // Cold: the 5-minute count cache is cleared before every run, as for the first visitor of a search.
    const ours = await time(async () => {
      invalidateSearchCounts();
      result = await searchCompanies(db, state, { canSeeEmails: true, today });
    }, runs);
    // Warm: the count is cached (paging, back/forward, the same search within 5 minutes).
    const warm = await time(() => searchCompanies(db, state, { canSeeEmails: true, today }), runs);
    // docs/product.md#filters: the option counts of the four multi-select filters for this search, cold (cache cleared).
    const facets = await time(async () => {
      invalidateSearchFacets();
      await searchFacets(db, state, today);
    }, runs);
    const baseline = readOnly ? [] : await time(() => baselineSearch(state), baselineRuns);
    const exact = readOnly ? await exactCount(sql.raw("companies"), state) : await baselineSearch(state);
    const p95 = percentile(ours, 95);
    const baseP95 = percentile(baseline, 95);
    const ratio = baseP95 / p95;
    const facetsP95 = percentile(facets, 95);
    worst.p95 = Math.max(worst.p95, p95);
    worst.warmP95 = Math.max(worst.warmP95, percentile(warm, 95));
    if (!readOnly) worst.ratio = Math.min(worst.ratio, ratio);
    worst.facetsP95 = Math.max(worst.facetsP95, facetsP95);
    const shown = result.isTotalApproximate ? `~${result.total}` : String(result.total);
    if (!result.isTotalApproximate && result.total !== exact)
      throw new Error(`${label}: count ${result.total} != ${exact}`);
    const verdicts = `${met(p95, target.page)}${facetsP95 > target.facets ? ", facets MISSED" : ""}`;
    console.log(
      `${label.padEnd(40)} ${shown.padStart(9)} ${percentile(ours, 50).toFixed(1).padStart(7)} ${p95.toFixed(1).padStart(7)} ${percentile(warm, 95).toFixed(1).padStart(9)} ${(readOnly ? "-" : baseP95.toFixed(0)).padStart(9)} ${(readOnly ? "-" : `${ratio.toFixed(0)}x`).padStart(7)} ${percentile(facets, 50).toFixed(1).padStart(10)} ${facetsP95.toFixed(1).padStart(10)}  ${verdicts}`,
    );
  }
  // The whole table's option counts are counted once per data version (after an import, a seed or a
  // do-not-sell request), not per search: their cost is shown here, apart from the searches' facets above.
  const wholeTable = await time(async () => {
    invalidateAllFacets();
    await searchFacets(db, EMPTY_SEARCH, today);
  }, runs);
  console.log(
    `\nthe whole table's option counts, once per data version: p50 ${percentile(wholeTable, 50).toFixed(1)} ms, p95 ${percentile(wholeTable, 95).toFixed(1)} ms`,
  );

  // decision 030: the investor facet's options, per search (that search's counts cleared before each run, as
  // in the facets column above); with no filter, the whole table's, counted once per data version (cleared).
  console.log(`\n${"investor options (cold)".padEnd(40)} ${"p50".padStart(7)} ${"p95".padStart(7)}`);
  for (const [label, partial] of investorFacetStates(investors)) {
    if (!label.includes(values.only ?? "")) continue;
    const state = { ...EMPTY_SEARCH, ...partial };
    const whole = state.investor.length === 0 && !hasFilters(state);
    const samples = await time(async () => {
      if (whole) invalidateAllFacets();
      else invalidateSearchFacets();
      await searchFacets(db, state, today);
    }, runs);
    const p95 = percentile(samples, 95);
    if (!whole) worst.facetsP95 = Math.max(worst.facetsP95, p95);
    console.log(
      `${label.padEnd(40)} ${percentile(samples, 50).toFixed(1).padStart(7)} ${p95.toFixed(1).padStart(7)}  ${whole ? "(once per data version)" : met(p95, target.facets)}`,
    );
  }
  // /api/investor-options?q=: the picker's name search (findInvestors), cold (the names read again, as at a
  // new data version) and warm. Held to the page target: it answers a keystroke.
  for (const query of ["capital", "a", "zzyzx"]) {
    const cold = await time(async () => {
      invalidateInvestorNames();
      await findInvestors(db, query);
    }, runs);
    const warmNames = await time(() => findInvestors(db, query), runs);
    const p95 = Math.max(percentile(cold, 95), percentile(warmNames, 95));
    console.log(
      `${`name search q=${query}`.padEnd(40)} cold p50 ${percentile(cold, 50).toFixed(1)} p95 ${percentile(cold, 95).toFixed(1)}, warm p50 ${percentile(warmNames, 50).toFixed(1)} p95 ${percentile(warmNames, 95).toFixed(1)}  ${met(p95, target.page)}`,
    );
  }

  console.log(
    `\nworst p95 ${worst.p95.toFixed(1)} ms cold, ${worst.warmP95.toFixed(1)} ms warm; ${readOnly ? "no speed-up measured (--read-only)" : `smallest speed-up at p95 (cold) ${worst.ratio.toFixed(1)}x`}; worst facet counts p95 ${worst.facetsP95.toFixed(1)} ms (cold)`,
  );
  const verdict = (ok: boolean) => (ok ? "PASS" : "FAIL");
  // The 20x speed-up is a target at 1,000,000 rows on PostgreSQL (on 17,555 rows the plain scan is fast too).
  const speedUp =
    database.kind === "postgres" && !readOnly ? `; speed-up >= 20x ${verdict(worst.ratio >= 20)}` : "";
  console.log(
    `targets (${database.kind}): page+count p95 <= ${target.page} ms ${verdict(worst.p95 <= target.page)}; facets p95 <= ${target.facets} ms ${verdict(worst.facetsP95 <= target.facets)}${speedUp}`,
  );
  if (!readOnly) await db.execute(sql`drop table if exists bench_baseline`);
} finally {
  await database.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
