import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { crunchbaseRecord, csvStream, toCrunchbaseCsv } from "~tests/fixtures/crunchbase-csv";
import { setUpTestDatabase } from "~tests/fixtures/database";
import { expectDerivedEqualRecomputation } from "~tests/fixtures/derived-fields";
import { formD } from "~tests/fixtures/formd-filings";
import type { FormDPerson } from "../../core/formd/filing";
import { importCompanies } from "../companies/import-companies.server";
import { queryRows } from "../db/query-rows.server";
import { type FormDImportReport, type FormDSourceItem, importFormD } from "./import-formd.server";

const database = setUpTestDatabase();

async function importFilings(items: FormDSourceItem[], { dryRun = false } = {}): Promise<FormDImportReport> {
  const { report } = await importFormD(database.db, items, { dryRun });
  // decision 030: after every import the derived fields are what the one rule makes of what is stored.
  await expectDerivedEqualRecomputation(database.db, { convertedOnly: true });
  return report;
}

/** The counts the `--json` line gives (decision 031, section 3). */
function countsOf(report: FormDImportReport) {
  return {
    filings: report.totalRows,
    roundsInserted: report.inserted,
    roundsUpdated: report.updated,
    unchanged: report.unchanged,
    companiesInserted: report.companiesInserted,
    companiesUpdated: report.companiesUpdated,
    peopleWritten: report.peopleWritten,
    funds: report.fundsLeftOut,
    tests: report.testsLeftOut,
    notOperating: report.notOperatingLeftOut,
    amendments: report.amendmentsApplied,
    rejected: report.rejectedCount,
  };
}

const NONE = {
  filings: 0,
  roundsInserted: 0,
  roundsUpdated: 0,
  unchanged: 0,
  companiesInserted: 0,
  companiesUpdated: 0,
  peopleWritten: 0,
  funds: 0,
  tests: 0,
  notOperating: 0,
  amendments: 0,
  rejected: 0,
};

async function companies() {
  return queryRows<{
    organization_name: string;
    cik: string | null;
    city: string | null;
    region: string | null;
    country: string | null;
    email: string | null;
    contact_email: string | null;
    last_funding_date: string | null;
    last_funding_type: string | null;
    last_funding_amount_usd: number | null;
  }>(
    database.db,
    sql`select organization_name, cik, city, region, country, email, contact_email,
          last_funding_date::text as last_funding_date, last_funding_type,
          last_funding_amount_usd::float8 as last_funding_amount_usd
        from companies order by id`,
  );
}

async function rounds() {
  return queryRows<{
    company: string;
    announced_on: string;
    funding_type: string;
    amount_usd: number | null;
    source: string;
    source_key: string;
    source_url: string;
  }>(
    database.db,
    sql`select c.organization_name as company, r.announced_on::text as announced_on, r.funding_type,
          r.amount_usd::float8 as amount_usd, r.source, r.source_key, r.source_url
        from funding_rounds r join companies c on c.id = r.company_id order by r.id`,
  );
}

async function accessionNumbers() {
  const rows = await queryRows<{ accession_number: string; filed_on: string | null; rounds: number }>(
    database.db,
    sql`select accession_number, filed_on::text as filed_on,
          (select count(distinct round_id)::int from formd_filings) as rounds
        from formd_filings order by accession_number`,
  );
  return rows;
}

async function formDPeople() {
  return queryRows<{
    first_name: string | null;
    last_name: string | null;
    title: string | null;
    source: string;
  }>(
    database.db,
    sql`select first_name, last_name, title, source from people order by company_id, position, id`,
  );
}

