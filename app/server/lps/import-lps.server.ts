import type { Readable } from "node:stream";
import { sql } from "drizzle-orm";
import { type LpColumns, resolveLpHeader } from "../../core/lp-import-columns";
import { parseLpRow } from "../../core/lp-import-row";
import { ImportFileError, ImportWriteError } from "../companies/import/import-errors";
import { rootMessage, writeFailedMessage } from "../companies/import/import-messages";
import { DEFAULT_MAX_BYTES_WITHOUT_ROW } from "../companies/import/input-guard.server";
import { keepRejected } from "../companies/import/rejected-rows";
import type { ImportProgress, ImportReport } from "../companies/import-companies.server";
import type { Db } from "../db/database.server";
import { type CsvDataRow, readCsvRows } from "../imports/csv-rows.server";
import { suppressionHash } from "../suppression/email-hash.server";
import { FileLps } from "./import/file-lps";
import {
  type LpBatchRow,
  type LpDuplicateRow,
  removeUnnamedContacts,
  SUPPRESSED_CONTACT_REASON,
  writeLpImportBatch,
} from "./import/lp-batch.server";
import { lpHeaderProblem, tooManyLpsMessage } from "./import/lp-file-head.server";
import { importedLpFields, type LpValueKey, lpNameKey, lpValueDigests } from "./import/lp-keys";

// The LP import's public face: scripts/import-lps.ts, the console's runs and the tests import from here.
export { lpFileHeadProblem } from "./import/lp-file-head.server";
export type { LpDuplicateRow };
export { ImportFileError, ImportWriteError, SUPPRESSED_CONTACT_REASON };

/** Progress after each batch: the companies import's counts (LPs for companies) and the contacts written. */
export interface LpImportProgress extends ImportProgress {
  contactsWritten: number;
  contactsRemoved: number;
}

export interface LpImportOptions {
  /** Valid rows per write (one transaction). Default 2,000. */
  batchSize?: number;
  /** Rejected rows kept in the report; `rejectedCount` still counts all. Default 10,000. */
  maxRejectedKept?: number;
  /** Duplicate rows kept in the report; `duplicateCount` still counts all. Default 1,000. */
  maxDuplicatesKept?: number;
  onProgress?(progress: LpImportProgress): void;
  /** Read, check, match and classify every row as an import does, and write nothing. */
  dryRun?: boolean;
  /** The most LPs a file may name (what the import keeps per LP must fit a server's heap). Default: no limit. */
  maxFileLps?: number;
  /** The day AUM As Of is checked against (not after it). Default: now. */
  today?: Date;
  /** Bytes read without a row ending before the rest of the file is given up on. Default 16 MiB. */
  maxBytesWithoutRow?: number;
}

/**
 * An LP import's report, in the companies import's shape so the console's runs record and show both alike:
 * `inserted`, `updated` and `unchanged` count LPs (each once, however many rows name it), `totalRows` rows.
 * An LP whose contacts the file changed counts as updated.
 */
export interface LpImportReport extends ImportReport {
  /** Contacts inserted or changed (a contact the file names as it is stored is not rewritten). */
  contactsWritten: number;
  /** Stored contacts of matched LPs that the file's contacts replaced. */
  contactsRemoved: number;
  /** Rows that add nothing to their LP: a contact an earlier row of the LP named, or no contact. */
  duplicates: LpDuplicateRow[];
}

const DEFAULT_BATCH_SIZE = 2_000;
const DEFAULT_MAX_REJECTED_KEPT = 10_000;
const DEFAULT_MAX_DUPLICATES_KEPT = 1_000;

