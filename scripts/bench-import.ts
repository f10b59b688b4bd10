import { createReadStream } from "node:fs";
import { mkdtemp, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { COMPANIES_IMPORT, type ImportReport } from "../app/server/companies/import-companies.server";
import { type Database, openDatabase } from "../app/server/db/database.server";
import { queryRows } from "../app/server/db/query-rows.server";
import { finishImport, runImport, startBulkLoad } from "../app/server/imports/import-kit.server";
import { generateCrunchbaseFile, sampleMemory } from "./bench-import-helpers";

const TARGET_ROWS_PER_SECOND = 5_000;
const TARGET_PEAK_RSS_MB = 400;

const { values } = parseArgs({
  options: {
    rows: { type: "string", default: "100000" },
    bad: { type: "string", default: "0.01" },
    keep: { type: "boolean", default: false },
    // decision 030: the files also name investors (Lead Investors, Top 5 Investors, Number of Funding Rounds).
    investors: { type: "boolean", default: false },
  },
});

const workDir = await mkdtemp(path.join(os.tmpdir(), "rl-bench-import-"));
const csvPath = path.join(workDir, "crunchbase.csv");
// Other companies (another seed), imported last into the table the first file filled.
const otherCsvPath = path.join(workDir, "crunchbase-other.csv");
let database: Database | undefined;
try {
  generateCrunchbaseFile(csvPath, values.rows, values.bad, 1, { investors: values.investors });
  generateCrunchbaseFile(otherCsvPath, values.rows, values.bad, 2, { investors: values.investors });
  const size = (await stat(csvPath)).size;
  console.log(`File: ${csvPath} (${(size / 1024 / 1024).toFixed(1)} MB)`);

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
  console.log(
    `Database: ${database.kind}${url ? ` (${new URL(url).pathname.slice(1)})` : ` (${workDir}/pglite)`}`,
  );

  const memory = sampleMemory();
  const passes: Array<[string, ImportReport, number]> = [];
  // As `npm run import` does (scripts/import-command.ts): a first load into the empty table sets most indexes
  // aside and builds them beside the similar companies (decision 020); the later passes find it full.
  for (const [pass, file] of [
    ["first import", csvPath],
    ["re-import", csvPath],
    ["other file", otherCsvPath],
  ] as const) {
    const started = performance.now();
    const deferred = await startBulkLoad(database.db, COMPANIES_IMPORT);
    const { report, file: records } = await runImport(database.db, COMPANIES_IMPORT, createReadStream(file), {
      analyzeLater: deferred,
    });
    const seconds = (performance.now() - started) / 1000;
    const rate = Math.round(report.totalRows / seconds);
    console.log(
      `${pass.padEnd(12)} ${count(report.totalRows)} rows in ${seconds.toFixed(1)} s = ${count(rate)} rows/s` +
        ` (inserted ${count(report.inserted)}, updated ${count(report.updated)}, rejected ${count(report.rejectedCount)})`,
    );
    const { followUp, indexes } = await finishImport(database.db, COMPANIES_IMPORT, records, {
      wrote: report.inserted + report.updated > 0,
      deferred,
      runId: 0,
    });
    const after = Math.max(followUp?.ms ?? 0, indexes?.ms ?? 0) / 1000;
    const total = seconds + after;
    passes.push([pass, report, total]);
    if (followUp || indexes) {
      console.log(
        `${"".padEnd(12)} ${followUp?.summary ?? ""}${indexes ? ` Built ${indexes.indexes} indexes in ${(indexes.ms / 1000).toFixed(1)} s beside it.` : ""}` +
          ` End to end: ${total.toFixed(1)} s = ${count(Math.round(report.totalRows / total))} rows/s`,
      );
    }
  }
  const peakMb = memory.stop() / 1024 / 1024;
  console.log(
    `Peak RSS: ${peakMb.toFixed(0)} MB (before importing: ${(memory.baseline / 1024 / 1024).toFixed(0)} MB)`,
  );

  const first = passes[0];
  const firstRate = first ? Math.round(first[1].totalRows / first[2]) : 0;
  console.log(
    `Targets: ${count(TARGET_ROWS_PER_SECOND)} rows/s end to end (first import) ${firstRate >= TARGET_ROWS_PER_SECOND ? "met" : "MISSED"}` +
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

function count(value: number): string {
  return value.toLocaleString("en-US");
}
