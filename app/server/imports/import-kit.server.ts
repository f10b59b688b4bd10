import type { Readable } from "node:stream";
import type { SQL } from "drizzle-orm";
import type { ImportRunView, ImportSubject } from "~/core/import-runs";
import type { Db } from "../db/database.server";
import { deferIndexesOfEmptyTable, restoreDeferredIndexes } from "../db/deferred-indexes.server";
import { type CsvDataRow, readCsvRows } from "./csv-rows.server";
import { ImportFileError, ImportWriteError } from "./import-errors";
import { writeFailedMessage } from "./import-messages";
import { DEFAULT_MAX_BYTES_WITHOUT_ROW } from "./input-guard.server";
import { keepRejected } from "./rejected-rows";
import { RowSpool } from "./row-spool.server";

/**
 * The import kit (docs/decisions/020). A kind of import (companies, LPs, ...) gives its row schema, its
 * matcher and its writer; the kit gives the rest, the same for every kind: the streamed CSV reading with
 * file line numbers (csv-rows.server.ts), batches written while the next is parsed, the per-row report,
 * the dry run, progress, the limit on what a file may name, the one-import-at-a-time lock
 * (import-lock.server.ts), the console's upload and history (import-upload.server.ts,
 * import-runs.server.ts) and the command line (command-line.server.ts).
 */

/** A rejected row: the file line it starts on (the header is line 1, the first data row line 2) and why. */
export interface RejectedRow {
  row: number;
  reason: string;
}

/** A row about a record an earlier row of the file named (the later row wins). */
export interface DuplicateRow {
  row: number;
  /** The first row of the file about that record. */
  firstRow: number;
}

/**
 * A kind's own counters (an LP import's contacts, a rounds import's rounds and investors), beside the kit's;
 * each must be a column of import_runs.
 */
export type ExtraCounts = Partial<
  Record<
    | "contactsWritten"
    | "contactsRemoved"
    | "roundsWritten"
    | "investorsCreated"
    | "peopleWritten"
    | "companiesInserted"
    | "companiesUpdated"
    | "fundsLeftOut"
    | "testsLeftOut"
    | "notOperatingLeftOut"
    | "amendmentsApplied",
    number
  >
>;

/**
 * Counts after each batch (the records a kind counts, e.g. companies or LPs, and the rows read: valid and
 * rejected; `rejected` includes the suppressed rows): the counts a run's view shows, under the same names.
 */
export type ImportProgress = Pick<
  ImportRunView,
  "rowsRead" | "inserted" | "updated" | "unchanged" | "rejected" | "suppressed" | "duplicates"
>;

export interface ImportReport {
  /** A dry run: the counts say what an import would do; nothing was written. */
  dryRun: boolean;
  /** Records created. */
  inserted: number;
  /** Records changed (one already stored, or one an earlier row created). */
  updated: number;
  /** Records whose values were stored already: not rewritten. */
  unchanged: number;
  /** The first `maxRejectedKept` rejected rows (invalid or suppressed), in file order. */
  rejected: RejectedRow[];
  /** Rejected rows, suppressed ones included. */
  rejectedCount: number;
  /** Rejected rows (or left-out parts of rows) on the do-not-sell list. */
  suppressedCount: number;
  /** The first `maxDuplicatesKept` rows about a record an earlier row of the file named, in file order. */
  duplicates: DuplicateRow[];
  duplicateCount: number;
  /** Data rows read. */
  totalRows: number;
  ms: number;
}

/** What a kind's writer did with one batch. */
export interface BatchOutcome<E extends ExtraCounts> {
  inserted: number;
  updated: number;
  unchanged: number;
  /** Rows the writer left out (suppressed ones), with their reasons; any order. */
  rejected: RejectedRow[];
  /** How many of the batch's rows or contacts were on the do-not-sell list. */
  suppressed: number;
  /** Rows about a record an earlier row named, in file order. */
  duplicates: DuplicateRow[];
  extra?: E;
}

