// `npm run bench:import-rounds [-- --rounds 100000 --companies 40000 --bad 0.01 --profile]`: decision 030's
// benchmark of the funding-rounds import. Into an empty scratch database (DATABASE_URL; else PGlite in a
// temporary directory) it stores `--companies` companies as the app holds them after the start-up
// backfill (each with its round from the Last Funding fields and its contact), then imports a generated
// Crunchbase funding-rounds file of `--rounds` rows (about 2.5 per company, 1-5 of 3,000 investors each, a
// share of rejected rows) twice: the first import, then the same file again (every row unchanged). Prints
// each pass's rate and the peak RSS, against the targets: 10,000 rows/s and 400 MB. `--grouped` puts each
// company's rounds on adjacent rows (by default they are spread over the file, as in a file sorted by date).

import { once } from "node:events";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdtemp, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { backfillRoundsAndPeople } from "../app/server/companies/rounds-backfill.server";
import { type Database, openDatabase } from "../app/server/db/database.server";
import { queryRows } from "../app/server/db/query-rows.server";
import { runImport } from "../app/server/imports/import-kit.server";
import { ROUNDS_IMPORT, type RoundImportReport } from "../app/server/rounds/import-rounds.server";
import { sampleMemory } from "./bench-import-helpers";

const TARGET_ROWS_PER_SECOND = 10_000;
const TARGET_PEAK_RSS_MB = 400;
const INVESTOR_POOL = 3_000;
const FUNDING_TYPES = ["Pre-Seed", "Seed", "Series A", "Series B", "Series C", "Venture - Series Unknown"];

const { values } = parseArgs({
  options: {
    rounds: { type: "string", default: "100000" },
    companies: { type: "string", default: "40000" },
    bad: { type: "string", default: "0.01" },
    keep: { type: "boolean", default: false },
    // Each company's rounds on adjacent rows (a file sorted by company): each company in about one batch.
    grouped: { type: "boolean", default: false },
    // Prints where each pass's writer spent its time (per phase, summed over the batches).
    profile: { type: "boolean", default: false },
  },
});
const roundsWanted = Number(values.rounds);
const companiesWanted = Number(values.companies);
const badShare = Number(values.bad);

