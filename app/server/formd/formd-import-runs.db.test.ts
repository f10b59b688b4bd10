import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setUpTestDatabase } from "~tests/fixtures/database";
import { formD } from "~tests/fixtures/formd-filings";
import { carryOutRun } from "../import-console.server";
import { ImportBusyError } from "../imports/import-lock.server";
import { importRunView } from "../imports/import-run-view.server";
import { startCommandLineRun } from "../imports/import-runs.server";
import { importFormD } from "./import-formd.server";

const database = setUpTestDatabase();
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "rl-formd-import-runs-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const ITEMS = [
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
  formD({
    accession: "0001000002-26-000002",
    cik: "1000002",
    name: "Beta Bio LLC",
    matchName: "beta bio",
    line: 5,
  }),
  formD({ accession: "0001000009-26-000001", kind: "test", cik: "1000009", line: 6 }),
];

describe("decision 031: a Form D import as a run of the import kit", () => {
  it("is recorded in the import history with its own counts, and holds the one-import-at-a-time lock", async () => {
    const file = path.join(dir, "filings.jsonl");
    await writeFile(file, ITEMS.map((item) => JSON.stringify(item)).join("\n"));
    const run = await startCommandLineRun(database.db, { fileName: "filings.jsonl", fileBytes: 1 }, "formd");
    // docs/product.md#imports: one import at a time, whatever its kind.
    await expect(
      startCommandLineRun(database.db, { fileName: "other.csv", fileBytes: 1 }, "companies"),
    ).rejects.toBeInstanceOf(ImportBusyError);
    const outcome = await carryOutRun(database.db, run, file);
    expect(outcome.error).toBeNull();
    expect(importRunView(outcome.run)).toMatchObject({
      subject: "formd",
      status: "done",
      rowsRead: 5,
      inserted: 3,
      updated: 1,
      unchanged: 0,
      companiesInserted: 2,
      companiesUpdated: 0,
      peopleWritten: 2,
      testsLeftOut: 1,
      fundsLeftOut: 0,
      notOperatingLeftOut: 0,
      amendmentsApplied: 1,
    });
  });

  it("a dry run in batches of one counts what one import would do", async () => {
    const { report: dry } = await importFormD(database.db, ITEMS, { dryRun: true, batchSize: 1 });
    const { report: done } = await importFormD(database.db, ITEMS, { batchSize: 1 });
    const { ms: _dryMs, dryRun: _dry, ...dryCounts } = dry;
    const { ms: _ms, dryRun: _done, ...doneCounts } = done;
    expect(dryCounts).toEqual(doneCounts);
    expect(done).toMatchObject({ inserted: 3, updated: 1, companiesInserted: 2, amendmentsApplied: 1 });
  });
});
