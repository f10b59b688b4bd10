import { PGlite } from "@electric-sql/pglite";
import { and, type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import pg from "pg";
import { prepareTarget } from "~/core/converter/convert";
import type { Target } from "~/core/converter/targets";
import { shownRole } from "~/core/founder-role";
import type { SearchState } from "~/core/search-params";
import type { SortValue } from "~/core/search-sort";
import type { Database } from "../db/database.server";
import { companies } from "../db/schema";
import { type CsvExport, type CsvRecord, csvStream, type RecordSource } from "../http/csv-stream.server";
import { COMPANY_CSV_COLUMNS, COMPANY_EXPORT_HEADERS } from "./crunchbase-columns";
import { convertingSource, type TargetExportCounts } from "./export-target.server";
import {
  ExportedIds,
  notExportedBy,
  recordExportedCompanies,
  tappedSource,
} from "./exported-companies.server";
import { searchConditions, whereClause } from "./search-filters.server";
import { type SortKey, searchOrder, sortKeyOf } from "./search-order.server";

/**
 * docs/product.md#export, CSV export: every company the search matches, in the search's order, streamed straight from the
 * database in batches, so memory stays flat however many rows there are.
 *
 * PostgreSQL server: one server-side cursor (DECLARE ... CURSOR / FETCH) in a read-only transaction on a
 * dedicated pool connection: one snapshot, one plan, and the other requests keep the rest of the pool.
 *
 * PGlite: no cursor. PGlite has one session, and its `transaction()` holds a lock that every other query of
 * the process waits on, so a cursor kept open while a slow client downloads would freeze the whole site
 * (decision 005: PGlite queries run on the Node thread). Instead each batch is its own short keyset query
 * on the search order's index ((last_funding_date desc nulls last, id desc)), and other requests' queries
 * run between batches. The price: no single snapshot, so a company an import changes mid-export may be
 * missing or repeated; PGlite is the one-machine set-up (decision 002), where that is acceptable.
 */

/**
 * Rows per FETCH on the server. Turning a batch into CSV holds the event loop, longer the larger the batch
 * (decision 006, "Measurements cited by the code"), and the round trips are hidden by fetching ahead.
 */
const SERVER_BATCH_SIZE = 1_000;
/**
 * Rows per keyset query on PGlite. Each query runs on the Node thread (decision 005): larger batches stall
 * the event loop, smaller ones pay planning each (decision 006, "Measurements cited by the code").
 */
const PGLITE_BATCH_SIZE = 500;
/**
 * A download that stops reading holds a transaction and a pool connection; the server ends the session
 * after this long idle in the transaction, which fails the export and frees both.
 */
const IDLE_IN_TRANSACTION_TIMEOUT = "60s";

/** The companies' file (the one CSV stream of every export, csv-stream.server.ts). */
export type CompaniesCsvExport = CsvExport;
export type { ExportOutcome, ExportStatus } from "../http/csv-stream.server";

export interface ExportOptions {
  /** The date filter's cutoffs are relative to this day (as in the search). */
  today: Date;
  /** Aborted when the client goes away (request.signal): reading stops and the connection is freed. */
  signal?: AbortSignal;
  /** Rows per database round trip; defaults per database kind. */
  batchSize?: number;
  /** docs/product.md#converter: write the file in this import format (core/converter/targets.ts) instead of Roundlist's CSV. */
  target?: Target;
  /** With a target: filled in as rows are left out (missing a required field, a repeated email). */
  counts?: TargetExportCounts;
  /**
   * docs/product.md#export: the user the file is for. Every company written to a complete file is recorded as exported by
   * them (exported_companies), unless `records` is false (a download another site may have started,
   * decision 019); with `newOnly`, the companies they exported before are left out.
   */
  exportedBy?: { userId: string; newOnly: boolean; records?: boolean };
}

const dialect = new PgDialect();

/**
 * Each export column as text, in COMPANY_CSV_HEADERS order: arrays joined with ", " and numbers and dates
 * cast to text in the database, so amounts come out as plain digits and dates as YYYY-MM-DD, whatever
 * the driver's type parsers would make of them.
 */
const EXPORT_COLUMNS: SQL = sql.join(
  [
    ...COMPANY_CSV_COLUMNS.map(({ field }) => {
      const column = companies[field];
      const type = column.getSQLType();
      if (type.endsWith("[]")) return sql`array_to_string(${column}, ', ')`;
      return type === "text" ? sql`${column}` : sql`${column}::text`;
    }),
    // decision 030, COMPANY_EXPORT_EXTRA_HEADERS: names looked up by primary key for the row's few investors.
    sql`(select string_agg(i.name, ', ' order by i.name) from investors i where -i.id = any(${companies.investorKeys}))`,
    sql`(select string_agg(i.name, ', ' order by i.name) from investors i where i.id = any(${companies.investorKeys}))`,
    sql`${companies.fundingRoundCount}::text`,
  ],
  sql`, `,
);
const COLUMN_COUNT = COMPANY_EXPORT_HEADERS.length;
const ROLE_INDEX = COMPANY_CSV_COLUMNS.findIndex(({ field }) => field === "role");

/**
 * docs/product.md#data: the Role column as the page shows it ('Founder' when the record has none), through the
 * page's own rule (core/founder-role.ts), before the file or a converter target reads the record.
 */
function withShownRoles(source: RecordSource): RecordSource {
  return {
    async next() {
      const batch = await source.next();
      for (const record of batch.records) record[ROLE_INDEX] = shownRole(record[ROLE_INDEX]);
      return batch;
    },
    close: () => source.close(),
  };
}
/**
 * Columns after the export columns are never written to the file (csvStream writes as many cells as there
 * are headers; a converter target reads the export columns alone): first the id, on both paths (docs/product.md#export:
 * the exported companies are recorded by it), then on PGlite the sort key as text, the keyset position.
 */
const ID_INDEX = COLUMN_COUNT;
const SORT_VALUE_INDEX = COLUMN_COUNT + 1;
function keyColumns(key: SortKey): SQL {
  return sql.raw(`id, ${key.column}::text`);
}

/**
 * The search order on the table's own columns: the export selects each column as text under its own name
 * (`last_funding_amount_usd::text`), and a bare name in ORDER BY would sort those texts ("9" after "10").
 */
function exportOrder(sort: SortValue): SQL {
  return searchOrder(sort, { table: "companies" });
}

/** Called when the connection is lost while the export is paused (e.g. the idle-in-transaction timeout). */
type OnLost = (error: Error) => void;

async function openServerCursor(
  pool: pg.Pool,
  filter: SQL | undefined,
  sort: SortValue,
  batchSize: number,
  onLost: OnLost,
) {
  // The search page's order (search-order.server.ts), so the file lists companies as the pages do.
  const query = dialect.sqlToQuery(
    sql`declare company_export no scroll cursor for
        select ${EXPORT_COLUMNS}, ${companies.id} from ${companies} ${whereClause(filter)}
        order by ${exportOrder(sort)}`,
  );
  const client = await pool.connect();
  // A connection the server drops (idle timeout, restart) reports here rather than crashing the process,
  // and ends the export at once rather than when (if ever) the client reads again.
  let isBroken = false;
  const onError = (error: Error) => {
    isBroken = true;
    onLost(error);
  };
  client.on("error", onError);
  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      try {
        if (!isBroken) await client.query("rollback");
      } catch {
        isBroken = true;
      } finally {
        client.off("error", onError);
        // A broken connection is destroyed rather than handed to the next request.
        client.release(isBroken);
      }
    })();
    return closing;
  };
  try {
    await client.query("begin read only");
    await client.query(`set local idle_in_transaction_session_timeout = '${IDLE_IN_TRANSACTION_TIMEOUT}'`);
    await client.query(query.sql, query.params);
  } catch (error) {
    isBroken = true;
    await close();
    throw error;
  }
  const fetchBatch = async () =>
    (await client.query<CsvRecord>({ text: `fetch ${batchSize} from company_export`, rowMode: "array" }))
      .rows;
  // One FETCH ahead: the server reads the next batch while this process turns the current one into CSV
  // (both take about as long). Memory stays bounded: one batch in hand, one on its way.
  let ahead: Promise<CsvRecord[]> | undefined;
  const source: RecordSource = {
    async next() {
      const records = await (ahead ?? fetchBatch());
      const isLast = records.length < batchSize;
      ahead = isLast ? undefined : fetchBatch();
      // A prefetch that fails while the download waits ends the export now, not at the next read.
      ahead?.catch((error: unknown) => onLost(error instanceof Error ? error : new Error(String(error))));
      return { records, isLast };
    },
    close,
  };
  return source;
}

