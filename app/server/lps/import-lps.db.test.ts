import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { csvStream } from "~tests/fixtures/crunchbase-csv";
import { setUpTestDatabase } from "~tests/fixtures/database";
import { type LpCsvRecord, lpRecord, toLpCsv } from "~tests/fixtures/lp-csv";
import { queryRows } from "../db/query-rows.server";
import { ImportBusyError, startImportRun } from "../imports/import-lock.server";
import { requestDoNotSell } from "../suppression/do-not-sell.server";
import {
  ImportFileError,
  importLps,
  type LpImportOptions,
  type LpImportReport,
  SUPPRESSED_CONTACT_REASON,
} from "./import-lps.server";

const TODAY = new Date("2025-06-15T00:00:00Z");
const database = setUpTestDatabase();

function importText(content: string | Buffer, options: LpImportOptions = {}): Promise<LpImportReport> {
  // Small chunks, so rows straddle chunk boundaries.
  return importLps(database.db, csvStream(content, 97), { today: TODAY, ...options });
}

function importRecords(records: LpCsvRecord[], options: LpImportOptions = {}): Promise<LpImportReport> {
  return importText(toLpCsv(records), options);
}

const NO_CONTACT = {
  "Contact First Name": "",
  "Contact Last Name": "",
  "Contact Title": "",
  "Contact Email": "",
  "Contact LinkedIn": "",
};

interface StoredLpRow extends Record<string, unknown> {
  id: number;
  slug: string;
  name: string;
  website_domain: string | null;
  aum_usd: string | number | null;
  search_text: string;
}

async function storedLps(): Promise<StoredLpRow[]> {
  return queryRows<StoredLpRow>(
    database.db,
    sql`select id, slug, name, website_domain, aum_usd, search_text, updated_at::text as updated_at from lps order by id`,
  );
}

async function storedContacts(): Promise<
  Array<{
    id: number;
    lp_id: number;
    position: number;
    email: string | null;
    first_name: string;
    title: string | null;
  }>
> {
  return queryRows(
    database.db,
    sql`select id, lp_id, position, email, first_name, title from lp_contacts order by lp_id, position, id`,
  );
}

