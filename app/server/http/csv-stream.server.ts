import { AsyncResource } from "node:async_hooks";
import { CSV_LINE_END, type CsvDelimiter, csvCell, csvRow, UTF8_BOM } from "~/core/csv";
import { logger } from "../logger.server";

/**
 * The streamed CSV file of every export (companies, docs/product.md#export; LPs and their contacts, docs/product.md#lps): UTF-8 with a
 * BOM, csv.ts's formula-safe cells, CRLF lines, read from a RecordSource one batch at a time as the client
 * downloads, so memory stays flat however many rows there are.
 */

export type ExportStatus = "complete" | "aborted" | "failed";

export interface ExportOutcome {
  /** Records written to the stream (the header row not counted). */
  rows: number;
  status: ExportStatus;
}

export interface CsvExport {
  /** UTF-8 with a BOM, the header row, then one CRLF-terminated record per row. */
  stream: ReadableStream<Uint8Array>;
  /** Settles once the stream ends for any reason (never rejects): for the activity record. */
  done: Promise<ExportOutcome>;
}

export type CsvRecord = Array<string | null>;

export interface RecordBatch {
  records: CsvRecord[];
  /** True when no rows are left after this batch. */
  isLast: boolean;
}

/** Reads the matching rows in the export's order, one batch per call. */
export interface RecordSource {
  next(): Promise<RecordBatch>;
  /** Ends the read (early or at the end) and frees what it holds. Safe to call more than once. */
  close(): Promise<void>;
}

/** Lets other requests (timers, sockets, PGlite queries) run between batches. */
function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** The records as CSV lines (csv.ts's cells, CRLF); the key columns after the export columns stay out. */
function csvRecords(records: readonly CsvRecord[], columnCount: number, delimiter: CsvDelimiter): string {
  let text = "";
  for (const record of records) {
    let line = csvCell(record[0], delimiter);
    for (let index = 1; index < columnCount; index += 1)
      line += `${delimiter}${csvCell(record[index], delimiter)}`;
    text += line + CSV_LINE_END;
  }
  return text;
}

/**
 * A file's layout: its header row, its separator (a comma, or Excel-for-Europe's semicolon) and whether it
 * starts with a UTF-8 byte order mark (the exports do, for Excel; the import targets (docs/product.md#converter) mostly do not).
 */
export interface CsvLayout {
  headers: readonly string[];
  delimiter?: CsvDelimiter;
  bom?: boolean;
}

/**
 * A pull-based stream over the source: a batch is read only when the consumer (the HTTP response, which
 * waits for the socket to drain) asks for more, so a slow download never piles rows up in memory.
 */
export function csvStream(
  source: RecordSource,
  layout: CsvLayout,
  signal: AbortSignal | undefined,
): CsvExport & { fail: (error: Error) => void } {
  const { headers, delimiter = ",", bom = true } = layout;
  const encoder = new TextEncoder();
  let rows = 0;
  let status: ExportStatus | null = null;
  let reading: Promise<void> = Promise.resolve();
  let controllerOf: ReadableStreamDefaultController<Uint8Array> | undefined;
  let settle: (outcome: ExportOutcome) => void = () => undefined;
  const done = new Promise<ExportOutcome>((resolve) => {
    settle = resolve;
  });

  async function finish(next: ExportStatus): Promise<void> {
    if (status) return;
    status = next;
    signal?.removeEventListener("abort", onAbort);
    // A connection runs one statement at a time: let a FETCH in flight end before closing the cursor.
    await reading;
    await source.close().catch((error: unknown) => logger.warn({ err: error }, "export: closing failed"));
    settle({ rows, status: next });
  }

  function onAbort() {
    // The client went away: no further batch is read, and the stream ends with the abort's reason.
    controllerOf?.error(signal?.reason);
    void finish("aborted");
  }

  // Called from the connection's 'error' event, whose context is whoever opened that pooled connection:
  // bound to this export's, so the line names the request that asked for it (logger.server.ts).
  const fail = AsyncResource.bind((error: Error) => {
    if (status) return;
    logger.error({ err: error, rows }, "export lost its database connection");
    controllerOf?.error(error);
    void finish("failed");
  });
  signal?.addEventListener("abort", onAbort, { once: true });

  const stream = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controllerOf = controller;
        controller.enqueue(encoder.encode((bom ? UTF8_BOM : "") + csvRow(headers, delimiter)));
      },
      // Called as the consumer reads (a socket's drain event): bound like fail() above.
      pull: AsyncResource.bind(async (controller: ReadableStreamDefaultController<Uint8Array>) => {
        if (status) return;
        try {
          const pending = yieldToEventLoop().then(() => source.next());
          // Only the completion matters to finish(); holding the batch itself would keep it in memory.
          reading = pending.then(
            () => undefined,
            () => undefined,
          );
          const batch = await pending;
          if (status) return;
          if (batch.records.length > 0) {
            rows += batch.records.length;
            controller.enqueue(encoder.encode(csvRecords(batch.records, headers.length, delimiter)));
          }
          if (batch.isLast) {
            controller.close();
            await finish("complete");
          }
        } catch (error) {
          if (status) return;
          logger.error({ err: error, rows }, "export failed mid-stream");
          controller.error(error);
          await finish("failed");
        }
      }),
      cancel() {
        return finish("aborted");
      },
    },
    // One chunk (one batch) ahead of the consumer, no more.
    { highWaterMark: 1 },
  );
  return { stream, done, fail };
}
