// `npm run bench:formd [-- --filings 20000 --persons 4 --keep]`: decision 031's benchmark of the Form D import.
// Writes a generated quarterly data set in the SEC's published layout (`--filings` filings, a third of them
// funds with a parallel vehicle, about `--persons` related persons each, amendments and TEST filings), then
// imports it twice into the PostgreSQL database DATABASE_URL names (the one holding 1,000,000 companies), each
// pass in a process of its own as `npm run import:formd` runs: the first import, then the same file again, which
// must change nothing. Prints each pass's time and the peak RSS against the targets: under 60 s and 400 MB, the second under
// 30 s. Afterwards (unless --keep) what the import wrote is taken back, so the database is left as it was and a
// run can be repeated: the companies it created are deleted; a stored company it matched by name loses the Form D
// rounds and people it gained, and its CIK, and is derived again.

import { execFile } from "node:child_process";
import { mkdtemp, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs, promisify } from "node:util";
import { sql } from "drizzle-orm";
import { refreshSummaries } from "../app/server/company-summary/refresh-summaries.server";
import { type Database, openDatabase } from "../app/server/db/database.server";
import { queryRows } from "../app/server/db/query-rows.server";
import { readFormDSource } from "../app/server/formd/import/formd-source.server";
import { type FormDImportReport, importFormD } from "../app/server/formd/import-formd.server";
import { generateFormDFilings, writeQuarterZip } from "../tests/fixtures/formd";

const run = promisify(execFile);
const SELF = new URL(import.meta.url).pathname;
const TSX = path.join(path.dirname(SELF), "..", "node_modules", ".bin", "tsx");
const TARGET_FIRST_SECONDS = 60;
const TARGET_SECOND_SECONDS = 30;
const TARGET_PEAK_RSS_MB = 400;

const { values } = parseArgs({
  options: {
    filings: { type: "string", default: "20000" },
    persons: { type: "string", default: "4" },
    keep: { type: "boolean", default: false },
    // Internal: import this file into DATABASE_URL and print one JSON line of the time, counts and peak RSS.
    "child-import": { type: "string" },
  },
});
const filingsWanted = Number(values.filings);

if (values["child-import"]) {
  await childImport(values["child-import"]);
  process.exit(0);
}

const workDir = await mkdtemp(path.join(os.tmpdir(), "rl-bench-formd-"));
let database: Database | undefined;
try {
  const filings = generateFormDFilings({
    count: filingsWanted,
    seed: 31,
    fundShare: 1 / 3,
    personsPerFiling: Number(values.persons),
  });
  const zip = await writeQuarterZip(path.join(workDir, "2026q3_d.zip"), filings);
  const persons = filings.reduce((sum, filing) => sum + (filing.persons?.length ?? 0), 0);
  console.log(
    `File: ${zip} (${((await stat(zip)).size / 1024 / 1024).toFixed(1)} MB zipped): ${count(filings.length)} filings, ` +
      `${count(persons)} related persons`,
  );
  const url = process.env.DATABASE_URL;
  if (!url)
    throw new Error(
      "Point DATABASE_URL at the PostgreSQL database to import into (decision 031, section 5).",
    );
  database = await openDatabase({ url });
  await database.migrate();
  const ciks = [
    ...new Set(filings.flatMap((filing) => [filing.cik, ...(filing.coIssuers ?? []).map((co) => co.cik)])),
  ].map((cik) => cik.replace(/^0+/, ""));
  const accessions = filings.map((filing) => filing.accessionNumber);
  const [{ n: companiesBefore, maxId } = { n: 0, maxId: 0 }] = await queryRows<{ n: number; maxId: number }>(
    database.db,
    sql`select count(*)::int as n, coalesce(max(id), 0)::int as "maxId" from companies`,
  );
  await forget(database, ciks, accessions, maxId);
  console.log(
    `Database: ${new URL(url).pathname.slice(1)} (PostgreSQL), ${count(companiesBefore)} companies`,
  );

  // Each pass in a process of its own, as `npm run import:formd` runs: its peak RSS is the import's, not the
  // generator's that wrote the file in this one.
  const passes: Array<{ seconds: number; maxRssMb: number }> = [];
  for (const pass of ["first import", "re-import"]) {
    const result = await importInChild(zip);
    passes.push(result);
    printPass(pass, result.report, result.seconds);
  }
  const [first, second] = passes as [(typeof passes)[0], (typeof passes)[0]];
  const peak = Math.max(first.maxRssMb, second.maxRssMb);
  console.log(
    `Peak RSS of the importing process: ${first.maxRssMb.toFixed(0)} MB, then ${second.maxRssMb.toFixed(0)} MB`,
  );
  console.log(
    `Targets: first import < ${TARGET_FIRST_SECONDS} s ${first.seconds < TARGET_FIRST_SECONDS ? "met" : "MISSED"}; ` +
      `re-import < ${TARGET_SECOND_SECONDS} s ${second.seconds < TARGET_SECOND_SECONDS ? "met" : "MISSED"}; ` +
      `peak RSS < ${TARGET_PEAK_RSS_MB} MB ${peak < TARGET_PEAK_RSS_MB ? "met" : "MISSED"}.`,
  );
  if (!values.keep) await forget(database, ciks, accessions, maxId);
} finally {
  await database?.close();
  await rm(workDir, { recursive: true, force: true });
}

