import { PGlite } from "@electric-sql/pglite";
import { and, type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import pg from "pg";
import { personRole, type RoleKind } from "~/core/company-summary";
import { prepareTarget } from "~/core/converter/convert";
import type { RowsPer, Target } from "~/core/converter/targets";
import { exportRowsPer } from "~/core/export-history";
import { shownRole } from "~/core/founder-role";
import { sourceCell } from "~/core/round-source";
import type { SearchState } from "~/core/search-params";
import type { SortValue } from "~/core/search-sort";
import type { Database } from "../db/database.server";
import { companies } from "../db/schema";
import { isoTimeOf } from "../email-status/status-columns.server";
import {
  type CsvExport,
  type CsvRecord,
  csvStream,
  type RecordBatch,
  type RecordSource,
} from "../http/csv-stream.server";
import {
  COMPANY_CSV_COLUMNS,
  COMPANY_EXPORT_HEADERS,
  type CrunchbaseField,
  PERSON_EXPORT_HEADERS,
} from "./crunchbase-columns";
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
   * docs/product.md#export: one row per company, or one per person of each company. Absent: the target's
   * (a contact-per-row tool's is "person"), else per company (core/export-history.ts exportRowsPer).
   */
  rowsPer?: RowsPer;
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
    // decision 031: the last round's source and page, joined by U+001F; withShownCells writes the cell.
    sql`(select r.source || chr(31) || coalesce(r.source_url, '') from funding_rounds r
         where r.id = ${companies.lastRoundId})`,
    // decision 032: the Email's status, date and source (the row's copy of email_addresses).
    sql`${companies.emailStatus}`,
    sql.raw(isoTimeOf(`"companies"."email_checked_at"`)),
    sql`${companies.emailSource}`,
  ],
  sql`, `,
);
const COLUMN_COUNT = COMPANY_EXPORT_HEADERS.length;
const indexOfField = (wanted: CrunchbaseField) =>
  COMPANY_CSV_COLUMNS.findIndex(({ field }) => field === wanted);
const ROLE_INDEX = indexOfField("role");
const SOURCE_INDEX = COMPANY_EXPORT_HEADERS.indexOf("Source");
const FIRST_NAME_INDEX = indexOfField("firstName");
const LAST_NAME_INDEX = indexOfField("lastName");
const EMAIL_INDEX = indexOfField("email");
const EMAIL_STATUS_INDEX = COMPANY_EXPORT_HEADERS.indexOf("Email Status");
const EMAIL_VERIFIED_AT_INDEX = COMPANY_EXPORT_HEADERS.indexOf("Email Verified At");
const EMAIL_SOURCE_INDEX = COMPANY_EXPORT_HEADERS.indexOf("Email Source");

/**
 * docs/product.md#data: the Role column as the page shows it ('Founder' when the record has none), through the
 * page's own rule (core/founder-role.ts), and (decision 031) the Source column as the page names the source
 * (core/round-source.ts), before the file or a converter target reads the record.
 */
function withShownCells(source: RecordSource): RecordSource {
  return {
    async next() {
      const batch = await source.next();
      for (const record of batch.records) {
        record[ROLE_INDEX] = shownRole(record[ROLE_INDEX]);
        const raw = record[SOURCE_INDEX];
        if (typeof raw === "string" && raw.includes("\u001f")) {
          const [name = "", url = ""] = raw.split("\u001f");
          record[SOURCE_INDEX] = sourceCell(name, url || null);
        }
      }
      return batch;
    },
    close: () => source.close(),
  };
}
/**
 * What a source's records hold: the file's columns (the export columns; one row per person adds the
 * person's LinkedIn, a null placeholder in the query), then columns never written to the file (csvStream
 * writes as many cells as there are headers; a converter target reads the export columns and the person's
 * LinkedIn alone): first the id, on both paths (docs/product.md#export: the exported companies are
 * recorded by it, and a company's people are found by it), then on PGlite the sort key as text, the keyset
 * position.
 */
interface RecordLayout {
  rowsPer: RowsPer;
  columns: SQL;
  headers: readonly string[];
  /** Where one row per person puts the person's LinkedIn profile; null per company. */
  personLinkedinIndex: number | null;
  idIndex: number;
  sortValueIndex: number;
}

