// `npm run bench:export -- [--rows N] [--batch B] [--runs R] [--data-dir DIR] [--server]`: the issue 6 export
// benchmark. With --server it measures through `node server.mjs` over HTTP instead (bench-export-server.ts;
// run `npm run build` first), reporting the server process's RSS.
// Seeds N demo companies into the configured database (DATABASE_URL, else a PGlite directory: --data-dir to
// keep one between runs, otherwise a temporary one) when it does not hold exactly N, then streams the full
// export (no filters) to a null sink through the app's streamCompaniesCsv, and reports rows/s, bytes,
// elapsed time, peak RSS (sampled every 20 ms, plus the OS's high-water mark) and the longest event-loop stall.
// Seeding raises the OS high-water mark: run once to seed, then again to measure.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { EMPTY_SEARCH } from "../app/core/search-params";
import { streamCompaniesCsv } from "../app/server/companies/export.server";
import { countCompanies } from "../app/server/companies/stats.server";
import { openDatabase } from "../app/server/db/database.server";
import { seedCompanies, tidyAfterBulkLoad } from "../app/server/demo-data/seed.server";
import { benchExportThroughServer } from "./bench-export-server";

const { values } = parseArgs({
  options: {
    rows: { type: "string", default: "100000" },
    batch: { type: "string" },
    runs: { type: "string", default: "1" },
    "data-dir": { type: "string" },
    server: { type: "boolean", default: false },
  },
});
const rows = Number(values.rows);
const runs = Number(values.runs);
const batchSize = values.batch ? Number(values.batch) : undefined;
if (!Number.isInteger(rows) || rows < 1 || !Number.isInteger(runs) || runs < 1) {
  console.error(
    "usage: npm run bench:export -- [--rows N] [--batch B] [--runs R] [--data-dir DIR] [--server]",
  );
  process.exit(2);
}

const MB = 1024 * 1024;
const url = process.env.DATABASE_URL || undefined;
const temporaryDir =
  url || values["data-dir"] ? undefined : mkdtempSync(path.join(tmpdir(), "rl-bench-export-"));
const dataDir = values["data-dir"] ?? temporaryDir;
const database = await openDatabase({ url, dataDir });
await database.migrate();
const db = database.db;

function formatMb(bytes: number): string {
  return `${(bytes / MB).toFixed(1)} MB`;
}

async function ensureRows(): Promise<void> {
  const existing = await countCompanies(db);
  if (existing === rows) return;
  // Never wipe somebody's data: only an empty database, a temporary one or one named for benchmarks.
  const isDisposable = temporaryDir !== undefined || (url ?? dataDir ?? "").includes("bench");
  if (existing > 0 && !isDisposable) {
    throw new Error(
      `The database holds ${existing} companies, not ${rows}. Use an empty database (or one whose name contains "bench").`,
    );
  }
  await db.execute(sql`truncate companies restart identity cascade`);
  let reported = 0;
  const seeded = await seedCompanies(db, {
    count: rows,
    onProgress(inserted) {
      if (inserted - reported >= 50_000) {
        reported = inserted;
        process.stdout.write(`\rseeding ${inserted.toLocaleString("en-US")}…`);
      }
    },
  });
  await tidyAfterBulkLoad(db);
  console.log(
    `\rSeeded ${seeded.inserted.toLocaleString("en-US")} companies in ${(seeded.ms / 1000).toFixed(1)} s.`,
  );
}

async function measure(run: number): Promise<void> {
  global.gc?.();
  const rssBefore = process.memoryUsage.rss();
  let peakRss = rssBefore;
  let atPeak = process.memoryUsage();
  const sampler = setInterval(() => {
    const usage = process.memoryUsage();
    if (usage.rss > peakRss) {
      peakRss = usage.rss;
      atPeak = usage;
    }
  }, 20);
  const stalls = monitorEventLoopDelay({ resolution: 10 });
  stalls.enable();

  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  let firstByteMs = 0;
  let bytes = 0;
  const { stream, done } = await streamCompaniesCsv(database, EMPTY_SEARCH, {
    today: new Date(),
    ...(batchSize ? { batchSize } : {}),
  });
  // The null sink: read and drop each chunk, as fast as the export produces them.
  const reader = stream.getReader();
  for (;;) {
    const { done: isDone, value } = await reader.read();
    if (isDone) break;
    if (bytes === 0) firstByteMs = performance.now() - started;
    bytes += value.byteLength;
  }
  const outcome = await done;
  const elapsed = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  stalls.disable();
  clearInterval(sampler);
  peakRss = Math.max(peakRss, process.memoryUsage.rss());

  if (outcome.status !== "complete" || outcome.rows !== rows) {
    throw new Error(`export ended ${outcome.status} after ${outcome.rows} of ${rows} rows`);
  }
  console.log(
    [
      `run ${run}: ${outcome.rows.toLocaleString("en-US")} rows, ${formatMb(bytes)} in ${elapsed.toFixed(2)} s`,
      `  ${Math.round(outcome.rows / elapsed).toLocaleString("en-US")} rows/s, first byte after ${firstByteMs.toFixed(0)} ms, this process's CPU ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s`,
      `  RSS ${formatMb(rssBefore)} before, peak ${formatMb(peakRss)} (+${formatMb(peakRss - rssBefore)}; JS heap ${formatMb(atPeak.heapUsed)}, buffers ${formatMb(atPeak.arrayBuffers)}); OS high-water mark ${formatMb(process.resourceUsage().maxRSS * 1024)}`,
      `  longest event-loop stall ${(stalls.max / 1e6).toFixed(0)} ms (p99 ${(stalls.percentile(99) / 1e6).toFixed(0)} ms)`,
    ].join("\n"),
  );
}

if (values.server) {
  try {
    await ensureRows();
  } finally {
    await database.close();
  }
  try {
    await benchExportThroughServer({ url, dataDir, rows, runs });
  } finally {
    if (temporaryDir) rmSync(temporaryDir, { recursive: true, force: true });
  }
  process.exit(0);
}

try {
  await ensureRows();
  console.log(
    `\nExport of ${rows.toLocaleString("en-US")} companies from ${database.kind}, in this process (tsx, no heap cap: the server figures come from --server)${batchSize ? ` (batch ${batchSize})` : ""}`,
  );
  for (let run = 1; run <= runs; run += 1) await measure(run);
} finally {
  await database.close();
  if (temporaryDir) rmSync(temporaryDir, { recursive: true, force: true });
}
