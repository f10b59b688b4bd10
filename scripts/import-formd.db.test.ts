import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateFormDFilings, writeQuarterZip } from "~tests/fixtures/formd";
import { formD } from "~tests/fixtures/formd-filings";

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, "..");
const TSX = path.join(ROOT, "node_modules/.bin/tsx");
let dir: string;

/** Runs `npm run import:formd` on an embedded database of its own: its output and exit code. */
async function importFormD(args: string[]): Promise<{ out: string; err: string; code: number }> {
  try {
    const { stdout, stderr } = await run(TSX, [path.join(ROOT, "scripts", "import-formd.ts"), ...args], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: "", DATA_DIR: path.join(dir, "data") },
    });
    return { out: stdout, err: stderr, code: 0 };
  } catch (error) {
    const failed = error as { stdout: string; stderr: string; code: number };
    return { out: failed.stdout, err: failed.stderr, code: failed.code };
  }
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "rl-import-formd-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("decision 031: npm run import:formd", () => {
  it("imports read filings; --json's last line is one object of the counts; again, nothing changes", async () => {
    const file = path.join(dir, "filings.jsonl");
    const lines = [
      formD({ accession: "0001000001-26-000001" }),
      formD({
        accession: "0001000001-26-000002",
        amends: "0001000001-26-000001",
        filedOn: "2026-03-01",
        line: 3,
      }),
      formD({ accession: "0001000009-26-000001", kind: "fund", cik: "1000009", line: 4 }),
      formD({ accession: "0001000009-26-000002", kind: "test", cik: "1000009", line: 5 }),
    ].map((item) => JSON.stringify(item));
    await writeFile(file, `${lines.join("\n")}\nnot json\n`);
    const first = await importFormD([file, "--json"]);
    expect(first.code).toBe(0);
    const counts = JSON.parse(first.out.trim().split("\n").at(-1) ?? "{}");
    expect(counts).toMatchObject({
      filingsRead: 5,
      companiesInserted: 1,
      companiesUpdated: 0,
      roundsInserted: 1,
      roundsUpdated: 1,
      peopleInserted: 1,
      fundsLeftOut: 1,
      testFilingsLeftOut: 1,
      amendmentsApplied: 1,
      rejected: 1,
    });
    expect(counts.rejected).toBe(1);
    expect(first.out).toContain("the line is not a read Form D filing");

    const again = await importFormD([file, "--json"]);
    expect(JSON.parse(again.out.trim().split("\n").at(-1) ?? "{}")).toMatchObject({
      filingsRead: 5,
      companiesInserted: 0,
      companiesUpdated: 0,
      roundsInserted: 0,
      roundsUpdated: 0,
      peopleInserted: 0,
      amendmentsApplied: 0,
      unchanged: 2,
    });
  });

  it("imports a quarterly data set zip, and refuses one missing a file with a message naming it", async () => {
    const filings = generateFormDFilings({ count: 30, seed: 7 });
    const zip = await writeQuarterZip(path.join(dir, "2026q3_d.zip"), filings);
    const first = await importFormD([zip, "--json"]);
    expect(first.code).toBe(0);
    const counts = JSON.parse(first.out.trim().split("\n").at(-1) ?? "{}");
    expect(counts.filingsRead).toBe(30);
    expect(counts.companiesInserted).toBeGreaterThan(0);
    expect(counts.roundsInserted).toBe(counts.companiesInserted);
    expect(counts.filingsRead).toBe(
      counts.roundsInserted +
        counts.amendmentsApplied +
        counts.fundsLeftOut +
        counts.testFilingsLeftOut +
        counts.notOperatingLeftOut +
        counts.rejected +
        (counts.unchanged ?? 0),
    );

    const broken = await writeQuarterZip(path.join(dir, "2026q2_d.zip"), filings, { omit: ["ISSUERS.tsv"] });
    const refused = await importFormD([broken, "--json"]);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain("ISSUERS.tsv");
  });
});