function layoutOf(rowsPer: RowsPer): RecordLayout {
  if (rowsPer === "company")
    return {
      rowsPer,
      columns: EXPORT_COLUMNS,
      headers: COMPANY_EXPORT_HEADERS,
      personLinkedinIndex: null,
      idIndex: COLUMN_COUNT,
      sortValueIndex: COLUMN_COUNT + 1,
    };
  return {
    rowsPer,
    columns: sql`${EXPORT_COLUMNS}, null::text`,
    headers: PERSON_EXPORT_HEADERS,
    personLinkedinIndex: COLUMN_COUNT,
    idIndex: COLUMN_COUNT + 1,
    sortValueIndex: COLUMN_COUNT + 2,
  };
}

function keyColumns(key: SortKey): SQL {
  return sql.raw(`id, ${key.column}::text`);
}

/** A query on the export's own connection (the server's cursor's, in its snapshot), rows as arrays. */
type RowsQuery = (query: SQL) => Promise<CsvRecord[]>;

/** Turns a batch of company records into the rows of the file, with the source's own connection. */
type ExpandBatch = (records: CsvRecord[], query: RowsQuery) => Promise<CsvRecord[]>;

/**
 * docs/product.md#export, one row per person (decision 030 §4): each company of the batch becomes one row per
 * person, in `position` order, with the person's First name, Last name, Role (personRole: their title, else
 * by kind), Email and LinkedIn; a company without people keeps its one row as it is. One query a batch
 * (`company_id = any($ids)`, the people_company_position_idx), never one per company. Do-not-sell deletes
 * a suppressed person from `people` (docs/product.md#do-not-sell), so reading `people` leaves them out.
 */