/** What the kit keeps about a file while importing it: a kind's matcher state, sized by what it names. */
export interface FileRecords {
  /** Records the file named so far. */
  readonly size: number;
}

/**
 * A kind of import: everything the kit cannot know. `Header` is what the header row resolves to, `Row` a
 * valid row ready for its batch, `File` the matcher's record of what earlier batches did (duplicates, a
 * dry run's view of its own rows), `E` the kind's own counters.
 */
export interface ImportKind<
  Header,
  Row extends { row: number },
  File extends FileRecords,
  E extends ExtraCounts,
> {
  /** What import_runs.subject calls it. */
  readonly subject: ImportSubject;
  /** Its function's name, for programming errors (a bad option). */
  readonly name: string;
  /** Its counters at zero (an empty object when it has none). */
  readonly extraCounts: E;

  // The row schema.
  /** Why a header row cannot be imported, or null: also checked on an upload's first bytes. */
  headerProblem(cells: readonly string[]): string | null;
  /** The header row, once headerProblem passed it. */
  readHeader(cells: string[]): Header;
  /** A data row (`row` is its file line): ready for a batch, or why it is rejected. */
  parseRow(cells: string[], row: number, header: Header, today: Date): Row | { reason: string };

  /**
   * A kind whose files are not CSV (decision 031: SEC Form D's zips and XML) reads its own rows: each one
   * ready for a batch, or rejected with its line and reason. Without it the kit reads the file as CSV
   * (headerProblem, readHeader with the header row, parseRow); with it, readHeader gets no cells.
   */
  readRows?(filePath: string): AsyncIterable<Row | RejectedRow>;
  /**
   * The console's uploads of such a kind: the Content-Types its files come as, and the check of their first
   * bytes (and checked name) in place of the CSV header's. Its uploads are stored under their own name
   * (import-upload.server.ts, `keepName`), for a reader that reads it.
   */
  readonly uploads?: {
    readonly contentTypes: readonly string[];
    headProblem(head: Buffer, fileName: string): string | null;
  };

  // The matcher.
  /** A new file's record. */
  newFile(): File;
  /** Why a file naming more than `max` records is refused. */
  tooManyMessage(max: number): string;
  /**
   * Keys that tie a row to others (decision 030, "Each company once per file"). When given, the kit reads the
   * whole file first, keeping its valid rows on disk (row-spool.server.ts), then hands the writer batches that
   * never split rows sharing a key, each such group in file order: a record that rows spread over the file
   * touch is written by one batch, not by every batch it appears in.
   */
  groupKeys?(row: Row): readonly string[];

  // The writer.
  /**
   * Classifies one batch against the stored records and the file's earlier ones, and (unless `dryRun`)
   * writes it, in one transaction under the import batch lock (takeImportLock); tells `file` what it did
   * once committed. A failure leaves `file` as it was.
   */
  writeBatch(
    db: Db,
    rows: Row[],
    header: Header,
    file: File,
    options: { dryRun: boolean },
  ): Promise<BatchOutcome<E>>;
  /**
   * Once every batch is written: what only the whole file can tell (an LP's stored contacts the file never
   * named). `nowUpdated` records counted unchanged turn out updated. A failure is reported with
   * `failedMessage`, every batch being saved.
   */
  finishFile?: {
    run(db: Db, file: File, options: { dryRun: boolean }): Promise<{ extra?: E; nowUpdated: number }>;
    failedMessage(error: unknown): string;
  };
  /** The tables whose planner statistics an import that wrote refreshes (`analyze ...`). */
  readonly analyze: SQL;
  /** Called once the import ends, however, when it committed any record (e.g. to drop cached figures). */
  afterWrite?(): void;
  /**
   * What follows an import that wrote records, once committed (never a dry run): the companies' similar
   * companies of what it touched. The command line prints its summary and time apart from the import's;
   * in the server (`inServer`) it logs and never throws.
   */
  afterImport?(
    db: Db,
    file: File,
    context: { inServer: boolean; runId: number },
  ): Promise<AfterImport | null>;
  /**
   * A first load into an empty `table` from the command line (decision 020): its secondary indexes but
   * `keepIndexes` (those the kind's own reads use) are dropped before the rows are written and built once at
   * the end, beside afterImport (startBulkLoad, finishImport). `alsoTables`: the tables the kind writes
   * beside it, set aside the same way when they are empty too (decision 030: rounds, people, links).
   */
  bulkLoad?: BulkLoadTable & { alsoTables?: readonly BulkLoadTable[] };
}

