import { type Readable, Transform, type TransformCallback } from "node:stream";
import { pipeline } from "node:stream/promises";
import { type CsvError, type InfoRecord, Parser } from "csv-parse";
import { getTableColumns, type SQL, sql } from "drizzle-orm";
import { slugify } from "../../core/slug";
import type { Db } from "../db/database.server";
import { queryRows } from "../db/query-rows.server";
import { companies } from "../db/schema";
import { suppressedHashesAmong, suppressionHashes } from "../suppression/email-hash.server";
import { invalidateCatalog } from "./catalog.server";
import { type CrunchbaseColumns, resolveHeader } from "./crunchbase-columns";
import { type ImportedCompany, importedFields, parseCrunchbaseRow } from "./crunchbase-row";

export interface ImportProgress {
  /** Data rows read so far (valid and rejected). */
  rowsRead: number;
  inserted: number;
  updated: number;
  rejected: number;
}

export interface ImportOptions {
  /** Valid rows per write (one transaction, one SELECT and one INSERT each). Default 2,000 (measured ~4% faster than 1,000 on PostgreSQL, +30 MB peak RSS). */
  batchSize?: number;
  /** Rejected rows kept in the report; `rejectedCount` still counts all. Default 10,000. */
  maxRejectedKept?: number;
  /** Called after each batch is committed. */
  onProgress?(progress: ImportProgress): void;
  /** The day Last Funding Date is checked against (at most a year later). Default: now. */
  today?: Date;
  /** Bytes read without a row ending before the rest of the file is given up on. Default 16 MiB. */
  maxBytesWithoutRow?: number;
}

export interface RejectedRow {
  /** Line of the file the row starts on: the header is line 1, the first data row line 2. */
  row: number;
  reason: string;
}

export interface ImportReport {
  /** Rows that created a company. */
  inserted: number;
  /** Rows that updated an existing company (one already stored, or one an earlier row created). */
  updated: number;
  /** The first `maxRejectedKept` rejected rows, in file order. */
  rejected: RejectedRow[];
  rejectedCount: number;
  /** Data rows read: inserted + updated + rejectedCount. */
  totalRows: number;
  ms: number;
}

/** The file as a whole cannot be imported; thrown before anything is written. The message is for a person. */
export class ImportFileError extends Error {
  override name = "ImportFileError";
}

/**
 * Writing a batch failed (the database went away, a constraint the parser does not know about...).
 * Earlier batches are committed and counted in `report`; the failed batch was rolled back as a whole.
 * Importing the same file again finishes the job: re-runs converge.
 */
export class ImportWriteError extends Error {
  override name = "ImportWriteError";
  constructor(
    message: string,
    readonly report: ImportReport,
    options: { cause: unknown },
  ) {
    super(message, options);
  }
}

const DEFAULT_BATCH_SIZE = 2_000;
const DEFAULT_MAX_REJECTED_KEPT = 10_000;
/** Bytes looked at before parsing, to tell an empty or binary file from a CSV. */
const SNIFF_BYTES = 8 * 1024;
/**
 * A stray quote makes the rest of a file one endless cell that the parser would buffer whole. Past this many
 * bytes without a valid row the import stops reading, keeping memory bounded; real rows are a few kB.
 */
const DEFAULT_MAX_BYTES_WITHOUT_ROW = 16 * 1024 * 1024;
// Serialises the batches of concurrent imports: each batch's SELECT-then-INSERT must see a settled table.
// Do-not-sell requests take it too (suppression/do-not-sell.server.ts), so none slips between check and write.
export const IMPORT_LOCK_ID = 72_420_119;
/** Issue 7: a row whose founder or contact email is on the do-not-sell list is never imported. */
export const SUPPRESSED_REASON = "suppressed (do-not-sell request)";

/**
 * Imports a Crunchbase company CSV export: validates each row, upserts valid ones in batches (one
 * transaction each) and reports the rest with their line numbers. A company is the same company when it
 * has the same website domain, or, when either side has no website, the same name; rows apply in file
 * order, so the last row about a company wins. Reads the stream with backpressure: memory stays flat
 * whatever the file size. An upload's web stream converts with `Readable.fromWeb(file.stream())`.
 * Throws ImportFileError (nothing written) when the file as a whole is unusable, ImportWriteError when a
 * batch could not be saved.
 */
