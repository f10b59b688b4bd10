import { sql } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { type CsvRecord, crunchbaseRecord, csvStream, toCrunchbaseCsv } from "~tests/fixtures/crunchbase-csv";
import { setUpTestDatabase } from "~tests/fixtures/database";
import { company } from "~tests/fixtures/factories";
import { queryRows } from "../db/query-rows.server";
import { companies, type NewCompanyRow } from "../db/schema";
import { getHomeStats, invalidateCatalog } from "./catalog.server";
import { COMPANY_CSV_HEADERS } from "./crunchbase-columns";
import {
  ImportFileError,
  type ImportOptions,
  type ImportProgress,
  type ImportReport,
  ImportWriteError,
  importCompanies,
} from "./import-companies.server";

const TODAY = new Date("2025-06-15T00:00:00Z");
const database = setUpTestDatabase();

function importText(content: string | Buffer, options: ImportOptions = {}): Promise<ImportReport> {
  // Small chunks, so rows and quoted cells straddle chunk boundaries.
  return importCompanies(database.db, csvStream(content, 97), { today: TODAY, ...options });
}

function importRecords(records: CsvRecord[], options: ImportOptions = {}): Promise<ImportReport> {
  return importText(toCrunchbaseCsv(records), options);
}

interface StoredCompany extends Record<string, unknown> {
  id: number;
  slug: string;
  organization_name: string;
  website_domain: string | null;
  description: string | null;
}

async function storedCompanies(): Promise<StoredCompany[]> {
  return queryRows<StoredCompany>(
    database.db,
    sql`select id, slug, organization_name, website_domain, description from companies order by id`,
  );
}

/** Every column but the update time, to compare whole table states across imports. */
async function tableState(): Promise<Array<Record<string, unknown>>> {
  const rows = await database.db.select().from(companies).orderBy(companies.id);
  return rows.map(({ updatedAt: _updatedAt, ...rest }) => rest);
}

async function store(...rows: Array<Partial<NewCompanyRow> & { organizationName: string }>): Promise<void> {
  await database.db.insert(companies).values(rows.map((row) => company(row.organizationName, row)));
}

