import { existsSync } from "node:fs";
import { mkdtemp, readdir, rm, utimes, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rejectedRowsCsv } from "~/core/import-runs";
import { crunchbaseRecord, toCrunchbaseCsv } from "~tests/fixtures/crunchbase-csv";
import { setUpTestDatabase } from "~tests/fixtures/database";
import { user } from "~tests/fixtures/factories";
import type { AdminActor } from "../admin/audit-log.server";
import { SUPPRESSED_REASON } from "../companies/import-companies.server";
import { adminAuditLog, companies, importRuns, users } from "../db/schema";
import { receiveUpload, startCommit, startDryRun } from "../import-console.server";
import { requestDoNotSell } from "../suppression/do-not-sell.server";
import {
  ImportBusyError,
  RUNNER,
  recoverStaleRuns,
  releaseRun,
  STALE_RUN_MS,
  startImportRun,
} from "./import-lock.server";
import {
  currentImportRun,
  deleteAbandonedUploads,
  discardDryRun,
  ImportRunRefused,
  listImportRuns,
} from "./import-runs.server";
import type { StoredUpload } from "./import-upload.server";

const database = setUpTestDatabase();
const ADMIN: AdminActor = { id: "user_boss", email: "boss@example.com", ipAddress: "203.0.113.9" };
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "rl-import-runs-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function withAdmin(): Promise<void> {
  await database.db.insert(users).values(user({ name: "Boss", email: ADMIN.email }));
}

/** Uploads the text as the imports page does: the raw file as the body, its name in ?name=. */
function upload(text: string | Buffer, name = "companies.csv", into = dir): Promise<StoredUpload> {
  const request = new Request(`http://localhost/admin/imports/upload?name=${encodeURIComponent(name)}`, {
    method: "POST",
    headers: { "Content-Type": "text/csv" },
    body: typeof text === "string" ? text : new Uint8Array(text),
  });
  return receiveUpload(request, { dir: into });
}

async function companyNames(): Promise<string[]> {
  const rows = await database.db.select().from(companies).orderBy(companies.id);
  return rows.map((row) => row.organizationName);
}

/** A stored company, a file with a row of each kind (lines 2-8). */
async function mixedFile(): Promise<string> {
  await database.db.insert(companies).values({
    slug: "company-1",
    organizationName: "Company 1",
    nameKey: "company 1",
    websiteDomain: "company1.example",
  });
  await requestDoNotSell(database.db, "ann@quantix.example");
  return toCrunchbaseCsv([
    crunchbaseRecord(1), // 2: updates the stored company 1
    crunchbaseRecord(2), // 3: new
    crunchbaseRecord(3, { "Last Funding Amount (in USD)": "about 2M" }), // 4: rejected
    crunchbaseRecord(4, { "Contact Email": "Ann@Quantix.example" }), // 5: suppressed
    crunchbaseRecord(2), // 6: duplicate of line 3, unchanged
    crunchbaseRecord(5, { Website: "not a site", "Last Funding Date": "soon" }), // 7: rejected, two problems
    crunchbaseRecord(6), // 8: new
  ]);
}

const MIXED_COUNTS = {
  rowsRead: 7,
  inserted: 2,
  updated: 1,
  unchanged: 1,
  rejected: 2,
  suppressed: 1,
  duplicates: 1,
};