export async function importCompanies(
  db: Db,
  input: NodeJS.ReadableStream | Readable,
  options: ImportOptions = {},
): Promise<ImportReport> {
  const parser = new Parser({
    bom: true,
    skip_empty_lines: true,
    relax_quotes: false,
    // Rows with the wrong number of cells come through and are rejected with a clear reason.
    relax_column_count: true,
    skip_records_with_error: true,
    // `info.lines` gives file line numbers; `raw` lets a skipped row's start line be worked out.
    info: true,
    raw: true,
  });
  const guard = new InputGuard(
    parser,
    positiveInteger(options.maxBytesWithoutRow ?? DEFAULT_MAX_BYTES_WITHOUT_ROW, "maxBytesWithoutRow"),
  );
  const run = new ImportRun(db, options, guard);
  parser.on("skip", (error: CsvError, raw: string | undefined) => run.onSkip(error, raw ?? ""));
  try {
    await pipeline(input, guard, parser, async (records: AsyncIterable<SourceRecord>) => {
      for await (const record of records) await run.onRecord(record);
    });
    return await run.finish();
  } catch (error) {
    await run.settle();
    throw error;
  } finally {
    if (run.written > 0) invalidateCatalog();
  }
}

/** A record as csv-parse emits it with `info` and `raw` on. */
interface SourceRecord {
  record: string[];
  raw: string;
  info: InfoRecord;
}

interface PendingSkip {
  /** Good records emitted before the skipped one: keeps skips and records in file order. */
  afterRecords: number;
  /** Start line as csv-parse counts lines (see `csvLineBreaks`). */
  csvLine: number;
  crlfPairs: number;
  error: CsvError;
}

interface BatchRow {
  row: number;
  company: ImportedCompany;
  /** Suppression hashes of the row's founder and contact emails, computed while parsing (off the write path). */
  emailHashes: string[];
}

class ImportRun {
  private readonly batchSize: number;
  private readonly maxRejectedKept: number;
  private readonly today: Date;
  private readonly started = performance.now();
  private readonly skips: PendingSkip[] = [];
  private lastSkipCsvLine = -1;
  /**
   * csv-parse counts "\r\n" inside a quoted cell as two lines; a text editor counts one. The difference so
   * far is subtracted from csv-parse's line numbers so reported rows match what a person sees.
   */
  private lineOffset = 0;
  private header: { columns: CrunchbaseColumns; width: number; fields: ImportedField[] } | null = null;
  private batch: BatchRow[] = [];
  private writing: Promise<void> = Promise.resolve();
  private writeFailure: ImportWriteError | null = null;
  private readonly report: ImportReport = {
    inserted: 0,
    updated: 0,
    rejected: [],
    rejectedCount: 0,
    totalRows: 0,
    ms: 0,
  };

  constructor(
    private readonly db: Db,
    private readonly options: ImportOptions,
    private readonly guard: InputGuard,
  ) {
    this.batchSize = positiveInteger(options.batchSize ?? DEFAULT_BATCH_SIZE, "batchSize");
    this.maxRejectedKept = Math.max(0, Math.floor(options.maxRejectedKept ?? DEFAULT_MAX_REJECTED_KEPT));
    this.today = options.today ?? new Date();
  }

  /** Rows committed so far. */
  get written(): number {
    return this.report.inserted + this.report.updated;
  }

  /** Called synchronously by the parser, ahead of the records it has buffered: queued until they are read. */
  onSkip(error: CsvError, raw: string): void {
    const csvLine = numberField(error, "lines") - csvLineBreaks(stripUncountedBreaks(raw));
    // One broken row can raise several errors (each stray quote, then "quote not closed" at the end).
    if (csvLine === this.lastSkipCsvLine) return;
    this.lastSkipCsvLine = csvLine;
    this.skips.push({
      afterRecords: numberField(error, "records"),
      csvLine,
      crlfPairs: crlfPairs(raw),
      error,
    });
  }

