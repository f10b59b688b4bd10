import { describe, expect, it } from "vitest";
import { type CsvRecord, crunchbaseRecord, csvStream, toCrunchbaseCsv } from "~tests/fixtures/crunchbase-csv";
import { setUpTestDatabase } from "~tests/fixtures/database";
import { companies } from "../db/schema";
import { requestDoNotSell } from "../suppression/do-not-sell.server";
import {
  ImportFileError,
  type ImportOptions,
  type ImportReport,
  importCompanies,
  SUPPRESSED_REASON,
} from "./import-companies.server";

const TODAY = new Date("2025-06-15T00:00:00Z");
const database = setUpTestDatabase();

function importText(csv: string, options: ImportOptions = {}): Promise<ImportReport> {
  return importCompanies(database.db, csvStream(csv, 101), { today: TODAY, ...options });
}

/** Every column of every company, update time included: a dry run must leave all of it. */
async function tableState() {
  return database.db.select().from(companies).orderBy(companies.id);
}

/** A report without what differs between a dry run and an import of the same file by design. */
function classification({ dryRun: _dryRun, ms: _ms, ...rest }: ImportReport) {
  return rest;
}

const BASE = [crunchbaseRecord(1), crunchbaseRecord(2), crunchbaseRecord(3)];

/** Lines 2-10 of a file that has a row of every kind, across batches of 2 valid rows. */
const MIXED: CsvRecord[] = [
  crunchbaseRecord(1), // 2: stored as is -> unchanged
  crunchbaseRecord(2, { Description: "Now with more things." }), // 3: updated
  crunchbaseRecord(4), // 4: new
  crunchbaseRecord(5, { "Last Funding Date": "someday" }), // 5: rejected
  crunchbaseRecord(9, { Email: "ann@quantix.example" }), // 6: suppressed
  crunchbaseRecord(4), // 7: the same as line 4 -> unchanged, duplicate of 4
  crunchbaseRecord(6, { "Organization Name": "" }), // 8: rejected
  crunchbaseRecord(2, { "Organization Name": "Company Two" }), // 9: renames company 2 (its website) -> updated
  // 10: no website: matches the renamed company 2 by name (only the earlier row says it is called so now).
  crunchbaseRecord(7, { "Organization Name": "Company Two", Website: "" }),
];

describe("importCompanies with dryRun (docs/product.md#imports)", () => {
  it("classifies every row as an import would and writes nothing", async () => {
    await importText(toCrunchbaseCsv(BASE));
    await requestDoNotSell(database.db, "ann@quantix.example");
    const before = await tableState();

    const report = await importText(toCrunchbaseCsv(MIXED), { batchSize: 2, dryRun: true });

    expect(report).toMatchObject({
      dryRun: true,
      inserted: 1,
      updated: 3,
      unchanged: 2,
      rejectedCount: 3,
      suppressedCount: 1,
      duplicateCount: 3,
      totalRows: 9,
    });
    expect(report.rejected).toEqual([
      { row: 5, reason: expect.stringContaining('Last Funding Date "someday" is not a valid date') },
      { row: 6, reason: SUPPRESSED_REASON },
      { row: 8, reason: "Organization Name is empty." },
    ]);
    expect(report.duplicates).toEqual([
      { row: 7, firstRow: 4 },
      { row: 9, firstRow: 3 },
      { row: 10, firstRow: 3 },
    ]);
    expect(await tableState()).toEqual(before);
  });

  it("gives the same classification as the import of the same file, which writes it", async () => {
    await importText(toCrunchbaseCsv(BASE));
    await requestDoNotSell(database.db, "ann@quantix.example");
    const csv = toCrunchbaseCsv(MIXED);
    const dry = await importText(csv, { batchSize: 2, dryRun: true });
    const before = await tableState();

    const real = await importText(csv, { batchSize: 2 });

    expect(real.dryRun).toBe(false);
    expect(classification(real)).toEqual(classification(dry));
    const after = await tableState();
    expect(after.map((row) => [row.organizationName, row.websiteDomain, row.description])).toEqual([
      ["Company 1", "company1.example", "Company 1 builds things."],
      ["Company Two", null, "Company 7 builds things."],
      ["Company 3", "company3.example", "Company 3 builds things."],
      ["Company 4", "company4.example", "Company 4 builds things."],
    ]);
    // The unchanged company was not rewritten.
    expect(after[0]?.updatedAt).toEqual(before[0]?.updatedAt);
  });

  it("says an identical re-import changes nothing, and then rewrites nothing", async () => {
    const csv = toCrunchbaseCsv([...BASE, crunchbaseRecord(4, { Website: "" })]);
    await importText(csv);
    const before = await tableState();
    const dry = await importText(csv, { dryRun: true });
    const again = await importText(csv);
    for (const report of [dry, again]) {
      expect(report).toMatchObject({ inserted: 0, updated: 0, unchanged: 4, duplicateCount: 0 });
    }
    expect(await tableState()).toEqual(before);
  });

  it("stops a file naming more companies than maxFileCompanies, the dry run before it writes", async () => {
    const csv = toCrunchbaseCsv([1, 2, 1, 3, 4, 5].map((n) => crunchbaseRecord(n)));
    const dry = importText(csv, { batchSize: 2, dryRun: true, maxFileCompanies: 3 });
    await expect(dry).rejects.toBeInstanceOf(ImportFileError);
    await expect(dry).rejects.toThrow(
      "The file names more than 3 companies, more than one import takes; split it into files of at most 3 rows.",
    );
    expect(await tableState()).toEqual([]);
    expect(await importText(csv, { batchSize: 2, maxFileCompanies: 5 })).toMatchObject({ inserted: 5 });
  });

  it("matches the import's classification on a file full of repeats and renames, at any batch size", async () => {
    const stored = generatedFile(40, 1, 20);
    const csv = generatedFile(300, 2, 60);
    for (const batchSize of [1, 7, 1_000]) {
      await database.reset();
      await importText(stored);
      const before = await tableState();
      const dry = await importText(csv, { batchSize, dryRun: true });
      expect(await tableState()).toEqual(before);
      const real = await importText(csv, { batchSize });
      expect(classification(real)).toEqual(classification(dry));
      // The file really is full of them.
      expect(dry.duplicateCount).toBeGreaterThan(50);
      expect(dry.inserted).toBeGreaterThan(5);
      expect(dry.updated).toBeGreaterThan(20);
      expect(dry.unchanged).toBeGreaterThan(5);
    }
  });
});

/**
 * A deterministic file whose rows keep naming a few companies: names and websites from small pools (so
 * rows match by website, by name, or rename a company another row then matches), with changes or not.
 */
function generatedFile(rows: number, seed: number, pool: number): string {
  // mulberry32
  let state = seed;
  const next = (n: number) => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
  const records: CsvRecord[] = [];
  for (let index = 0; index < rows; index++) {
    const name = next(pool);
    // Mostly the name's own website, so rows about a company often repeat it exactly.
    const site = next(5) === 0 ? next(pool) : name;
    records.push(
      crunchbaseRecord(name, {
        Website: next(4) === 0 ? "" : `https://site${site}.example`,
        Description: next(3) === 0 ? "Changed." : "Same.",
        "Last Funding Type": next(4) === 0 ? "Seed" : "Series A",
        ...(next(15) === 0 ? { "Last Funding Date": "later" } : {}),
      }),
    );
  }
  return toCrunchbaseCsv(records);
}
