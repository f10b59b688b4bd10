// The import kit's command line (docs/decisions/020): `npm run import`, `npm run import:lps` and any later kind
// of import are this runner given a kind and its words. It checks the file, records the run in the import
// history (refused while another import runs), shows progress on a terminal, prints the report (each
// rejected row with its line), writes `--report FILE`, then runs the kind's follow-up (the companies' similar
// companies) and prints the two phases' times apart.
//
// With the embedded database, stop the app server first: PGlite is single-process (openDatabase locks the
// data directory and this script refuses to start while another process has it open).
import { open, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { stringify } from "csv-stringify/sync";
import { restoreDeferredIndexes } from "../app/server/db/deferred-indexes.server";
import { ImportFileError, ImportWriteError } from "../app/server/imports/import-errors";
import {
  type AnyImportKind,
  type ExtraCounts,
  finishImport,
  type ImportFollowUp,
  type ImportProgress,
  type ImportReport,
  startBulkLoad,
} from "../app/server/imports/import-kit.server";
import { ImportBusyError } from "../app/server/imports/import-lock.server";
import { carryOutRun, startCommandLineRun } from "../app/server/imports/import-runs.server";
import { withAppDatabase } from "./open-app-database";

/** Rejected rows printed to the terminal; the --report file holds all that were kept. */
const PRINTED_REJECTIONS = 50;

/** What a kind's command says: its usage and the words of its report. */
export interface ImportCommand<R extends ImportReport & ExtraCounts = ImportReport & ExtraCounts> {
  kind: AnyImportKind;
  usage: string;
  /** Whether it takes `--dry-run` (read, check and match every row; write nothing). */
  takesDryRun: boolean;
  /** The words of the progress line and of a failure's counts: "inserted" or "LPs inserted", ... */
  words: { inserted: string; rejected: string };
  /** The report's lines between "Rows read" and the suppressed rows: [label, value]. */
  countLines(report: R): Array<[string, string]>;
  /** The line under the rejected count when some rows were suppressed, before its number. */
  suppressedLabel: string;
  /** What the duplicates line says after its number. */
  duplicatesNote: string;
  /** Whether it takes a folder of files as well as a file (decision 031: a folder of Form D filings). */
  takesFolders?: boolean;
  /** Counts the `--json` object names over the report's own fields (decision 031's words). */
  jsonCounts?(report: R): Record<string, unknown>;
}

/** A failure whose message says everything: printed as one line, without a stack trace. */
class CliError extends Error {}

interface Outcome extends ImportFollowUp {
  report: ImportReport & ExtraCounts;
  seconds: number;
}

/** Runs the command of `command` with this process's arguments; sets the exit code on failure. */
export async function runImportCommand<R extends ImportReport & ExtraCounts>(
  command: ImportCommand<R>,
): Promise<void> {
  try {
    await main(command as unknown as ImportCommand);
  } catch (error) {
    clearProgress();
    if (error instanceof CliError) {
      console.error(error.message);
    } else {
      // Not a problem with the file or the setup: keep the stack for whoever debugs it.
      console.error(error);
    }
    process.exitCode = 1;
  }
}

async function main(command: ImportCommand): Promise<void> {
  const { file, reportPath, dryRun, json } = readArguments(command);
  await checkReadable(file, command.takesFolders ?? false);
  let outcome: Outcome;
  try {
    // The database is closed (written to disk) before the report says what was imported.
    outcome = await withAppDatabase(async (database) => {
      const started = performance.now();
      // Recorded in the import history like the console's imports, and refused (ImportBusyError) while
      // another import (of any kind) runs. A dry run from here is recorded as one too.
      const run = await startCommandLineRun(
        database.db,
        { fileName: path.basename(file), fileBytes: (await stat(file)).size },
        command.kind.subject,
        dryRun ? "dry_run" : "commit",
      );
      // A first load into an empty table builds most of its indexes once at the end (decision 020).
      const deferred = !dryRun && (await startBulkLoad(database.db, command.kind));
      const {
        report,
        file: records,
        error,
      } = await carryOutRun(database.db, command.kind, run, file, {
        analyzeLater: deferred,
        onProgress: (progress) => (json ? undefined : showProgress(command, progress)),
      }).catch(async (failure: unknown) => {
        if (deferred) await restoreDeferredIndexes(database.db);
        throw failure;
      });
      if (report === null || records === null) {
        if (deferred) await restoreDeferredIndexes(database.db);
        throw error;
      }
      const seconds = (performance.now() - started) / 1000;
      // What follows from the rows written (the companies' similar companies; pages keep the old ones
      // meanwhile), beside the indexes a first load builds back.
      const wrote = !report.dryRun && report.inserted + report.updated > 0;
      const { followUp, indexes } = await finishImport(database.db, command.kind, records, {
        wrote,
        deferred,
        runId: run.id,
      });
      return { report, seconds, followUp, indexes };
    });
  } catch (error) {
    clearProgress();
    if (error instanceof ImportFileError) throw new CliError(`${file}: ${error.message}`);
    if (error instanceof ImportBusyError) throw new CliError(error.message);
    if (error instanceof ImportWriteError) {
      const { inserted, updated, rejectedCount } = error.report;
      throw new CliError(
        `${error.message} (before it stopped: ${count(inserted)} ${command.words.inserted}, ${count(updated)} updated, ` +
          `${count(rejectedCount)} ${command.words.rejected})`,
      );
    }
    throw error;
  }
  clearProgress();
  if (json) {
    // `--json`: the report as one JSON object on standard output (for scripts), the rejected rows kept in it.
    const { followUp, indexes, report, seconds } = outcome;
    const named = command.jsonCounts?.(report) ?? {};
    console.log(JSON.stringify({ file, ...report, ...named, seconds, followUp, indexes }));
    if (reportPath !== undefined) await writeRejectedCsv(reportPath, report, { quiet: true });
    return;
  }
  printReport(command, file, outcome.report, outcome.seconds, reportPath);
  if (outcome.followUp) console.log(outcome.followUp.summary);
  if (outcome.indexes) {
    console.log(
      `Built ${outcome.indexes.indexes} indexes in ${(outcome.indexes.ms / 1000).toFixed(1)} s (a first load into an empty table builds them once, at the end).`,
    );
  }
  if (outcome.followUp || outcome.indexes) printPhases(outcome.report, outcome.seconds, outcome);
  if (reportPath !== undefined) await writeRejectedCsv(reportPath, outcome.report);
}

function readArguments(command: ImportCommand): {
  file: string;
  reportPath: string | undefined;
  dryRun: boolean;
  json: boolean;
} {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(command.takesDryRun);
  } catch (error) {
    throw new CliError(`${error instanceof Error ? error.message : String(error)}\n${command.usage}`);
  }
  const [file, ...extra] = parsed.positionals;
  if (file === undefined || extra.length > 0) throw new CliError(command.usage);
  const reportPath = parsed.values.report;
  if (reportPath !== undefined && path.resolve(reportPath) === path.resolve(file)) {
    throw new CliError("--report must name a different file than the one imported.");
  }
  return { file, reportPath, dryRun: parsed.values["dry-run"] ?? false, json: parsed.values.json ?? false };
}

