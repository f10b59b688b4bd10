/**
 * decision 030, the companies import: a row's Last Funding fields, contact, Founders, Top 5 Investors, Lead
 * Investors and Number of Funding Rounds become the company's rounds, people, investors and stated figures,
 * and the spec's fields are derived from them by the one writer, after every kind of write.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { type CsvRecord, crunchbaseRecord, csvStream, toCrunchbaseCsv } from "~tests/fixtures/crunchbase-csv";
import { setUpTestDatabase } from "~tests/fixtures/database";
import { expectDerivedEqualRecomputation } from "~tests/fixtures/derived-fields";
import { queryRows } from "../../db/query-rows.server";
import { seedCompanies } from "../../demo-data/seed.server";
import { COMPANY_CSV_HEADERS } from "../crunchbase-columns";
import { type ImportReport, importCompanies } from "../import-companies.server";

const TODAY = new Date("2025-06-15T00:00:00Z");
const database = setUpTestDatabase();
const INVESTOR_HEADERS = [
  ...COMPANY_CSV_HEADERS,
  "Lead Investors",
  "Top 5 Investors",
  "Number of Funding Rounds",
];

async function importRecords(
  records: CsvRecord[],
  headers: readonly string[] = INVESTOR_HEADERS,
  batchSize?: number,
): Promise<ImportReport> {
  const report = await importCompanies(database.db, csvStream(toCrunchbaseCsv(records, { headers }), 97), {
    today: TODAY,
    ...(batchSize === undefined ? {} : { batchSize }),
  });
  // decision 030: after every import the derived fields are what the one rule makes of what is stored.
  await expectDerivedEqualRecomputation(database.db);
  return report;
}

async function roundsOf(name: string) {
  return queryRows<{
    announced_on: string | null;
    funding_type: string | null;
    amount_usd: number | null;
    source: string;
  }>(
    database.db,
    sql`select r.announced_on::text as announced_on, r.funding_type, r.amount_usd::float8 as amount_usd, r.source
        from funding_rounds r join companies c on c.id = r.company_id
        where c.organization_name = ${name} order by r.announced_on, r.id`,
  );
}

async function peopleOf(name: string) {
  return queryRows<{
    name: string;
    title: string | null;
    role_kind: string;
    email: string | null;
    source: string;
  }>(
    database.db,
    sql`select concat_ws(' ', p.first_name, p.last_name) as name, p.title, p.role_kind, p.email, p.source
        from people p join companies c on c.id = p.company_id
        where c.organization_name = ${name} order by p.position, p.id`,
  );
}

async function investorsOf(name: string) {
  return queryRows<{ name: string; is_lead: boolean }>(
    database.db,
    sql`select i.name, l.is_lead from company_investors l
          join investors i on i.id = l.investor_id join companies c on c.id = l.company_id
        where c.organization_name = ${name} order by i.name`,
  );
}

async function companyRow(name: string) {
  const [row] = await queryRows<Record<string, unknown>>(
    database.db,
    sql`select first_name, last_name, role, email, founders, last_funding_date::text as last_funding_date,
          last_funding_amount_usd::float8 as last_funding_amount_usd,
          total_funding_amount_usd::float8 as total_funding_amount_usd, funding_round_count,
          stated_round_count, cardinality(investor_keys) as investor_keys
        from companies where organization_name = ${name}`,
  );
  return row;
}

/** Acme's founders after Ada, as the import stores them. */
const OTHER_FOUNDERS = [
  { name: "Alan Turing", title: null, role_kind: "founder", email: null, source: "crunchbase_companies" },
  { name: "Grace Hopper", title: null, role_kind: "founder", email: null, source: "crunchbase_companies" },
];

const ACME = crunchbaseRecord(1, {
  "Organization Name": "Acme",
  Website: "acme.example",
  "First name": "Ada",
  "Last name": "Lovelace",
  Founders: "Ada Lovelace, Alan Turing, Grace Hopper",
  Role: "CEO",
  Email: "ada@acme.example",
  "Lead Investors": "Sequoia Capital",
  "Top 5 Investors": "SEQUOIA CAPITAL FUND XV, L.P., Accel, Y Combinator",
  "Number of Funding Rounds": "4",
});

