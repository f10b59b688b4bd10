import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { EMPTY_SEARCH, type SearchState } from "~/core/search-params";
import { crunchbaseRecord, csvStream, toCrunchbaseCsv } from "~tests/fixtures/crunchbase-csv";
import { setUpTestDatabase } from "~tests/fixtures/database";
import { expectDerivedEqualRecomputation } from "~tests/fixtures/derived-fields";
import { company } from "~tests/fixtures/factories";
import { getHomeStats, invalidateCatalog } from "../companies/catalog.server";
import { streamCompaniesCsv } from "../companies/export.server";
import { importCompanies, SUPPRESSED_REASON } from "../companies/import-companies.server";
import { searchCompanies } from "../companies/search.server";
import { countCompanies, recentFundingSum } from "../companies/stats.server";
import { queryRows } from "../db/query-rows.server";
import { companies } from "../db/schema";
import { seedCompanies } from "../demo-data/seed.server";
import { listDoNotSellRequests, requestDoNotSell } from "./do-not-sell.server";
import { suppressionHash } from "./email-hash.server";

const TODAY = new Date("2026-11-21T12:00:00Z");
const database = setUpTestDatabase();
beforeEach(() => {
  invalidateCatalog();
});

/** A $1M round 20 days before TODAY: inside the home page's 90-day funding figure. */
const RECENT_ROUND = { lastFundingDate: "2026-11-01", lastFundingAmountUsd: 1_000_000 };

/** Same funding date: the search orders them by id, newest first (Acme Robotics, Northwind, Quantix Labs). */
async function seedThree(): Promise<void> {
  await database.db.insert(companies).values([
    company("Quantix Labs", { ...RECENT_ROUND, email: "ann@quantix.example", firstName: "Ann" }),
    company("Northwind", {
      ...RECENT_ROUND,
      email: "bob@northwind.example",
      contactEmail: "hello@northwind.example",
    }),
    company("Acme Robotics", { ...RECENT_ROUND, email: "cy@acme.example", description: "robotics" }),
  ]);
}

async function searchNames(state: Partial<SearchState> = {}): Promise<{ names: string[]; total: number }> {
  const result = await searchCompanies(
    database.db,
    { ...EMPTY_SEARCH, ...state },
    { canSeeEmails: true, today: TODAY },
  );
  return { names: result.companies.map((card) => card.organizationName), total: result.total };
}

async function exportText(state: Partial<SearchState> = {}): Promise<string> {
  const { stream } = await streamCompaniesCsv(database, { ...EMPTY_SEARCH, ...state }, { today: TODAY });
  return new Response(stream).text();
}

describe("requestDoNotSell (docs/product.md#public-pages)", () => {
  beforeEach(seedThree);

  it("stores a keyed hash, never the address, with the request date", async () => {
    const before = Date.now();
    await requestDoNotSell(database.db, "Ann@Quantix.example");
    const rows = await queryRows<Record<string, unknown>>(
      database.db,
      sql`select * from suppressed_contacts`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.email_hash).toBe(suppressionHash("ann@quantix.example"));
    expect(JSON.stringify(rows)).not.toMatch(/ann|quantix/i);
    const [request] = await listDoNotSellRequests(database.db);
    expect(request).toMatchObject({ requestCount: 1, companiesHidden: 1 });
    expect(request?.requestedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(JSON.stringify(request)).not.toMatch(/ann|quantix/i);
  });

  it("counts a repeated request once, and remembers how often it came", async () => {
    expect(await requestDoNotSell(database.db, "ann@quantix.example")).toEqual({
      companiesHidden: 1,
      lpContactsRemoved: 0,
      peopleRemoved: 0,
    });
    expect(await requestDoNotSell(database.db, " ANN@quantix.example")).toEqual({
      companiesHidden: 0,
      lpContactsRemoved: 0,
      peopleRemoved: 0,
    });
    const requests = await listDoNotSellRequests(database.db);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ requestCount: 2, companiesHidden: 1 });
  });

  it("removes the founder from search results, totals, counts and the home figures", async () => {
    expect((await searchNames()).total).toBe(3);
    expect((await getHomeStats(database.db)).totalCompanies).toBe(3);
    await requestDoNotSell(database.db, "ann@quantix.example");
    expect(await searchNames()).toEqual({ names: ["Acme Robotics", "Northwind"], total: 2 });
    expect(await searchNames({ q: "quantix" })).toEqual({ names: [], total: 0 });
    expect(await searchNames({ q: "ann" })).toEqual({ names: [], total: 0 });
    expect(await countCompanies(database.db)).toBe(2);
    expect(await recentFundingSum(database.db, 90, TODAY)).toBe(2_000_000);
    // The request cleared the cached figures: the home page shows the new count at once.
    expect((await getHomeStats(database.db)).totalCompanies).toBe(2);
  });

  it("matches the contact email too", async () => {
    expect(await requestDoNotSell(database.db, "hello@northwind.example")).toEqual({
      companiesHidden: 1,
      lpContactsRemoved: 0,
      peopleRemoved: 0,
    });
    expect((await searchNames()).names).toEqual(["Acme Robotics", "Quantix Labs"]);
  });

  it("flags the hidden company, and clears the flag if the suppression record goes (migration 0006 triggers)", async () => {
    await requestDoNotSell(database.db, "ann@quantix.example");
    const flags = () =>
      queryRows<{ name: string; suppressed: boolean }>(
        database.db,
        sql`select organization_name as name, suppressed from companies order by id`,
      );
    expect(await flags()).toEqual([
      { name: "Quantix Labs", suppressed: true },
      { name: "Northwind", suppressed: false },
      { name: "Acme Robotics", suppressed: false },
    ]);
    // Deleting the contact cascades to suppressed_companies; the trigger clears the flag.
    await database.db.execute(sql`delete from suppressed_contacts`);
    expect((await flags()).every((row) => !row.suppressed)).toBe(true);
    expect((await searchNames()).total).toBe(3);
  });

  it("leaves everything as it is for an address not in the data", async () => {
    expect(await requestDoNotSell(database.db, "nobody@elsewhere.example")).toEqual({
      companiesHidden: 0,
      lpContactsRemoved: 0,
      peopleRemoved: 0,
    });
    expect((await searchNames()).total).toBe(3);
  });

  it("keeps the founder out of the CSV export", async () => {
    await requestDoNotSell(database.db, "ann@quantix.example");
    const csv = await exportText();
    expect(csv).toContain("Northwind");
    expect(csv).not.toContain("Quantix");
    expect(csv).not.toContain("ann@quantix.example");
  });
});