  async onRecord({ record: cells, info }: SourceRecord): Promise<void> {
    this.drainSkips(info.records - 1);
    this.lastSkipCsvLine = -1;
    const row = info.lines - cells.reduce((sum, cell) => sum + csvLineBreaks(cell), 0) - this.lineOffset;
    this.lineOffset += cells.reduce((sum, cell) => sum + crlfPairs(cell), 0);
    if (this.header === null) {
      this.readHeader(cells);
      return;
    }
    // Spreadsheets pad files with rows of empty cells; they are blank lines, not rejected companies.
    if (cells.every((cell) => cell.trim() === "")) return;
    this.report.totalRows++;
    if (cells.length !== this.header.width) {
      this.reject(row, `expected ${this.header.width} columns, found ${cells.length}`);
      return;
    }
    const parsed = parseCrunchbaseRow(cells, this.header.columns, this.today);
    if (!parsed.ok) {
      this.reject(row, parsed.reason);
      return;
    }
    const { company } = parsed;
    this.batch.push({ row, company, emailHashes: suppressionHashes([company.email, company.contactEmail]) });
    if (this.batch.length >= this.batchSize) await this.flush();
  }

  async finish(): Promise<ImportReport> {
    this.drainSkips(Number.POSITIVE_INFINITY);
    // Only blank lines: the sniffer lets through files with some text, which the parser may still skip.
    if (this.header === null) throw new ImportFileError("The file is empty.");
    await this.flush();
    await this.settle();
    if (this.writeFailure) throw this.writeFailure;
    if (this.written > 0) {
      // Fresh statistics, so the planner sees the new table size at once. Not VACUUM: on 100,000 rows it
      // cost ~10% of the import, and autovacuum's insert threshold sets the visibility map soon after.
      await this.db.execute(sql`analyze companies`);
    }
    return this.snapshot();
  }

  /** Waits for the batch being written, whatever its outcome. */
  async settle(): Promise<void> {
    await this.writing;
  }

  private readHeader(cells: string[]): void {
    const resolved = resolveHeader(cells);
    if (resolved.missingRequired.length > 0) {
      const found = cells.map((cell) => cell.trim()).filter((cell) => cell !== "");
      const list = found.length === 0 ? "none" : shortList(found);
      throw new ImportFileError(
        `The file has no '${resolved.missingRequired[0]}' column; is it a Crunchbase CSV export? Found columns: ${list}.`,
      );
    }
    if (resolved.duplicate.length > 0) {
      throw new ImportFileError(
        `The file has more than one column for the same field: ${shortList(resolved.duplicate)}. Remove the extra column.`,
      );
    }
    this.header = {
      columns: resolved.columns,
      width: cells.length,
      fields: importedFields(resolved.columns),
    };
  }

  /** Moves queued parser skips that precede the given record count into the report, in file order. */
  private drainSkips(beforeOrAtRecords: number): void {
    while (this.skips.length > 0 && (this.skips[0]?.afterRecords ?? 0) <= beforeOrAtRecords) {
      const skip = this.skips.shift() as PendingSkip;
      // A broken header row means the file is not the CSV this importer reads.
      if (this.header === null) throw notCsv();
      this.report.totalRows++;
      const cutOff = this.guard.truncated && this.skips.length === 0;
      const reason = cutOff ? cutOffReason(this.guard.maxBytesWithoutRow) : csvProblem(skip.error);
      this.reject(skip.csvLine - this.lineOffset, reason);
      this.lineOffset += skip.crlfPairs;
    }
  }

  private reject(row: number, reason: string): void {
    this.report.rejectedCount++;
    // Suppressed rows are found while their batch is written, after later rows' parse problems: keep file order.
    const kept = this.report.rejected;
    let at = kept.length;
    while (at > 0 && (kept[at - 1]?.row ?? 0) > row) at--;
    if (at >= this.maxRejectedKept) return;
    kept.splice(at, 0, { row, reason });
    if (kept.length > this.maxRejectedKept) kept.pop();
  }

