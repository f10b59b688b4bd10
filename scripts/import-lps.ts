// `npm run import:lps -- file.csv [--report rejected.csv] [--dry-run]`: imports an LP CSV file (the LP
// export's columns, app/core/lp-csv-columns.ts: one row per contact) into the configured database
// (DATABASE_URL, else the embedded PGlite database in DATA_DIR). `--dry-run` reads, checks and matches
// every row and says what an import would do, writing nothing.
//
// With the embedded database, stop the app server first: PGlite is single-process (openDatabase locks the
// data directory and this script refuses to start while another process has it open).
import { open, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { stringify } from "csv-stringify/sync";
import { ImportBusyError } from "../app/server/companies/import/import-lock.server";
import type { ImportProgress } from "../app/server/companies/import-companies.server";
import { carryOutRun, startCommandLineRun } from "../app/server/imports/import-runs.server";
import { ImportFileError, ImportWriteError, type LpImportReport } from "../app/server/lps/import-lps.server";
import { withAppDatabase } from "./open-app-database";

const USAGE = "Usage: npm run import:lps -- <file.csv> [--report rejected.csv] [--dry-run]";
/** Rejected rows printed to the terminal; the --report file holds all that were kept. */
const PRINTED_REJECTIONS = 50;

/** A failure whose message says everything: printed as one line, without a stack trace. */
class CliError extends Error {}

async function main(): Promise<void> {
  const { file, reportPath, dryRun } = readArguments();
  await checkReadable(file);
  let outcome: { report: LpImportReport; seconds: number };
  try {
    // The database is closed (written to disk) before the report says what was imported.
    outcome = await withAppDatabase(async (database) => {
      const started = performance.now();
      // Recorded in the import history like the console's imports, and refused (ImportBusyError) while
      // another import (of companies or LPs) runs. A dry run from here is recorded as one too.
      const run = await startCommandLineRun(
        database.db,
        { fileName: path.basename(file), fileBytes: (await stat(file)).size },
        "lps",
        dryRun ? "dry_run" : "commit",
      );
      const { report, error } = await carryOutRun(database.db, run, file, { onProgress: showProgress });
      if (report === null) throw error;
      return { report: report as LpImportReport, seconds: (performance.now() - started) / 1000 };
    });
  } catch (error) {
    clearProgress();
    if (error instanceof ImportFileError) throw new CliError(`${file}: ${error.message}`);
    if (error instanceof ImportBusyError) throw new CliError(error.message);
    if (error instanceof ImportWriteError) {
      const { inserted, updated, rejectedCount } = error.report;
      throw new CliError(
        `${error.message} (before it stopped: ${count(inserted)} LPs inserted, ${count(updated)} updated, ` +
          `${count(rejectedCount)} rows rejected)`,
      );
    }
    throw error;
  }
  clearProgress();
  printReport(file, outcome.report, outcome.seconds, reportPath);
  if (reportPath !== undefined) await writeRejectedCsv(reportPath, outcome.report);
}

function readArguments(): { file: string; reportPath: string | undefined; dryRun: boolean } {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse();
  } catch (error) {
    throw new CliError(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  }
  const [file, ...extra] = parsed.positionals;
  if (file === undefined || extra.length > 0) throw new CliError(USAGE);
  const reportPath = parsed.values.report;
  if (reportPath !== undefined && path.resolve(reportPath) === path.resolve(file)) {
    throw new CliError("--report must name a different file than the one imported.");
  }
  return { file, reportPath, dryRun: parsed.values["dry-run"] ?? false };
}

function parse() {
  return parseArgs({
    allowPositionals: true,
    options: { report: { type: "string" }, "dry-run": { type: "boolean" } },
  });
}

/** Fails early, with a plain message, on a path that is missing, a directory or not readable. */
async function checkReadable(file: string): Promise<void> {
  try {
    if ((await stat(file)).isDirectory()) throw new CliError(`${file} is a directory, not a CSV file.`);
    await (await open(file, "r")).close();
  } catch (error) {
    if (error instanceof CliError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") throw new CliError(`File not found: ${file}`);
    if (code === "EACCES" || code === "EPERM") throw new CliError(`Cannot read ${file}: permission denied.`);
    throw new CliError(`Cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

let progressShown = false;

function showProgress(progress: ImportProgress): void {
  // Progress overwrites one terminal line; piped output gets the final report only.
  if (!process.stdout.isTTY) return;
  progressShown = true;
  process.stdout.write(
    `\r${count(progress.rowsRead)} rows read: ${count(progress.inserted)} LPs inserted, ` +
      `${count(progress.updated)} updated, ${count(progress.rejected)} rows rejected`,
  );
}

function clearProgress(): void {
  if (progressShown) process.stdout.write("\r\x1b[2K");
  progressShown = false;
}

function printReport(
  file: string,
  report: LpImportReport,
  seconds: number,
  reportPath: string | undefined,
): void {
  const rate = seconds > 0 ? Math.round(report.totalRows / seconds) : report.totalRows;
  if (report.dryRun) console.log("Dry run: nothing was written. Importing this file now would do this:\n");
  console.log(`File:             ${file}`);
  console.log(`Rows read:        ${count(report.totalRows)}`);
  console.log(`LPs inserted:     ${count(report.inserted)}`);
  console.log(`LPs updated:      ${count(report.updated)}`);
  console.log(`LPs unchanged:    ${count(report.unchanged)}`);
  console.log(`Contacts written: ${count(report.contactsWritten)}`);
  console.log(`Contacts removed: ${count(report.contactsRemoved)} (stored contacts the file's replaced)`);
  console.log(`Rejected rows:    ${count(report.rejectedCount)}`);
  if (report.suppressedCount > 0) {
    console.log(`  of which suppressed contacts (do-not-sell): ${count(report.suppressedCount)}`);
  }
  if (report.duplicateCount > 0) {
    console.log(
      `Duplicates in the file: ${count(report.duplicateCount)} (rows repeating a contact or an LP an earlier row named)`,
    );
  }
  console.log(`Speed:            ${count(rate)} rows/s`);
  console.log(`Elapsed:          ${seconds.toFixed(1)} s`);
  if (report.rejectedCount === 0) return;
  console.log("\nRejected rows:");
  for (const { row, reason } of report.rejected.slice(0, PRINTED_REJECTIONS)) {
    console.log(`  row ${row}: ${reason}`);
  }
  const more = report.rejectedCount - Math.min(report.rejected.length, PRINTED_REJECTIONS);
  if (more > 0) {
    console.log(
      reportPath === undefined
        ? `  ... and ${count(more)} more (see --report)`
        : `  ... and ${count(more)} more (see ${reportPath})`,
    );
  }
  if (report.rejected.length < report.rejectedCount) {
    console.log(`  (only the first ${count(report.rejected.length)} rejected rows are kept)`);
  }
}

async function writeRejectedCsv(reportPath: string, report: LpImportReport): Promise<void> {
  const rows = report.rejected.map(({ row, reason }) => [row, reason]);
  try {
    await writeFile(reportPath, stringify([["row", "reason"], ...rows]));
  } catch (error) {
    throw new CliError(
      `Could not write ${reportPath}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  console.log(`\nWrote ${count(rows.length)} rejected rows to ${reportPath}.`);
}

function count(value: number): string {
  return value.toLocaleString("en-US");
}

try {
  await main();
} catch (error) {
  if (error instanceof CliError) {
    console.error(error.message);
  } else {
    // Not a problem with the file or the setup: keep the stack for whoever debugs it.
    console.error(error);
  }
  process.exitCode = 1;
}