describe("dry run, then import of the same file", () => {
  it("reports the dry run's classification and writes nothing", async () => {
    await withAdmin();
    const stored = await upload(await mixedFile());
    const { run, finished } = await startDryRun(database.db, ADMIN, stored);
    expect(run).toMatchObject({ kind: "dry_run", status: "running", fileName: "companies.csv" });
    const done = await finished;

    expect(done).toMatchObject({
      ...MIXED_COUNTS,
      status: "done",
      actorEmail: ADMIN.email,
      bytesRead: stored.fileBytes,
      storedPath: stored.storedPath,
      error: null,
    });
    expect(done.rejectedRows).toEqual([
      { row: 4, reason: expect.stringContaining('"about 2M" is not an amount') },
      { row: 5, reason: SUPPRESSED_REASON },
      // docs/product.md#imports: every problem of the row, as the console's history shows it.
      {
        row: 7,
        reason:
          'Website "not a site" is not a website address; Last Funding Date "soon" is not a valid date (expected YYYY-MM-DD).',
      },
    ]);
    expect(done.duplicateRows).toEqual([{ row: 6, firstRow: 3 }]);
    expect(done.durationMs).toBeGreaterThanOrEqual(0);
    expect(await companyNames()).toEqual(["Company 1"]);
    expect(existsSync(stored.storedPath)).toBe(true);
    // A dry run is no import: the audit log records imports.
    expect(await database.db.select().from(adminAuditLog)).toEqual([]);
  });

  it("imports the dry run's file with the same classification, logs it, and deletes the file", async () => {
    await withAdmin();
    const stored = await upload(await mixedFile());
    const dryRun = await (await startDryRun(database.db, ADMIN, stored)).finished;

    const { run, finished } = await startCommit(database.db, ADMIN, dryRun.id);
    expect(run).toMatchObject({ kind: "commit", status: "running", dryRunId: dryRun.id });
    const commit = await finished;

    expect(commit).toMatchObject({ ...MIXED_COUNTS, status: "done", fileName: "companies.csv" });
    expect(commit.rejectedRows).toEqual(dryRun.rejectedRows);
    expect(commit.duplicateRows).toEqual(dryRun.duplicateRows);
    expect(await companyNames()).toEqual(["Company 1", "Company 2", "Company 6"]);
    expect(existsSync(stored.storedPath)).toBe(false);
    const [dryRunAfter] = await database.db.select().from(importRuns).where(eq(importRuns.id, dryRun.id));
    expect(dryRunAfter?.storedPath).toBeNull();
    expect(await database.db.select().from(adminAuditLog).orderBy(adminAuditLog.id)).toEqual([
      // Logged before any row was written, so an import a crash cuts off is in the log too.
      expect.objectContaining({
        actorId: ADMIN.id,
        action: "import.start",
        targetId: String(commit.id),
        after: { status: "running", subject: "companies", dryRun: dryRun.id },
      }),
      expect.objectContaining({
        actorId: ADMIN.id,
        actorEmail: ADMIN.email,
        action: "import.commit",
        targetType: "import",
        targetId: String(commit.id),
        targetLabel: "companies.csv",
        before: null,
        after: {
          status: "done",
          subject: "companies",
          dryRun: dryRun.id,
          rows: 7,
          new: 2,
          updated: 1,
          unchanged: 1,
          rejected: 2,
          suppressed: 1,
          duplicates: 1,
        },
        ipAddress: ADMIN.ipAddress,
      }),
    ]);
    await expect(startCommit(database.db, ADMIN, dryRun.id)).rejects.toThrow(
      `This file was imported already (import #${commit.id}).`,
    );
  });

  it("discards a dry run's file: deleted, and no longer importable", async () => {
    await withAdmin();
    const stored = await upload(toCrunchbaseCsv([crunchbaseRecord(1)]));
    const dryRun = await (await startDryRun(database.db, ADMIN, stored)).finished;
    expect(await currentImportRun(database.db)).toMatchObject({ id: dryRun.id });

    const discarded = await discardDryRun(database.db, dryRun.id);
    expect(discarded).toMatchObject({ storedPath: null, discardedAt: expect.any(Date) });
    expect(existsSync(stored.storedPath)).toBe(false);
    expect(await currentImportRun(database.db)).toBeNull();
    await expect(startCommit(database.db, ADMIN, dryRun.id)).rejects.toThrow(
      "This file was discarded; upload it again to import it.",
    );
    await expect(startCommit(database.db, ADMIN, 999)).rejects.toBeInstanceOf(ImportRunRefused);
  });

  it("fails a dry run of a file the importer refuses, and drops the file", async () => {
    await withAdmin();
    // The header's quote never closes: the first line alone cannot tell, so the upload lets the import decide.
    const stored = await upload('Organization Name,"Website\nAcme,acme.example\n');
    const done = await (await startDryRun(database.db, ADMIN, stored)).finished;
    expect(done).toMatchObject({
      status: "failed",
      error: "The file is not a CSV text file: its first line could not be read as CSV.",
      storedPath: null,
    });
    expect(existsSync(stored.storedPath)).toBe(false);
    await expect(startCommit(database.db, ADMIN, done.id)).rejects.toThrow(
      "The dry run of this file failed, so it cannot be imported.",
    );
  });
});