const workDir = await mkdtemp(path.join(os.tmpdir(), "rl-bench-rounds-"));
const csvPath = path.join(workDir, "funding-rounds.csv");
let database: Database | undefined;
try {
  await generateRoundsFile(csvPath);
  console.log(`File: ${csvPath} (${((await stat(csvPath)).size / 1024 / 1024).toFixed(1)} MB)`);
  const url = process.env.DATABASE_URL || undefined;
  database = await openDatabase({ url, dataDir: url ? undefined : path.join(workDir, "pglite") });
  await database.migrate();
  const [existing] = await queryRows<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from companies`,
  );
  if ((existing?.n ?? 0) > 0) {
    throw new Error("The companies table is not empty: point DATABASE_URL at an empty scratch database.");
  }
  console.log(`Database: ${database.kind}${url ? ` (${new URL(url).pathname.slice(1)})` : ""}`);

  let started = performance.now();
  await storeCompanies(database);
  const backfill = await backfillRoundsAndPeople(database.db);
  await database.db.execute(sql`analyze companies, funding_rounds, round_investors, people, investors`);
  console.log(
    `Stored ${count(companiesWanted)} companies and their backfilled rounds and people in ${seconds(started)} s` +
      ` (backfill: ${count(backfill?.rounds ?? 0)} rounds, ${count(backfill?.people ?? 0)} people)`,
  );

  const memory = sampleMemory();
  const rates: number[] = [];
  for (const pass of ["first import", "re-import"]) {
    started = performance.now();
    const { report, file } = await runImport(database.db, ROUNDS_IMPORT, createReadStream(csvPath));
    const elapsed = (performance.now() - started) / 1000;
    rates.push(Math.round(report.totalRows / elapsed));
    printPass(pass, report, elapsed);
    if (values.profile) {
      const phases = Object.entries(file.phases).map(([name, ms]) => `${name} ${(ms / 1000).toFixed(1)} s`);
      console.log(`  writer phases: ${phases.join(", ")}`);
    }
  }
  const peakMb = memory.stop() / 1024 / 1024;
  console.log(
    `Peak RSS: ${peakMb.toFixed(0)} MB (before importing: ${(memory.baseline / 1024 / 1024).toFixed(0)} MB)`,
  );
  const [first = 0] = rates;
  console.log(
    `Targets: ${count(TARGET_ROWS_PER_SECOND)} rows/s (first import) ${first >= TARGET_ROWS_PER_SECOND ? "met" : "MISSED"}` +
      `${database.kind === "pglite" ? " (the rate target is for a PostgreSQL server)" : ""}; ` +
      `peak RSS < ${TARGET_PEAK_RSS_MB} MB ${peakMb < TARGET_PEAK_RSS_MB ? "met" : "MISSED"}.`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await database?.close();
  if (values.keep) console.log(`Kept ${workDir}`);
  else await rm(workDir, { recursive: true, force: true });
}

function printPass(pass: string, report: RoundImportReport, elapsed: number): void {
  console.log(
    `${pass.padEnd(12)} ${count(report.totalRows)} rows in ${elapsed.toFixed(1)} s = ${count(Math.round(report.totalRows / elapsed))} rows/s` +
      ` (inserted ${count(report.inserted)}, updated ${count(report.updated)}, unchanged ${count(report.unchanged)},` +
      ` rejected ${count(report.rejectedCount)}, investors created ${count(report.investorsCreated)})`,
  );
}

/** Companies 1..n as the companies import stores them: a name, a website, a last round and a contact. */
async function storeCompanies(db: Database): Promise<void> {
  await db.db.execute(
    sql`insert into companies (slug, organization_name, name_key, website, website_domain, last_funding_date,
          last_funding_type, last_funding_amount_usd, total_funding_amount_usd, first_name, last_name, email, founders)
        select 'bench-company-' || n, 'Bench Company ' || n, 'bench company ' || n,
          'https://www.bench-company-' || n || '.example', 'bench-company-' || n || '.example',
          date '2019-01-01' + (n % 1500), 'Seed', 1000000 + n, 2000000 + n, 'Jane', 'Doe' || n,
          'jane@bench-company-' || n || '.example', 'Jane Doe' || n || ', John Smith'
        from generate_series(1, ${companiesWanted}) as n`,
  );
}

/** A deterministic pseudo-random sequence (the file is the same from run to run). */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

function csvCell(value: string): string {
  return /[",\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

async function generateRoundsFile(out: string): Promise<void> {
  const next = random(30);
  const stream = createWriteStream(out);
  const write = async (line: string) => {
    if (!stream.write(line)) await once(stream, "drain");
  };
  await write(
    "Transaction Name,Transaction Name URL,Organization Name,Organization Name URL,Organization Website,Funding Type," +
      "Money Raised,Money Raised Currency,Money Raised (in USD),Announced Date,Number of Investors,Lead Investors,Investor Names\n",
  );
  for (let index = 0; index < roundsWanted; index++) {
    const perCompany = Math.ceil(roundsWanted / companiesWanted);
    const company = values.grouped ? Math.floor(index / perCompany) + 1 : (index % companiesWanted) + 1;
    const round = values.grouped ? (index % perCompany) + 1 : Math.floor(index / companiesWanted) + 1;
    const type = FUNDING_TYPES[(round + company) % FUNDING_TYPES.length] ?? "Seed";
    const roll = next();
    const bad = roll < badShare;
    const unknown = !bad && roll < badShare * 2;
    const name = unknown ? `Unknown Company ${company}` : `Bench Company ${company}`;
    const amount = 250_000 + Math.floor(next() * 50_000_000);
    const day = new Date(Date.UTC(2010 + round * 3, Math.floor(next() * 12), 1 + Math.floor(next() * 28)));
    const investorCount = 1 + Math.floor(next() * 5);
    const investors = Array.from(
      { length: investorCount },
      (_, at) => `Bench Investor ${Math.floor(next() * INVESTOR_POOL) + at}${next() < 0.1 ? ", LLC" : ""}`,
    );
    const cells = [
      `${type} - ${name}`,
      `https://www.crunchbase.com/funding_round/bench-company-${company}-${round}`,
      name,
      `https://www.crunchbase.com/organization/bench-company-${company}`,
      unknown ? "" : `https://www.bench-company-${company}.example`,
      type,
      amount.toLocaleString("en-US"),
      "USD",
      bad ? "lots" : `$${amount.toLocaleString("en-US")}`,
      day.toISOString().slice(0, 10),
      String(investorCount),
      investors[0] ?? "",
      investors.join(", "),
    ];
    await write(`${cells.map(csvCell).join(",")}\n`);
  }
  stream.end();
  await once(stream, "finish");
}

function seconds(started: number): string {
  return ((performance.now() - started) / 1000).toFixed(1);
}

function count(value: number): string {
  return value.toLocaleString("en-US");
}
