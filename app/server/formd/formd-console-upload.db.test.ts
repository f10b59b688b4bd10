import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { setUpTestDatabase } from "~tests/fixtures/database";
import { user } from "~tests/fixtures/factories";
import { type FormDFixture, primaryDocXml, writeQuarterZip } from "~tests/fixtures/formd";
import { FORMD_XML_NAME_EXAMPLE } from "../../core/formd/upload-file";
import type { AdminActor } from "../admin/audit-log.server";
import { queryRows } from "../db/query-rows.server";
import { adminAuditLog, users } from "../db/schema";
import { receiveUpload, startCommit, startDryRun } from "../import-console.server";
import { ImportBusyError, releaseRun } from "../imports/import-lock.server";
import { importRunView } from "../imports/import-run-view.server";
import { startCommandLineRun } from "../imports/import-runs.server";
import { type StoredUpload, UploadRefused } from "../imports/import-upload.server";

// Decision 031, section 3: SEC Form D through the console's upload, dry run and import, as the other kinds.
const database = setUpTestDatabase();
const ADMIN: AdminActor = { id: "user_boss", email: "boss@example.com", ipAddress: "203.0.113.9" };
let dir: string;
let uploads: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "rl-formd-console-"));
});
beforeEach(async () => {
  uploads = await mkdtemp(path.join(dir, "uploads-"));
  await database.db.insert(users).values(user({ id: ADMIN.id, name: "Boss", email: ADMIN.email }));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const STARTUP: FormDFixture = {
  accessionNumber: "0001900001-26-000001",
  cik: "0001900001",
  name: "Quillwork Robotics, Inc.",
  filingDate: "2026-07-10",
  industryGroup: "Other Technology",
  equity: true,
  saleDate: "2026-06-30",
  totalOffering: 5_000_000,
  amountSold: 4_200_000,
  investors: 7,
  persons: [{ first: "Maya", last: "Okafor", relationships: ["Executive Officer"] }],
};
const OTHER: FormDFixture = {
  ...STARTUP,
  accessionNumber: "0001900005-26-000001",
  cik: "0001900005",
  name: "Lumen Gradient Labs Inc",
};

function upload(
  body: BodyInit,
  name: string,
  contentType = "application/octet-stream",
): Promise<StoredUpload> {
  const request = new Request(
    `http://localhost/admin/imports/upload?name=${encodeURIComponent(name)}&subject=formd`,
    { method: "POST", headers: { "Content-Type": contentType }, body },
  );
  return receiveUpload(request, { dir: uploads, subject: "formd" });
}

async function formDRounds(): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from funding_rounds where source = 'sec_form_d'`,
  );
  return row?.n ?? 0;
}

describe("decision 031: SEC Form D in the console's imports", () => {
  it("dry-runs, then imports an uploaded quarterly zip, reporting a rejected row with its file, line and reason", async () => {
    const zip = await writeQuarterZip(path.join(dir, "2026q3_d.zip"), [STARTUP, OTHER], {
      extraLines: { "ISSUERS.tsv": ["0009999999-26-000001\tYES\t9\t0000000042\tOrphan Inc"] },
    });
    const stored = await upload(await readFile(zip), "2026q3_d.zip");
    // Kept under its own name, in a folder of its own: the reader names it in its messages.
    expect(path.basename(stored.storedPath)).toBe("2026q3_d.zip");

    const dryRun = await (await startDryRun(database.db, ADMIN, stored, "formd")).finished;
    expect(importRunView(dryRun)).toMatchObject({
      subject: "formd",
      kind: "dry_run",
      status: "done",
      rowsRead: 3,
      inserted: 2,
      rejected: 1,
      companiesInserted: 2,
      percent: 100,
      hasFile: true,
      error: null,
    });
    expect(dryRun.rejectedRows).toEqual([
      { row: 4, reason: "2026q3_d.zip:2026Q3_d/ISSUERS.tsv: 5 cells where the header has 23" },
    ]);
    expect(await formDRounds()).toBe(0);

    const commit = await (await startCommit(database.db, ADMIN, dryRun.id)).finished;
    expect(importRunView(commit)).toMatchObject({
      subject: "formd",
      kind: "commit",
      status: "done",
      inserted: 2,
      rejected: 1,
    });
    expect(await formDRounds()).toBe(2);
    // The imported file and its folder are gone.
    expect(await readdir(uploads)).toEqual([]);
    const audit = await database.db.select().from(adminAuditLog).orderBy(adminAuditLog.id);
    expect(audit.at(-1)?.after).toMatchObject({ status: "done", subject: "formd", new: 2 });
  });

  it("imports one filing's XML named after its accession number", async () => {
    const name = `${STARTUP.accessionNumber}.xml`;
    const stored = await upload(primaryDocXml(STARTUP), name, "text/xml");
    const dryRun = await (await startDryRun(database.db, ADMIN, stored, "formd")).finished;
    expect(importRunView(dryRun)).toMatchObject({ status: "done", rowsRead: 1, inserted: 1, rejected: 0 });
  });

  it("fails the dry run of an XML that is not a filing with the file's own name, not the server's path", async () => {
    const name = `${STARTUP.accessionNumber}.xml`;
    const stored = await upload('<?xml version="1.0"?><html/>', name);
    const dryRun = await (await startDryRun(database.db, ADMIN, stored, "formd")).finished;
    expect(dryRun.status).toBe("failed");
    expect(dryRun.error).toMatch(new RegExp(`^${name}`));
    expect(dryRun.error).not.toContain(uploads);
    expect(dryRun.storedPath).toBeNull();
  });

  it("refuses, storing nothing, a primary_doc.xml (no accession number), a CSV, and a zip or XML that is not one", async () => {
    await expect(upload("<?xml version='1.0'?>", "primary_doc.xml")).rejects.toThrow(
      `primary_doc.xml does not name its filing: rename it after its accession number, as in ${FORMD_XML_NAME_EXAMPLE}`,
    );
    await expect(upload("a,b\n1,2\n", "filings.csv", "text/csv")).rejects.toThrow(
      "filings.csv is not a Form D file",
    );
    const notZip = upload("name,city\nAcme,Paris\n", "2026q3_d.zip");
    await expect(notZip).rejects.toThrow("2026q3_d.zip is not a zip file");
    await expect(upload("<html></html>", FORMD_XML_NAME_EXAMPLE)).rejects.toBeInstanceOf(UploadRefused);
    await expect(upload("x", "q.zip", "image/png")).rejects.toMatchObject({ status: 415 });
    expect(await readdir(uploads)).toEqual([]);
  });

  it("waits its turn: one import at a time, whatever its kind", async () => {
    const busy = await startCommandLineRun(database.db, { fileName: "companies.csv", fileBytes: 1 });
    const stored = await upload(primaryDocXml(OTHER), `${OTHER.accessionNumber}.xml`);
    await expect(startDryRun(database.db, ADMIN, stored, "formd")).rejects.toBeInstanceOf(ImportBusyError);
    // The refused upload is not kept.
    expect(await readdir(uploads)).toEqual([]);
    expect(busy.status).toBe("running");
    releaseRun(busy.id);
  });
});
