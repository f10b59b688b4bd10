import { mkdtemp, rm, stat, truncate } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setUpTestDatabase } from "~tests/fixtures/database";
import { expectDerivedEqualRecomputation } from "~tests/fixtures/derived-fields";
import { type FormDFixture, writePrimaryDocs, writeQuarterZip } from "~tests/fixtures/formd";
import { queryRows } from "../db/query-rows.server";
import { readFormDSource } from "./import/formd-source.server";
import { ImportFileError, importFormD } from "./import-formd.server";

// Decision 031: the import read from files in the SEC's published layouts (a quarterly data set zip, a folder of
// primary_doc.xml files), through the one place the import meets the readers.
const database = setUpTestDatabase();
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "rl-formd-files-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const STARTUP: FormDFixture = {
  accessionNumber: "0001900001-26-000001",
  cik: "0001900001",
  name: "Quillwork Robotics, Inc.",
  filingDate: "2026-07-10",
  city: "SOUTH SAN FRANCISCO",
  stateOrCountry: "CA",
  stateOrCountryDescription: "CALIFORNIA",
  entityType: "Corporation",
  industryGroup: "Other Technology",
  equity: true,
  saleDate: "2026-06-30",
  totalOffering: 5_000_000,
  amountSold: "4200000.50",
  investors: 7,
  persons: [
    { first: "Maya", last: "Okafor", relationships: ["Executive Officer", "Director"], clarification: "CEO" },
    { first: "Tomás", last: "Ibarra", relationships: ["Director"] },
  ],
};
const AMENDMENT: FormDFixture = {
  ...STARTUP,
  accessionNumber: "0001900001-26-000002",
  filingDate: "2026-08-20",
  submissionType: "D/A",
  previousAccessionNumber: STARTUP.accessionNumber,
  amountSold: 5_000_000,
  investors: 9,
};
const FUND: FormDFixture = {
  accessionNumber: "0001900002-26-000001",
  cik: "0001900002",
  name: "Harbor Peak Ventures Fund II, L.P.",
  entityType: "Limited Partnership",
  industryGroup: "Pooled Investment Fund",
  investmentFundType: "Venture Capital Fund",
  pooled: true,
  saleDate: "2026-07-01",
  amountSold: 50_000_000,
  coIssuers: [{ cik: "0001900003", name: "Harbor Peak Ventures Fund II-A, L.P." }],
};
const TEST_FILING: FormDFixture = {
  accessionNumber: "0001900004-26-000001",
  cik: "0001900004",
  name: "Test Issuer Inc",
  test: true,
  equity: true,
  saleDate: "2026-07-01",
  amountSold: 1_000,
};

async function importPath(source: string) {
  const { report } = await importFormD(database.db, readFormDSource(source), {});
  await expectDerivedEqualRecomputation(database.db, { convertedOnly: true });
  return report;
}

async function tableCounts() {
  const [row] = await queryRows<{ companies: number; rounds: number; people: number; filings: number }>(
    database.db,
    sql`select (select count(*)::int from companies) as companies,
          (select count(*)::int from funding_rounds) as rounds,
          (select count(*)::int from people) as people,
          (select count(*)::int from formd_filings) as filings`,
  );
  return row;
}

describe("the Form D import from the published layouts (decision 031)", () => {
  it("imports a quarterly data set: the company, its round linked to the filing, its people; funds and TEST filings left out", async () => {
    const zip = await writeQuarterZip(path.join(dir, "2026q3_d.zip"), [
      STARTUP,
      AMENDMENT,
      FUND,
      TEST_FILING,
    ]);
    const report = await importPath(zip);
    expect(report).toMatchObject({
      totalRows: 4,
      inserted: 1,
      companiesInserted: 1,
      fundsLeftOut: 1,
      testsLeftOut: 1,
      amendmentsApplied: 1,
      rejectedCount: 0,
    });
    const [company] = await queryRows<Record<string, unknown>>(
      database.db,
      sql`select organization_name, cik, city, region, country, email, funding_round_count, last_funding_date::text,
            last_funding_amount_usd::float8 as last_amount
          from companies`,
    );
    expect(company).toMatchObject({
      organization_name: "Quillwork Robotics, Inc.",
      cik: "1900001",
      city: "South San Francisco",
      region: "California",
      country: "United States",
      email: null,
      funding_round_count: 1,
      last_funding_date: "2026-06-30",
      // The amendment's amount: one round, updated, never two.
      last_amount: 5_000_000,
    });
    const rounds = await queryRows<Record<string, unknown>>(
      database.db,
      sql`select source, source_key, source_url, investor_count from funding_rounds`,
    );
    expect(rounds).toEqual([
      {
        source: "sec_form_d",
        source_key: STARTUP.accessionNumber,
        // The filing that speaks last, the amendment, is the one linked.
        source_url: "https://www.sec.gov/Archives/edgar/data/1900001/000190000126000002/",
        investor_count: 9,
      },
    ]);
    const people = await queryRows<Record<string, unknown>>(
      database.db,
      sql`select first_name, last_name, title, email from people order by position`,
    );
    expect(people).toEqual([
      { first_name: "Maya", last_name: "Okafor", title: "Executive Officer, Director: CEO", email: null },
      { first_name: "Tomás", last_name: "Ibarra", title: "Director", email: null },
    ]);

    // The same data set again changes nothing.
    const before = await tableCounts();
    const again = await importPath(zip);
    expect(again).toMatchObject({ inserted: 0, updated: 0, companiesInserted: 0, companiesUpdated: 0 });
    expect(await tableCounts()).toEqual(before);
  });

  it("imports a folder of primary_doc.xml files in EDGAR's layout", async () => {
    const folder = path.join(dir, "edgar");
    await writePrimaryDocs(folder, [
      { ...STARTUP, accessionNumber: "0001900009-26-000001", cik: "0001900009", name: "Lumen Tide Inc." },
    ]);
    const report = await importPath(folder);
    expect(report).toMatchObject({ totalRows: 1, inserted: 1, companiesInserted: 1, rejectedCount: 0 });
    const [row] = await queryRows<{ name: string; url: string }>(
      database.db,
      sql`select c.organization_name as name, r.source_url as url
          from companies c join funding_rounds r on r.company_id = c.id where c.cik = '1900009'`,
    );
    expect(row).toEqual({
      name: "Lumen Tide Inc.",
      url: "https://www.sec.gov/Archives/edgar/data/1900009/000190000926000001/",
    });
  });

  it("refuses a data set missing one of its six files, or cut in the middle, with a message, writing nothing", async () => {
    const before = await tableCounts();
    const missing = await writeQuarterZip(path.join(dir, "missing.zip"), [STARTUP], {
      omit: ["OFFERING.tsv"],
    });
    await expect(importPath(missing)).rejects.toThrow(ImportFileError);
    await expect(importPath(missing)).rejects.toThrow(/OFFERING\.tsv/);
    const cut = await writeQuarterZip(path.join(dir, "cut.zip"), [STARTUP, AMENDMENT]);
    await truncate(cut, Math.floor((await stat(cut)).size / 2));
    await expect(importPath(cut)).rejects.toThrow(ImportFileError);
    expect(await tableCounts()).toEqual(before);
  });
});
