import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { type CsvRecord, crunchbaseRecord, csvStream, toCrunchbaseCsv } from "~tests/fixtures/crunchbase-csv";
import { setUpTestDatabase } from "~tests/fixtures/database";
import { expectDerivedEqualRecomputation } from "~tests/fixtures/derived-fields";
import { ROUND_CSV_HEADERS, roundRecord, toRoundsCsv } from "~tests/fixtures/rounds-csv";
import { importCompanies } from "../companies/import-companies.server";
import { queryRows } from "../db/query-rows.server";
import {
  ImportFileError,
  importRounds,
  type RoundImportOptions,
  type RoundImportReport,
} from "./import-rounds.server";

const TODAY = new Date("2026-01-15T00:00:00Z");
const database = setUpTestDatabase();

async function importRecords(
  records: CsvRecord[],
  options: RoundImportOptions & { oldHeaders?: boolean; headers?: readonly string[] } = {},
): Promise<RoundImportReport> {
  const { oldHeaders, headers, ...rest } = options;
  const text = toRoundsCsv(records, { oldHeaders, ...(headers ? { headers } : {}) });
  const report = await importRounds(database.db, csvStream(text, 97), { today: TODAY, ...rest });
  // decision 030: after every import the derived fields are what the one rule makes of what is stored.
  await expectDerivedEqualRecomputation(database.db, { convertedOnly: true });
  return report;
}

/** Companies 1..n as the companies import stores them (each with a Seed of $1M on 2024-03-15, total $2.5M). */
async function storeCompanies(...numbers: number[]): Promise<void> {
  await importCompanies(database.db, csvStream(toCrunchbaseCsv(numbers.map((n) => crunchbaseRecord(n)))), {
    today: TODAY,
  });
}

interface StoredRound extends Record<string, unknown> {
  company: string;
  announced_on: string | null;
  funding_type: string | null;
  amount_usd: number | null;
  amount: number | null;
  currency: string | null;
  investor_count: number | null;
  source: string;
  source_key: string | null;
  investors: string | null;
}

async function storedRounds(): Promise<StoredRound[]> {
  return queryRows<StoredRound>(
    database.db,
    sql`select c.organization_name as company, r.announced_on::text as announced_on, r.funding_type,
          r.amount_usd::float8 as amount_usd, r.amount::float8 as amount, r.currency, r.investor_count, r.source,
          r.source_key,
          (select string_agg(i.name || case when ri.is_lead then '*' else '' end, ', ' order by i.name)
             from round_investors ri join investors i on i.id = ri.investor_id where ri.round_id = r.id) as investors
        from funding_rounds r join companies c on c.id = r.company_id
        order by c.id, r.announced_on, r.id`,
  );
}

async function companyFields(name: string) {
  const [row] = await queryRows<{
    last_funding_date: string | null;
    last_funding_type: string | null;
    last_funding_amount_usd: number | null;
    total_funding_amount_usd: number | null;
    funding_round_count: number;
  }>(
    database.db,
    sql`select last_funding_date::text as last_funding_date, last_funding_type,
          last_funding_amount_usd::float8 as last_funding_amount_usd,
          total_funding_amount_usd::float8 as total_funding_amount_usd, funding_round_count
        from companies where organization_name = ${name}`,
  );
  return row;
}

async function tableCounts() {
  const [row] = await queryRows<{ rounds: number; links: number; investors: number; companies: string }>(
    database.db,
    sql`select (select count(*)::int from funding_rounds) as rounds, (select count(*)::int from round_investors) as links,
          (select count(*)::int from investors) as investors,
          (select string_agg(id || ':' || updated_at::text, ',' order by id) from companies) as companies`,
  );
  return row;
}

