import { createReadStream } from "node:fs";
import { mkdtemp, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { parseArgs } from "node:util";
import v8 from "node:v8";
import { sql } from "drizzle-orm";
import type { AdminActor } from "../app/server/admin/audit-log.server";
import { type Database, openDatabase } from "../app/server/db/database.server";
import { queryRows } from "../app/server/db/query-rows.server";
import { type ImportRunRow, users } from "../app/server/db/schema";
import { receiveUpload, startCommit, startDryRun } from "../app/server/import-console.server";
import { importRunView } from "../app/server/imports/import-run-view.server";
import { getImportRun } from "../app/server/imports/import-runs.server";
import { generateCrunchbaseFile, sampleMemory } from "./bench-import-helpers";

const TARGET_PEAK_RSS_MB = 400;
const POLL_MS = 1_000;

const { values } = parseArgs({
  options: {
    rows: { type: "string", default: "100000" },
    bad: { type: "string", default: "0.01" },
  },
});

const workDir = await mkdtemp(path.join(os.tmpdir(), "rl-bench-import-runs-"));
const csvPath = path.join(workDir, "crunchbase.csv");
const ADMIN: AdminActor = { id: "bench_admin", email: "bench@example.com", ipAddress: "127.0.0.1" };
let database: Database | undefined;
try {
  generateCrunchbaseFile(csvPath, values.rows, values.bad);
  const size = (await stat(csvPath)).size;
  console.log(`File: ${count(Number(values.rows))} rows, ${(size / 1024 / 1024).toFixed(1)} MB`);
  const url = process.env.DATABASE_URL || undefined;
  database = await openDatabase({ url, dataDir: url ? undefined : path.join(workDir, "pglite") });
  await database.migrate();
  const db = database.db;
  const [existing] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from companies`);
  if ((existing?.n ?? 0) > 0)
    throw new Error("The companies table is not empty: use an empty scratch database.");
  await db.insert(users).values({ id: ADMIN.id, name: "Bench", email: ADMIN.email }).onConflictDoNothing();
  console.log(`Database: ${database.kind}; heap cap ${heapCapMb()} MB`);

  const memory = sampleMemory();
  const uploadDir = path.join(workDir, "imports");
  const phase = async (label: string, work: () => Promise<ImportRunRow>) => {
    const started = performance.now();
    const run = await work();
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `${label.padEnd(16)} ${seconds.toFixed(1).padStart(5)} s  ${run.status}: ${count(run.rowsRead)} rows, ` +
        `${count(run.inserted)} new, ${count(run.updated)} updated, ${count(run.unchanged)} unchanged, ` +
        `${count(run.rejected)} rejected, ${count(run.suppressed)} suppressed, ${count(run.duplicates)} duplicates` +
        `  (RSS now ${mb(process.memoryUsage().rss)} MB)`,
    );
    if (run.status !== "done") throw new Error(`${label} failed: ${run.error}`);
    return run;
  };

  const upload = await (async () => {
    const started = performance.now();
    const request = new Request(`http://localhost/admin/imports/upload?name=crunchbase.csv`, {
      method: "POST",
      headers: { "Content-Type": "text/csv", "Content-Length": String(size) },
      body: Readable.toWeb(createReadStream(csvPath)) as ReadableStream<Uint8Array>,
      duplex: "half",
    } as RequestInit);
    const stored = await receiveUpload(request, { dir: uploadDir });
    console.log(
      `${"upload".padEnd(16)} ${((performance.now() - started) / 1000).toFixed(1).padStart(5)} s  ` +
        `${count(stored.fileBytes)} bytes stored  (RSS now ${mb(process.memoryUsage().rss)} MB)`,
    );
    return stored;
  })();

  const dryRun = await phase("dry run", async () => {
    const { run } = await startDryRun(db, ADMIN, upload);
    return follow(database as Database, run.id);
  });
  let refreshed: Promise<ImportRunRow> = Promise.resolve(dryRun);
  await phase("import", async () => {
    const { run, finished } = await startCommit(db, ADMIN, dryRun.id);
    refreshed = finished;
    return follow(database as Database, run.id);
  });
  {
    // After an import the similar companies are recomputed (as `npm run import` does), in the background.
    const started = performance.now();
    await refreshed;
    console.log(
      `${"similar refresh".padEnd(16)} ${((performance.now() - started) / 1000).toFixed(1).padStart(5)} s more` +
        `  (RSS now ${mb(process.memoryUsage().rss)} MB)`,
    );
  }
  await phase("dry run again", async () => {
    const again = await receiveUpload(
      new Request(`http://localhost/admin/imports/upload?name=crunchbase.csv`, {
        method: "POST",
        headers: { "Content-Type": "text/csv" },
        body: Readable.toWeb(createReadStream(csvPath)) as ReadableStream<Uint8Array>,
        duplex: "half",
      } as RequestInit),
      { dir: uploadDir },
    );
    const { run } = await startDryRun(db, ADMIN, again);
    return follow(database as Database, run.id);
  });
  const peak = memory.stop();
  console.log(
    `Peak RSS: ${mb(peak)} MB (before: ${mb(memory.baseline)} MB); target < ${TARGET_PEAK_RSS_MB} MB ` +
      `${peak / 1024 / 1024 < TARGET_PEAK_RSS_MB ? "met" : "MISSED"}.`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await database?.close();
  await rm(workDir, { recursive: true, force: true });
}

/** Polls the run's row as the page does (through its view), printing the progress the bar would show. */
async function follow(database: Database, id: number): Promise<ImportRunRow> {
  let shown = -1;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    const run = await getImportRun(database.db, id);
    const view = importRunView(run);
    if (run.status !== "running") return run;
    if (view.percent !== shown) {
      shown = view.percent;
      process.stdout.write(`    ${String(view.percent).padStart(3)}%  ${count(view.rowsRead)} rows read\n`);
    }
  }
}

function heapCapMb(): number {
  return Math.round(v8.getHeapStatistics().heap_size_limit / 1024 / 1024);
}

function mb(bytes: number): string {
  return (bytes / 1024 / 1024).toFixed(0);
}

function count(value: number): string {
  return value.toLocaleString("en-US");
}