/** The child's side: one import, then its time, report and peak RSS (resourceUsage, in kilobytes) as JSON. */
async function childImport(zip: string): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("the child import needs DATABASE_URL");
  const db = await openDatabase({ url });
  try {
    const started = performance.now();
    const { report } = await importFormD(db.db, readFormDSource(zip), {});
    const seconds = (performance.now() - started) / 1000;
    console.log(JSON.stringify({ seconds, report, maxRssMb: process.resourceUsage().maxRSS / 1024 }));
  } finally {
    await db.close();
  }
}

/** Runs one import in a child process (PostgreSQL: two processes may share the database). */
async function importInChild(
  zip: string,
): Promise<{ seconds: number; report: FormDImportReport; maxRssMb: number }> {
  const { stdout } = await run(TSX, [SELF, "--child-import", zip], {
    env: process.env,
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(stdout.trim().split("\n").at(-1) ?? "{}");
}

/**
 * Takes back what an import of these filings wrote: companies created after `maxId` with these CIKs are deleted
 * (their rounds and people with them); an older company with one of them loses its Form D rounds and people and
 * its CIK, and its fields are derived again.
 */
async function forget(
  db: Database,
  ciks: readonly string[],
  accessions: readonly string[],
  maxId: number,
): Promise<void> {
  const ids = sql.param(ciks);
  await db.db.execute(
    sql`delete from formd_filings where accession_number = any(${sql.param(accessions)}::text[])`,
  );
  await db.db.execute(sql`delete from companies where cik = any(${ids}::text[]) and id > ${maxId}`);
  const matched = await queryRows<{ id: number }>(
    db.db,
    sql`select id from companies where cik = any(${ids}::text[])`,
  );
  if (matched.length === 0) return;
  const companyIds = sql.param(matched.map((row) => row.id));
  await db.db.execute(
    sql`delete from funding_rounds where source = 'sec_form_d' and company_id = any(${companyIds}::int[])`,
  );
  await db.db.execute(
    sql`delete from people where source = 'sec_form_d' and company_id = any(${companyIds}::int[])`,
  );
  await db.db.execute(sql`update companies set cik = null where id = any(${companyIds}::int[])`);
  await refreshSummaries(
    db.db,
    matched.map((row) => row.id),
  );
  console.log(`Took back ${count(matched.length)} stored companies the file matched by name.`);
}

function printPass(pass: string, report: FormDImportReport, elapsed: number): void {
  console.log(
    `${pass} ${count(report.totalRows)} filings in ${elapsed.toFixed(1)} s = ${count(Math.round(report.totalRows / elapsed))} filings/s ` +
      `(rounds inserted ${count(report.inserted)}, updated ${count(report.updated)}, unchanged ${count(report.unchanged)}; ` +
      `companies inserted ${count(report.companiesInserted)}, updated ${count(report.companiesUpdated)}; ` +
      `people ${count(report.peopleWritten)}; funds ${count(report.fundsLeftOut)}, TEST ${count(report.testsLeftOut)}, ` +
      `not operating ${count(report.notOperatingLeftOut)}; amendments ${count(report.amendmentsApplied)}; ` +
      `rejected ${count(report.rejectedCount)})`,
  );
}

function count(n: number): string {
  return n.toLocaleString("en-US");
}