/** A table a bulk load writes, and the indexes its own reads need meanwhile. */
export interface BulkLoadTable {
  table: string;
  keepIndexes: readonly string[];
}

/**
 * Starts a bulk load when `kind` has one and its table is empty (deferIndexesOfEmptyTable): true when
 * indexes were set aside, which finishImport (or, after a failure, restoreDeferredIndexes) builds back.
 */
export async function startBulkLoad(db: Db, kind: AnyImportKind): Promise<boolean> {
  if (!kind.bulkLoad) return false;
  const { table, keepIndexes, alsoTables = [] } = kind.bulkLoad;
  // The main table first: the others only when it is empty, a first load.
  if ((await deferIndexesOfEmptyTable(db, table, keepIndexes)) === 0) return false;
  for (const also of alsoTables) await deferIndexesOfEmptyTable(db, also.table, also.keepIndexes);
  return true;
}

/** What follows the rows of a command-line import: the kind's follow-up and the indexes built back. */
export interface ImportFollowUp {
  followUp: AfterImport | null;
  /** The indexes a bulk load built at the end (null: none were set aside). */
  indexes: { indexes: number; ms: number } | null;
}

/**
 * After the rows of a command-line import: the kind's afterImport when it wrote any record, and the indexes a
 * bulk load set aside, at once (the index builds are the database's work, the similar companies this
 * process's). The indexes are built even when afterImport fails; its error is thrown after.
 */
export async function finishImport(
  db: Db,
  kind: AnyImportKind,
  file: FileRecords,
  { wrote, deferred, runId }: { wrote: boolean; deferred: boolean; runId: number },
): Promise<ImportFollowUp> {
  const [followUp, indexes] = await Promise.allSettled([
    wrote && kind.afterImport ? kind.afterImport(db, file, { inServer: false, runId }) : null,
    // Two connections: the trigram index on one, the others beside it (deferred-indexes.server.ts).
    // ANALYZE waits for the index builds' locks on the table anyway; it then also reads the new expression
    // indexes' statistics. A run without analyzeLater has analyzed already; once more costs a second or two.
    deferred
      ? restoreDeferredIndexes(db, { connections: 2 }).then(async (built) => {
          if (wrote) await db.execute(kind.analyze);
          return built;
        })
      : null,
  ]);
  if (indexes.status === "rejected") throw indexes.reason;
  if (followUp.status === "rejected") throw followUp.reason;
  return { followUp: followUp.value, indexes: indexes.value };
}

/** What a kind's afterImport did: a line for the command line, and how long it took. */
export interface AfterImport {
  summary: string;
  ms: number;
}

// biome-ignore lint/suspicious/noExplicitAny: a registry holds kinds of any row, header and file types.
export type AnyImportKind = ImportKind<any, { row: number }, FileRecords, ExtraCounts>;

