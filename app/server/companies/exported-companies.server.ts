import { type SQL, sql } from "drizzle-orm";
import type { CompanyCard } from "~/core/company-card";
import type { ExportPreview } from "~/core/export-history";
import type { SearchState } from "~/core/search-params";
import type { Db } from "../db/database.server";
import { queryRows } from "../db/query-rows.server";
import { companies, exportedCompanies } from "../db/schema";
import type { CsvRecord, RecordSource } from "../http/csv-stream.server";
import { logger } from "../logger.server";
import { searchConditions, whereClause } from "./search-filters.server";

/**
 * docs/product.md#export, new leads only: which companies each user has exported (exported_companies, one row per user and
 * company with the first time), written by every companies export and read by the "new leads only" export,
 * its count before exporting, and the search page's "Exported" marker.
 */

/** Ids per insert: one statement of 5,000 ids takes a few milliseconds and one parameter. */
const WRITE_BATCH = 5_000;

/**
 * The companies `userId` has not exported before: an anti-join on exported_companies' primary key (user,
 * company), so each candidate row costs one index probe whatever the number of rows the user exported.
 */
export function notExportedBy(userId: string): SQL {
  return sql`not exists (select 1 from ${exportedCompanies} where ${exportedCompanies.userId} = ${userId} and ${exportedCompanies.companyId} = ${companies.id})`;
}

/**
 * The ids of the rows an export writes, collected as they are handed to the stream: 4 bytes a row
 * (1,000,000 rows: 4 MB, outside the JavaScript heap). An id repeating the one before is kept once: the
 * rows of a company's people are adjacent in a file of one row per person (docs/product.md#export).
 */
export class ExportedIds {
  #ids = new Int32Array(16_384);
  #length = 0;

  add(id: unknown): void {
    const value = Number(id);
    if (!Number.isInteger(value)) return;
    if (this.#length > 0 && this.#ids[this.#length - 1] === value) return;
    if (this.#length === this.#ids.length) {
      const grown = new Int32Array(this.#ids.length * 2);
      grown.set(this.#ids);
      this.#ids = grown;
    }
    this.#ids[this.#length] = value;
    this.#length += 1;
  }

  get size(): number {
    return this.#length;
  }

  /** The ids in slices of at most `size`, in the order they were written. */
  *batches(size: number): Generator<number[]> {
    for (let start = 0; start < this.#length; start += size) {
      yield Array.from(this.#ids.subarray(start, Math.min(start + size, this.#length)));
    }
  }
}

/**
 * The source's records as they are, each one also handed to `take` (the rows of Roundlist's own CSV: every
 * record read is written). A converter target's rows are taken inside convertingSource instead, which knows
 * which rows it leaves out.
 */
export function tappedSource(source: RecordSource, take: (record: CsvRecord) => void): RecordSource {
  return {
    async next() {
      const batch = await source.next();
      for (const record of batch.records) take(record);
      return batch;
    },
    close: () => source.close(),
  };
}

/**
 * Records `ids` as exported by `userId` (first_exported_at: now; a company exported before keeps its first
 * time), in statements of 5,000. Never rejects: a failure is logged, and the export it follows stands.
 */
export async function recordExportedCompanies(db: Db, userId: string, ids: ExportedIds): Promise<void> {
  try {
    for (const batch of ids.batches(WRITE_BATCH)) {
      await db.execute(
        sql`insert into ${exportedCompanies} (user_id, company_id)
            select ${userId}, unnest(${sql.param(batch)}::int[])
            on conflict do nothing`,
      );
    }
  } catch (error) {
    logger.error({ err: error, userId, ids: ids.size }, "could not record the exported companies");
  }
}

/**
 * When `userId` first exported each of `companyIds` (the search page's marker): one lookup on the primary
 * key for a page of results. Dates as ISO text, by company id.
 */
export async function exportedDatesOf(
  db: Db,
  userId: string,
  companyIds: readonly number[],
): Promise<Map<number, string>> {
  if (companyIds.length === 0) return new Map();
  const rows = await queryRows<{ company_id: number; first_exported_at: Date | string }>(
    db,
    sql`select company_id, first_exported_at from ${exportedCompanies}
        where user_id = ${userId} and company_id = any(${sql.param([...companyIds])}::int[])`,
  );
  return new Map(
    rows.map((row) => [Number(row.company_id), new Date(row.first_exported_at).toISOString()] as const),
  );
}

/**
 * The companies a search's export would hold, and how many of them `userId` has not exported before: both
 * exact, with the export's own conditions (searchConditions), in one statement (one snapshot). The new ones
 * are the matches less the user's exported companies that match: the second count walks the user's rows of
 * exported_companies, not a probe per match, many times faster than an anti-join per row (decision 017 has the figures).
 */
export async function countExportPreview(
  db: Db,
  state: SearchState,
  today: Date,
  userId: string,
): Promise<ExportPreview> {
  const where = whereClause(searchConditions(state, today));
  const [row] = await queryRows<{ total: number | string; exported: number | string }>(
    db,
    sql`select
          (select count(*) from ${companies} ${where})::int as total,
          (select count(*) from ${exportedCompanies}
            join ${companies} on ${companies.id} = ${exportedCompanies.companyId}
            ${whereClause(sql`${exportedCompanies.userId} = ${userId}`, searchConditions(state, today))})::int as exported`,
  );
  const total = Number(row?.total ?? 0);
  return { total, newLeads: Math.max(0, total - Number(row?.exported ?? 0)) };
}

/**
 * The search page's results with the "Exported" marker (docs/product.md#export) on the companies `userId` exported before (new
 * card objects: a result may be shared). Nothing to mark for a visitor. A failed lookup is logged and
 * leaves the results unmarked: the marker is a hint, never a reason for the search to fail.
 */
export async function withExportedMarkers<Result extends { companies: CompanyCard[] }>(
  db: Db,
  userId: string | null,
  result: Result,
): Promise<Result> {
  if (userId === null || result.companies.length === 0) return result;
  let dates: Map<number, string>;
  try {
    dates = await exportedDatesOf(
      db,
      userId,
      result.companies.map((company) => company.id),
    );
  } catch (error) {
    logger.error({ err: error, userId }, "could not read the exported companies of the results");
    return result;
  }
  if (dates.size === 0) return result;
  return {
    ...result,
    companies: result.companies.map((company) => {
      const exportedAt = dates.get(company.id);
      return exportedAt === undefined ? company : { ...company, exportedAt };
    }),
  };
}