  /**
   * Starts writing the current batch once the previous one is committed, so the next batch is parsed while
   * this one is written, and at most two batches are held in memory.
   */
  private async flush(): Promise<void> {
    await this.writing;
    if (this.writeFailure) throw this.writeFailure;
    if (this.batch.length === 0 || this.header === null) return;
    const rows = this.batch;
    const fields = this.header.fields;
    this.batch = [];
    this.writing = writeBatch(this.db, rows, fields).then(
      (counts) => {
        this.report.inserted += counts.inserted;
        this.report.updated += counts.updated;
        for (const row of counts.suppressedRows) this.reject(row, SUPPRESSED_REASON);
        this.options.onProgress?.({
          rowsRead: this.report.totalRows,
          inserted: this.report.inserted,
          updated: this.report.updated,
          rejected: this.report.rejectedCount,
        });
      },
      (error: unknown) => {
        const first = rows[0]?.row ?? 0;
        const last = rows.at(-1)?.row ?? first;
        const message = rootMessage(error);
        this.writeFailure = new ImportWriteError(
          `Saving rows ${first}-${last} failed, so the import stopped there: ${message}. ` +
            "Earlier rows are saved; importing the same file again completes the import.",
          this.snapshot(),
          { cause: error },
        );
      },
    );
  }

  private snapshot(): ImportReport {
    return {
      ...this.report,
      rejected: [...this.report.rejected],
      ms: Math.round(performance.now() - this.started),
    };
  }
}

function cutOffReason(maxBytes: number): string {
  const size =
    maxBytes >= 1024 * 1024
      ? `${Math.round(maxBytes / 1024 / 1024)} MB`
      : `${Math.round(maxBytes / 1024)} kB`;
  return `no row ends within ${size} from here (most likely a quoted cell is never closed), so the rest of the file was not read`;
}

function notCsv(): ImportFileError {
  return new ImportFileError("The file is not a CSV text file: its first line could not be read as CSV.");
}

function csvProblem(error: CsvError): string {
  switch (error.code) {
    case "INVALID_OPENING_QUOTE":
      return 'a cell contains a quote (") but does not start with one; quote the whole cell and double the quotes inside it';
    case "CSV_INVALID_CLOSING_QUOTE":
      return 'a quoted cell goes on after its closing quote; a quote inside a quoted cell must be doubled ("")';
    case "CSV_QUOTE_NOT_CLOSED":
      return "a quoted cell is never closed, so the rest of the file was read as this row";
    default:
      return `the row is not valid CSV (${error.message})`;
  }
}

/** Drizzle wraps a database error in one quoting the whole statement and its parameters; a person needs the cause. */
function rootMessage(error: unknown): string {
  let current = error;
  while (current instanceof Error && current.cause instanceof Error) current = current.cause;
  return current instanceof Error ? current.message : String(current);
}

function numberField(error: CsvError, key: "lines" | "records"): number {
  const value = error[key];
  return typeof value === "number" ? value : 0;
}

/** Line breaks the way csv-parse counts them: every "\r" and every "\n". */
function csvLineBreaks(text: string): number {
  if (!text.includes("\n") && !text.includes("\r")) return 0;
  let count = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === 10 || code === 13) count++;
  }
  return count;
}

function crlfPairs(text: string): number {
  if (!text.includes("\r\n")) return 0;
  return text.split("\r\n").length - 1;
}

/**
 * A skipped row's raw text starts with the blank lines before it and may end with a line break csv-parse
 * has not counted yet; neither is part of the row's own span.
 */
function stripUncountedBreaks(raw: string): string {
  return raw.replace(/^[\r\n]+/, "").replace(/[\r\n]$/, "");
}

function shortList(names: string[]): string {
  const shown = names.slice(0, 12).map((name) => `'${name.length > 60 ? `${name.slice(0, 60)}…` : name}'`);
  return names.length > shown.length
    ? `${shown.join(", ")} and ${names.length - shown.length} more`
    : shown.join(", ");
}

function positiveInteger(value: number, name: string): number {
  if (!Number.isInteger(value) || value < 1) {
    throw new RangeError(`importCompanies: ${name} must be a positive integer`);
  }
  return value;
}

// ---------------------------------------------------------------------------------------------
// Input checks

/**
 * Sits before the parser. Holds back the first bytes until it can tell a CSV text from an empty or binary
 * file (so those fail before anything is parsed or written), and stops feeding the parser when a runaway
 * quoted cell would otherwise make it buffer the rest of the file.
 */
class InputGuard extends Transform {
  private head: Buffer[] = [];
  private headBytes = 0;
  private sniffed = false;
  private recordsSeen = 0;
  private bytesSinceRecord = 0;
  /** Set when the rest of the file was dropped because no row ended within maxBytesWithoutRow bytes. */
  truncated = false;

