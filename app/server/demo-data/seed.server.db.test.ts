import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setUpTestDatabase } from "~tests/fixtures/database";
import { countCompanies, recentFundingSum } from "../companies/stats.server";
import { queryRows } from "../db/query-rows.server";
import { requestDoNotSell } from "../suppression/do-not-sell.server";
import { bulkSeedCompanies, deleteAllCompanies, seedCompanies, seedIfEmpty } from "./seed.server";

const database = setUpTestDatabase();

describe("seedIfEmpty", () => {
  it("seeds an empty table, across several batches", async () => {
    const result = await seedIfEmpty(database.db, { count: 2_345, batchSize: 1_000 });
    expect(result?.inserted).toBe(2_345);
    expect(await countCompanies(database.db)).toBe(2_345);
  });

  it("leaves a table with companies alone", async () => {
    await seedCompanies(database.db, { count: 10 });
    expect(await seedIfEmpty(database.db, { count: 500 })).toBeNull();
    expect(await countCompanies(database.db)).toBe(10);
  });

  it("seeds rows that satisfy every constraint and have recent rounds", async () => {
    const today = new Date();
    await seedIfEmpty(database.db, { count: 1_000, today });
    const [stats] = await queryRows<{ slugs: number; domains: number; notExample: number; emails: number }>(
      database.db,
      sql`select count(distinct slug)::int as slugs,
                 count(distinct website_domain)::int as domains,
                 count(*) filter (where coalesce(email, '@x.example') not like '%.example'
                                     or coalesce(contact_email, '@x.example') not like '%.example'
                                     or website not like '%.example'
                                     or coalesce(linkedin, 'https://www.linkedin.example/company/x')
                                        not like 'https://www.linkedin.example/company/%')::int as "notExample",
                 count(email)::int as emails
          from companies`,
    );
    // Reserved domains only: no real person can be contacted from demo data. Some have no address (decision 028).
    expect(stats).toMatchObject({ slugs: 1_000, domains: 1_000, notExample: 0 });
    expect(stats?.emails).toBeGreaterThan(800);
    expect(stats?.emails).toBeLessThan(1_000);
    expect(await recentFundingSum(database.db, 90, today)).toBeGreaterThan(0);
  });

  it("is all or nothing: a failure half-way leaves the table empty", async () => {
    // A trigger that fails on the 1,500th insert stands in for a crash part-way through the seed.
    await database.db.execute(sql`
      create or replace function fail_after_1500() returns trigger language plpgsql as $$
      begin
        if (select count(*) from companies) >= 1500 then raise exception 'simulated failure'; end if;
        return new;
      end $$`);
    await database.db.execute(
      sql`create trigger fail_after_1500 before insert on companies for each statement execute function fail_after_1500()`,
    );
    try {
      await expect(seedIfEmpty(database.db, { count: 3_000, batchSize: 500 })).rejects.toThrow();
      expect(await countCompanies(database.db)).toBe(0);
    } finally {
      await database.db.execute(sql`drop trigger fail_after_1500 on companies`);
      await database.db.execute(sql`drop function fail_after_1500()`);
    }
  });
});

describe("deleteAllCompanies", () => {
  it("empties the table even when a do-not-sell request hid a company, and keeps the suppressed address", async () => {
    await seedCompanies(database.db, { count: 20 });
    const [first] = await queryRows<{ email: string }>(
      database.db,
      sql`select email from companies order by id limit 1`,
    );
    await requestDoNotSell(database.db, first?.email ?? "", "seed-test-secret-0123456789abcdef");
    await database.db.transaction((tx) => deleteAllCompanies(tx));
    expect(await countCompanies(database.db)).toBe(0);
    const [contacts] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from suppressed_contacts`,
    );
    expect(contacts?.n).toBe(1);
    const reseeded = await seedCompanies(database.db, { count: 3 });
    expect(reseeded.inserted).toBe(3);
    const [ids] = await queryRows<{ min: number }>(
      database.db,
      sql`select min(id)::int as min from companies`,
    );
    expect(ids?.min).toBe(1);
  });
});

/** Every index of the seeded tables as PostgreSQL defines it, by name. */
async function seededTablesIndexes(): Promise<Record<string, string>> {
  const rows = await queryRows<{ name: string; definition: string }>(
    database.db,
    sql`select indexname as name, indexdef as definition from pg_indexes
        where schemaname = current_schema()
          and tablename in ('companies', 'funding_rounds', 'round_investors', 'people', 'investors')
        order by indexname`,
  );
  return Object.fromEntries(rows.map(({ name, definition }) => [name, definition]));
}

describe("bulkSeedCompanies (decision 030: the new tables' indexes built after a seed)", () => {
  it("into an empty database, sets the indexes aside and ends with exactly the migration's, filled", async () => {
    const before = await seededTablesIndexes();
    expect(before.companies_investor_keys_idx).toBeDefined();
    expect(before.round_investors_investor_date_idx).toBeDefined();
    const result = await bulkSeedCompanies(database.db, { count: 300, batchSize: 100 });
    expect(result.inserted).toBe(300);
    // funding_rounds 2, round_investors 1, people 2, companies 2 (the primary keys and unique slugs stay).
    expect(result.indexes.indexes).toBe(7);
    expect(await seededTablesIndexes()).toEqual(before);
    const [left] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from deferred_indexes`,
    );
    expect(left?.n).toBe(0);
    // The rebuilt GIN index answers the investor filter: the same companies as a scan without it.
    const [investor] = await queryRows<{ id: number }>(
      database.db,
      sql`select investor_id as id from round_investors group by investor_id order by count(*) desc limit 1`,
    );
    const [byIndex] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from companies where investor_keys && array[${investor?.id}]::int[]`,
    );
    const [byScan] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from companies where ${investor?.id}::int = any(investor_keys)`,
    );
    expect(byIndex?.n).toBeGreaterThan(0);
    expect(byIndex?.n).toBe(byScan?.n);
  });

  it("defers nothing when companies are there, and with replace seeds again with the same indexes", async () => {
    await seedCompanies(database.db, { count: 20 });
    const before = await seededTablesIndexes();
    const result = await bulkSeedCompanies(database.db, { count: 30, replace: true });
    expect(result.indexes.indexes).toBe(0);
    expect(await countCompanies(database.db)).toBe(30);
    expect(await seededTablesIndexes()).toEqual(before);
  });

  it("builds the indexes back when the seed fails", async () => {
    const before = await seededTablesIndexes();
    // A trigger that fails the people's insert stands in for a crash part-way through the seed.
    await database.db.execute(sql`
      create or replace function fail_people() returns trigger language plpgsql as $$
      begin raise exception 'simulated failure'; end $$`);
    await database.db.execute(
      sql`create trigger fail_people before insert on people for each statement execute function fail_people()`,
    );
    try {
      await expect(bulkSeedCompanies(database.db, { count: 10 })).rejects.toThrow();
      expect(await seededTablesIndexes()).toEqual(before);
      expect(await countCompanies(database.db)).toBe(0);
    } finally {
      await database.db.execute(sql`drop trigger fail_people on people`);
      await database.db.execute(sql`drop function fail_people()`);
    }
  });
});
