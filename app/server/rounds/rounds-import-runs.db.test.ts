import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { crunchbaseRecord, csvStream, toCrunchbaseCsv } from "~tests/fixtures/crunchbase-csv";
import { setUpTestDatabase } from "~tests/fixtures/database";
import { user } from "~tests/fixtures/factories";
import { roundRecord, toRoundsCsv } from "~tests/fixtures/rounds-csv";
import { importBusyMessage } from "../../core/import-runs";
import type { AdminActor } from "../admin/audit-log.server";
import { importCompanies } from "../companies/import-companies.server";
import { queryRows } from "../db/query-rows.server";
import { adminAuditLog, users } from "../db/schema";
import { receiveUpload, startCommit, startDryRun } from "../import-console.server";
import { importRunView } from "../imports/import-run-view.server";
import { type StoredUpload, UploadRefused } from "../imports/import-upload.server";

const database = setUpTestDatabase();
const ADMIN: AdminActor = { id: "user_boss", email: "boss@example.com", ipAddress: "203.0.113.9" };
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "rl-rounds-import-runs-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function upload(text: string, subject: "companies" | "rounds" = "rounds"): Promise<StoredUpload> {
  const request = new Request(`http://localhost/admin/imports/upload?name=rounds.csv&subject=${subject}`, {
    method: "POST",
    headers: { "Content-Type": "text/csv" },
    body: text,
  });
  return receiveUpload(request, { dir, subject });
}

async function roundCount(): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from funding_rounds where source = 'crunchbase_rounds'`,
  );
  return row?.n ?? 0;
}

const COUNTS = {
  subject: "rounds",
  rowsRead: 4,
  inserted: 2,
  updated: 0,
  unchanged: 1,
  rejected: 1,
  suppressed: 0,
  duplicates: 1,
  investorsCreated: 2,
};

describe("funding-rounds files in the console's imports (decision 030)", () => {
  it("runs a dry run and then the import of a rounds file with the rounds importer, and logs the import", async () => {
    await database.db.insert(users).values(user({ name: "Boss", email: ADMIN.email }));
    await importCompanies(database.db, csvStream(toCrunchbaseCsv([crunchbaseRecord(1)])));
    const file = toRoundsCsv([
      roundRecord(1, 1), // 2: new
      roundRecord(4, 1), // 3: company not stored
      roundRecord(1, 2), // 4: new
      roundRecord(1, 1), // 5: the round of line 2 again
    ]);
    const dryRun = await (await startDryRun(database.db, ADMIN, await upload(file), "rounds")).finished;
    expect(dryRun).toMatchObject({
      ...COUNTS,
      kind: "dry_run",
      status: "done",
      roundsWritten: 0,
      error: null,
    });
    expect(dryRun.rejectedRows).toEqual([
      { row: 3, reason: 'Organization "Company 4" is not in Roundlist: import its company first.' },
    ]);
    expect(dryRun.duplicateRows).toEqual([{ row: 5, firstRow: 2 }]);
    expect(await roundCount()).toBe(0);

    const commit = await (await startCommit(database.db, ADMIN, dryRun.id)).finished;
    expect(commit).toMatchObject({
      ...COUNTS,
      kind: "commit",
      status: "done",
      roundsWritten: 2,
    });
    expect(await roundCount()).toBe(2);
    expect(importRunView(commit)).toMatchObject({ subject: "rounds", roundsWritten: 2, investorsCreated: 2 });
    const audit = await database.db.select().from(adminAuditLog).orderBy(adminAuditLog.id);
    expect(audit.at(-1)?.after).toMatchObject({
      status: "done",
      subject: "rounds",
      new: 2,
      roundsWritten: 2,
      investorsCreated: 2,
    });
  });

  it("checks an upload's header as a rounds file, and says what a running rounds import is", async () => {
    await expect(upload(toCrunchbaseCsv([crunchbaseRecord(1)]))).rejects.toThrow(
      "The file has no 'Funding Type' column; is it a Crunchbase funding-rounds CSV export?",
    );
    await expect(upload(toCrunchbaseCsv([crunchbaseRecord(1)]))).rejects.toThrow(UploadRefused);
    const message = importBusyMessage({
      kind: "commit",
      status: "running",
      fileName: "rounds.csv",
      actorEmail: null,
      createdAt: new Date("2026-11-27T10:00:00Z"),
      rowsRead: 0,
      progressAt: new Date("2026-11-27T10:00:00Z"),
      subject: "rounds",
    });
    expect(message).toContain(
      "an import of funding rounds from rounds.csv, started by the command line (npm run import:rounds)",
    );
  });
});