describe("decision 031: importing SEC Form D filings", () => {
  it("a filing yields its company (no email yet), its round from 'SEC Form D' and its people", async () => {
    const report = await importFilings([formD({ accession: "0001000001-26-000001" })]);
    expect(countsOf(report)).toEqual({
      ...NONE,
      filings: 1,
      roundsInserted: 1,
      companiesInserted: 1,
      peopleWritten: 1,
    });
    expect(await companies()).toEqual([
      {
        organization_name: "Acme Robotics, Inc.",
        cik: "1000001",
        city: "San Francisco",
        region: "California",
        country: "United States",
        email: null,
        contact_email: null,
        last_funding_date: "2026-01-10",
        last_funding_type: "Seed",
        last_funding_amount_usd: 2_000_000,
      },
    ]);
    expect(await rounds()).toEqual([
      {
        company: "Acme Robotics, Inc.",
        announced_on: "2026-01-10",
        funding_type: "Seed",
        amount_usd: 2_000_000,
        source: "sec_form_d",
        source_key: "0001000001-26-000001",
        source_url: "https://www.sec.gov/Archives/edgar/data/1000001/000100000126000001/",
      },
    ]);
    expect(await formDPeople()).toEqual([
      {
        first_name: "Ada",
        last_name: "Lovelace",
        title: "Executive Officer, Director: Chief Executive Officer",
        source: "sec_form_d",
      },
    ]);
  });

  it("an amendment chain updates the original's round, never adds a second one", async () => {
    await importFilings([formD({ accession: "0001000001-26-000001" })]);
    const report = await importFilings([
      formD({
        accession: "0001000001-26-000002",
        amends: "0001000001-26-000001",
        filedOn: "2026-03-01",
        amountUsd: 3_000_000,
      }),
      // The second amendment amends the first; its reader knows the chain's root.
      formD({
        accession: "0001000001-26-000003",
        amends: "0001000001-26-000002",
        root: "0001000001-26-000001",
        filedOn: "2026-04-01",
        amountUsd: 4_500_000,
        line: 3,
      }),
    ]);
    expect(countsOf(report)).toEqual({ ...NONE, filings: 2, roundsUpdated: 2, amendments: 2 });
    const stored = await rounds();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      amount_usd: 4_500_000,
      source_key: "0001000001-26-000001",
      source_url: "https://www.sec.gov/Archives/edgar/data/1000001/000100000126000003/",
    });
    expect((await companies())[0]?.last_funding_amount_usd).toBe(4_500_000);
  });

  it("an amendment before its original becomes the round, and the original joins it later", async () => {
    const first = await importFilings([
      formD({
        accession: "0001000001-26-000002",
        amends: "0001000001-26-000001",
        filedOn: "2026-03-01",
        amountUsd: 3_000_000,
      }),
    ]);
    expect(countsOf(first)).toMatchObject({ roundsInserted: 1, amendments: 0 });
    // The original, older, joins the round and leaves the amendment's figures.
    const later = await importFilings([
      formD({ accession: "0001000001-26-000001", root: "0001000001-26-000001" }),
    ]);
    expect(countsOf(later)).toEqual({ ...NONE, filings: 1, roundsUpdated: 1 });
    const stored = await rounds();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.amount_usd).toBe(3_000_000);
    expect(await accessionNumbers()).toEqual([
      { accession_number: "0001000001-26-000001", filed_on: "2026-02-01", rounds: 1 },
      { accession_number: "0001000001-26-000002", filed_on: "2026-03-01", rounds: 1 },
    ]);
  });

  it("leaves funds, TEST filings and issuers not operating out, and counts them", async () => {
    const report = await importFilings([
      formD({ accession: "0001000009-26-000001", kind: "fund", cik: "1000009" }),
      formD({ accession: "0001000009-26-000002", kind: "test", cik: "1000009", line: 3 }),
      formD({ accession: "0001000009-26-000003", kind: "not_operating", cik: "1000009", line: 4 }),
    ]);
    expect(countsOf(report)).toEqual({ ...NONE, filings: 3, funds: 1, tests: 1, notOperating: 1 });
    expect(await companies()).toEqual([]);
    expect(await rounds()).toEqual([]);
  });

  it("reports a row a reader could not read with its file, line and reason, and writes the rest", async () => {
    const report = await importFilings([
      {
        position: { file: "ISSUERS.tsv", line: 7 },
        accessionNumber: null,
        reason: "ACCESSIONNUMBER is empty",
      },
      formD({ accession: "0001000001-26-000001" }),
    ]);
    expect(report.rejected).toEqual([{ row: 7, reason: "ISSUERS.tsv: ACCESSIONNUMBER is empty" }]);
    expect(countsOf(report)).toMatchObject({ filings: 2, rejected: 1, roundsInserted: 1 });
  });

  it("a Crunchbase company gains its filing, not a twin: matched by name without legal form and place", async () => {
    await importCompanies(
      database.db,
      csvStream(
        toCrunchbaseCsv([
          crunchbaseRecord(1, {
            "Organization Name": "Acme Robotics Inc.",
            "Headquarters Location": "San Francisco, California, United States",
          }),
          // Same name elsewhere: another company.
          crunchbaseRecord(2, {
            "Organization Name": "Acme Robotics",
            "Headquarters Location": "Austin, Texas, United States",
          }),
        ]),
      ),
      { today: new Date("2026-03-01T00:00:00Z") },
    );
    const report = await importFilings([formD({ accession: "0001000001-26-000001" })]);
    expect(countsOf(report)).toEqual({
      ...NONE,
      filings: 1,
      roundsInserted: 1,
      companiesUpdated: 1,
      peopleWritten: 1,
    });
    const stored = await companies();
    expect(stored.map((company) => [company.organization_name, company.cik])).toEqual([
      ["Acme Robotics Inc.", "1000001"],
      ["Acme Robotics", null],
    ]);
    // It keeps its own contact, and its last funding is now the filing's round (the newer one).
    expect(stored[0]).toMatchObject({
      email: "jane1@company1.example",
      last_funding_date: "2026-01-10",
      last_funding_type: "Seed",
    });
    const people = await formDPeople();
    expect(people.filter((person) => person.source === "sec_form_d")).toHaveLength(1);
    // A later filing of the same issuer finds it by CIK.
    const again = await importFilings([
      formD({
        accession: "0001000001-26-000010",
        filedOn: "2026-06-01",
        firstSale: "2026-05-20",
        name: "ACME ROBOTICS INC",
      }),
    ]);
    expect(countsOf(again)).toMatchObject({ roundsInserted: 1, companiesInserted: 0 });
    expect(await companies()).toHaveLength(2);
  });

  it("a second import of the same filings changes nothing, and a dry run writes nothing", async () => {
    const items = [
      formD({ accession: "0001000001-26-000001" }),
      formD({
        accession: "0001000001-26-000002",
        amends: "0001000001-26-000001",
        filedOn: "2026-03-01",
        line: 3,
      }),
      formD({
        accession: "0001000002-26-000001",
        cik: "1000002",
        name: "Beta Bio LLC",
        matchName: "beta bio",
        line: 4,
      }),
      formD({ accession: "0001000009-26-000001", kind: "fund", cik: "1000009", line: 5 }),
    ];
    const dry = await importFilings(items, { dryRun: true });
    expect(await companies()).toEqual([]);
    const first = await importFilings(items);
    expect(countsOf(dry)).toEqual(countsOf(first));
    expect(countsOf(first)).toMatchObject({
      roundsInserted: 2,
      roundsUpdated: 1,
      companiesInserted: 2,
      funds: 1,
    });
    const before = { companies: await companies(), rounds: await rounds(), people: await formDPeople() };
    const version = await dataVersion();
    const second = await importFilings(items);
    expect(countsOf(second)).toEqual({ ...NONE, filings: 4, unchanged: 3, funds: 1 });
    expect({ companies: await companies(), rounds: await rounds(), people: await formDPeople() }).toEqual(
      before,
    );
    // No write at all: the data version triggers did not fire.
    expect(await dataVersion()).toBe(version);
  });

  it("a company's Form D people are those of its newest filing, replacing the earlier ones", async () => {
    await importFilings([formD({ accession: "0001000001-26-000001" })]);
    const newer: FormDPerson = {
      firstName: "Grace",
      lastName: "Hopper",
      title: "Director",
      roleKind: "director",
    };
    await importFilings([
      formD({
        accession: "0001000001-26-000005",
        filedOn: "2026-05-01",
        firstSale: "2026-04-01",
        people: [newer],
      }),
    ]);
    expect((await formDPeople()).map((person) => person.last_name)).toEqual(["Hopper"]);
    // An older filing read later does not bring its people back.
    await importFilings([
      formD({ accession: "0001000001-26-000000", filedOn: "2026-01-15", firstSale: "2025-12-01" }),
    ]);
    expect((await formDPeople()).map((person) => person.last_name)).toEqual(["Hopper"]);
  });
});

async function dataVersion(): Promise<string> {
  const [row] = await queryRows<{ version: string }>(
    database.db,
    sql`select version::text as version from data_versions`,
  );
  return row?.version ?? "";
}