describe("the companies import writes rounds, people and investors (decision 030)", () => {
  it("turns a row into a round, every founder and the company's investors, and derives the spec's fields", async () => {
    const report = await importRecords([ACME]);
    expect(report).toMatchObject({ inserted: 1, rejectedCount: 0 });
    expect(await roundsOf("Acme")).toEqual([
      {
        announced_on: "2024-03-15",
        funding_type: "Seed",
        amount_usd: 1_000_000,
        source: "crunchbase_companies",
      },
    ]);
    expect(await peopleOf("Acme")).toEqual([
      {
        name: "Ada Lovelace",
        title: "CEO",
        role_kind: "founder",
        email: "ada@acme.example",
        source: "crunchbase_companies",
      },
      ...OTHER_FOUNDERS,
    ]);
    // "SEQUOIA CAPITAL FUND XV, L.P." is Sequoia Capital (decision 030 §3): one investor, the lead.
    expect(await investorsOf("Acme")).toEqual([
      { name: "Accel", is_lead: false },
      { name: "Sequoia Capital", is_lead: true },
      { name: "Y Combinator", is_lead: false },
    ]);
    expect(await companyRow("Acme")).toEqual({
      first_name: "Ada",
      last_name: "Lovelace",
      role: "CEO",
      email: "ada@acme.example",
      founders: "Ada Lovelace, Alan Turing, Grace Hopper",
      last_funding_date: "2024-03-15",
      last_funding_amount_usd: 1_000_000,
      total_funding_amount_usd: 2_500_000,
      funding_round_count: 4,
      stated_round_count: 4,
      // Three investors, and Sequoia's negated id for 'led by'.
      investor_keys: 4,
    });
  });

  it("changes nothing on an identical re-import", async () => {
    await importRecords([ACME]);
    const before = await queryRows(database.db, sql`select * from people order by id`);
    const report = await importRecords([ACME]);
    expect(report).toMatchObject({ inserted: 0, updated: 0, unchanged: 1 });
    expect(await queryRows(database.db, sql`select * from people order by id`)).toEqual(before);
    expect(await roundsOf("Acme")).toHaveLength(1);
  });

  it("keeps the earlier round as history when a later export names a newer one", async () => {
    await importRecords([ACME]);
    const report = await importRecords([
      {
        ...ACME,
        "Last Funding Date": "2025-02-01",
        "Last Funding Type": "Series A",
        "Last Funding Amount (in USD)": "8,000,000",
        "Total Funding Amount (in USD)": "",
      },
    ]);
    expect(report).toMatchObject({ updated: 1 });
    expect((await roundsOf("Acme")).map((round) => round.funding_type)).toEqual(["Seed", "Series A"]);
    // No stated total: the sum of the two rounds.
    expect(await companyRow("Acme")).toMatchObject({
      last_funding_date: "2025-02-01",
      last_funding_amount_usd: 8_000_000,
      total_funding_amount_usd: 9_000_000,
    });
  });

  it("corrects the round it gave rather than adding one when the date moves earlier", async () => {
    await importRecords([ACME]);
    await importRecords([
      { ...ACME, "Last Funding Date": "2024-03-01", "Last Funding Amount (in USD)": "1,200,000" },
    ]);
    expect(await roundsOf("Acme")).toEqual([
      {
        announced_on: "2024-03-01",
        funding_type: "Seed",
        amount_usd: 1_200_000,
        source: "crunchbase_companies",
      },
    ]);
  });

  it("replaces the people and investors it gave when the row names others", async () => {
    await importRecords([ACME]);
    await importRecords([
      {
        ...ACME,
        Founders: "Ada Lovelace, Katherine Johnson",
        "Lead Investors": "",
        "Top 5 Investors": "Accel",
      },
    ]);
    expect((await peopleOf("Acme")).map((person) => person.name)).toEqual([
      "Ada Lovelace",
      "Katherine Johnson",
    ]);
    expect(await investorsOf("Acme")).toEqual([{ name: "Accel", is_lead: false }]);
    expect(await companyRow("Acme")).toMatchObject({
      founders: "Ada Lovelace, Katherine Johnson",
      investor_keys: 1,
    });
  });

  it("leaves rounds, people and investors alone for columns the file does not have", async () => {
    await importRecords([ACME]);
    const report = await importRecords(
      [{ "Organization Name": "Acme", Website: "acme.example", Email: "ada@new.example" }],
      ["Organization Name", "Website", "Email"],
    );
    expect(report).toMatchObject({ updated: 1 });
    // The contact keeps their name and founders; only the address changed.
    expect(await peopleOf("Acme")).toEqual([
      {
        name: "Ada Lovelace",
        title: "CEO",
        role_kind: "founder",
        email: "ada@new.example",
        source: "crunchbase_companies",
      },
      ...OTHER_FOUNDERS,
    ]);
    expect(await roundsOf("Acme")).toHaveLength(1);
    expect(await investorsOf("Acme")).toHaveLength(3);
    expect(await companyRow("Acme")).toMatchObject({ email: "ada@new.example", stated_round_count: 4 });
  });

  it("matches a company's people and rounds from another source instead of adding them twice", async () => {
    await seedCompanies(database.db, { count: 20, seed: 7, today: TODAY });
    const [seeded] = await queryRows<{
      name: string;
      website: string;
      first: string;
      last: string;
      email: string;
      date: string;
      type: string;
      people: number;
      rounds: number;
    }>(
      database.db,
      sql`select c.organization_name as name, c.website, p.first_name as first, p.last_name as last, p.email,
            c.last_funding_date::text as date, c.last_funding_type as type,
            (select count(*)::int from people q where q.company_id = c.id) as people,
            (select count(*)::int from funding_rounds r where r.company_id = c.id) as rounds
          from companies c join people p on p.company_id = c.id
          where p.email is not null and p.email = c.email and c.last_funding_date is not null
          order by c.id limit 1`,
    );
    if (seeded === undefined) throw new Error("the demo set has no company with a contact and a round");
    await importRecords(
      [
        {
          "Organization Name": seeded.name,
          Website: seeded.website,
          "First name": seeded.first,
          "Last name": seeded.last,
          Email: seeded.email,
          "Last Funding Date": seeded.date,
          "Last Funding Type": seeded.type,
        },
      ],
      [
        "Organization Name",
        "Website",
        "First name",
        "Last name",
        "Email",
        "Last Funding Date",
        "Last Funding Type",
      ],
    );
    const [after] = await queryRows<{ people: number; rounds: number; email: string }>(
      database.db,
      sql`select c.email, (select count(*)::int from people q where q.company_id = c.id) as people,
            (select count(*)::int from funding_rounds r where r.company_id = c.id) as rounds
          from companies c where c.organization_name = ${seeded.name}`,
    );
    expect(after).toEqual({ people: seeded.people, rounds: seeded.rounds, email: seeded.email });
  });

  it("gives every company of a file across batches its own graph, with investors shared by name", async () => {
    const records = Array.from({ length: 30 }, (_, index) =>
      crunchbaseRecord(index + 1, {
        "Lead Investors": index % 2 === 0 ? "Northwind Ventures" : "",
        "Top 5 Investors": `Northwind Ventures, Fund ${index % 3}`,
        "Number of Funding Rounds": String((index % 4) + 1),
      }),
    );
    const report = await importRecords(records, INVESTOR_HEADERS, 7);
    expect(report).toMatchObject({ inserted: 30, rejectedCount: 0 });
    const [counts] = await queryRows<{ investors: number; links: number; rounds: number; people: number }>(
      database.db,
      sql`select (select count(*)::int from investors) as investors,
            (select count(*)::int from company_investors) as links,
            (select count(*)::int from funding_rounds) as rounds,
            (select count(*)::int from people) as people`,
    );
    // Northwind and Fund 0-2; two links per company; one round and two founders each.
    expect(counts).toEqual({ investors: 4, links: 60, rounds: 30, people: 60 });
  });

  it("rejects a row whose Number of Funding Rounds is not a number, naming the column", async () => {
    const report = await importRecords([{ ...ACME, "Number of Funding Rounds": "many" }]);
    expect(report.rejected).toEqual([
      { row: 2, reason: 'Number of Funding Rounds "many" is not a number of rounds.' },
    ]);
  });
});
