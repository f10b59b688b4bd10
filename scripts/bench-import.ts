import { createReadStream } from "node:fs";
import { mkdtemp, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { COMPANIES_IMPORT, type ImportReport } from "../app/server/companies/import-companies.server";
import { type Database, openDatabase } from "../app/server/db/database.server";
import { queryRows } from "../app/server/db/query-rows.server";
import { runImport } from "../app/server/imports/import-kit.server";
import { generateCrunchbaseFile, sampleMemory } from "./bench-import-helpers";

const TARGET_ROWS_PER_SECOND = 5_000;
const TARGET_PEAK_RSS_MB = 400;

const { values } = parseArgs({
  options: {
    rows: { type: "string", default: "100000" },
    bad: { type: "string", default: "0.01" },
    keep: { type: "boolean", default: false },
  },
});

const workDir = await mkdtemp(path.join(os.tmpdir(), "rl-bench-import-"));
const csvPath = path.join(workDir, "crunchbase.csv");
let database: Database | undefined;
try {
  generateCrunchbaseFile(csvPath, values.rows, values.bad);
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
  const passes: Array<[string, ImportReport]> = [];
  for (const pass of ["first import", "re-import"]) {
    const started = performance.now();
    const { report, file } = await runImport(database.db, COMPANIES_IMPORT, createReadStream(csvPath));
    const seconds = (performance.now() - started) / 1000;
    passes.push([pass, report]);
    const rate = Math.round(report.totalRows / seconds);
    console.log(
      `${pass.padEnd(12)} ${count(report.totalRows)} rows in ${seconds.toFixed(1)} s = ${count(rate)} rows/s` +
        ` (inserted ${count(report.inserted)}, updated ${count(report.updated)}, rejected ${count(report.rejectedCount)})`,
    );
    // What `npm run import` does next: the similar companies of the companies written, timed apart.
    if (report.inserted + report.updated > 0) {
      const similar = await COMPANIES_IMPORT.afterImport?.(database.db, file, { inServer: false, runId: 0 });
      if (similar) {
        const total = seconds + similar.ms / 1000;
        console.log(
          `${"".padEnd(12)} ${similar.summary} End to end: ${total.toFixed(1)} s = ${count(Math.round(report.totalRows / total))} rows/s`,
        );
      }
    }
  }
  const peakMb = memory.stop() / 1024 / 1024;
  console.log(
    `Peak RSS: ${peakMb.toFixed(0)} MB (before importing: ${(memory.baseline / 1024 / 1024).toFixed(0)} MB)`,
  );

  const firstRate = rowsPerSecond(passes[0]?.[1]);
  console.log(
    `Targets: ${count(TARGET_ROWS_PER_SECOND)} rows/s ${firstRate >= TARGET_ROWS_PER_SECOND ? "met" : "MISSED"}` +
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

function rowsPerSecond(report: ImportReport | undefined): number {
  return report && report.ms > 0 ? Math.round(report.totalRows / (report.ms / 1000)) : 0;
}

function count(value: number): string {
  return value.toLocaleString("en-US");
}