  constructor(
    private readonly parser: Parser,
    readonly maxBytesWithoutRow: number,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    if (this.truncated) {
      // The rest of the input is read and dropped, so the source finishes normally.
      callback();
      return;
    }
    if (!this.sniffed) {
      this.head.push(chunk);
      this.headBytes += chunk.length;
      callback(this.headBytes < SNIFF_BYTES ? undefined : this.releaseHead());
      return;
    }
    // The parser emits records synchronously as it is fed, so its count tells whether rows still end.
    if (this.parser.info.records !== this.recordsSeen) {
      this.recordsSeen = this.parser.info.records;
      this.bytesSinceRecord = 0;
    }
    this.bytesSinceRecord += chunk.length;
    if (this.bytesSinceRecord > this.maxBytesWithoutRow) {
      this.truncated = true;
      // Whatever state the parser is in (inside a quoted cell or not), this tail makes the cut-off row
      // fail to parse, so a half row is reported instead of being imported.
      this.push(Buffer.from('x"x'));
      this.push(null);
      callback();
      return;
    }
    this.push(chunk);
    callback();
  }

  override _flush(callback: TransformCallback): void {
    callback(this.sniffed ? undefined : this.releaseHead());
  }

  private releaseHead(): ImportFileError | undefined {
    this.sniffed = true;
    const head = Buffer.concat(this.head);
    this.head = [];
    const problem = sniff(head);
    if (problem !== null) return new ImportFileError(problem);
    this.push(head);
    return undefined;
  }
}

const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);
const UTF16LE_BOM = Buffer.from([0xff, 0xfe]);
const ZIP_SIGNATURE = Buffer.from("PK\x03\x04", "latin1");

/** Why the start of a file is not CSV text, or null when it may be. */
function sniff(head: Buffer): string | null {
  // csv-parse reads UTF-16 (little-endian with BOM) too, whose text is full of NUL bytes.
  const utf16 = head.subarray(0, 2).equals(UTF16LE_BOM);
  const text = utf16
    ? head.subarray(2).toString("utf16le")
    : head.subarray(head.subarray(0, 3).equals(UTF8_BOM) ? 3 : 0).toString("utf8");
  if (text.trim() === "") return "The file is empty.";
  if (head.subarray(0, 4).equals(ZIP_SIGNATURE)) {
    return "The file is not a CSV text file (it looks like an Excel workbook or a zip archive; export it as CSV).";
  }
  if (!utf16 && head.includes(0)) return "The file is not a CSV text file.";
  return null;
}

// ---------------------------------------------------------------------------------------------
// Writing a batch

type ImportedField = keyof ImportedCompany;

interface Candidate {
  /** Stored id; null for a company this batch creates. */
  id: number | null;
  /** Which of several matches wins: the lowest stored id, then the earliest created in this batch. */
  order: number;
  nameKey: string;
  domain: string | null;
  slug: string | null;
  /** For a new company: the slug its first row's name gives (a later rename keeps the slug). */
  slugBase: string;
  /** The values this batch writes for the company (the last row about it wins). */
  write: ImportedCompany | null;
}

/**
 * Resolves a batch's rows against the stored companies as if they were applied one by one, then writes
 * every touched company with one multi-row upsert, in one transaction.
 */
