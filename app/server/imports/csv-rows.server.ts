import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { type CsvError, type InfoRecord, Parser } from "csv-parse";
import { ImportFileError } from "./import-errors";
import { csvProblem, cutOffReason, EMPTY_FILE, NOT_CSV_FIRST_LINE } from "./import-messages";
import { DEFAULT_MAX_BYTES_WITHOUT_ROW, InputGuard } from "./input-guard.server";
import { crlfPairs, LineAccounting, skippedRowCsvLine } from "./line-accounting";

/**
 * The rows of an import's CSV file, as a person sees them: each data row with the file line it starts on,
 * either its cells or why it could not be read (broken quoting, the wrong number of cells, a runaway cell
 * cut off). The import kit's reader (import-kit.server.ts), so every kind of import numbers and words its
 * rows alike.
 */
export type CsvDataRow =
  | { row: number; cells: string[]; problem?: undefined }
  | { row: number; cells?: undefined; problem: string };

export interface CsvRowsHandler {
  /** The header row (the first non-blank one); throws ImportFileError when the file cannot be imported. */
  onHeader(cells: string[]): void;
  /** Each data row in file order; blank rows (every cell empty) are left out. Awaited: backpressure. */
  onRow(row: CsvDataRow): Promise<void> | void;
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
  csvLine: number;
  crlfPairs: number;
  error: CsvError;
}

/**
 * Reads `input` as CSV with backpressure (memory stays flat whatever the file size) and hands its rows to
 * `handler`. Throws ImportFileError for an empty or binary file or an unreadable header row, and whatever
 * the handler throws.
 */
export async function readCsvRows(
  input: NodeJS.ReadableStream | Readable,
  handler: CsvRowsHandler,
  {
    maxBytesWithoutRow = DEFAULT_MAX_BYTES_WITHOUT_ROW,
    delimiter = ",",
  }: { maxBytesWithoutRow?: number; delimiter?: "," | ";" } = {},
): Promise<void> {
  const parser = new Parser({
    delimiter,
    bom: true,
    skip_empty_lines: true,
    relax_quotes: false,
    // Rows with the wrong number of cells come through and are reported with a clear reason.
    relax_column_count: true,
    skip_records_with_error: true,
    info: true,
    raw: true,
  });
  const guard = new InputGuard(parser, maxBytesWithoutRow);
  const reader = new RowReader(handler, guard);
  parser.on("skip", (error: CsvError, raw: string | undefined) => reader.onSkip(error, raw ?? ""));
  await pipeline(input, guard, parser, async (records: AsyncIterable<SourceRecord>) => {
    for await (const record of records) await reader.onRecord(record);
  });
  await reader.finish();
}

class RowReader {
  private readonly skips: PendingSkip[] = [];
  private lastSkipCsvLine = -1;
  private readonly lines = new LineAccounting();
  private width: number | null = null;

  constructor(
    private readonly handler: CsvRowsHandler,
    private readonly guard: InputGuard,
  ) {}

  /** Called synchronously by the parser, ahead of the records it has buffered: queued until they are read. */
  onSkip(error: CsvError, raw: string): void {
    const csvLine = skippedRowCsvLine(numberField(error, "lines"), raw);
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
    await this.drainSkips(info.records - 1);
    this.lastSkipCsvLine = -1;
    const row = this.lines.recordLine(cells, info.lines);
    if (this.width === null) {
      this.handler.onHeader(cells);
      this.width = cells.length;
      return;
    }
    // Spreadsheets pad files with rows of empty cells: blank lines, not rejected rows.
    if (cells.every((cell) => cell.trim() === "")) return;
    if (cells.length !== this.width) {
      await this.handler.onRow({ row, problem: `expected ${this.width} columns, found ${cells.length}` });
      return;
    }
    await this.handler.onRow({ row, cells });
  }

  async finish(): Promise<void> {
    await this.drainSkips(Number.POSITIVE_INFINITY);
    if (this.width === null) throw new ImportFileError(EMPTY_FILE);
  }

  /** Hands queued parser skips that precede the given record count to the handler, in file order. */
  private async drainSkips(beforeOrAtRecords: number): Promise<void> {
    while (this.skips.length > 0 && (this.skips[0]?.afterRecords ?? 0) <= beforeOrAtRecords) {
      const skip = this.skips.shift() as PendingSkip;
      // A broken header row means the file is not the CSV an importer reads.
      if (this.width === null) throw new ImportFileError(NOT_CSV_FIRST_LINE);
      const cutOff = this.guard.truncated && this.skips.length === 0;
      const problem = cutOff ? cutOffReason(this.guard.maxBytesWithoutRow) : csvProblem(skip.error);
      await this.handler.onRow({ row: this.lines.skippedLine(skip.csvLine, skip.crlfPairs), problem });
    }
  }
}

function numberField(error: CsvError, key: "lines" | "records"): number {
  const value = error[key];
  return typeof value === "number" ? value : 0;
}