describe("one import at a time", () => {
  it("refuses a second run while one runs, naming it, and deletes the refused upload", async () => {
    await withAdmin();
    const first = await startImportRun(database.db, {
      kind: "commit",
      source: "command_line",
      actorId: null,
      actorEmail: null,
      fileName: "big.csv",
      fileBytes: 1000,
      storedPath: null,
      dryRunId: null,
    });
    const stored = await upload(toCrunchbaseCsv([crunchbaseRecord(1)]));
    const refused = startDryRun(database.db, ADMIN, stored);
    await expect(refused).rejects.toBeInstanceOf(ImportBusyError);
    await expect(refused).rejects.toThrow(
      /^Another import is running \(an import of big\.csv, started by the command line \(npm run import\) at \d\d:\d\d UTC\)\. Two imports never run at once: wait for it to finish, then try again\.$/,
    );
    expect(existsSync(stored.storedPath)).toBe(false);
    expect(await database.db.select().from(importRuns)).toHaveLength(1);

    await database.db.update(importRuns).set({ status: "done" }).where(eq(importRuns.id, first.id));
    releaseRun(first.id);
    const again = await upload(toCrunchbaseCsv([crunchbaseRecord(1)]));
    expect((await (await startDryRun(database.db, ADMIN, again)).finished).status).toBe("done");
  });

  it("recovers runs left running by a process that is gone, or silent too long, and only those", async () => {
    const now = new Date("2025-06-15T12:00:00Z");
    const run = (fileName: string, runner: string, silentMs: number) => ({
      kind: "commit" as const,
      status: "running" as const,
      fileName,
      fileBytes: 10,
      runner,
      rowsRead: 4000,
      createdAt: new Date(now.getTime() - silentMs - 60_000),
      progressAt: new Date(now.getTime() - silentMs),
    });
    // The unique index admits one running row: each case in turn.
    const cases = [
      { row: run("dead.csv", `${os.hostname()}:2147483000:1`, 1_000), recovered: true },
      { row: run("restarted.csv", `${RUNNER.split(":").slice(0, 2).join(":")}:1`, 1_000), recovered: true },
      { row: run("not-here.csv", RUNNER, 1_000), recovered: true },
      { row: run("silent.csv", "other-host:123:1", STALE_RUN_MS + 1_000), recovered: true },
      { row: run("alive.csv", "other-host:123:1", 10_000), recovered: false },
    ];
    for (const { row, recovered } of cases) {
      await database.reset();
      await database.db.insert(importRuns).values(row);
      const marked = await recoverStaleRuns(database.db, now);
      expect(marked.map((item) => item.fileName)).toEqual(recovered ? [row.fileName] : []);
      const [stored] = await database.db.select().from(importRuns);
      if (recovered) {
        expect(stored).toMatchObject({ status: "failed", finishedAt: now });
        expect(stored?.error).toMatch(
          /^The server stopped while this ran \(last progress at 1\d:\d\d UTC\), after 4,000 rows\. The rows saved before it stopped stay saved; importing the same file again finishes the import\.$/,
        );
      } else {
        expect(stored?.status).toBe("running");
        await expect(
          startImportRun(database.db, { ...row, source: "console", actorId: null, actorEmail: null }, now),
        ).rejects.toThrow(/^Another import is running \(an import of alive\.csv/);
      }
    }
  });
});

describe("uploads", () => {
  it("stores the file under the uploads directory", async () => {
    const text = toCrunchbaseCsv([crunchbaseRecord(1)]);
    const stored = await upload(text, "C:\\fakepath\\Export 2025.CSV");
    expect(stored).toMatchObject({ fileName: "Export 2025.CSV", fileBytes: Buffer.byteLength(text) });
    expect(path.dirname(stored.storedPath)).toBe(dir);
  });

  it.each([
    ["companies.xlsx", "Organization Name\nAcme\n", 400, "companies.xlsx is a spreadsheet: export it as CSV"],
    ["notes.txt", "Organization Name\nAcme\n", 400, "notes.txt is not a .csv file"],
    ["empty.csv", "", 400, "The file is empty."],
    ["binary.csv", Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 1, 2]), 400, "looks like an Excel workbook"],
    ["other.csv", "Name,Website\nAcme,acme.example\n", 400, "The file has no 'Organization Name' column"],
    ["quote.csv", 'Organization Name,"Web"site\nAcme,x\n', 400, "its first line could not be read as CSV"],
  ])("refuses %s with a message, keeping nothing", async (name, body, status, message) => {
    const own = await mkdtemp(path.join(dir, "refused-"));
    const refused = upload(body, name, own);
    await expect(refused).rejects.toMatchObject({ status, message: expect.stringContaining(message) });
    expect(await readdir(own)).toEqual([]);
  });

  it("refuses a file over the size limit, declared or not", async () => {
    const before = (await readdir(dir)).length;
    const big = toCrunchbaseCsv(Array.from({ length: 200 }, (_, index) => crunchbaseRecord(index)));
    const declared = new Request("http://localhost/admin/imports/upload?name=big.csv", {
      method: "POST",
      headers: { "Content-Type": "text/csv", "Content-Length": String(big.length) },
      body: big,
    });
    await expect(receiveUpload(declared, { dir, maxBytes: 10_000 })).rejects.toMatchObject({
      status: 413,
      message: expect.stringMatching(/^The file is \d+(\.\d)? KB; the largest file accepted is 9\.8 KB\./),
    });
    const streamed = new Request("http://localhost/admin/imports/upload?name=big.csv", {
      method: "POST",
      headers: { "Content-Type": "text/csv" },
      body: new Blob([big]).stream(),
      duplex: "half",
    } as RequestInit);
    await expect(receiveUpload(streamed, { dir, maxBytes: 10_000 })).rejects.toMatchObject({ status: 413 });
    expect((await readdir(dir)).length).toBe(before);
  });

  it("refuses a form post and other content types", async () => {
    const form = new FormData();
    form.set("file", new Blob(["Organization Name\n"]), "a.csv");
    const multipart = new Request("http://localhost/admin/imports/upload?name=a.csv", {
      method: "POST",
      body: form,
    });
    await expect(receiveUpload(multipart, { dir })).rejects.toMatchObject({ status: 415 });
    const json = new Request("http://localhost/admin/imports/upload?name=a.csv", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{}",
    });
    await expect(receiveUpload(json, { dir })).rejects.toMatchObject({ status: 415 });
  });
});