export interface RunImportOptions<E extends ExtraCounts> {
  /**
   * Valid rows per write (one transaction). Default 2,000, faster than 1,000 on PostgreSQL (measured in
   * decision 020).
   */
  batchSize?: number;
  /** Rejected rows kept in the report; `rejectedCount` still counts all. Default 10,000. */
  maxRejectedKept?: number;
  /** Duplicate rows kept in the report; `duplicateCount` still counts all. Default 1,000. */
  maxDuplicatesKept?: number;
  /** Called after each batch is committed (in a dry run: classified). */
  onProgress?(progress: ImportProgress & E): void;
  /** Read, check, match and classify every row as an import does, and write nothing. */
  dryRun?: boolean;
  /** The most records a file may name (what the matcher keeps per record must fit a heap). Default: none. */
  maxFileRecords?: number;
  /** The day dates are checked against. Default: now. */
  today?: Date;
  /** Bytes read without a row ending before the rest of the file is given up on. Default 16 MiB. */
  maxBytesWithoutRow?: number;
  /**
   * Awaited before each batch is handed to the writer (the server's runs on the embedded database let the
   * requests in flight go first: foreground-requests.server.ts). The next batch is read meanwhile.
   */
  beforeEachWrite?: () => Promise<void>;
  /**
   * Leave the planner statistics (the kind's `analyze`) to finishImport: a bulk load (startBulkLoad) refreshes
   * them once its indexes are built, beside the follow-up, instead of before the rows' phase ends.
   */
  analyzeLater?: boolean;
}

const DEFAULT_BATCH_SIZE = 2_000;
const DEFAULT_MAX_REJECTED_KEPT = 10_000;
const DEFAULT_MAX_DUPLICATES_KEPT = 1_000;

/**
 * Imports a CSV file with `kind`: reads it with backpressure (memory stays flat but for what the matcher
 * keeps per record), reports each unreadable or invalid row with its line and reason, and hands the valid
 * ones to the kind's writer in batches, the next batch parsed while one is written. With `dryRun` the same
 * reading, matching and classifying runs and nothing is written. Returns the report and the file's record
 * (what the kind's writer noted, e.g. the records it wrote). Throws ImportFileError (nothing written)
 * when the file as a whole is unusable, ImportWriteError when a batch could not be saved.
 */
export async function runImport<
  Header,
  Row extends { row: number },
  File extends FileRecords,
  E extends ExtraCounts,
>(
  db: Db,
  kind: ImportKind<Header, Row, File, E>,
  input: NodeJS.ReadableStream | Readable,
  options: RunImportOptions<E> = {},
): Promise<{ report: ImportReport & E; file: File }> {
  const run = new KitRun(db, kind, options);
  try {
    await readCsvRows(
      input,
      { onHeader: (cells) => run.onHeader(cells), onRow: (row) => run.onRow(row) },
      {
        maxBytesWithoutRow: positiveInteger(
          options.maxBytesWithoutRow ?? DEFAULT_MAX_BYTES_WITHOUT_ROW,
          "maxBytesWithoutRow",
          kind.name,
        ),
      },
    );
    return { report: await run.finish(), file: run.file };
  } catch (error) {
    await run.settle();
    throw error;
  } finally {
    await run.dispose();
    if (run.written > 0) kind.afterWrite?.();
  }
}

/**
 * Imports the rows a kind read itself (`readRows`): the same batches, report, dry run and progress as
 * runImport, without the CSV reading. Throws as runImport does.
 */
export async function runImportOfRows<
  Header,
  Row extends { row: number },
  File extends FileRecords,
  E extends ExtraCounts,
>(
  db: Db,
  kind: ImportKind<Header, Row, File, E>,
  rows: AsyncIterable<Row | RejectedRow>,
  options: RunImportOptions<E> = {},
): Promise<{ report: ImportReport & E; file: File }> {
  const run = new KitRun(db, kind, options);
  try {
    run.takeHeader(kind.readHeader([]));
    for await (const row of rows) await run.onParsed(row);
    return { report: await run.finish(), file: run.file };
  } catch (error) {
    await run.settle();
    throw error;
  } finally {
    if (run.written > 0) kind.afterWrite?.();
  }
}

