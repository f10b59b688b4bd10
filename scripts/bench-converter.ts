// `npm run bench:converter [-- --rows 100000]`: the converter's targets (docs/product.md#speed), through the production server (`npm run
// build` first). With DATABASE_URL of a scratch database whose name contains "bench" (else a temporary
// PGlite): seeds N companies once, starts `node server.mjs` (its 160 MB heap cap, one process), signs in an
// admin, then
// - exports every company for several targets (`/api/export-csv?target=`): target < 4 s;
// - uploads the Roundlist export of them to /converter and converts it for Instantly and for Salesforce
//   (a zip of parts past its 50,000 rows): target < 5 s;
// and samples the server process's RSS every 20 ms: target < 250 MB.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { countCompanies } from "../app/server/companies/stats.server";
import { openDatabase } from "../app/server/db/database.server";
import { seedCompanies, tidyAfterBulkLoad } from "../app/server/demo-data/seed.server";
import { memoryOf, ORIGIN, signIn, startServer } from "./bench-export-server";
import { waitForServer } from "./wait-for-server.mjs";

const { values } = parseArgs({ options: { rows: { type: "string", default: "100000" } } });
const rows = Number(values.rows);
const MB = 1024 * 1024;
const EXPORT_TARGET_S = 4;
const UPLOAD_TARGET_S = 5;
const RSS_TARGET_MB = 250;

const url = process.env.DATABASE_URL || undefined;
if (url && !new URL(url).pathname.includes("bench")) {
  throw new Error("DATABASE_URL must name a scratch database whose name contains 'bench'.");
}
const dataDir = url ? undefined : mkdtempSync(path.join(tmpdir(), "rl-bench-converter-"));

async function ensureRows(): Promise<void> {
  const database = await openDatabase({ url, dataDir });
  try {
    await database.migrate();
    if ((await countCompanies(database.db)) === rows) return;
    await database.db.execute(sql`truncate companies restart identity cascade`);
    const seeded = await seedCompanies(database.db, { count: rows });
    await tidyAfterBulkLoad(database.db);
    console.log(
      `Seeded ${seeded.inserted.toLocaleString("en-US")} companies in ${(seeded.ms / 1000).toFixed(1)} s.`,
    );
  } finally {
    await database.close();
  }
}

/** Runs `work` while sampling the server's RSS; returns its seconds and the peak RSS in MB. */
async function timed<T>(
  pid: number,
  work: () => Promise<T>,
): Promise<{ value: T; seconds: number; peakMb: number }> {
  let peak = memoryOf(pid).rss;
  const sampler = setInterval(() => {
    peak = Math.max(peak, memoryOf(pid).rss);
  }, 20);
  const started = performance.now();
  try {
    const value = await work();
    return {
      value,
      seconds: (performance.now() - started) / 1000,
      peakMb: Math.max(peak, memoryOf(pid).rss) / MB,
    };
  } finally {
    clearInterval(sampler);
  }
}

async function download(pathAndQuery: string, cookie: string): Promise<Buffer> {
  const response = await fetch(`${ORIGIN}${pathAndQuery}`, {
    headers: { cookie, "accept-encoding": "gzip, br" },
  });
  if (response.status !== 200)
    throw new Error(`${pathAndQuery} answered ${response.status}: ${await response.text()}`);
  return Buffer.from(await response.arrayBuffer());
}

function lines(bytes: Buffer): number {
  let count = 0;
  for (const byte of bytes) if (byte === 10) count += 1;
  return count;
}

const results: Array<{ what: string; seconds: number; peakMb: number; limit: number }> = [];

await ensureRows();
const server = startServer({ url, dataDir, rows, runs: 1 });
try {
  await waitForServer(server, ORIGIN);
  const cookie = await signIn();
  const pid = server.pid;
  if (pid === undefined) throw new Error("the server has no pid");
  console.log(
    `\n${rows.toLocaleString("en-US")} companies on ${url ? "PostgreSQL" : "PGlite"}, through node server.mjs`,
  );

  for (const target of ["instantly", "hubspot-contacts", "salesforce-leads", "excel-eu"]) {
    const run = await timed(pid, () => download(`/api/export-csv?target=${target}`, cookie));
    console.log(
      `export for ${target.padEnd(18)} ${(lines(run.value) - 1).toLocaleString("en-US").padStart(9)} rows in ${run.seconds.toFixed(2)} s, server RSS peak ${run.peakMb.toFixed(0)} MB`,
    );
    results.push({
      what: `export for ${target}`,
      seconds: run.seconds,
      peakMb: run.peakMb,
      limit: EXPORT_TARGET_S,
    });
  }

  const file = await download("/api/export-csv", cookie);
  for (const target of ["instantly", "salesforce-leads"]) {
    const run = await timed(pid, async () => {
      const uploaded = await fetch(`${ORIGIN}/api/converter/upload?name=roundlist-export.csv`, {
        method: "POST",
        headers: { cookie, "content-type": "text/csv", origin: ORIGIN },
        body: new Uint8Array(file),
      });
      if (uploaded.status !== 201)
        throw new Error(`upload answered ${uploaded.status}: ${await uploaded.text()}`);
      const { uploadId, columns } = (await uploaded.json()) as { uploadId: string; columns: unknown };
      const converted = await fetch(`${ORIGIN}/api/converter/convert`, {
        method: "POST",
        headers: { cookie, "content-type": "application/json", origin: ORIGIN },
        body: JSON.stringify({ uploadId, target, columns }),
      });
      if (converted.status !== 200)
        throw new Error(`convert answered ${converted.status}: ${await converted.text()}`);
      const lines = (await converted.text())
        .trim()
        .split("\n")
        .map(
          (line) =>
            JSON.parse(line) as { outcome?: { fileId: string; report: { written: number; parts: number } } },
        );
      const outcome = lines.at(-1)?.outcome;
      if (!outcome) throw new Error(`convert ended with ${JSON.stringify(lines.at(-1))}`);
      const bytes = await download(`/api/converter/download/${outcome.fileId}`, cookie);
      return { ...outcome.report, bytes: bytes.length };
    });
    console.log(
      `upload of ${(file.length / MB).toFixed(1)} MB converted for ${target.padEnd(16)} ${run.value.written.toLocaleString("en-US")} rows in ${run.value.parts} file(s), downloaded: ${run.seconds.toFixed(2)} s, server RSS peak ${run.peakMb.toFixed(0)} MB`,
    );
    results.push({
      what: `upload for ${target}`,
      seconds: run.seconds,
      peakMb: run.peakMb,
      limit: UPLOAD_TARGET_S,
    });
  }
} finally {
  server.kill("SIGTERM");
  await new Promise((resolve) => server.once("exit", resolve));
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}

const failed = results.filter((result) => result.seconds > result.limit || result.peakMb > RSS_TARGET_MB);
console.log(
  `\nslowest: ${Math.max(...results.map((result) => result.seconds)).toFixed(2)} s; highest server RSS ${Math.max(...results.map((result) => result.peakMb)).toFixed(0)} MB; targets: exports < ${EXPORT_TARGET_S} s, uploads < ${UPLOAD_TARGET_S} s, RSS < ${RSS_TARGET_MB} MB: ${failed.length === 0 ? "PASS" : `FAIL (${failed.map((result) => result.what).join(", ")})`}`,
);
