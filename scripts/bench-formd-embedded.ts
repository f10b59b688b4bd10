// `npm run bench:formd-embedded [-- --filings 20000 --persons 4 --port 3950]`: decision 031's benchmark of a Form
// D quarter imported into the embedded database of a fresh start. Starts the built server (`server.mjs`, as
// `npm start` does after its build) on a new PGlite data folder with the demo set, signs in an admin and a
// subscriber (the test routes), uploads a generated quarter in the published layout to the console (its dry
// run), imports it, and meanwhile runs the search set (bench:load's searches, one at a time, as the
// subscriber). Prints the dry run's and the import's times against the target (under 3 minutes) and the
// searches' p50 / p95 / max while the console worked. Run `npm run build` first.

import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { generateFormDFilings, writeQuarterZip } from "../tests/fixtures/formd";
import { BENCH_SEARCHES, testLogIn } from "./bench-searches";

const TARGET_SECONDS = 180;
const ADMIN = "admin@example.com";

const { values } = parseArgs({
  options: {
    filings: { type: "string", default: "20000" },
    persons: { type: "string", default: "4" },
    port: { type: "string", default: "3950" },
  },
});
const base = `http://127.0.0.1:${values.port}`;
const statusFailures: string[] = [];
const traceStart = performance.now();
const workDir = await mkdtemp(path.join(os.tmpdir(), "rl-bench-formd-embedded-"));
let server: ChildProcess | undefined;
try {
  const filings = generateFormDFilings({
    count: Number(values.filings),
    seed: 31,
    fundShare: 1 / 3,
    personsPerFiling: Number(values.persons),
  });
  const zip = await writeQuarterZip(path.join(workDir, "2026q3_d.zip"), filings);
  console.log(`File: ${filings.length.toLocaleString("en-US")} filings`);

  const started = performance.now();
  server = spawn(
    process.execPath,
    [...(process.env.BENCH_NODE_FLAGS ?? "").split(" ").filter(Boolean), "server.mjs"],
    {
      env: {
        ...process.env,
        PORT: values.port,
        HOST: "127.0.0.1",
        APP_URL: base,
        APP_ENV: "test",
        ENABLE_TEST_ROUTES: "true",
        DATABASE_URL: "",
        DATA_DIR: path.join(workDir, "data"),
        ADMIN_EMAILS: ADMIN,
        AUTH_RATE_LIMIT_MAX: "100000",
        LOG_LEVEL: "warn",
      },
      stdio: ["ignore", "inherit", "inherit"],
    },
  );
  await waitFor(async () => (await fetch(`${base}/healthz`).catch(() => null))?.ok === true, 300_000);
  console.log(`Fresh start (demo set seeded) served in ${seconds(started)} s`);
  const admin = await testLogIn(base, ADMIN, null);
  const subscriber = await testLogIn(base, `bench-${Date.now()}@example.com`, "pro");

  // The search set, one request at a time, until the console's work is done.
  const latencies: number[] = [];
  const failures: string[] = [];
  const slowest: Array<{ ms: number; at: number; url: string }> = [];
  const searchStarted = performance.now();
  let working = true;
  const searching = (async () => {
    for (let index = 0; working; index++) {
      const url = BENCH_SEARCHES[index % BENCH_SEARCHES.length] as string;
      const at = performance.now();
      try {
        const response = await fetch(`${base}${url}`, { headers: { cookie: subscriber } });
        await response.arrayBuffer();
        if (response.ok) {
          latencies.push(performance.now() - at);
          slowest.push({ ms: performance.now() - at, at: (at - searchStarted) / 1000, url });
        } else failures.push(`${url}: ${response.status}`);
      } catch (error) {
        failures.push(
          `${url} at ${((at - searchStarted) / 1000).toFixed(1)} s: ${(error as Error).cause ?? error}`,
        );
      }
    }
  })();

  const dryStarted = performance.now();
  const upload = await fetch(`${base}/admin/imports/upload?name=2026q3_d.zip&subject=formd`, {
    method: "POST",
    headers: { cookie: admin, origin: base, "content-type": "application/octet-stream" },
    body: await readFile(zip),
  });
  if (upload.status !== 201) throw new Error(`upload: ${upload.status} ${await upload.text()}`);
  const { runId } = (await upload.json()) as { runId: number };
  const dry = await finished(runId, admin);
  const drySeconds = seconds(dryStarted);
  console.log(`Dry run: ${drySeconds} s (${JSON.stringify(counts(dry))})`);

  const importStarted = performance.now();
  const commit = await fetch(`${base}/admin/imports`, {
    method: "POST",
    headers: { cookie: admin, origin: base, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "commit", runId: String(runId) }),
    redirect: "manual",
  });
  const location = commit.headers.get("location") ?? "";
  const commitId = Number(new URL(location, base).searchParams.get("run"));
  if (!commitId) throw new Error(`commit: ${commit.status} ${await commit.text()}`);
  const done = await finished(commitId, admin);
  const importSeconds = seconds(importStarted);
  working = false;
  await searching;
  console.log(`Import: ${importSeconds} s (${JSON.stringify(counts(done))})`);

  latencies.sort((a, b) => a - b);
  slowest.sort((a, b) => b.ms - a.ms);
  console.log(
    `Slowest searches (seconds after the upload began; the dry run ended at ${drySeconds} s): ` +
      slowest
        .slice(0, 5)
        .map((entry) => `${entry.ms.toFixed(0)} ms at ${entry.at.toFixed(1)} s (${entry.url})`)
        .join(", "),
  );
  const at = (share: number) =>
    (latencies[Math.min(latencies.length - 1, Math.floor(share * latencies.length))] ?? 0).toFixed(0);
  if (failures.length > 0)
    console.log(`Searches that failed: ${failures.length}, first: ${failures.slice(0, 3).join("; ")}`);
  console.log(
    `Searches meanwhile: ${latencies.length}, p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms`,
  );
  const total = Number(drySeconds) + Number(importSeconds);
  console.log(
    `Target: dry run and import under ${TARGET_SECONDS} s: ${total.toFixed(1)} s ${total < TARGET_SECONDS ? "met" : "MISSED"}` +
      ` (the import alone ${importSeconds} s)`,
  );
} finally {
  if (server && server.exitCode === null) {
    server.kill("SIGTERM");
    await once(server, "exit");
  }
  await rm(workDir, { recursive: true, force: true });
}

/** Polls a run's status until it is no longer running; throws when it failed. */
async function finished(runId: number, cookie: string): Promise<Record<string, unknown>> {
  let view: Record<string, unknown> = {};
  await waitFor(async () => {
    // A connection the server closed while its event loop was busy (PGlite runs on it) is asked again.
    const response = await fetch(`${base}/admin/imports/${runId}/status`, { headers: { cookie } }).catch(
      (error: unknown) => {
        statusFailures.push(String((error as Error).cause ?? error));
        return null;
      },
    );
    if (response === null) return false;
    view = (await response.json()) as Record<string, unknown>;
    if (process.env.BENCH_TRACE) console.log(`  ${seconds(traceStart)} s ${JSON.stringify(counts(view))}`);
    return view.status !== "running" && view.status !== "queued";
  }, 600_000);
  if (view.status === "failed") throw new Error(`run ${runId} failed: ${JSON.stringify(view)}`);
  return view;
}

function counts(view: Record<string, unknown>) {
  const { rowsRead, inserted, updated, unchanged, rejected } = view;
  return { rowsRead, inserted, updated, unchanged, rejected };
}

async function waitFor(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

function seconds(since: number): string {
  return ((performance.now() - since) / 1000).toFixed(1);
}