class KitRun<Header, Row extends { row: number }, File extends FileRecords, E extends ExtraCounts> {
  private readonly batchSize: number;
  private readonly maxRejectedKept: number;
  private readonly maxDuplicatesKept: number;
  private readonly dryRun: boolean;
  private readonly today: Date;
  readonly file: File;
  private readonly started = performance.now();
  /** The header, once read (`{ value }`: a kind that reads its own rows may have a null one). */
  private header: { value: Header } | null = null;
  private batch: Row[] = [];
  /** The file's valid rows, when the kind groups them (groupKeys). */
  private spool: RowSpool<Row> | null = null;
  private writing: Promise<void> = Promise.resolve();
  private writeFailure: ImportWriteError | null = null;
  private readonly report: ImportReport & E;

  constructor(
    private readonly db: Db,
    private readonly kind: ImportKind<Header, Row, File, E>,
    private readonly options: RunImportOptions<E>,
  ) {
    this.batchSize = positiveInteger(options.batchSize ?? DEFAULT_BATCH_SIZE, "batchSize", kind.name);
    this.maxRejectedKept = Math.max(0, Math.floor(options.maxRejectedKept ?? DEFAULT_MAX_REJECTED_KEPT));
    this.maxDuplicatesKept = Math.max(
      0,
      Math.floor(options.maxDuplicatesKept ?? DEFAULT_MAX_DUPLICATES_KEPT),
    );
    this.dryRun = options.dryRun ?? false;
    this.today = options.today ?? new Date();
    this.file = kind.newFile();
    const base: ImportReport = {
      dryRun: this.dryRun,
      inserted: 0,
      updated: 0,
      unchanged: 0,
      rejected: [],
      rejectedCount: 0,
      suppressedCount: 0,
      duplicates: [],
      duplicateCount: 0,
      totalRows: 0,
      ms: 0,
    };
    this.report = { ...base, ...(kind.extraCounts as E) };
  }

  /** Records committed so far (none in a dry run). */
  get written(): number {
    return this.dryRun ? 0 : this.report.inserted + this.report.updated;
  }

  onHeader(cells: string[]): void {
    const problem = this.kind.headerProblem(cells);
    if (problem !== null) throw new ImportFileError(problem);
    this.header = { value: this.kind.readHeader(cells) };
  }

  /** The header of a kind that reads its own rows. */
  takeHeader(header: Header): void {
    this.header = { value: header };
  }

  async onRow(row: CsvDataRow): Promise<void> {
    if (row.problem !== undefined || this.header === null) {
      await this.onParsed({ row: row.row, reason: row.problem ?? "the row could not be read" });
      return;
    }
    const parsed = this.kind.parseRow(row.cells, row.row, this.header.value, this.today);
    await this.onParsed("reason" in parsed ? { row: row.row, reason: parsed.reason } : parsed);
  }

  /** A row read: into the batch, or rejected with its reason. */
  async onParsed(parsed: Row | RejectedRow): Promise<void> {
    this.report.totalRows++;
    if ("reason" in parsed) {
      this.reject(parsed.row, parsed.reason);
      return;
    }
    if (this.kind.groupKeys) {
      this.spool ??= await RowSpool.create<Row>();
      await this.spool.add(parsed, this.kind.groupKeys(parsed));
      return;
    }
    this.batch.push(parsed);
    if (this.batch.length >= this.batchSize) await this.flush();
  }

  async finish(): Promise<ImportReport & E> {
    if (this.spool) {
      for await (const rows of this.spool.batches(this.batchSize)) {
        this.batch = rows;
        await this.flush();
      }
    }
    await this.flush();
    await this.settle();
    if (this.writeFailure) throw this.writeFailure;
    if (this.kind.finishFile) await this.finishFile(this.kind.finishFile);
    // Fresh statistics, so the planner sees the new table sizes at once. Not VACUUM: on 100,000 rows it
    // cost ~10% of the import, and autovacuum's insert threshold sets the visibility map soon after.
    if (this.written > 0 && !this.options.analyzeLater) await this.db.execute(this.kind.analyze);
    return this.snapshot();
  }

  /** Waits for the batch being written, whatever its outcome. */
  async settle(): Promise<void> {
    await this.writing;
  }