describe("importLps", () => {
  it("inserts LPs with their contacts, grouping an LP's rows wherever they are in the file", async () => {
    const report = await importRecords([
      lpRecord(1),
      lpRecord(2, NO_CONTACT),
      lpRecord(1, {
        "Contact First Name": "Bob",
        "Contact Email": "bob@harbor-1.example",
        "Contact Title": "Analyst",
      }),
    ]);
    expect(report).toMatchObject({
      inserted: 2,
      updated: 0,
      unchanged: 0,
      contactsWritten: 2,
      contactsRemoved: 0,
      rejectedCount: 0,
      totalRows: 3,
      duplicateCount: 0,
      dryRun: false,
    });
    const lps = await storedLps();
    expect(lps.map((lp) => [lp.name, lp.slug, lp.website_domain, Number(lp.aum_usd)])).toEqual([
      ["Harbor Family Office 1", "harbor-family-office-1", "harbor-1.example", 500_000_000],
      ["Harbor Family Office 2", "harbor-family-office-2", "harbor-2.example", 500_000_000],
    ]);
    // The search text holds both contacts' names, in the file's order.
    expect(lps[0]?.search_text).toBe("harbor family office 1\u001fboston\u001fann lee1\u001fbob lee1");
    const contacts = await storedContacts();
    expect(contacts.map((c) => [c.lp_id, c.position, c.email])).toEqual([
      [lps[0]?.id, 0, "ann.lee1@harbor-1.example"],
      [lps[0]?.id, 1, "bob@harbor-1.example"],
    ]);
  });

  it("counts an unchanged file as unchanged and does not rewrite it", async () => {
    const records = [
      lpRecord(1),
      lpRecord(1, { "Contact First Name": "Bob", "Contact Email": "bob@h.example" }),
      lpRecord(2),
    ];
    await importRecords(records);
    const before = await storedLps();
    const contactsBefore = await storedContacts();
    const again = await importRecords(records);
    expect(again).toMatchObject({
      inserted: 0,
      updated: 0,
      unchanged: 2,
      contactsWritten: 0,
      contactsRemoved: 0,
    });
    expect(await storedLps()).toEqual(before);
    expect(await storedContacts()).toEqual(contactsBefore);
  });

  it("updates a stored LP matched by website domain, else by name and country", async () => {
    await importRecords([lpRecord(1), lpRecord(2, { Website: "" })]);
    const [first, second] = await storedLps();
    const report = await importRecords([
      // Another name, same domain (written differently): the same LP, renamed.
      lpRecord(1, { "LP Name": "Harbor Capital", Website: "HARBOR-1.example/about", "AUM (USD)": "600M" }),
      // No website: the same name and country, in other case.
      lpRecord(2, { "LP Name": "HARBOR FAMILY OFFICE 2", Website: "", "AUM (USD)": "700M" }),
      // The same name in another country: another LP.
      lpRecord(2, { Website: "", "HQ Country": "Canada", "Contact Email": "x@y.example" }),
    ]);
    expect(report).toMatchObject({ inserted: 1, updated: 2, unchanged: 0 });
    const lps = await storedLps();
    expect(lps).toHaveLength(3);
    expect(lps[0]).toMatchObject({
      id: first?.id,
      slug: first?.slug,
      name: "Harbor Capital",
      aum_usd: expect.anything(),
    });
    expect(Number(lps[0]?.aum_usd)).toBe(600_000_000);
    expect(lps[1]).toMatchObject({ id: second?.id, name: "HARBOR FAMILY OFFICE 2" });
    expect(Number(lps[1]?.aum_usd)).toBe(700_000_000);
    expect(lps[2]?.slug).toBe("harbor-family-office-2-2");
  });

  it("does not match by name when the websites differ", async () => {
    await importRecords([lpRecord(1)]);
    const report = await importRecords([
      lpRecord(1, { Website: "other.example", "Contact Email": "a@other.example" }),
    ]);
    expect(report).toMatchObject({ inserted: 1, updated: 0 });
  });

  it("replaces a matched LP's contacts only when the file names one, keeping the ids of the same addresses", async () => {
    await importRecords([
      lpRecord(1),
      lpRecord(1, { "Contact First Name": "Bob", "Contact Email": "bob@harbor-1.example" }),
      lpRecord(2),
    ]);
    const before = await storedContacts();
    const ann = before.find((c) => c.email === "ann.lee1@harbor-1.example");
    const report = await importRecords([
      // LP 1: Cy is new, Ann stays (address in other case, new title, now second), Bob goes.
      lpRecord(1, { "Contact First Name": "Cy", "Contact Email": "cy@harbor-1.example" }),
      lpRecord(1, { "Contact Email": "ANN.LEE1@harbor-1.example", "Contact Title": "Partner" }),
      // LP 2: no contact named, so its contact stays.
      lpRecord(2, NO_CONTACT),
    ]);
    expect(report).toMatchObject({ updated: 1, unchanged: 1, contactsWritten: 2, contactsRemoved: 1 });
    const after = await storedContacts();
    expect(after.map((c) => [c.first_name, c.position, c.title])).toEqual([
      ["Cy", 0, "CIO"],
      ["Ann", 1, "Partner"],
      ["Ann", 0, "CIO"],
    ]);
    expect(after[1]?.id).toBe(ann?.id);
    const [lp] = await storedLps();
    expect(lp?.search_text).toBe("harbor family office 1\u001fboston\u001fcy lee1\u001fann lee1");
  });

  it("rejects rows with their line and reason, and an LP's row that disagrees with its first row", async () => {
    const report = await importRecords([
      lpRecord(1),
      lpRecord(2, { "LP Type": "Hedge fund" }),
      lpRecord(3, { "Check Min (USD)": "9M", "Check Max (USD)": "2M" }),
      lpRecord(1, { "AUM (USD)": "1B", "HQ City": "Salem", "Contact Email": "b@harbor-1.example" }),
      lpRecord(4, { "Contact Email": "nope" }),
    ]);
    expect(report).toMatchObject({ inserted: 1, rejectedCount: 4, totalRows: 5 });
    expect(report.rejected).toEqual([
      { row: 3, reason: expect.stringContaining('LP Type "Hedge fund" is not one of') },
      { row: 4, reason: "Check Min (USD) $9,000,000 is larger than Check Max (USD) $2,000,000." },
      {
        row: 5,
        reason:
          "names the LP of row 2 but with other values in 'HQ City', 'AUM (USD)'; an LP's columns must be the same on each of its rows",
      },
      { row: 6, reason: 'Contact Email "nope" is not an email address.' },
    ]);
    expect(await storedContacts()).toHaveLength(1);
  });

  it("reports a contact named twice for one LP, and a repeated row without a contact, as duplicates", async () => {
    const report = await importRecords([
      lpRecord(1),
      lpRecord(2, NO_CONTACT),
      lpRecord(1, { "Contact Email": "Ann.Lee1@harbor-1.example" }),
      lpRecord(2, NO_CONTACT),
    ]);
    expect(report).toMatchObject({ inserted: 2, duplicateCount: 2, contactsWritten: 1 });
    expect(report.duplicates).toEqual([
      { row: 4, firstRow: 2 },
      { row: 5, firstRow: 3 },
    ]);
  });

  it("leaves out suppressed contacts and counts them, while importing their LP", async () => {
    await requestDoNotSell(database.db, "ann.lee1@harbor-1.example");
    const report = await importRecords([
      lpRecord(1),
      lpRecord(1, { "Contact First Name": "Bob", "Contact Email": "bob@harbor-1.example" }),
    ]);
    expect(report).toMatchObject({ inserted: 1, suppressedCount: 1, rejectedCount: 1, contactsWritten: 1 });
    expect(report.rejected).toEqual([{ row: 2, reason: SUPPRESSED_CONTACT_REASON }]);
    const contacts = await storedContacts();
    expect(contacts.map((c) => c.email)).toEqual(["bob@harbor-1.example"]);
  });

  it("works across batches: an LP's later rows add contacts, and a dry run sees its own earlier rows", async () => {
    const records = [
      lpRecord(1),
      lpRecord(2),
      lpRecord(3),
      lpRecord(1, { "Contact First Name": "Bob", "Contact Email": "bob@harbor-1.example" }),
      lpRecord(2, { "Contact Email": "ann.lee2@harbor-2.example" }),
      lpRecord(1, { "Contact First Name": "Cy", "Contact Email": "cy@harbor-1.example" }),
    ];
    const dry = await importRecords(records, { batchSize: 2, dryRun: true });
    expect(await storedLps()).toEqual([]);
    const report = await importRecords(records, { batchSize: 2 });
    const { ms: _dryMs, dryRun: _dry, ...dryCounts } = dry;
    const { ms: _ms, dryRun: _real, ...counts } = report;
    expect(dryCounts).toEqual(counts);
    expect(report).toMatchObject({ inserted: 3, contactsWritten: 5, duplicateCount: 1 });
    const contacts = await storedContacts();
    expect(
      contacts.filter((c) => c.lp_id === contacts[0]?.lp_id).map((c) => [c.first_name, c.position]),
    ).toEqual([
      ["Ann", 0],
      ["Bob", 1],
      ["Cy", 2],
    ]);
    // Once more: nothing changes, in a dry run or not.
    expect(await importRecords(records, { batchSize: 2, dryRun: true })).toMatchObject({
      unchanged: 3,
      contactsWritten: 0,
    });
    expect(await importRecords(records, { batchSize: 2 })).toMatchObject({
      unchanged: 3,
      contactsWritten: 0,
    });
  });

  it("removes a stored contact the file never names only at its end: a later batch may still name it", async () => {
    const contact = (name: string) => ({
      "Contact First Name": name,
      "Contact Email": `${name}@harbor-1.example`,
    });
    await importRecords([
      lpRecord(1, contact("ann")),
      lpRecord(1, contact("bob")),
      lpRecord(1, contact("cy")),
    ]);
    const before = await storedContacts();
    const file = [lpRecord(1, contact("cy")), lpRecord(2), lpRecord(3), lpRecord(1, contact("ann"))];
    const dry = await importRecords(file, { batchSize: 1, dryRun: true });
    const report = await importRecords(file, { batchSize: 1 });
    expect(report).toMatchObject({
      inserted: 2,
      updated: 1,
      unchanged: 0,
      contactsWritten: 4,
      contactsRemoved: 1,
    });
    expect(dry).toMatchObject({ inserted: 2, updated: 1, contactsWritten: 4, contactsRemoved: 1 });
    const after = (await storedContacts()).filter((c) => c.lp_id === before[0]?.lp_id);
    expect(after.map((c) => [c.first_name, c.position, c.id])).toEqual([
      ["cy", 0, before[2]?.id],
      ["ann", 1, before[0]?.id],
    ]);
    expect(await importRecords(file, { batchSize: 1 })).toMatchObject({ unchanged: 3, contactsRemoved: 0 });
  });

  it("a dry run writes nothing and says what an import would do", async () => {
    await importRecords([lpRecord(1)]);
    const before = await storedLps();
    const report = await importRecords([lpRecord(1, { "AUM (USD)": "800M" }), lpRecord(2)], { dryRun: true });
    expect(report).toMatchObject({ dryRun: true, inserted: 1, updated: 1 });
    expect(await storedLps()).toEqual(before);
  });

  it("drops the MFO model of an LP a file makes another type without an MFO Model column", async () => {
    await importRecords([lpRecord(1, { "LP Type": "Multi-family office", "MFO Model": "Advisory" })]);
    const report = await importText(
      "LP Name,LP Type,Website\nHarbor Family Office 1,Foundation,harbor-1.example\n",
    );
    expect(report).toMatchObject({ updated: 1 });
    const [row] = await queryRows<{ type: string; mfo_model: string | null }>(
      database.db,
      sql`select type, mfo_model from lps`,
    );
    expect(row).toEqual({ type: "foundation", mfo_model: null });
  });

  it("leaves columns the file does not have alone", async () => {
    await importRecords([lpRecord(1)]);
    const report = await importText(
      "LP Name,LP Type,Website,AUM\nHarbor Family Office 1,sfo,harbor-1.example,900M\n",
    );
    expect(report).toMatchObject({ updated: 1 });
    const [row] = await queryRows<{ description: string; city: string; contacts: number }>(
      database.db,
      sql`select description, city, (select count(*)::int from lp_contacts) as contacts from lps`,
    );
    expect(row).toEqual({ description: "A family office, number 1.", city: "Boston", contacts: 1 });
  });

  it("refuses an import while another one runs", async () => {
    await startImportRun(database.db, {
      kind: "commit",
      source: "command_line",
      actorId: null,
      actorEmail: null,
      fileName: "other.csv",
      fileBytes: 1,
      storedPath: null,
      dryRunId: null,
    });
    // The run lock is taken by a run's start (the console and the command line start one first).
    await expect(
      startImportRun(database.db, {
        kind: "commit",
        source: "command_line",
        actorId: null,
        actorEmail: null,
        fileName: "lps.csv",
        fileBytes: 1,
        storedPath: null,
        dryRunId: null,
      }),
    ).rejects.toThrow(ImportBusyError);
  });

  describe("a file that cannot be imported is an ImportFileError, nothing written", () => {
    it.each<[string, string | Buffer, string]>([
      ["empty", "", "The file is empty."],
      ["blank lines", "\n\n\r\n", "The file is empty."],
      ["binary", Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 1, 2, 3]), "looks like an Excel workbook"],
      ["not CSV", '"unclosed,header\nrow', "not a CSV text file"],
      [
        "without a required column",
        "LP Name,Country\nHarbor,US\n",
        "The file has no 'LP Type' column; is it an LP file (the columns of an LP export)? Found columns: 'LP Name', 'Country'.",
      ],
      // Its Organization Name reads as the LP's name; it has no type.
      [
        "a companies file",
        "Organization Name,Website\nAcme,acme.example\n",
        "The file has no 'LP Type' column",
      ],
      [
        "a column given twice",
        "LP Name,LP Type,Name\nA,sfo,B\n",
        "more than one column for the same field: 'Name'",
      ],
      [
        "one end of the check range",
        "LP Name,LP Type,Min Check\nA,sfo,5M\n",
        "The file has a 'Min Check' column but no 'Check Max (USD)' column; give both check sizes or neither.",
      ],
    ])("%s", async (_what, content, message) => {
      await expect(importText(content)).rejects.toThrow(ImportFileError);
      await expect(importText(content)).rejects.toThrow(message);
      expect(await storedLps()).toEqual([]);
    });

    it("stops at maxFileLps", async () => {
      await expect(
        importRecords([lpRecord(1), lpRecord(2), lpRecord(3)], { batchSize: 1, maxFileLps: 1 }),
      ).rejects.toThrow("The file names more than 1 LPs");
    });
  });

  it("reports broken CSV rows with their line and goes on", async () => {
    const text = `${toLpCsv([lpRecord(1)])}"Bad "quote",sfo\n${toLpCsv([lpRecord(2)])
      .split("\n")
      .slice(1)
      .join("\n")}`;
    const report = await importText(text);
    expect(report).toMatchObject({ inserted: 2, rejectedCount: 1 });
    expect(report.rejected[0]?.row).toBe(3);
  });
});
