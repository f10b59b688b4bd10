import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setUpTestDatabase } from "~tests/fixtures/database";
import { company } from "~tests/fixtures/factories";
import { COMPANIES_IMPORT } from "../companies/import-companies.server";
import { startBulkLoad } from "../imports/import-kit.server";
import { deferIndexesOfEmptyTable, ifNotExists, restoreDeferredIndexes } from "./deferred-indexes.server";
import { queryRows } from "./query-rows.server";
import { companies } from "./schema";

const database = setUpTestDatabase();
const KEEP = COMPANIES_IMPORT.bulkLoad?.keepIndexes ?? [];

/** The companies table's indexes as PostgreSQL defines them, by name. */
async function companyIndexes(): Promise<Map<string, string>> {
  const rows = await queryRows<{ name: string; definition: string }>(
    database.db,
    sql`select indexname as name, indexdef as definition from pg_indexes
        where schemaname = current_schema() and tablename = 'companies' order by indexname`,
  );
  return new Map(rows.map(({ name, definition }) => [name, definition]));
}

async function deferredCount(): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from deferred_indexes`,
  );
  return row?.n ?? 0;
}

describe("indexes a first load sets aside (decision 020)", () => {
  it("drops an empty table's secondary indexes but the kept and the constraints', then builds the same ones back", async () => {
    const before = await companyIndexes();
    for (const name of [...KEEP, "companies_pkey", "companies_slug_unique"])
      expect(before.has(name)).toBe(true);
    expect(before.has("companies_search_text_trgm_idx")).toBe(true);

    const dropped = await deferIndexesOfEmptyTable(database.db, "companies", KEEP);
    const during = await companyIndexes();
    expect([...during.keys()].sort()).toEqual([...KEEP, "companies_pkey", "companies_slug_unique"].sort());
    expect(dropped).toBe(before.size - during.size);
    expect(await deferredCount()).toBe(dropped);

    // Rows written meanwhile are in the indexes built at the end.
    await database.db.insert(companies).values([company("Acme Robotics"), company("Zenith Labs")]);
    const restored = await restoreDeferredIndexes(database.db);
    expect(restored.indexes).toBe(dropped);
    expect(await companyIndexes()).toEqual(before);
    expect(await deferredCount()).toBe(0);
    const [found] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from companies where search_text like '%robotics%'`,
    );
    expect(found?.n).toBe(1);
    expect((await restoreDeferredIndexes(database.db)).indexes).toBe(0);
  });

  it("sets aside the people's and links' indexes of a first companies load, keeping those a batch reads (decision 030)", async () => {
    const indexesOf = async (tables: readonly string[]) =>
      queryRows<{ name: string; definition: string }>(
        database.db,
        sql`select indexname as name, indexdef as definition from pg_indexes
            where schemaname = current_schema() and tablename = any(${sql.param([...tables])}::text[])
            order by indexname`,
      );
    const tables = ["people", "funding_rounds", "company_investors"];
    const before = await indexesOf(tables);
    expect(await startBulkLoad(database.db, COMPANIES_IMPORT)).toBe(true);
    const during = (await indexesOf(tables)).map(({ name }) => name);
    expect(during).not.toContain("people_email_lower_idx");
    expect(during).not.toContain("company_investors_investor_idx");
    for (const kept of [
      "people_company_position_idx",
      "funding_rounds_company_date_idx",
      "funding_rounds_source_key_idx",
    ])
      expect(during).toContain(kept);
    await restoreDeferredIndexes(database.db);
    expect(await indexesOf(tables)).toEqual(before);
  });

  it("builds the same indexes when it shares the builds among connections", async () => {
    const before = await companyIndexes();
    const dropped = await deferIndexesOfEmptyTable(database.db, "companies", KEEP);
    await database.db.insert(companies).values([company("Acme Robotics"), company("Zenith Labs")]);
    expect((await restoreDeferredIndexes(database.db, { connections: 2 })).indexes).toBe(dropped);
    expect(await companyIndexes()).toEqual(before);
    expect(await deferredCount()).toBe(0);
  });

  it("leaves a table that holds rows as it is", async () => {
    await database.db.insert(companies).values(company("Acme Robotics"));
    const before = await companyIndexes();
    expect(await deferIndexesOfEmptyTable(database.db, "companies", KEEP)).toBe(0);
    expect(await companyIndexes()).toEqual(before);
    expect(await deferredCount()).toBe(0);
  });

  it("builds what a load that died half-way set aside, when the next process starts", async () => {
    const before = await companyIndexes();
    expect(await deferIndexesOfEmptyTable(database.db, "companies", KEEP)).toBeGreaterThan(0);
    // The process dies here: nothing but the records remain. A restart restores (app-database.server.ts).
    await restoreDeferredIndexes(database.db);
    expect(await companyIndexes()).toEqual(before);
  });

  it("writes a recorded definition so that building it twice is harmless", () => {
    expect(ifNotExists("CREATE INDEX companies_city_idx ON public.companies USING btree (city)")).toBe(
      "CREATE INDEX IF NOT EXISTS companies_city_idx ON public.companies USING btree (city)",
    );
    expect(ifNotExists("CREATE UNIQUE INDEX a ON public.b USING btree (c)")).toBe(
      "CREATE UNIQUE INDEX IF NOT EXISTS a ON public.b USING btree (c)",
    );
  });
});