describe("history and clean-up", () => {
  it("lists runs newest first without their kept rows", async () => {
    await withAdmin();
    for (const name of ["a.csv", "b.csv"]) {
      await (
        await startDryRun(database.db, ADMIN, await upload(toCrunchbaseCsv([crunchbaseRecord(1)]), name))
      ).finished;
    }
    const { rows, total } = await listImportRuns(database.db, { page: 1, size: 10 });
    expect(total).toBe(2);
    expect(rows.map((row) => row.fileName)).toEqual(["b.csv", "a.csv"]);
    expect(rows[0]).not.toHaveProperty("rejectedRows");
  });

  it("deletes uploads left a day without a decision, and stray files", async () => {
    await withAdmin();
    const own = await mkdtemp(path.join(dir, "cleanup-"));
    const stored = await upload(toCrunchbaseCsv([crunchbaseRecord(1)]), "a.csv", own);
    const dryRun = await (await startDryRun(database.db, ADMIN, stored)).finished;
    const stray = path.join(own, "3f2504e0-4f89-11d3-9a0c-0305e82c3301.csv");
    await writeFile(stray, "x");
    const old = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
    await utimes(stray, old, old);

    expect(await deleteAbandonedUploads(database.db, new Date(), own)).toBe(1);
    expect(existsSync(stray)).toBe(false);
    expect(existsSync(stored.storedPath)).toBe(true);

    const dayLater = new Date(Date.now() + 25 * 60 * 60 * 1000);
    expect(await deleteAbandonedUploads(database.db, dayLater, own)).toBe(1);
    expect(existsSync(stored.storedPath)).toBe(false);
    const [row] = await database.db.select().from(importRuns).where(eq(importRuns.id, dryRun.id));
    expect(row?.storedPath).toBeNull();
  });

  it("writes the kept rejected rows as a CSV download", async () => {
    await withAdmin();
    const stored = await upload(await mixedFile());
    const done = await (await startDryRun(database.db, ADMIN, stored)).finished;
    expect(rejectedRowsCsv(done.rejectedRows ?? [])).toBe(
      "row,reason\r\n" +
        '4,"Last Funding Amount (in USD) ""about 2M"" is not an amount (expected a number such as 1,000,000)."\r\n' +
        "5,suppressed (do-not-sell request)\r\n" +
        '7,"Website ""not a site"" is not a website address; Last Funding Date ""soon"" is not a valid date (expected YYYY-MM-DD)."\r\n',
    );
  });
});