describe("importCompanies", () => {
  it("inserts the rows of a valid file with their parsed values", async () => {
    const report = await importRecords([
      crunchbaseRecord(1),
      crunchbaseRecord(2, {
        "Organization Name": "Café Ñu",
        Website: "cafe-nu.example",
        Industries: "Food and Beverage, Coffee",
        "Headquarters Location": "Singapore, Singapore",
        "First name": "",
        "Last name": "",
        Founders: "Mei Lin Tan, Ravi Kumar",
        "Last Funding Amount (in USD)": "$12,500,000.60",
        "Last Funding Date": "4/9/2024",
        "Total Funding Amount (in USD)": "",
      }),
    ]);
    expect(report).toMatchObject({ inserted: 2, updated: 0, rejected: [], rejectedCount: 0, totalRows: 2 });
    expect(report.ms).toBeGreaterThanOrEqual(0);
    const [first, second] = await database.db.select().from(companies).orderBy(companies.id);
    expect(first).toMatchObject({
      slug: "company-1",
      organizationName: "Company 1",
      nameKey: "company 1",
      industries: ["Software", "Artificial Intelligence (AI)"],
      headquartersRegions: ["Greater Austin Area", "Southern US"],
      city: "Austin",
      region: "Texas",
      country: "United States",
      firstName: "Jane",
      lastName: "Doe1",
      website: "https://www.company1.example",
      websiteDomain: "company1.example",
      lastFundingAmountUsd: 1_000_000,
      lastFundingAmount: 1_000_000,
      lastFundingDate: "2024-03-15",
      lastFundingType: "Seed",
      totalFundingAmountUsd: 2_500_000,
    });
    expect(second).toMatchObject({
      slug: "cafe-nu",
      organizationName: "Café Ñu",
      website: "https://cafe-nu.example",
      websiteDomain: "cafe-nu.example",
      industries: ["Food and Beverage", "Coffee"],
      city: "Singapore",
      region: "Unknown Region",
      country: "Singapore",
      firstName: "Mei",
      lastName: "Lin Tan",
      lastFundingAmountUsd: 12_500_001,
      lastFundingDate: "2024-04-09",
      // decision 030: no stated total, so the total is the sum of the rounds the company has (its one round).
      totalFundingAmountUsd: 12_500_001,
      statedTotalUsd: null,
    });
  });

  it("updates on a second import of the same file and converges to the same table", async () => {
    const csv = toCrunchbaseCsv([
      crunchbaseRecord(1),
      crunchbaseRecord(2, { Website: "" }),
      crunchbaseRecord(3, { "Last Funding Date": "someday" }),
      crunchbaseRecord(1, { Description: "Updated later in the file." }),
    ]);
    const first = await importText(csv, { batchSize: 2 });
    expect(first).toMatchObject({ inserted: 2, updated: 1, rejectedCount: 1, totalRows: 4 });
    const afterFirst = await tableState();

    const second = await importText(csv, { batchSize: 2 });
    // Company 2's row is what is stored; company 1's two rows each change its description.
    expect(second).toMatchObject({
      inserted: 0,
      updated: 2,
      unchanged: 1,
      rejectedCount: 1,
      duplicates: [{ row: 5, firstRow: 2 }],
      totalRows: 4,
    });
    expect(await tableState()).toEqual(afterFirst);
    expect(afterFirst.map((row) => row.description)).toEqual([
      "Updated later in the file.",
      "Company 2 builds things.",
    ]);
  });

  it("keeps the slug and creation time of an updated company and sets updated_at", async () => {
    await store({ organizationName: "Acme", slug: "the-acme-slug", websiteDomain: "acme.example" });
    await database.db.execute(
      sql`update companies set created_at = now() - interval '1 day', updated_at = created_at`,
    );
    await importRecords([
      crunchbaseRecord(1, { "Organization Name": "Acme Renamed", Website: "https://acme.example" }),
    ]);
    const [row] = await queryRows<{ slug: string; name: string; fresh: boolean; created_earlier: boolean }>(
      database.db,
      sql`select slug, organization_name as name, updated_at > now() - interval '1 minute' as fresh,
                 created_at < now() - interval '1 hour' as created_earlier from companies`,
    );
    expect(row).toEqual({ slug: "the-acme-slug", name: "Acme Renamed", fresh: true, created_earlier: true });
  });

  describe("matching", () => {
    it("matches by website domain before name", async () => {
      await store(
        { organizationName: "Acme", websiteDomain: "acme.example", description: "stored acme" },
        { organizationName: "Zeta", description: "stored zeta" },
      );
      const report = await importRecords([
        crunchbaseRecord(1, { "Organization Name": "Zeta", Website: "http://www.ACME.example/about" }),
      ]);
      expect(report).toMatchObject({ inserted: 0, updated: 1 });
      expect(await storedCompanies()).toEqual([
        expect.objectContaining({ id: 1, organization_name: "Zeta", website_domain: "acme.example" }),
        expect.objectContaining({
          id: 2,
          organization_name: "Zeta",
          website_domain: null,
          description: "stored zeta",
        }),
      ]);
    });

    it("matches by name when the stored company or the row has no website", async () => {
      await store(
        { organizationName: "Gamma" },
        { organizationName: "Delta", websiteDomain: "delta.example", description: "stored delta" },
      );
      const report = await importRecords([
        crunchbaseRecord(1, { "Organization Name": " GAMMA ", Website: "gamma.example" }),
        crunchbaseRecord(2, { "Organization Name": "delta", Website: "" }),
      ]);
      expect(report).toMatchObject({ inserted: 0, updated: 2 });
      expect(await storedCompanies()).toEqual([
        expect.objectContaining({ id: 1, organization_name: "GAMMA", website_domain: "gamma.example" }),
        expect.objectContaining({ id: 2, organization_name: "delta", website_domain: null }),
      ]);
    });

    it("keeps same-named companies with different websites apart", async () => {
      await store({ organizationName: "Delta", slug: "delta", websiteDomain: "delta.example" });
      const report = await importRecords([
        crunchbaseRecord(1, { "Organization Name": "Delta", Website: "delta.io" }),
      ]);
      expect(report).toMatchObject({ inserted: 1, updated: 0 });
      expect((await storedCompanies()).map((row) => [row.slug, row.website_domain])).toEqual([
        ["delta", "delta.example"],
        ["delta-2", "delta.io"],
      ]);
    });

    it("lets the last row about a company win, inside a batch and across batches", async () => {
      for (const batchSize of [1_000, 2]) {
        await database.reset();
        const report = await importRecords(
          [
            crunchbaseRecord(1, { Website: "x.example", Description: "first" }),
            crunchbaseRecord(2, { "Organization Name": "Solo", Website: "", Description: "solo first" }),
            crunchbaseRecord(3),
            crunchbaseRecord(4, {
              "Organization Name": "X Corp",
              Website: "www.x.example",
              Description: "second",
            }),
            crunchbaseRecord(5, { "Organization Name": "solo", Website: "", Description: "solo second" }),
          ],
          { batchSize },
        );
        expect(report).toMatchObject({ inserted: 3, updated: 2, totalRows: 5 });
        expect(
          (await storedCompanies()).map((row) => [row.slug, row.organization_name, row.description]),
        ).toEqual([
          ["company-1", "X Corp", "second"],
          ["solo", "solo", "solo second"],
          ["company-3", "Company 3", "Company 3 builds things."],
        ]);
      }
    });

    it("applies rows in order when a row changes the key a later row matches on", async () => {
      await store({ organizationName: "Acme", websiteDomain: "old.example" });
      // Row 2 renames the stored Acme; row 3 (no website) then finds no "acme" and creates one.
      const report = await importRecords([
        crunchbaseRecord(1, { "Organization Name": "Acme Two", Website: "old.example" }),
        crunchbaseRecord(2, { "Organization Name": "Acme", Website: "" }),
      ]);
      expect(report).toMatchObject({ inserted: 1, updated: 1 });
      expect((await storedCompanies()).map((row) => [row.organization_name, row.website_domain])).toEqual([
        ["Acme Two", "old.example"],
        ["Acme", null],
      ]);
    });
    it("matches a later row on a website an earlier row gave the company", async () => {
      await store({ organizationName: "Acme" });
      const report = await importRecords([
        crunchbaseRecord(1, { "Organization Name": "Acme", Website: "acme.example" }),
        crunchbaseRecord(2, { "Organization Name": "Acme Renamed", Website: "https://acme.example" }),
      ]);
      expect(report).toMatchObject({ inserted: 0, updated: 2 });
      expect((await storedCompanies()).map((row) => [row.organization_name, row.website_domain])).toEqual([
        ["Acme Renamed", "acme.example"],
      ]);
    });
  });

  it("gives new companies free slugs, suffixing collisions with stored and in-file slugs", async () => {
    await store(
      { organizationName: "Acme", slug: "acme", websiteDomain: "acme.example" },
      { organizationName: "Acme 2", slug: "acme-2", websiteDomain: "acme2.example" },
      { organizationName: "Acme Labs", slug: "acme-3", websiteDomain: "acme-labs.example" },
    );
    await importRecords([
      crunchbaseRecord(1, { "Organization Name": "ACME!", Website: "acme.io" }),
      crunchbaseRecord(2, { "Organization Name": "acme", Website: "acme.dev" }),
      crunchbaseRecord(3, { "Organization Name": "Beta", Website: "beta.example" }),
      crunchbaseRecord(4, { "Organization Name": "Beta", Website: "beta.io" }),
    ]);
    expect((await storedCompanies()).slice(3).map((row) => [row.slug, row.website_domain])).toEqual([
      ["acme-4", "acme.io"],
      ["acme-5", "acme.dev"],
      ["beta", "beta.example"],
      ["beta-2", "beta.io"],
    ]);
  });

  it("finds a free slug past a long run of taken suffixes", async () => {
    await store(
      ...Array.from({ length: 60 }, (_, index) => ({
        organizationName: `Stealth ${index}`,
        slug: index === 0 ? "stealth" : `stealth-${index + 1}`,
        websiteDomain: `stealth${index}.example`,
      })),
    );
    await importRecords([crunchbaseRecord(1, { "Organization Name": "Stealth", Website: "stealth.new" })]);
    const [row] = await queryRows<{ slug: string }>(
      database.db,
      sql`select slug from companies where website_domain = 'stealth.new'`,
    );
    expect(row?.slug).toBe("stealth-61");
  });

  it("leaves stored values alone for columns the file does not have", async () => {
    await store({
      organizationName: "Acme",
      websiteDomain: "acme.example",
      website: "https://acme.example",
      industries: ["Robotics"],
      description: "kept",
    });
    const csv = toCrunchbaseCsv([{ "Organization Name": "Acme", "Last Funding Type": "Series B" }], {
      headers: ["Organization Name", "Last Funding Type"],
    });
    expect(await importText(csv)).toMatchObject({ inserted: 0, updated: 1 });
    const [row] = await database.db.select().from(companies);
    expect(row).toMatchObject({
      description: "kept",
      industries: ["Robotics"],
      websiteDomain: "acme.example",
      lastFundingType: "Series B",
    });
  });

  describe("rejected rows", () => {
    it("reports each with its file line and reason while the good rows land", async () => {
      const header = toCrunchbaseCsv([]);
      const row = (record: CsvRecord) => toCrunchbaseCsv([record]).slice(header.length);
      const csv = [
        header, // line 1
        row(crunchbaseRecord(1, { "Full Description": "Line one\nline two\nline three" })), // lines 2-4
        row(crunchbaseRecord(2, { "Last Funding Amount (in USD)": "lots" })), // line 5
        "\n", // line 6, blank
        row(crunchbaseRecord(3)), // line 7
        "Short Row,only,three\n", // line 8
        row(crunchbaseRecord(4, { "Organization Name": "" })), // line 9
        'Broken "quote,x\n', // line 10
        row(crunchbaseRecord(5, { Description: 'He said "hi"\r\nand left' })), // lines 11-12
        row(crunchbaseRecord(6, { Email: "nobody" })), // line 13
        row(crunchbaseRecord(7)), // line 14
      ].join("");
      const report = await importText(csv);
      expect(report.rejected).toEqual([
        {
          row: 5,
          reason:
            'Last Funding Amount (in USD) "lots" is not an amount (expected a number such as 1,000,000).',
        },
        { row: 8, reason: "expected 21 columns, found 3" },
        { row: 9, reason: "Organization Name is empty." },
        {
          row: 10,
          reason:
            'a cell contains a quote (") but does not start with one; quote the whole cell and double the quotes inside it',
        },
        { row: 13, reason: 'Email "nobody" is not an email address.' },
      ]);
      expect(report).toMatchObject({ inserted: 4, updated: 0, rejectedCount: 5, totalRows: 9 });
      expect((await storedCompanies()).map((company) => company.organization_name)).toEqual([
        "Company 1",
        "Company 3",
        "Company 5",
        "Company 7",
      ]);
    });

    it("lists every problem of a rejected row, not only the first (docs/product.md#imports)", async () => {
      const csv = toCrunchbaseCsv([
        crunchbaseRecord(1),
        crunchbaseRecord(2, { Email: "nobody", "Last Funding Date": "last spring" }),
        crunchbaseRecord(3),
      ]);
      const report = await importText(csv);
      expect(report.rejected).toEqual([
        {
          row: 3,
          reason:
            'Email "nobody" is not an email address; ' +
            'Last Funding Date "last spring" is not a valid date (expected YYYY-MM-DD).',
        },
      ]);
      expect(report).toMatchObject({ inserted: 2, rejectedCount: 1, totalRows: 3 });
    });

    it("numbers rows right in a Windows file with a byte order mark", async () => {
      const csv = toCrunchbaseCsv(
        [
          crunchbaseRecord(1, { Description: "two\r\nlines" }),
          crunchbaseRecord(2, { "Last Funding Date": "2024-02-30" }),
          crunchbaseRecord(3),
        ],
        { lineEnding: "\r\n", bom: true },
      );
      const report = await importText(csv);
      expect(report.rejected).toEqual([
        { row: 4, reason: 'Last Funding Date "2024-02-30" is not a valid date (expected YYYY-MM-DD).' },
      ]);
      expect(report.inserted).toBe(2);
    });

    it("reports consecutive broken rows once each, at the line each starts on", async () => {
      const header = toCrunchbaseCsv([]);
      const good = toCrunchbaseCsv([crunchbaseRecord(9)]).slice(header.length);
      const csv = `${header}"bad"x",1\n"multi\nline"y",2\nplain"quote"twice,3\n${good}`;
      const report = await importText(csv);
      expect(report.rejected.map((rejected) => rejected.row)).toEqual([2, 3, 5]);
      expect(report.rejected[0]?.reason).toMatch(/goes on after its closing quote/);
      expect(report).toMatchObject({ inserted: 1, rejectedCount: 3, totalRows: 4 });
    });

    it("reports a quoted cell that is never closed as one row, keeping the rows before it", async () => {
      const header = toCrunchbaseCsv([]);
      const rows = toCrunchbaseCsv([crunchbaseRecord(1), crunchbaseRecord(2)]).slice(header.length);
      // Rows without quotes after it: nothing can close the cell, so it runs to the end of the file.
      const unquoted = `${"plain,".repeat(19)}plain\n`.repeat(3);
      const csv = `${header}${rows}"Unclosed,name\n${unquoted}`;
      const report = await importText(csv);
      expect(report.rejected).toEqual([
        { row: 4, reason: "a quoted cell is never closed, so the rest of the file was read as this row" },
      ]);
      expect(report).toMatchObject({ inserted: 2, totalRows: 3 });
    });

    it("stops reading, and says so, when no row ends within the byte limit", async () => {
      const header = toCrunchbaseCsv([]);
      const good = toCrunchbaseCsv([crunchbaseRecord(1), crunchbaseRecord(2)]).slice(header.length);
      const endless = `"Runaway,${"x".repeat(200)}\n`.repeat(1_000);
      const report = await importText(`${header}${good}${endless}${good}`, { maxBytesWithoutRow: 20_000 });
      expect(report.rejected).toEqual([
        {
          row: 4,
          reason:
            "no row ends within 20 kB from here (most likely a quoted cell is never closed), so the rest of the file was not read",
        },
      ]);
      expect(report).toMatchObject({ inserted: 2, updated: 0, totalRows: 3 });
    });

    it("keeps at most maxRejectedKept reasons but counts every rejected row", async () => {
      const records = Array.from({ length: 30 }, (_, index) =>
        crunchbaseRecord(index, { Email: index % 3 === 0 ? "" : "bad" }),
      );
      const report = await importRecords(records, { maxRejectedKept: 5 });
      expect(report.rejectedCount).toBe(20);
      expect(report.rejected.map((rejected) => rejected.row)).toEqual([3, 4, 6, 7, 9]);
      expect(report.inserted).toBe(10);
    });

    it("ignores rows of empty cells that spreadsheets leave at the end", async () => {
      const csv = `${toCrunchbaseCsv([crunchbaseRecord(1)])}${",".repeat(19)}\n${",".repeat(19)}\n`;
      expect(await importText(csv)).toMatchObject({ inserted: 1, totalRows: 1, rejectedCount: 0 });
    });
  });

  describe("files that cannot be imported", () => {
    beforeEach(async () => {
      await store(
        { organizationName: "Stored One" },
        { organizationName: "Stored Two", websiteDomain: "two.example" },
      );
    });

    async function expectFileError(content: string | Buffer, message: string | RegExp): Promise<void> {
      const before = await tableState();
      const error = await importText(content).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ImportFileError);
      expect((error as ImportFileError).message).toMatch(message);
      expect(await tableState()).toEqual(before);
    }

    it("rejects an empty file", async () => {
      await expectFileError("", /^The file is empty\.$/);
      await expectFileError("\ufeff\n\r\n  \n", /^The file is empty\.$/);
    });

    it("rejects a binary file", async () => {
      const png = Buffer.concat([
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]),
        Buffer.alloc(20_000, 0),
        Buffer.from(toCrunchbaseCsv([crunchbaseRecord(1)])),
      ]);
      await expectFileError(png, /^The file is not a CSV text file\.$/);
    });

    it("recognises an Excel workbook", async () => {
      const xlsx = Buffer.concat([Buffer.from("PK\x03\x04", "latin1"), Buffer.alloc(100, 7)]);
      await expectFileError(xlsx, /Excel workbook/);
    });

    it("rejects a file whose header row is not valid CSV", async () => {
      await expectFileError(
        `Organization "Name,Website\n${"Acme,acme.example\n".repeat(5)}`,
        /not a CSV text file/,
      );
    });

    it("rejects a file without an Organization Name column, listing the columns it found", async () => {
      await expectFileError(
        "Name,Web Site,Founded\nAcme,acme.example,2020\n",
        "The file has no 'Organization Name' column; is it a Crunchbase CSV export? Found columns: 'Name', 'Web Site', 'Founded'.",
      );
    });

    it("rejects a file with two columns for one field", async () => {
      await expectFileError(
        "Organization Name,Website,Homepage URL\nAcme,acme.example,acme.example\n",
        /more than one column for the same field: 'Homepage URL'/,
      );
    });

    it("accepts a header without data rows as an import of nothing", async () => {
      const before = await tableState();
      const report = await importText(`${COMPANY_CSV_HEADERS.join(",")}\n`);
      expect(report).toMatchObject({ inserted: 0, updated: 0, rejectedCount: 0, totalRows: 0 });
      expect(await tableState()).toEqual(before);
    });
  });

  it("imports the older header generation", async () => {
    const csv = toCrunchbaseCsv([crunchbaseRecord(1, { "Last Funding Amount (in USD)": "2,000,000" })], {
      oldHeaders: true,
    });
    expect(csv.split("\n")[0]).toContain("Last Funding Amount Currency (in USD)");
    await importText(csv);
    const [row] = await database.db.select().from(companies);
    expect(row).toMatchObject({
      lastFundingAmountUsd: 2_000_000,
      totalFundingAmountUsd: 2_500_000,
      firstName: "Jane",
    });
  });

  it("refreshes this process's cached catalog figures after writing", async () => {
    invalidateCatalog();
    expect((await getHomeStats(database.db)).totalCompanies).toBe(0);
    await importRecords([crunchbaseRecord(1), crunchbaseRecord(2)]);
    expect((await getHomeStats(database.db)).totalCompanies).toBe(2);
  });

  it("reports progress after each committed batch", async () => {
    const progress: ImportProgress[] = [];
    await importRecords(
      Array.from({ length: 5 }, (_, index) => crunchbaseRecord(index)),
      { batchSize: 2, onProgress: (step) => progress.push(step) },
    );
    expect(progress.map((step) => step.inserted)).toEqual([2, 4, 5]);
    expect(progress.at(-1)).toEqual({
      rowsRead: 5,
      inserted: 5,
      updated: 0,
      unchanged: 0,
      rejected: 0,
      suppressed: 0,
      duplicates: 0,
    });
  });

  describe("when writing a batch fails", () => {
    beforeEach(async () => {
      // A database-side failure no row validation can foresee: a trigger refusing one company.
      await database.db.execute(sql`
        create or replace function refuse_boom() returns trigger language plpgsql as $$
        begin
          if new.organization_name = 'Boom' then raise exception 'the database refused Boom'; end if;
          return new;
        end $$`);
      await database.db.execute(sql`
        create or replace trigger refuse_boom before insert or update on companies
        for each row execute function refuse_boom()`);
    });

    afterAll(async () => {
      await database.db.execute(sql`drop trigger if exists refuse_boom on companies`);
      await database.db.execute(sql`drop function if exists refuse_boom()`);
    });

    it("keeps earlier batches and rolls back the failed one whole", async () => {
      const records = Array.from({ length: 8 }, (_, index) =>
        crunchbaseRecord(index + 1, index === 4 ? { "Organization Name": "Boom" } : {}),
      );
      const error = await importRecords(records, { batchSize: 2 }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ImportWriteError);
      const writeError = error as ImportWriteError;
      expect(writeError.message).toMatch(/^Saving rows 6-7 failed, so the import stopped there: .*Boom/);
      expect(writeError.report).toMatchObject({ inserted: 4, updated: 0 });
      // Rows 2-5 are the two committed batches; row 7 shared the failed batch with Boom and is absent too.
      expect((await storedCompanies()).map((row) => row.organization_name)).toEqual([
        "Company 1",
        "Company 2",
        "Company 3",
        "Company 4",
      ]);
    });
  });
});