describe("importRounds (decision 030)", () => {
  it("imports both header generations: amounts, currencies, dates, counts and investors", async () => {
    await storeCompanies(1, 2);
    const current = await importRecords([
      roundRecord(1, 5, { "Money Raised": "4,000,000", "Money Raised Currency": "EUR" }),
    ]);
    expect(current).toMatchObject({ inserted: 1, updated: 0, unchanged: 0, rejectedCount: 0, totalRows: 1 });
    const older = await importRecords([roundRecord(2, 5, { "Money Raised (in USD)": "$7,500,000" })], {
      oldHeaders: true,
    });
    expect(older).toMatchObject({ inserted: 1, rejectedCount: 0 });

    const rounds = (await storedRounds()).filter((round) => round.source === "crunchbase_rounds");
    expect(rounds).toEqual([
      {
        company: "Company 1",
        announced_on: "2025-06-01",
        funding_type: "Series A",
        amount_usd: 5_000_000,
        amount: 4_000_000,
        currency: "EUR",
        investor_count: 2,
        source: "crunchbase_rounds",
        source_key: "https://www.crunchbase.com/funding_round/company-1-round-5",
        investors: "Accel, Sequoia Capital*",
      },
      expect.objectContaining({ company: "Company 2", amount_usd: 7_500_000, amount: 5_000_000 }),
    ]);
  });

  it("refuses a file without the columns a round needs", async () => {
    await expect(
      importRounds(database.db, csvStream(toCrunchbaseCsv([crunchbaseRecord(1)])), { today: TODAY }),
    ).rejects.toThrow(ImportFileError);
    await expect(
      importRounds(database.db, csvStream(toCrunchbaseCsv([crunchbaseRecord(1)])), { today: TODAY }),
    ).rejects.toThrow("The file has no 'Funding Type' column; is it a Crunchbase funding-rounds CSV export?");
  });

  it("matches a row's company by website domain, else by name; rejects a company not stored, with its line", async () => {
    await storeCompanies(1, 2);
    const report = await importRecords([
      // 2: another name, the same website: company 1.
      roundRecord(1, 1, { "Organization Name": "Company One Inc" }),
      // 3: no website: by name.
      roundRecord(2, 1, { "Organization Website": null }),
      // 4: unknown.
      roundRecord(9, 1),
      // 5: invalid cells, every problem named.
      roundRecord(2, 2, { "Announced Date": "soon", "Money Raised (in USD)": "-5" }),
      // 6: the same name as company 1 but another website: another company, not stored.
      roundRecord(1, 3, { "Organization Website": "https://elsewhere.example" }),
    ]);
    expect(report).toMatchObject({ inserted: 2, rejectedCount: 3, roundsWritten: 2 });
    expect(report.rejected).toEqual([
      { row: 4, reason: 'Organization "Company 9" is not in Roundlist: import its company first.' },
      {
        row: 5,
        reason:
          'Money Raised (in USD) "-5" is negative; Announced Date "soon" is not a valid date (expected YYYY-MM-DD).',
      },
      { row: 6, reason: 'Organization "Company 1" is not in Roundlist: import its company first.' },
    ]);
    const rounds = (await storedRounds()).filter((round) => round.source === "crunchbase_rounds");
    expect(rounds.map((round) => [round.company, round.announced_on])).toEqual([
      ["Company 1", "2021-06-01"],
      ["Company 2", "2021-06-01"],
    ]);
  });

  it("imports the same file again without writing anything: every row unchanged", async () => {
    await storeCompanies(1, 2);
    const records = [
      roundRecord(1, 1),
      roundRecord(1, 2, { "Investor Names": "Accel, Index Ventures" }),
      roundRecord(2, 3, { "Transaction Name URL": null }),
    ];
    const first = await importRecords(records);
    expect(first).toMatchObject({ inserted: 3, unchanged: 0, roundsWritten: 3, investorsCreated: 3 });
    const before = await tableCounts();
    const again = await importRecords(records);
    expect(again).toMatchObject({
      inserted: 0,
      updated: 0,
      unchanged: 3,
      roundsWritten: 0,
      investorsCreated: 0,
      duplicateCount: 0,
    });
    expect(await tableCounts()).toEqual(before);
  });

  it("updates a matched round instead of adding one, by its URL or by its company, date and type", async () => {
    await storeCompanies(1);
    await importRecords([roundRecord(1, 1), roundRecord(1, 2, { "Transaction Name URL": null })]);
    const report = await importRecords([
      roundRecord(1, 1, { "Money Raised (in USD)": "6,000,000", "Funding Type": "Series B" }),
      roundRecord(1, 2, { "Transaction Name URL": null, "Investor Names": "Accel", "Lead Investors": null }),
    ]);
    expect(report).toMatchObject({ inserted: 0, updated: 2, roundsWritten: 2 });
    const rounds = (await storedRounds()).filter((round) => round.source === "crunchbase_rounds");
    expect(
      rounds.map((round) => [round.announced_on, round.funding_type, round.amount_usd, round.investors]),
    ).toEqual([
      ["2021-06-01", "Series B", 6_000_000, "Accel, Sequoia Capital*"],
      ["2022-06-01", "Series A", 5_000_000, "Accel"],
    ]);
  });

  it("takes over the round a company's own fields gave (same day and type), and keeps its fields on an older round", async () => {
    await storeCompanies(1);
    // The stored Seed of 2024-03-15 (from the company's fields), and an older Series A.
    const report = await importRecords([
      roundRecord(1, 0, {
        "Announced Date": "2024-03-15",
        "Funding Type": "Seed",
        "Money Raised (in USD)": "1,000,000",
      }),
      roundRecord(1, 1),
    ]);
    expect(report).toMatchObject({ inserted: 1, updated: 1 });
    const rounds = await storedRounds();
    expect(rounds.map((round) => [round.announced_on, round.funding_type, round.source])).toEqual([
      ["2021-06-01", "Series A", "crunchbase_rounds"],
      ["2024-03-15", "Seed", "crunchbase_rounds"],
    ]);
    // The last round stays the Seed; the total grows past the stated 2.5M to the rounds' 6M.
    expect(await companyFields("Company 1")).toEqual({
      last_funding_date: "2024-03-15",
      last_funding_type: "Seed",
      last_funding_amount_usd: 1_000_000,
      total_funding_amount_usd: 6_000_000,
      funding_round_count: 2,
    });
  });

  it("moves the company's fields to a newer round", async () => {
    await storeCompanies(1);
    await importRecords([
      roundRecord(1, 5, { "Funding Type": "Series C", "Money Raised (in USD)": "20,000,000" }),
    ]);
    expect(await companyFields("Company 1")).toEqual({
      last_funding_date: "2025-06-01",
      last_funding_type: "Series C",
      last_funding_amount_usd: 20_000_000,
      total_funding_amount_usd: 21_000_000,
      funding_round_count: 2,
    });
  });

  it("moves a round whose URL a later file gives to another company, and derives both companies again", async () => {
    await storeCompanies(1, 2);
    await importRecords([roundRecord(1, 5, { "Money Raised (in USD)": "30,000,000" })]);
    expect(await companyFields("Company 1")).toMatchObject({ last_funding_date: "2025-06-01" });
    const report = await importRecords([
      roundRecord(2, 5, {
        "Transaction Name URL": "https://www.crunchbase.com/funding_round/company-1-round-5",
        "Money Raised (in USD)": "30,000,000",
      }),
    ]);
    expect(report).toMatchObject({ inserted: 0, updated: 1 });
    expect(await companyFields("Company 1")).toMatchObject({
      last_funding_date: "2024-03-15",
      total_funding_amount_usd: 2_500_000,
      funding_round_count: 1,
    });
    expect(await companyFields("Company 2")).toMatchObject({
      last_funding_date: "2025-06-01",
      total_funding_amount_usd: 31_000_000,
      funding_round_count: 2,
    });
  });

  it("matches investors across spellings, and counts a lead Investor Names leaves out", async () => {
    await storeCompanies(1, 2);
    const report = await importRecords([
      roundRecord(1, 1, { "Investor Names": "Sequoia Capital, Accel", "Lead Investors": "Sequoia Capital" }),
      roundRecord(2, 1, {
        "Investor Names": "SEQUOIA CAPITAL FUND XV, L.P., Sequoia Capital Operations, LLC",
        "Lead Investors": "Benchmark",
      }),
    ]);
    expect(report.investorsCreated).toBe(3);
    const investors = await queryRows<{ name: string }>(
      database.db,
      sql`select name from investors order by id`,
    );
    expect(investors.map((row) => row.name)).toEqual(["Sequoia Capital", "Accel", "Benchmark"]);
    const rounds = (await storedRounds()).filter((round) => round.source === "crunchbase_rounds");
    expect(rounds.map((round) => round.investors)).toEqual([
      "Accel, Sequoia Capital*",
      "Benchmark*, Sequoia Capital",
    ]);
  });

  it("across batches: an investor once whatever its spelling, each company derived from all its rounds (decision 030)", async () => {
    await storeCompanies(1, 2, 3);
    const report = await importRecords(
      [
        roundRecord(1, 1, { "Investor Names": "Sequoia Capital, Accel" }),
        roundRecord(2, 1, { "Investor Names": "Benchmark", "Lead Investors": "Benchmark" }),
        roundRecord(1, 2, { "Investor Names": "Sequoia Capital Operations, LLC", "Lead Investors": "" }),
        roundRecord(3, 2, { "Investor Names": "SEQUOIA CAPITAL FUND XV, L.P.", "Lead Investors": "Accel" }),
        // Round 1 of company 2, by its URL, moves to company 3 in a later batch.
        roundRecord(3, 1, {
          "Transaction Name URL": "https://www.crunchbase.com/funding_round/company-2-round-1",
          "Investor Names": "Benchmark, Index Ventures",
          "Lead Investors": "Index Ventures",
        }),
      ],
      { batchSize: 2 },
    );
    expect(report).toMatchObject({ inserted: 4, updated: 1, investorsCreated: 4 });
    const investors = await queryRows<{ name: string }>(
      database.db,
      sql`select name from investors order by id`,
    );
    expect(investors.map((row) => row.name)).toEqual([
      "Sequoia Capital",
      "Accel",
      "Benchmark",
      "Index Ventures",
    ]);
    const rounds = (await storedRounds()).filter((round) => round.source === "crunchbase_rounds");
    expect(rounds.map((round) => [round.company, round.investors])).toEqual([
      ["Company 1", "Accel, Sequoia Capital*"],
      ["Company 1", "Sequoia Capital"],
      ["Company 3", "Benchmark, Index Ventures*"],
      ["Company 3", "Accel*, Sequoia Capital"],
    ]);
    expect(await companyFields("Company 1")).toMatchObject({
      last_funding_date: "2024-03-15",
      funding_round_count: 3,
    });
    expect(await companyFields("Company 2")).toMatchObject({
      last_funding_date: "2024-03-15",
      funding_round_count: 1,
    });
    expect(await companyFields("Company 3")).toMatchObject({
      last_funding_date: "2024-03-15",
      total_funding_amount_usd: 11_000_000,
      funding_round_count: 3,
    });
  });

  it("writes a company's rows spread over the file in one batch, so its fields are written once (decision 030)", async () => {
    await storeCompanies(1, 2);
    const progress: Array<{ inserted: number; rejected: number }> = [];
    const report = await importRecords(
      // Company 7 is not stored. In file order, batches of two would be lines 2-3 and 4-5.
      [roundRecord(1, 1), roundRecord(7, 1), roundRecord(2, 1), roundRecord(1, 2)],
      { batchSize: 2, onProgress: ({ inserted, rejected }) => progress.push({ inserted, rejected }) },
    );
    expect(report).toMatchObject({ inserted: 3, rejectedCount: 1 });
    expect(report.rejected.map((row) => row.row)).toEqual([3]);
    // Company 1's two rounds (lines 2 and 5) came first, together; then companies 7 and 2.
    expect(progress).toEqual([
      { inserted: 2, rejected: 0 },
      { inserted: 3, rejected: 1 },
    ]);
    expect(await companyFields("Company 1")).toMatchObject({ funding_round_count: 3 });
  });

  it("reports rows about a round an earlier row named as duplicates; the last one wins", async () => {
    await storeCompanies(1);
    const report = await importRecords(
      [roundRecord(1, 1), roundRecord(1, 2), roundRecord(1, 1, { "Money Raised (in USD)": "9,000,000" })],
      { batchSize: 2 },
    );
    expect(report).toMatchObject({ inserted: 2, updated: 1, duplicates: [{ row: 4, firstRow: 2 }] });
    const rounds = (await storedRounds()).filter((round) => round.source === "crunchbase_rounds");
    expect(rounds.map((round) => round.amount_usd)).toEqual([9_000_000, 5_000_000]);
  });

  it("writes nothing in a dry run, and counts what the import would do", async () => {
    await storeCompanies(1, 2);
    await importRecords([roundRecord(1, 1)]);
    const before = await tableCounts();
    // Batches of two, grouped by company (decision 030): company 2's rows (lines 2 and 5, the duplicate) share a
    // batch, so its round is written once, with the last row's values.
    const records = [
      roundRecord(2, 2),
      roundRecord(1, 1),
      roundRecord(1, 2, { "Investor Names": "New Fund" }),
      roundRecord(2, 2, { "Money Raised (in USD)": "1" }),
      roundRecord(7, 1),
    ];
    const dry = await importRecords(records, { dryRun: true, batchSize: 2 });
    expect(await tableCounts()).toEqual(before);
    const commit = await importRecords(records, { batchSize: 2 });
    const counts = (report: RoundImportReport) => ({
      inserted: report.inserted,
      updated: report.updated,
      unchanged: report.unchanged,
      rejected: report.rejectedCount,
      duplicates: report.duplicateCount,
      investorsCreated: report.investorsCreated,
    });
    expect(counts(dry)).toEqual({
      inserted: 2,
      updated: 1,
      unchanged: 1,
      rejected: 1,
      duplicates: 1,
      investorsCreated: 1,
    });
    expect(counts(commit)).toEqual(counts(dry));
    expect(dry.roundsWritten).toBe(0);
    expect(commit.roundsWritten).toBe(2);
  });

  it("reads a file with only the required columns", async () => {
    await storeCompanies(1);
    const report = await importRecords([roundRecord(1, 1)], {
      headers: ["Organization Name", "Funding Type", "Announced Date"],
    });
    expect(report).toMatchObject({ inserted: 1, rejectedCount: 0 });
    expect(ROUND_CSV_HEADERS).toContain("Investor Names");
  });
});
