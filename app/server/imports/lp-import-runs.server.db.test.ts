import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { crunchbaseRecord, toCrunchbaseCsv } from "~tests/fixtures/crunchbase-csv";
import { setUpTestDatabase } from "~tests/fixtures/database";
import { user } from "~tests/fixtures/factories";
import { lpRecord, toLpCsv } from "~tests/fixtures/lp-csv";
import type { AdminActor } from "../admin/audit-log.server";
import { queryRows } from "../db/query-rows.server";
import { adminAuditLog, users } from "../db/schema";
import { carryOutRun, receiveUpload, startCommit, startDryRun } from "../import-console.server";
import { SUPPRESSED_CONTACT_REASON } from "../lps/import-lps.server";
import { requestDoNotSell } from "../suppression/do-not-sell.server";
import { ImportBusyError } from "./import-lock.server";
import { startCommandLineRun } from "./import-runs.server";
import { type StoredUpload, UploadRefused } from "./import-upload.server";

const database = setUpTestDatabase();
const ADMIN: AdminActor = { id: "user_boss", email: "boss@example.com", ipAddress: "203.0.113.9" };
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "rl-lp-import-runs-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function upload(text: string, subject: "companies" | "lps" = "lps", name = "lps.csv"): Promise<StoredUpload> {
  const request = new Request(`http://localhost/admin/imports/upload?name=${name}&subject=${subject}`, {
    method: "POST",
    headers: { "Content-Type": "text/csv" },
    body: text,
  });
  return receiveUpload(request, { dir, subject });
}

async function lpNames(): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(database.db, sql`select name from lps order by id`);
  return rows.map((row) => row.name);
}

/** A file with a row of each kind (lines 2-6). */
async function lpFile(): Promise<string> {
  await requestDoNotSell(database.db, "zed@harbor-1.example");
  return toLpCsv([
    lpRecord(1), // 2: new LP with a contact
    lpRecord(2, { "LP Type": "Pirate" }), // 3: rejected
    lpRecord(1, { "Contact First Name": "Zed", "Contact Email": "zed@harbor-1.example" }), // 4: suppressed
    lpRecord(3), // 5: new
    lpRecord(1), // 6: duplicate contact of line 2
  ]);
}

const LP_COUNTS = {
  subject: "lps",
  rowsRead: 5,
  inserted: 2,
  updated: 0,
  unchanged: 0,
  rejected: 1,
  suppressed: 1,
  duplicates: 1,
  contactsWritten: 2,
  contactsRemoved: 0,
};

describe("LP files in the console's imports", () => {
  it("runs a dry run and then the import of an LP file with the LP importer, and logs the import", async () => {
    await database.db.insert(users).values(user({ name: "Boss", email: ADMIN.email }));
    const stored = await upload(await lpFile());
    const dryRun = await (await startDryRun(database.db, ADMIN, stored, "lps")).finished;
    expect(dryRun).toMatchObject({ ...LP_COUNTS, kind: "dry_run", status: "done", error: null });
    expect(dryRun.rejectedRows).toEqual([
      { row: 3, reason: expect.stringContaining('LP Type "Pirate" is not one of') },
      { row: 4, reason: SUPPRESSED_CONTACT_REASON },
    ]);
    expect(dryRun.duplicateRows).toEqual([{ row: 6, firstRow: 2 }]);
    expect(await lpNames()).toEqual([]);

    const commit = await (await startCommit(database.db, ADMIN, dryRun.id)).finished;
    expect(commit).toMatchObject({ ...LP_COUNTS, kind: "commit", status: "done" });
    expect(await lpNames()).toEqual(["Harbor Family Office 1", "Harbor Family Office 3"]);
    const audit = await database.db.select().from(adminAuditLog).orderBy(adminAuditLog.id);
    expect(audit.map((entry) => [entry.action, entry.after])).toEqual([
      ["import.start", { status: "running", subject: "lps", dryRun: dryRun.id }],
      [
        "import.commit",
        expect.objectContaining({
          status: "done",
          subject: "lps",
          new: 2,
          contactsWritten: 2,
          contactsRemoved: 0,
        }),
      ],
    ]);
  });

  it("checks an upload's header by what the admin says the file holds", async () => {
    await expect(upload(toCrunchbaseCsv([crunchbaseRecord(1)]), "lps")).rejects.toThrow(
      "The file has no 'LP Type' column; is it an LP file",
    );
    await expect(upload(toLpCsv([lpRecord(1)]), "companies")).rejects.toThrow(UploadRefused);
  });

  it("records a command-line LP run (and its failure on a bad file) in the history", async () => {
    const file = path.join(dir, "cli-lps.csv");
    await writeFile(file, toLpCsv([lpRecord(1), lpRecord(2)]));
    const run = await startCommandLineRun(
      database.db,
      { fileName: "cli-lps.csv", fileBytes: 1 },
      "lps",
      "dry_run",
    );
    const outcome = await carryOutRun(database.db, run, file);
    expect(outcome.run).toMatchObject({ subject: "lps", kind: "dry_run", status: "done", inserted: 2 });
    expect(await lpNames()).toEqual([]);

    const bad = path.join(dir, "bad-lps.csv");
    await writeFile(bad, "LP Name,Country\nHarbor,US\n");
    const failed = await carryOutRun(
      database.db,
      await startCommandLineRun(database.db, { fileName: "bad-lps.csv", fileBytes: 1 }, "lps"),
      bad,
    );
    expect(failed.run).toMatchObject({
      status: "failed",
      error: expect.stringContaining("no 'LP Type' column"),
    });
  });

  it("refuses an LP run while another import runs", async () => {
    const first = await startCommandLineRun(database.db, { fileName: "companies.csv", fileBytes: 1 });
    await expect(
      startCommandLineRun(database.db, { fileName: "lps.csv", fileBytes: 1 }, "lps"),
    ).rejects.toThrow(ImportBusyError);
    const stored = await upload(toLpCsv([lpRecord(1)]));
    await expect(startDryRun(database.db, ADMIN, stored, "lps")).rejects.toThrow(/Another import is running/);
    expect(first.status).toBe("running");
  });
});