  /** Deletes the rows kept on disk, if any. */
  async dispose(): Promise<void> {
    await this.spool?.dispose();
  }

  private async finishFile(
    finish: NonNullable<ImportKind<Header, Row, File, E>["finishFile"]>,
  ): Promise<void> {
    let outcome: { extra?: E; nowUpdated: number };
    try {
      outcome = await finish.run(this.db, this.file, { dryRun: this.dryRun });
    } catch (error) {
      throw new ImportWriteError(finish.failedMessage(error), this.snapshot(), { cause: error });
    }
    this.addExtra(outcome.extra);
    this.report.unchanged -= outcome.nowUpdated;
    this.report.updated += outcome.nowUpdated;
  }

  private reject(row: number, reason: string): void {
    this.report.rejectedCount++;
    keepRejected(this.report.rejected, { row, reason }, this.maxRejectedKept);
  }

  private addExtra(extra: E | undefined): void {
    if (extra === undefined) return;
    const counters = this.report as unknown as Record<string, number>;
    for (const [key, value] of Object.entries(extra)) counters[key] = (counters[key] ?? 0) + (value ?? 0);
  }

  /**
   * Starts writing the current batch once the previous one is committed, so the next batch is parsed while
   * this one is written, and at most two batches are held in memory.
   */
  private async flush(): Promise<void> {
    await this.writing;
    if (this.writeFailure) throw this.writeFailure;
    const max = this.options.maxFileRecords ?? Number.POSITIVE_INFINITY;
    if (this.file.size > max) throw new ImportFileError(this.kind.tooManyMessage(max));
    if (this.batch.length === 0 || this.header === null) return;
    const rows = this.batch;
    this.batch = [];
    const header = this.header.value;
    const turn = this.options.beforeEachWrite?.() ?? Promise.resolve();
    this.writing = turn
      .then(() => this.kind.writeBatch(this.db, rows, header, this.file, { dryRun: this.dryRun }))
      .then(
        (outcome) => this.count(outcome),
        (error: unknown) => {
          const first = rows[0]?.row ?? 0;
          const last = rows.at(-1)?.row ?? first;
          this.writeFailure = new ImportWriteError(writeFailedMessage(first, last, error), this.snapshot(), {
            cause: error,
          });
        },
      );
  }

  private count(outcome: BatchOutcome<E>): void {
    const report = this.report;
    report.inserted += outcome.inserted;
    report.updated += outcome.updated;
    report.unchanged += outcome.unchanged;
    this.addExtra(outcome.extra);
    for (const { row, reason } of outcome.rejected) this.reject(row, reason);
    report.suppressedCount += outcome.suppressed;
    report.duplicateCount += outcome.duplicates.length;
    // In file order, the first ones kept: batches of grouped rows (groupKeys) come out of file order.
    for (const duplicate of outcome.duplicates) {
      keepRejected(report.duplicates, duplicate, this.maxDuplicatesKept);
    }
    const extra: Record<string, number> = {};
    const counters = report as unknown as Record<string, number>;
    for (const key of Object.keys(this.kind.extraCounts)) extra[key] = counters[key] ?? 0;
    this.options.onProgress?.({
      rowsRead: report.totalRows,
      inserted: report.inserted,
      updated: report.updated,
      unchanged: report.unchanged,
      rejected: report.rejectedCount,
      suppressed: report.suppressedCount,
      duplicates: report.duplicateCount,
      ...(extra as E),
    });
  }

  private snapshot(): ImportReport & E {
    return {
      ...this.report,
      rejected: [...this.report.rejected],
      duplicates: [...this.report.duplicates],
      ms: Math.round(performance.now() - this.started),
    };
  }
}

function positiveInteger(value: number, name: string, importer: string): number {
  if (!Number.isInteger(value) || value < 1) {
    throw new RangeError(`${importer}: ${name} must be a positive integer`);
  }
  return value;
}