function parse(takesDryRun: boolean) {
  return parseArgs({
    allowPositionals: true,
    options: {
      report: { type: "string" },
      json: { type: "boolean" },
      ...(takesDryRun ? { "dry-run": { type: "boolean" as const } } : {}),
    },
  }) as { positionals: string[]; values: { report?: string; json?: boolean; "dry-run"?: boolean } };
}

/** Fails early, with a plain message, on a path that is missing, a directory (unless taken) or not readable. */
async function checkReadable(file: string, takesFolders: boolean): Promise<void> {
  try {
    if ((await stat(file)).isDirectory()) {
      if (takesFolders) return;
      throw new CliError(`${file} is a directory, not a CSV file.`);
    }
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

function showProgress(command: ImportCommand, progress: ImportProgress): void {
  // Progress overwrites one terminal line; piped output gets the final report only.
  if (!process.stdout.isTTY) return;
  progressShown = true;
  process.stdout.write(
    `\r${count(progress.rowsRead)} rows read: ${count(progress.inserted)} ${command.words.inserted}, ` +
      `${count(progress.updated)} updated, ${count(progress.rejected)} ${command.words.rejected}`,
  );
}

function clearProgress(): void {
  if (progressShown) process.stdout.write("\r\x1b[2K");
  progressShown = false;
}

function printReport(
  command: ImportCommand,
  file: string,
  report: ImportReport & ExtraCounts,
  seconds: number,
  reportPath: string | undefined,
): void {
  const rate = seconds > 0 ? Math.round(report.totalRows / seconds) : report.totalRows;
  if (report.dryRun) console.log("Dry run: nothing was written. Importing this file now would do this:\n");
  const head: Array<[string, string]> = [
    ["File:", file],
    ["Rows read:", count(report.totalRows)],
    ...command.countLines(report),
  ];
  const tail: Array<[string, string]> = [
    ["Speed:", `${count(rate)} rows/s`],
    ["Elapsed:", `${seconds.toFixed(1)} s`],
  ];
  // Values line up one space after the longest label.
  const width = Math.max(...[...head, ...tail].map(([label]) => label.length)) + 1;
  const line = ([label, value]: [string, string]) => console.log(`${label.padEnd(width)}${value}`);
  head.forEach(line);
  if (report.suppressedCount > 0) console.log(`${command.suppressedLabel}: ${count(report.suppressedCount)}`);
  if (report.duplicateCount > 0) {
    console.log(`Duplicates in the file: ${count(report.duplicateCount)} (${command.duplicatesNote})`);
  }
  tail.forEach(line);
  if (report.rejectedCount === 0) return;
  console.log("\nRejected rows:");
  for (const { row, reason } of report.rejected.slice(0, PRINTED_REJECTIONS))
    console.log(`  row ${row}: ${reason}`);
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

/** The import and its follow-up timed apart, and the rate of the two together. */
function printPhases(report: ImportReport, importSeconds: number, after: ImportFollowUp): void {
  // The follow-up and the index builds run at once: the longer of the two is what the import took after its rows.
  const afterSeconds = Math.max(after.followUp?.ms ?? 0, after.indexes?.ms ?? 0) / 1000;
  const total = importSeconds + afterSeconds;
  const rate = total > 0 ? Math.round(report.totalRows / total) : report.totalRows;
  console.log(
    `End to end: ${count(rate)} rows/s, ${total.toFixed(1)} s (import ${importSeconds.toFixed(1)} s, ` +
      `then ${afterSeconds.toFixed(1)} s).`,
  );
}

async function writeRejectedCsv(
  reportPath: string,
  report: ImportReport,
  { quiet = false }: { quiet?: boolean } = {},
): Promise<void> {
  const rows = report.rejected.map(({ row, reason }) => [row, reason]);
  try {
    await writeFile(reportPath, stringify([["row", "reason"], ...rows]));
  } catch (error) {
    throw new CliError(
      `Could not write ${reportPath}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  if (!quiet) console.log(`\nWrote ${count(rows.length)} rejected rows to ${reportPath}.`);
}

export function count(value: number): string {
  return value.toLocaleString("en-US");
}