type KeysetPhase = "valued" | "empty" | "done";

/**
 * The search order read in slices: first the rows with a sort value past the last (value, id) read, a row
 * comparison the order's index (value, id) serves as a range, then the rows without a value (nulls last)
 * past the last id read. Each slice is one short query; nothing stays open between them.
 */
function openPgliteKeyset(
  client: PGlite,
  filter: SQL | undefined,
  sort: SortValue,
  batchSize: number,
): RecordSource {
  const key = sortKeyOf(sort);
  const order = exportOrder(sort);
  const column = sql.raw(`${key.column}${key.collate}`);
  const past = sql.raw(key.direction === "desc" ? "<" : ">");
  let phase: KeysetPhase = "valued";
  let lastValued: { value: string; id: number } | null = null;
  let lastEmptyId: number | null = null;

  async function read(range: SQL): Promise<CsvRecord[]> {
    const query = dialect.sqlToQuery(
      sql`select ${EXPORT_COLUMNS}, ${keyColumns(key)} from ${companies} ${whereClause(filter, range)}
          order by ${order} limit ${batchSize}`,
    );
    return (await client.query<CsvRecord>(query.sql, query.params, { rowMode: "array" })).rows;
  }
  const idOf = (record: CsvRecord) => Number(record[ID_INDEX]);

  return {
    async next() {
      if (phase === "valued") {
        const value = lastValued
          ? sql`(${column}, id) ${past} (${lastValued.value}::${sql.raw(key.cast)}${sql.raw(key.collate)}, ${lastValued.id})`
          : undefined;
        const records = await read(
          sql.join(
            [sql`${column} is not null`, value].filter((part) => part !== undefined),
            sql` and `,
          ),
        );
        if (records.length < batchSize) phase = key.nullable ? "empty" : "done";
        const last = records.at(-1);
        if (last) lastValued = { value: String(last[SORT_VALUE_INDEX]), id: idOf(last) };
        if (last && phase !== "done") return { records, isLast: false };
        if (phase === "done") return { records, isLast: true };
      }
      if (phase === "empty") {
        const records = await read(
          lastEmptyId === null
            ? sql`${column} is null`
            : sql`${column} is null and id ${past} ${lastEmptyId}`,
        );
        if (records.length < batchSize) phase = "done";
        const last = records.at(-1);
        if (last) lastEmptyId = idOf(last);
        return { records, isLast: phase === "done" };
      }
      return { records: [], isLast: true };
    },
    async close() {},
  };
}