async function writeBatch(
  db: Db,
  batch: BatchRow[],
  fields: ImportedField[],
): Promise<{ inserted: number; updated: number; suppressedRows: number[] }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK_ID})`);
    // Checked under the lock that do-not-sell requests take: a request is either seen here or sees the rows.
    const suppressed = await suppressedHashesAmong(
      tx,
      batch.flatMap(({ emailHashes }) => emailHashes),
    );
    const isSuppressed = ({ emailHashes }: BatchRow) => emailHashes.some((hash) => suppressed.has(hash));
    const rows = suppressed.size === 0 ? batch : batch.filter((row) => !isSuppressed(row));
    const suppressedRows = suppressed.size === 0 ? [] : batch.filter(isSuppressed).map(({ row }) => row);
    const index = new CandidateIndex(await loadCandidates(tx, rows));
    let inserted = 0;
    let updated = 0;
    const created: Candidate[] = [];
    const setsDomain = fields.includes("websiteDomain");
    for (const { company } of rows) {
      const match = index.match(company);
      if (match === null) {
        const candidate: Candidate = {
          id: null,
          // Stored ids are int4, so companies created in this batch sort after every stored one.
          order: 2 ** 31 + created.length,
          nameKey: company.nameKey,
          domain: company.websiteDomain,
          slug: null,
          slugBase: slugify(company.organizationName),
          write: company,
        };
        created.push(candidate);
        index.add(candidate);
        inserted++;
      } else {
        index.update(match, company, setsDomain);
        updated++;
      }
    }
    const slugs = await allocateSlugs(
      tx,
      created.map((candidate) => candidate.slugBase),
    );
    created.forEach((candidate, position) => {
      candidate.slug = slugs[position] ?? null;
    });
    const writes = index.touched().map((candidate) => ({
      ...(candidate.write as ImportedCompany),
      id: candidate.id,
      slug: candidate.slug as string,
    }));
    if (writes.length > 0) await tx.execute(upsertStatement(writes, fields));
    return { inserted, updated, suppressedRows };
  });
}

async function loadCandidates(db: Db, rows: BatchRow[]): Promise<Candidate[]> {
  const domains = [...new Set(rows.flatMap(({ company }) => company.websiteDomain ?? []))];
  const names = [...new Set(rows.map(({ company }) => company.nameKey))];
  const found = await queryRows<{
    id: number;
    name_key: string;
    website_domain: string | null;
    slug: string;
  }>(
    db,
    sql`select id, name_key, website_domain, slug from companies
        where website_domain = any(${sql.param(domains)}::text[]) or name_key = any(${sql.param(names)}::text[])`,
  );
  return found.map((row) => ({
    id: row.id,
    order: row.id,
    nameKey: row.name_key,
    domain: row.website_domain,
    slug: row.slug,
    slugBase: row.slug,
    write: null,
  }));
}

/** The batch's view of the companies its rows can match, kept current as rows are applied. */
class CandidateIndex {
  private readonly byDomain = new Map<string, Set<Candidate>>();
  private readonly byName = new Map<string, Set<Candidate>>();
  private readonly written = new Set<Candidate>();

  constructor(candidates: Candidate[]) {
    for (const candidate of candidates) this.add(candidate);
  }

  /**
   * The company a row updates: the one with the row's website domain; else one with its name, when the
   * stored company or the row has no domain (two same-named companies with different sites stay apart).
   */
  match(company: ImportedCompany): Candidate | null {
    const domain = company.websiteDomain;
    if (domain !== null) {
      const byDomain = first(this.byDomain.get(domain));
      if (byDomain !== null) return byDomain;
    }
    const sameName = this.byName.get(company.nameKey);
    if (sameName === undefined) return null;
    return first(domain === null ? sameName : [...sameName].filter((candidate) => candidate.domain === null));
  }

  add(candidate: Candidate): void {
    addTo(this.byName, candidate.nameKey, candidate);
    if (candidate.domain !== null) addTo(this.byDomain, candidate.domain, candidate);
    if (candidate.write !== null) this.written.add(candidate);
  }

  /** Applies a row to a company: its values become the ones written, its keys the ones matched on. */
  update(candidate: Candidate, company: ImportedCompany, setsDomain: boolean): void {
    this.remove(candidate);
    candidate.write = company;
    candidate.nameKey = company.nameKey;
    // A file without a Website column leaves the stored domain as it is.
    if (setsDomain) candidate.domain = company.websiteDomain;
    this.add(candidate);
  }

  touched(): Candidate[] {
    return [...this.written];
  }

  private remove(candidate: Candidate): void {
    this.byName.get(candidate.nameKey)?.delete(candidate);
    if (candidate.domain !== null) this.byDomain.get(candidate.domain)?.delete(candidate);
  }
}

function addTo(map: Map<string, Set<Candidate>>, key: string, candidate: Candidate): void {
  const set = map.get(key);
  if (set === undefined) map.set(key, new Set([candidate]));
  else set.add(candidate);
}

function first(candidates: Iterable<Candidate> | undefined): Candidate | null {
  let best: Candidate | null = null;
  for (const candidate of candidates ?? []) {
    if (best === null || candidate.order < best.order) best = candidate;
  }
  return best;
}

/**
 * Unique slugs for new companies: the name's slug when free, else the first free "-2", "-3"... Taken slugs
 * are looked up in bulk (a wider range of suffixes each round), never one query per company.
 */
async function allocateSlugs(db: Db, bases: string[]): Promise<string[]> {
  const slugs: string[] = new Array(bases.length).fill("");
  const used = new Set<string>();
  const storedBases = await storedSlugs(db, [...new Set(bases)]);
  const waiting = new Map<string, number[]>();
  bases.forEach((base, position) => {
    if (!storedBases.has(base) && !used.has(base)) {
      slugs[position] = base;
      used.add(base);
    } else {
      waiting.set(base, [...(waiting.get(base) ?? []), position]);
    }
  });
  const nextSuffix = new Map<string, number>();
  for (let spare = 8; waiting.size > 0; spare *= 4) {
    const ranges = [...waiting].map(([base, positions]) => {
      const from = nextSuffix.get(base) ?? 2;
      return { base, positions, from, to: from + positions.length + spare };
    });
    const candidates = ranges.flatMap(({ base, from, to }) =>
      Array.from({ length: to - from }, (_, offset) => `${base}-${from + offset}`),
    );
    const stored = await storedSlugs(db, candidates);
    for (const { base, positions, from, to } of ranges) {
      for (let suffix = from; suffix < to && positions.length > 0; suffix++) {
        const slug = `${base}-${suffix}`;
        if (stored.has(slug) || used.has(slug)) continue;
        slugs[positions.shift() as number] = slug;
        used.add(slug);
      }
      nextSuffix.set(base, to);
      if (positions.length === 0) waiting.delete(base);
    }
  }
  return slugs;
}

async function storedSlugs(db: Db, slugs: string[]): Promise<Set<string>> {
  if (slugs.length === 0) return new Set();
  const rows = await queryRows<{ slug: string }>(
    db,
    sql`select slug from companies where slug = any(${sql.param(slugs)}::text[])`,
  );
  return new Set(rows.map((row) => row.slug));
}

type CompanyWrite = ImportedCompany & { id: number | null; slug: string };

/** The columns an import writes (all but the times and the search text, which the database sets). */
const WRITTEN_COLUMNS = Object.entries(getTableColumns(companies))
  // search_text is the trigger's to write.
  // suppressed is the do-not-sell triggers' to write.
  .filter(([key]) => !["createdAt", "updatedAt", "searchText", "suppressed"].includes(key))
  .map(([key, column]) => ({
    key: key as keyof CompanyWrite,
    name: column.name,
    quoted: `"${column.name}"`,
    type: column.getSQLType(),
  }));

const COLUMN_LIST = WRITTEN_COLUMNS.map((column) => column.quoted).join(", ");
const RECORD_TYPE = WRITTEN_COLUMNS.map((column) => `${column.quoted} ${column.type}`).join(", ");
// A new company (no id) takes the next identity value, as a plain INSERT would.
const SELECT_LIST = WRITTEN_COLUMNS.map((column) =>
  column.key === "id"
    ? `coalesce(r."id", nextval(pg_get_serial_sequence('companies', 'id')))`
    : `r.${column.quoted}`,
).join(", ");

/**
 * One INSERT ... ON CONFLICT (id) DO UPDATE for the whole batch. The rows travel as one JSON parameter that
 * jsonb_to_recordset unpacks: building a statement with 28 parameters per row cost more CPU than the
 * database spent writing them. The update sets every column the file provides and the update time; the
 * slug stays.
 */
function upsertStatement(writes: CompanyWrite[], fields: ImportedField[]): SQL {
  const records = writes.map((write) => {
    const record: Record<string, unknown> = {};
    for (const column of WRITTEN_COLUMNS) record[column.name] = write[column.key];
    return record;
  });
  const updates = fields.map((field) => `"${companies[field].name}" = excluded."${companies[field].name}"`);
  return sql`insert into companies (${sql.raw(COLUMN_LIST)})
    select ${sql.raw(SELECT_LIST)} from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as r(${sql.raw(RECORD_TYPE)})
    on conflict ("id") do update set ${sql.raw([...updates, `"updated_at" = now()`].join(", "))}`;
}