/**
 * Issue 17: imports an LP CSV file (the LP export's columns, lp-csv-columns.ts): one row per contact, the
 * LP's columns repeated on each of its rows; a row without contact columns is an LP without contacts. Rows
 * of one LP may be anywhere in the file. An LP is a stored one with the same website domain, else with the
 * same name and country when either has no website; a matched LP's stored contacts are replaced by the
 * file's only when the file names at least one contact of it (matched by address to keep their ids).
 * Invalid rows are reported with their line and reason, suppressed contacts left out and counted, repeated
 * contacts reported as duplicates; unchanged LPs are not rewritten. With `dryRun` the same reading,
 * matching and classifying runs and nothing is written. Memory stays flat but for ~200 bytes per LP the
 * file names (file-lps.ts). Throws ImportFileError (nothing written) when the file as a whole is unusable,
 * ImportWriteError when a batch could not be saved.
 */
export async function importLps(
  db: Db,
  input: NodeJS.ReadableStream | Readable,
  options: LpImportOptions = {},
): Promise<LpImportReport> {
  const run = new LpImportRun(db, options);
  try {
    await readCsvRows(
      input,
      { onHeader: (cells) => run.onHeader(cells), onRow: (row) => run.onRow(row) },
      {
        maxBytesWithoutRow: positiveInteger(
          options.maxBytesWithoutRow ?? DEFAULT_MAX_BYTES_WITHOUT_ROW,
          "maxBytesWithoutRow",
        ),
      },
    );
    return await run.finish();
  } catch (error) {
    await run.settle();
    throw error;
  }
}

class LpImportRun {
  private readonly batchSize: number;
  private readonly maxRejectedKept: number;
  private readonly maxDuplicatesKept: number;
  private readonly dryRun: boolean;
  private readonly today: Date;
  private readonly file = new FileLps();
  private readonly started = performance.now();
  private header: { columns: LpColumns; fields: LpValueKey[] } | null = null;
  private batch: LpBatchRow[] = [];
  private writing: Promise<void> = Promise.resolve();
  private writeFailure: ImportWriteError | null = null;
  private readonly report: LpImportReport;

  constructor(
    private readonly db: Db,
    private readonly options: LpImportOptions,
  ) {
    this.batchSize = positiveInteger(options.batchSize ?? DEFAULT_BATCH_SIZE, "batchSize");
    this.maxRejectedKept = Math.max(0, Math.floor(options.maxRejectedKept ?? DEFAULT_MAX_REJECTED_KEPT));
    this.maxDuplicatesKept = Math.max(
      0,
      Math.floor(options.maxDuplicatesKept ?? DEFAULT_MAX_DUPLICATES_KEPT),
    );
    this.dryRun = options.dryRun ?? false;
    this.today = options.today ?? new Date();
    this.report = {
      dryRun: this.dryRun,
      inserted: 0,
      updated: 0,
      unchanged: 0,
      contactsWritten: 0,
      contactsRemoved: 0,
      rejected: [],
      rejectedCount: 0,
      suppressedCount: 0,
      duplicates: [],
      duplicateCount: 0,
      totalRows: 0,
      ms: 0,
    };
  }

  /** LPs committed so far (none in a dry run). */
  private get written(): number {
    return this.dryRun ? 0 : this.report.inserted + this.report.updated;
  }

  onHeader(cells: string[]): void {
    const problem = lpHeaderProblem(cells);
    if (problem !== null) throw new ImportFileError(problem);
    const { columns } = resolveLpHeader(cells);
    this.header = { columns, fields: importedLpFields(columns) };
  }

  async onRow(row: CsvDataRow): Promise<void> {
    this.report.totalRows++;
    if (row.problem !== undefined || this.header === null) {
      this.reject(row.row, row.problem ?? "the row could not be read");
      return;
    }
    const parsed = parseLpRow(row.cells, this.header.columns, this.today);
    if (!parsed.ok) {
      this.reject(row.row, parsed.reason);
      return;
    }
    const { lp, contact } = parsed;
    this.batch.push({
      row: row.row,
      lp,
      contact,
      nameKey: lpNameKey(lp.name, lp.country),
      digests: lpValueDigests(lp, this.header.fields),
      emailHash: contact?.email ? suppressionHash(contact.email) : null,
    });
    if (this.batch.length >= this.batchSize) await this.flush();
  }