/** Drizzle keeps the driver's client on `$client`: the pg Pool or the PGlite instance (checked below). */
function driverClientOf(database: Pick<Database, "db">): unknown {
  return (database.db as unknown as { $client?: unknown }).$client;
}

function openSource(
  database: Pick<Database, "db" | "kind">,
  filter: SQL | undefined,
  sort: SortValue,
  batchSize: number | undefined,
  onLost: OnLost,
): Promise<RecordSource> {
  const client = driverClientOf(database);
  if (database.kind === "postgres" && client instanceof pg.Pool) {
    return openServerCursor(client, filter, sort, batchSize ?? SERVER_BATCH_SIZE, onLost);
  }
  if (database.kind === "pglite" && client instanceof PGlite) {
    return Promise.resolve(openPgliteKeyset(client, filter, sort, batchSize ?? PGLITE_BATCH_SIZE));
  }
  throw new Error(`The CSV export cannot read from this ${database.kind} client.`);
}

/**
 * Opens the export of every company matching `state` in its order (its page and page size are ignored), using searchConditions, the
 * one definition of the filters, so the file holds exactly the rows the search page counts. The cursor is
 * opened before this resolves, so a database failure can still be answered with an error status.
 */
export async function streamCompaniesCsv(
  database: Pick<Database, "db" | "kind">,
  state: SearchState,
  options: ExportOptions,
): Promise<CompaniesCsvExport> {
  options.signal?.throwIfAborted();
  let onLost: OnLost = () => undefined;
  const { exportedBy } = options;
  const conditions = searchConditions(state, options.today);
  const filter =
    exportedBy?.newOnly === true ? and(conditions, notExportedBy(exportedBy.userId)) : conditions;
  const opened = await openSource(database, filter, state.sort, options.batchSize, (error) => onLost(error));
  if (options.signal?.aborted) {
    await opened.close();
    options.signal.throwIfAborted();
  }
  const source = withShownRoles(opened);
  const { target } = options;
  const prepared = target ? prepareTarget(target) : null;
  // docs/product.md#saved-searches: the ids of the rows handed to the stream. A converter target's rows left out of its file
  // (a required field missing, an email already written) are not recorded: the user never received them,
  // so a later "new leads only" export (in a format that takes them) still offers them.
  const written = exportedBy && exportedBy.records !== false ? new ExportedIds() : null;
  const take = written ? (record: CsvRecord) => written.add(record[ID_INDEX]) : undefined;
  const { stream, done, fail } = prepared
    ? csvStream(
        convertingSource(
          source,
          prepared,
          options.counts ?? { missingRequired: 0, duplicateEmails: 0 },
          take,
        ),
        { headers: prepared.headers, delimiter: prepared.target.delimiter, bom: prepared.target.bom },
        options.signal,
      )
    : csvStream(
        take ? tappedSource(source, take) : source,
        { headers: COMPANY_EXPORT_HEADERS },
        options.signal,
      );
  onLost = fail;
  if (!exportedBy || !written) return { stream, done };
  // Recorded once the file is complete, so a download that fails or is left early (the search page saves
  // nothing then) does not hide its companies from the next "new leads only" export. `done` settles after
  // the write (which never rejects): the activity and history records follow it.
  const recorded = done.then(async (outcome) => {
    if (outcome.status === "complete") await recordExportedCompanies(database.db, exportedBy.userId, written);
    return outcome;
  });
  return { stream, done: recorded };
}
