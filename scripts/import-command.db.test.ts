import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { crunchbaseRecord, toCrunchbaseCsv } from "~tests/fixtures/crunchbase-csv";
import { lpRecord, toLpCsv } from "~tests/fixtures/lp-csv";
import { roundRecord, toRoundsCsv } from "~tests/fixtures/rounds-csv";
import { openDatabase } from "../app/server/db/database.server";
import { queryRows } from "../app/server/db/query-rows.server";

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, "..");
const TSX = path.join(ROOT, "node_modules/.bin/tsx");
let dir: string;

/** Runs a script of this folder on an embedded database of its own: its output and exit code. */
async function command(
  script: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<{ out: string; err: string; code: number }> {
  try {
    const { stdout, stderr } = await run(TSX, [path.join(ROOT, "scripts", script), ...args], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: "", DATA_DIR: path.join(dir, "data"), ...env },
    });
    return { out: stdout, err: stderr, code: 0 };
  } catch (error) {
    const failed = error as { stdout: string; stderr: string; code: number };
    return { out: failed.stdout, err: failed.stderr, code: failed.code };
  }
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "rl-import-command-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("the import kit's command line (npm run import, npm run import:lps)", () => {
  it("imports companies, reports each rejected row, recomputes the similar companies, builds a first load's indexes and times the phases", async () => {
    const file = path.join(dir, "companies.csv");
    await writeFile(
      file,
      toCrunchbaseCsv([
        crunchbaseRecord(1),
        crunchbaseRecord(2),
        crunchbaseRecord(3, { "Organization Name": "", Email: "nobody" }),
      ]),
    );
    const { out, code } = await command("import.ts", [file, "--report", path.join(dir, "rejected.csv")]);
    expect(code).toBe(0);
    expect(out).toContain(
      `File:      ${file}\nRows read: 3\nInserted:  2\nUpdated:   0\nUnchanged: 0\nRejected:  1\n`,
    );
    // docs/product.md#imports: every problem of the row, not only the first.
    expect(out).toContain(
      '\nRejected rows:\n  row 4: Organization Name is empty; Email "nobody" is not an email address.\n',
    );
    expect(out).toMatch(/\nSimilar companies recomputed for 2 companies in \d+\.\d s\.\n/);
    // decision 020: the database was empty, so this was a first load.
    expect(out).toMatch(
      /\nBuilt \d+ indexes in \d+\.\d s \(a first load into an empty table builds them once, at the end\)\.\n/,
    );
    expect(out).toMatch(/\nEnd to end: [\d,]+ rows\/s, \d+\.\d s \(import \d+\.\d s, then \d+\.\d s\)\.\n/);
    expect(out).toContain(`Wrote 1 rejected rows to ${path.join(dir, "rejected.csv")}.`);
    // A first load refreshes the planner statistics once its indexes are built (analyzeLater), not never.
    const database = await openDatabase({ dataDir: path.join(dir, "data") });
    try {
      const [analyzed] = await queryRows<{ columns: number }>(
        database.db,
        sql`select count(*)::int as columns from pg_stats where schemaname = 'public' and tablename = 'companies'`,
      );
      expect(analyzed?.columns).toBeGreaterThan(10);
    } finally {
      await database.close();
    }
  }, 120_000);

  it("runs an LP dry run with the LPs' words, and refuses options a kind's command does not take", async () => {
    const file = path.join(dir, "lps.csv");
    await writeFile(file, toLpCsv([lpRecord(1)]));
    const lps = await command("import-lps.ts", ["--dry-run", file]);
    expect(lps.code).toBe(0);
    expect(lps.out).toContain("Dry run: nothing was written. Importing this file now would do this:\n");
    expect(lps.out).toContain(`File:             ${file}\nRows read:        1\nLPs inserted:     1\n`);
    expect(lps.out).toContain(
      "Contacts removed: 0 (stored contacts the file's replaced)\nRejected rows:    0\n",
    );
    expect(lps.out).not.toContain("Similar companies");

    const refused = await command("import.ts", ["--dry-run", file]);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain("Usage: npm run import -- <file.csv> [--report rejected.csv]");
  }, 120_000);

  it("imports funding rounds with the rounds' words, and prints the report as JSON with --json", async () => {
    const companies = path.join(dir, "rounds-companies.csv");
    await writeFile(companies, toCrunchbaseCsv([crunchbaseRecord(1)]));
    const rounds = path.join(dir, "rounds.csv");
    await writeFile(rounds, toRoundsCsv([roundRecord(1, 1), roundRecord(2, 1)]));
    // Its own data directory: the companies of the first test are not these.
    const dataDir = path.join(dir, "rounds-data");
    const env = { DATA_DIR: dataDir };
    expect((await command("import.ts", [companies], env)).code).toBe(0);

    const dry = await command("import-rounds.ts", ["--dry-run", rounds], env);
    expect(dry.code).toBe(0);
    expect(dry.out).toContain(`File:              ${rounds}\nRows read:         2\nRounds inserted:   1\n`);
    expect(dry.out).toContain("Investors created: 2\nRejected rows:     1\n");
    expect(dry.out).toContain(
      '  row 3: Organization "Company 2" is not in Roundlist: import its company first.\n',
    );

    const json = await command("import-rounds.ts", ["--json", rounds], env);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.out)).toMatchObject({
      file: rounds,
      dryRun: false,
      totalRows: 2,
      inserted: 1,
      rejectedCount: 1,
      roundsWritten: 1,
      investorsCreated: 2,
      rejected: [
        { row: 3, reason: 'Organization "Company 2" is not in Roundlist: import its company first.' },
      ],
    });
  }, 120_000);
});
