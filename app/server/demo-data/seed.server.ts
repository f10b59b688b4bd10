import { sql } from "drizzle-orm";
import { insertCompaniesStatement } from "../companies/bulk-insert.server";
import { takeTransactionLock } from "../db/advisory-locks.server";
import type { Db } from "../db/database.server";
import { companies, type NewCompanyRow } from "../db/schema";
import { DEFAULT_DEMO_COMPANY_COUNT, DEFAULT_DEMO_SEED, generateCompanies } from "./generate-companies";

export interface SeedOptions {
  count?: number;
  seed?: number;
  /** The day the 3-year window of funding dates ends on (default: now). */
  today?: Date;
  /** Rows per INSERT statement: 28 columns x 1,000 rows stays far below PostgreSQL's 65,535 parameters. */
  batchSize?: number;
  onProgress?: (inserted: number) => void;
  /** seedIfEmpty: called once the table is found empty, before seeding starts (the start-up's progress line). */
  onStart?: (count: number) => void;
}

export interface SeedResult {
  inserted: number;
  ms: number;
}

/** Inserts the deterministic demo data set. Each batch is its own statement; callers decide on emptiness. */
export async function seedCompanies(db: Db, options: SeedOptions = {}): Promise<SeedResult> {
  const started = performance.now();
  const batchSize = options.batchSize ?? 1_000;
  const rows = generateCompanies({
    count: options.count ?? DEFAULT_DEMO_COMPANY_COUNT,
    seed: options.seed ?? DEFAULT_DEMO_SEED,
    today: options.today ?? new Date(),
  });
  let batch: NewCompanyRow[] = [];
  let inserted = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    await db.execute(insertCompaniesStatement(batch));
    inserted += batch.length;
    batch = [];
    options.onProgress?.(inserted);
  };
  // The rounds and people are not stored yet: the lead wires them to their tables (decision 030).
  for (const { row } of rows) {
    batch.push(row);
    if (batch.length >= batchSize) await flush();
  }
  await flush();
  return { inserted, ms: Math.round(performance.now() - started) };
}

/**
 * After a bulk load: fresh statistics for the planner, and the visibility map set, so paging through the
 * date index can be an index-only scan. VACUUM cannot run inside a transaction: call it after commit.
 */
export async function tidyAfterBulkLoad(db: Db): Promise<void> {
  await db.execute(sql`vacuum analyze companies`);
}

/**
 * Seeds the demo data set only when there are no companies at all, in one transaction, so a start that
 * dies half-way leaves an empty table (and the next start seeds again). Returns null when it did nothing.
 */
export async function seedIfEmpty(db: Db, options: SeedOptions = {}): Promise<SeedResult | null> {
  const result = await db.transaction(async (tx) => {
    await takeTransactionLock(tx, "seed");
    const existing = await tx.select({ id: companies.id }).from(companies).limit(1);
    if (existing.length > 0) return null;
    options.onStart?.(options.count ?? DEFAULT_DEMO_COMPANY_COUNT);
    return seedCompanies(tx, options);
  });
  if (result) await tidyAfterBulkLoad(db);
  return result;
}

/**
 * `npm run db:seed -- --replace`: deletes every company, and with them the suppression links that point at
 * them (suppressed_companies references companies: a plain TRUNCATE was refused on PostgreSQL as soon as
 * one do-not-sell request had hidden a company). The suppressed addresses stay, so a later import still
 * skips them. Ids start again from 1.
 */
export async function deleteAllCompanies(db: Db): Promise<void> {
  // Their rounds, links and people go with them; investors too, known only through them (decision 030).
  await db.execute(
    sql`truncate companies, suppressed_companies, funding_rounds, round_investors, company_investors, people, investors restart identity`,
  );
  // The similar-companies lists name the old ids.
  await db.execute(sql`delete from company_similarities`);
  await db.execute(sql`delete from company_pairs`);
  await db.execute(sql`delete from similarity_state`);
}