describe("a person's address (decision 030)", () => {
  it("deletes the person everywhere and derives the company's fields again without them", async () => {
    await seedCompanies(database.db, { count: 80, today: TODAY });
    // A company whose primary contact and another person both have addresses: the other one opts out.
    const [target] = await queryRows<{
      id: number;
      email: string;
      contact: string;
      founders: string;
      name: string;
    }>(
      database.db,
      sql`select c.id, p.email, c.email as contact, c.founders, p.first_name || ' ' || p.last_name as name
          from companies c join people p on p.company_id = c.id
          where p.email is not null and p.email <> c.email and p.role_kind = 'founder'
          order by c.id limit 1`,
    );
    if (!target) throw new Error("no company with a second addressed founder");
    const outcome = await requestDoNotSell(database.db, target.email.toUpperCase(), "secret");
    expect(outcome).toMatchObject({ peopleRemoved: 1, companiesHidden: 0 });
    const [after] = await queryRows<{
      email: string;
      founders: string | null;
      people: number;
      found: number;
    }>(
      database.db,
      sql`select c.email, c.founders,
            (select count(*)::int from people p where lower(p.email) = ${target.email.toLowerCase()}) as people
          from companies c where c.id = ${target.id}`,
    );
    expect(after?.people).toBe(0);
    expect(after?.email).toBe(target.contact);
    expect(after?.founders ?? "").not.toContain(target.name);
    await expectDerivedEqualRecomputation(database.db);
  });
});

describe("imports skip suppressed founders (docs/product.md#do-not-sell)", () => {
  const row = crunchbaseRecord(1, { "Organization Name": "Quantix Labs", Email: "ann@quantix.example" });

  async function importRows(records: ReturnType<typeof crunchbaseRecord>[]) {
    return importCompanies(database.db, csvStream(toCrunchbaseCsv(records)), { today: TODAY });
  }

  it("reports a re-import of a suppressed row as rejected and does not bring it back", async () => {
    const first = await importRows([row, crunchbaseRecord(2)]);
    expect(first).toMatchObject({ inserted: 2, rejectedCount: 0 });
    // The import made Ann a person of the company (decision 030): she is deleted, and the company hidden.
    expect(await requestDoNotSell(database.db, "ann@quantix.example")).toEqual({
      companiesHidden: 1,
      lpContactsRemoved: 0,
      peopleRemoved: 1,
    });

    const again = await importRows([crunchbaseRecord(2), row]);
    expect(again).toMatchObject({ inserted: 0, unchanged: 1, rejectedCount: 1, totalRows: 2 });
    expect(again.rejected).toEqual([{ row: 3, reason: SUPPRESSED_REASON }]);
    expect((await searchNames()).names).toEqual(["Company 2"]);
  });

  it("rejects a new company whose founder or contact email is suppressed", async () => {
    await requestDoNotSell(database.db, "ann@quantix.example");
    const report = await importRows([
      crunchbaseRecord(5, { Email: "ANN@quantix.example" }),
      crunchbaseRecord(6, { "Contact Email": "ann@quantix.example" }),
      crunchbaseRecord(7),
    ]);
    expect(report).toMatchObject({ inserted: 1, rejectedCount: 2, totalRows: 3 });
    expect(report.rejected).toEqual([
      { row: 2, reason: SUPPRESSED_REASON },
      { row: 3, reason: SUPPRESSED_REASON },
    ]);
    expect((await searchNames()).names).toEqual(["Company 7"]);
  });

  it("keeps rejected rows in file order alongside rows rejected for other reasons", async () => {
    await requestDoNotSell(database.db, "ann@quantix.example");
    const report = await importCompanies(
      database.db,
      csvStream(
        toCrunchbaseCsv([
          crunchbaseRecord(1, { Email: "ann@quantix.example" }),
          crunchbaseRecord(2, { "Organization Name": "" }),
          crunchbaseRecord(3),
        ]),
      ),
      { today: TODAY, batchSize: 1 },
    );
    expect(report.rejected.map((rejection) => rejection.row)).toEqual([2, 3]);
    expect(report.rejected[0]?.reason).toBe(SUPPRESSED_REASON);
    expect(report).toMatchObject({ inserted: 1, rejectedCount: 2, totalRows: 3 });
  });
});