function expandToPeople(layout: RecordLayout): ExpandBatch {
  const { idIndex, personLinkedinIndex } = layout;
  if (personLinkedinIndex === null) throw new Error("expandToPeople needs the per-person layout");
  return async (records, query) => {
    if (records.length === 0) return records;
    const ids = records.map((record) => Number(record[idIndex]));
    const found = await query(
      sql`select p.company_id, p.first_name, p.last_name, p.title, p.role_kind, p.email, p.linkedin,
                 a.status, ${sql.raw(isoTimeOf("a.checked_at"))}, a.source
          from people p left join email_addresses a on a.email = lower(p.email)
          where p.company_id = any(${sql.param(ids)}::int[])
          order by p.company_id, p.position, p.id`,
    );
    const byCompany = new Map<number, CsvRecord[]>();
    for (const person of found) {
      const companyId = Number(person[0]);
      const list = byCompany.get(companyId);
      if (list) list.push(person);
      else byCompany.set(companyId, [person]);
    }
    const rows: CsvRecord[] = [];
    for (const record of records) {
      const ofCompany = byCompany.get(Number(record[idIndex]));
      if (!ofCompany) {
        rows.push(record);
        continue;
      }
      for (const [
        ,
        firstName,
        lastName,
        title,
        roleKind,
        email,
        linkedin,
        status,
        checkedAt,
        source,
      ] of ofCompany) {
        const row = record.slice();
        row[FIRST_NAME_INDEX] = firstName ?? null;
        row[LAST_NAME_INDEX] = lastName ?? null;
        row[ROLE_INDEX] = personRole({ title: title ?? null, roleKind: roleKind as RoleKind });
        row[EMAIL_INDEX] = email ?? null;
        // decision 032: the person's own address's status.
        row[EMAIL_STATUS_INDEX] = status ?? null;
        row[EMAIL_VERIFIED_AT_INDEX] = checkedAt ?? null;
        row[EMAIL_SOURCE_INDEX] = source ?? null;
        row[personLinkedinIndex] = linkedin ?? null;
        rows.push(row);
      }
    }
    return rows;
  };
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
  layout: RecordLayout,
  filter: SQL | undefined,
  sort: SortValue,
  batchSize: number,
  onLost: OnLost,
  expand: ExpandBatch | undefined,
) {
  // The search page's order (search-order.server.ts), so the file lists companies as the pages do.
  const query = dialect.sqlToQuery(
    sql`declare company_export no scroll cursor for
        select ${layout.columns}, ${companies.id} from ${companies} ${whereClause(filter)}
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
  const rowsQuery: RowsQuery = async (statement) => {
    const { sql: text, params } = dialect.sqlToQuery(statement);
    return (await client.query<CsvRecord>({ text, values: params, rowMode: "array" })).rows;
  };
  // One FETCH ahead: the server reads the next batch while this process turns the current one into CSV
  // (both take about as long). Memory stays bounded: one batch in hand, one on its way. A batch's people are
  // read before the next FETCH is sent (one statement at a time on a connection), so the FETCH still runs
  // while this batch is written.
  let ahead: Promise<CsvRecord[]> | undefined;
  const source: RecordSource = {
    async next() {
      const fetched = await (ahead ?? fetchBatch());
      ahead = undefined;
      const isLast = fetched.length < batchSize;
      const records = expand ? await expand(fetched, rowsQuery) : fetched;
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
  layout: RecordLayout,
  filter: SQL | undefined,
  sort: SortValue,
  batchSize: number,
  expand: ExpandBatch | undefined,
): RecordSource {
  const key = sortKeyOf(sort);
  const order = exportOrder(sort);
  const column = sql.raw(`${key.column}${key.collate}`);
  const past = sql.raw(key.direction === "desc" ? "<" : ">");
  let phase: KeysetPhase = "valued";
  let lastValued: { value: string; id: number } | null = null;
  let lastEmptyId: number | null = null;

  const rowsQuery: RowsQuery = async (statement) => {
    const query = dialect.sqlToQuery(statement);
    return (await client.query<CsvRecord>(query.sql, query.params, { rowMode: "array" })).rows;
  };
  const read = (range: SQL): Promise<CsvRecord[]> =>
    rowsQuery(
      sql`select ${layout.columns}, ${keyColumns(key)} from ${companies} ${whereClause(filter, range)}
          order by ${order} limit ${batchSize}`,
    );
  const idOf = (record: CsvRecord) => Number(record[layout.idIndex]);

  /** The next batch of company records, the keyset position moved past it. */
  async function nextCompanies(): Promise<RecordBatch> {
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
      if (last) lastValued = { value: String(last[layout.sortValueIndex]), id: idOf(last) };
      if (last && phase !== "done") return { records, isLast: false };
      if (phase === "done") return { records, isLast: true };
    }
    if (phase === "empty") {
      const records = await read(
        lastEmptyId === null ? sql`${column} is null` : sql`${column} is null and id ${past} ${lastEmptyId}`,
      );
      if (records.length < batchSize) phase = "done";
      const last = records.at(-1);
      if (last) lastEmptyId = idOf(last);
      return { records, isLast: phase === "done" };
    }
    return { records: [], isLast: true };
  }

  return {
    async next() {
      const batch = await nextCompanies();
      return expand ? { records: await expand(batch.records, rowsQuery), isLast: batch.isLast } : batch;
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
  layout: RecordLayout,
  filter: SQL | undefined,
  sort: SortValue,
  batchSize: number | undefined,
  onLost: OnLost,
): Promise<RecordSource> {
  const client = driverClientOf(database);
  const expand = layout.rowsPer === "person" ? expandToPeople(layout) : undefined;
  if (database.kind === "postgres" && client instanceof pg.Pool) {
    return openServerCursor(client, layout, filter, sort, batchSize ?? SERVER_BATCH_SIZE, onLost, expand);
  }
  if (database.kind === "pglite" && client instanceof PGlite) {
    return Promise.resolve(
      openPgliteKeyset(client, layout, filter, sort, batchSize ?? PGLITE_BATCH_SIZE, expand),
    );
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
  const { target } = options;
  const layout = layoutOf(exportRowsPer(target ?? null, options.rowsPer ?? null));
  const opened = await openSource(database, layout, filter, state.sort, options.batchSize, (error) =>
    onLost(error),
  );
  if (options.signal?.aborted) {
    await opened.close();
    options.signal.throwIfAborted();
  }
  const source = withShownCells(opened);
  const prepared = target ? prepareTarget(target) : null;
  // docs/product.md#saved-searches: the ids of the rows handed to the stream. A converter target's rows left out of its file
  // (a required field missing, an email already written) are not recorded: the user never received them,
  // so a later "new leads only" export (in a format that takes them) still offers them.
  const written = exportedBy && exportedBy.records !== false ? new ExportedIds() : null;
  const take = written ? (record: CsvRecord) => written.add(record[layout.idIndex]) : undefined;
  const { stream, done, fail } = prepared
    ? csvStream(
        convertingSource(
          source,
          prepared,
          options.counts ?? { missingRequired: 0, duplicateEmails: 0 },
          take,
          layout.personLinkedinIndex,
        ),
        { headers: prepared.headers, delimiter: prepared.target.delimiter, bom: prepared.target.bom },
        options.signal,
      )
    : csvStream(take ? tappedSource(source, take) : source, { headers: layout.headers }, options.signal);
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