  async finish(): Promise<LpImportReport> {
    await this.flush();
    await this.settle();
    if (this.writeFailure) throw this.writeFailure;
    await this.removePendingContacts();
    // Fresh statistics, so the planner sees the new table sizes at once (as the companies import does).
    if (this.written > 0) await this.db.execute(sql`analyze lps, lp_contacts`);
    return this.snapshot();
  }

  /** The stored contacts the file never named, of LPs whose contacts it named, go once it is read whole. */
  private async removePendingContacts(): Promise<void> {
    let outcome: { removed: number; nowUpdated: number };
    try {
      outcome = await removeUnnamedContacts(this.db, this.file, { dryRun: this.dryRun });
    } catch (error) {
      const message =
        `Every row is saved, but removing the stored contacts the file does not name failed: ${rootMessage(error)}. ` +
        "Importing the same file again completes the import.";
      throw new ImportWriteError(message, this.snapshot(), { cause: error });
    }
    this.report.contactsRemoved += outcome.removed;
    this.report.unchanged -= outcome.nowUpdated;
    this.report.updated += outcome.nowUpdated;
  }

  /** Waits for the batch being written, whatever its outcome. */
  async settle(): Promise<void> {
    await this.writing;
  }

  private reject(row: number, reason: string): void {
    this.report.rejectedCount++;
    keepRejected(this.report.rejected, { row, reason }, this.maxRejectedKept);
  }

  /** Starts writing the batch once the previous one is committed: the next is parsed meanwhile. */
  private async flush(): Promise<void> {
    await this.writing;
    if (this.writeFailure) throw this.writeFailure;
    const maxLps = this.options.maxFileLps ?? Number.POSITIVE_INFINITY;
    if (this.file.size > maxLps) throw new ImportFileError(tooManyLpsMessage(maxLps));
    if (this.batch.length === 0 || this.header === null) return;
    const rows = this.batch;
    const { fields, columns } = this.header;
    this.batch = [];
    this.writing = writeLpImportBatch(this.db, rows, fields, columns, this.file, {
      dryRun: this.dryRun,
    }).then(
      (counts) => {
        const report = this.report;
        report.inserted += counts.inserted;
        report.updated += counts.updated;
        report.unchanged += counts.unchanged;
        report.contactsWritten += counts.contactsWritten;
        for (const { row, reason } of counts.rejected) this.reject(row, reason);
        report.suppressedCount += counts.suppressedCount;
        report.duplicateCount += counts.duplicates.length;
        const room = this.maxDuplicatesKept - report.duplicates.length;
        if (room > 0) report.duplicates.push(...counts.duplicates.slice(0, room));
        this.options.onProgress?.({
          rowsRead: report.totalRows,
          inserted: report.inserted,
          updated: report.updated,
          unchanged: report.unchanged,
          rejected: report.rejectedCount,
          suppressed: report.suppressedCount,
          duplicates: report.duplicateCount,
          contactsWritten: report.contactsWritten,
          contactsRemoved: report.contactsRemoved,
        });
      },
      (error: unknown) => {
        const first = rows[0]?.row ?? 0;
        const last = rows.at(-1)?.row ?? first;
        this.writeFailure = new ImportWriteError(writeFailedMessage(first, last, error), this.snapshot(), {
          cause: error,
        });
      },
    );
  }

  private snapshot(): LpImportReport {
    return {
      ...this.report,
      rejected: [...this.report.rejected],
      duplicates: [...this.report.duplicates],
      ms: Math.round(performance.now() - this.started),
    };
  }
}

function positiveInteger(value: number, name: string): number {
  if (!Number.isInteger(value) || value < 1)
    throw new RangeError(`importLps: ${name} must be a positive integer`);
  return value;
}
