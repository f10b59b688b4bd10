// `npm run bench:load -- [--url URL] [--processes N] [--connections 50] [--duration 30s] [--threads 2]
//   [--as visitor|subscriber]`
// The decision 012 load benchmark: wrk (/usr/bin/wrk, `apt-get install wrk`) sends a fixed mix of
// searches, half as server-rendered HTML (`/search?...`) and half as a client navigation's data
// (`/search.data?...`), as a signed-out visitor (the default) or, with `--as subscriber`, as a signed-in user
// with an active Pro plan: the path paying users take (their session and access read, full emails, the
// "Exported" marker of the page's companies), to the production server. The subscriber is signed up through
// the real auth endpoints, confirmed and granted Pro in the database (`npm run grant`), then signed in; the
// account (bench-load-subscriber@roundlist.test) is kept for the next run. Since decision 026 a visitor's
// searches are all answered with the free sample (the URL's filters ignored): the searches themselves are
// measured `--as subscriber`.
//
// Without --url it builds the app when the build is stale (as `npm start` does), starts `node server.mjs`
// (the flags `npm start` uses) on DATABASE_URL, an existing seeded database (`npm run db:seed -- --count
// 1000000`), with WEB_CONCURRENCY=--processes (unset: the server's default, one per CPU), waits for it,
// measures, and stops it. Starting applies any pending migration to that database, as every start does.
// With --url it measures a server already running (on this machine, for the CPU figures: its processes are
// found by the port it listens on).
//
// Reported: requests/s, latency p50/p90/p99, errors (an answer of 400 or more, or a socket error) and
// timeouts (no complete answer within --timeout, 2 s by default: wrk leaves those out of the latency
// figures and counts them here); the CPU time per request of the server's processes (from /proc,
// utime+stime, before and after) and of PostgreSQL (its own processes and the backends the server's
// processes are connected to, sampled every 200 ms; other clients' backends are left out, and show as the
// rest of the machine's busy cores); then a short HTML-only pass (the
// server-rendered searches alone, 10 s with 4 connections) for the node CPU of one server-rendered /search;
// each search of the mix alone (--breakdown-requests 10 one after another: where the CPU goes); and the size of a 50-card /search page and of its /search.data, uncompressed and as a browser gets them.
// A warm-up run (10 s, not counted) fills every process's count caches first, as steady traffic would.
// The targets of decision 012 are checked (PASS/FAIL); the exit code is 0 unless the run itself failed.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { serverEnv, serverNodeArgs } from "../server/node-args.mjs";
import { authPost, sessionCookieOf } from "./bench-auth.mjs";
import { buildIfStale } from "./build-if-stale.mjs";
import { waitForServer } from "./wait-for-server.mjs";

// Decision 012, before several processes: one process, 1,000,000 companies on PostgreSQL, this mix's
// predecessor (eight searches), 50 connections, 30 s.
const BASELINE = { requestsPerSecond: 36.5, p50Ms: 1370, p99Ms: 1760, timeouts: 28 };
// Decision 012 also names a node CPU per server-rendered search (10 ms) and a 50-card page's HTML before
// compression (120 KB, counted as the figures are printed: 1 KB = 1,024 bytes).
const TARGET = {
  requestsPerSecond: 2 * BASELINE.requestsPerSecond,
  p99Ms: 1000,
  nodeCpuMsPerRender: 10,
  htmlKb: 120,
};

// The mix: text queries (broad and narrower), filters (industry, country, continent, city, stage, amount,
// date), a second and a third page, and one deep page (page 1,000: offset 49,950). Mostly first pages, as
// people search. wrk sends them in this order (documents and data alternating), round robin.
const HTML_SEARCHES = [
  "/search?q=health",
  "/search?industry=FinTech&location=country%3AGermany",
  "/search?stage=Series%20A&amount=10m-20m&date=90d",
  "/search?q=cloud&page=2",
  "/search?location=continent%3AEurope&industry=Health%20Care",
];
const DATA_SEARCHES = [
  "/search.data?q=ai",
  "/search.data?location=San%20Francisco%2C%20California%2C%20United%20States&stage=Seed",
  "/search.data?industry=SaaS&date=30d",
  "/search.data?page=1000",
  "/search.data?q=pay&amount=250m-plus&page=3",
];
const MIX = HTML_SEARCHES.flatMap((html, index) => [html, DATA_SEARCHES[index]]);
/** The 50-card page whose size is reported: the first page of every company. */
const SIZE_PAGE = "/search";

const { values: options } = parseArgs({
  options: {
    url: { type: "string" },
    processes: { type: "string" },
    connections: { type: "string", default: "50" },
    duration: { type: "string", default: "30s" },
    threads: { type: "string", default: "2" },
    timeout: { type: "string", default: "2s" },
    warmup: { type: "string", default: "10s" },
    "render-duration": { type: "string", default: "10s" },
    "render-connections": { type: "string", default: "4" },
    "accept-encoding": { type: "string" },
    "breakdown-requests": { type: "string", default: "10" },
    port: { type: "string", default: "3195" },
    as: { type: "string", default: "visitor" },
    help: { type: "boolean", default: false },
  },
});

if (options.help) {
  const source = readFileSync(new URL(import.meta.url), "utf8").split("\n");
  const header = source.slice(
    0,
    source.findIndex((line) => !line.startsWith("//")),
  );
  console.log(header.map((line) => line.replace(/^\/\/ ?/, "")).join("\n"));
  process.exit(0);
}

const DURATION = /^[1-9][0-9]*(s|m)?$/;
for (const key of ["duration", "timeout", "warmup", "render-duration"]) {
  if (!DURATION.test(options[key])) fail(`--${key} must be a duration like 30s or 1m, not "${options[key]}"`);
}
for (const key of ["connections", "threads", "render-connections", "port"]) {
  if (!/^[1-9][0-9]*$/.test(options[key])) fail(`--${key} must be a whole number, not "${options[key]}"`);
}
if (!/^[0-9]+$/.test(options["breakdown-requests"])) {
  fail(
    `--breakdown-requests must be a whole number (0: no breakdown), not "${options["breakdown-requests"]}"`,
  );
}
if (options.processes !== undefined && !/^[1-9][0-9]*$/.test(options.processes)) {
  fail(`--processes must be a whole number of processes, not "${options.processes}"`);
}
if (options.url && options.processes) fail("--processes starts a server: it cannot be used with --url");
if (options.as !== "visitor" && options.as !== "subscriber") {
  fail(`--as must be visitor or subscriber, not "${options.as}"`);
}
if (options.as === "subscriber" && !process.env.DATABASE_URL) {
  fail("--as subscriber confirms and grants its account in the database: set DATABASE_URL");
}
if (Number(options.threads) > Number(options.connections)) fail("--threads cannot exceed --connections");
if (spawnSync("wrk", ["--version"]).error) fail("wrk is not installed (apt-get install wrk)");

function fail(message) {
  console.error(`bench:load: ${message}`);
  process.exit(1);
}

// ---------------------------------------------------------------------------------------------------------
// CPU time from /proc

const TICK_MS = 1000 / (Number(spawnSync("getconf", ["CLK_TCK"]).stdout?.toString().trim()) || 100);

/** Every process: pid -> { ppid, comm, cpu (own utime+stime), children (cutime+cstime) }, in ticks. */
function readProcesses() {
  const processes = new Map();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let stat;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue; // exited meanwhile
    }
    const close = stat.lastIndexOf(")");
    const comm = stat.slice(stat.indexOf("(") + 1, close);
    // After "pid (comm) ": state ppid ... utime(14) stime(15) cutime(16) cstime(17), counted from 1.
    const fields = stat.slice(close + 2).split(" ");
    processes.set(Number(entry), {
      ppid: Number(fields[1]),
      comm,
      cpu: Number(fields[11]) + Number(fields[12]),
      children: Number(fields[13]) + Number(fields[14]),
    });
  }
  return processes;
}

function descendantsOf(root, processes) {
  const tree = [root];
  for (let index = 0; index < tree.length; index += 1) {
    for (const [pid, process] of processes) if (process.ppid === tree[index]) tree.push(pid);
  }
  return tree.filter((pid) => processes.has(pid));
}

/**
 * CPU ms of a process tree so far: its live processes' own time, plus what the root reaped from children
 * that exited (a worker restarted during the run). A difference of two readings is the tree's CPU between.
 */
function treeCpuMs(root, processes = readProcesses()) {
  let ticks = processes.get(root)?.children ?? 0;
  for (const pid of descendantsOf(root, processes)) ticks += processes.get(pid)?.cpu ?? 0;
  return ticks * TICK_MS;
}

/** The database the benchmark's server uses (DATABASE_URL): its backends are the server's when its processes are unknown. */
const DATABASE_NAME = (() => {
  try {
    return decodeURIComponent(new URL(process.env.DATABASE_URL ?? "").pathname.slice(1)) || undefined;
  } catch {
    return undefined;
  }
})();

/** Local ports of the TCP sockets a set of processes holds (the server's database connections among them). */
function socketPortsOf(pids) {
  const inodes = new Set();
  for (const pid of pids) {
    let fds = [];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        const socket = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
        if (socket) inodes.add(socket[1]);
      } catch {}
    }
  }
  const ports = new Set();
  for (const file of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    let table = "";
    try {
      table = readFileSync(file, "utf8");
    } catch {
      continue;
    }
    for (const line of table.split("\n").slice(1)) {
      const columns = line.trim().split(/\s+/);
      if (columns.length >= 10 && inodes.has(columns[9])) {
        ports.add(Number.parseInt(columns[1].split(":").at(-1), 16));
      }
    }
  }
  return ports;
}

/**
 * Follows PostgreSQL's processes through a run, sampling /proc every 200 ms, so that the CPU of a process
 * that ends meanwhile (a parallel worker, a pool connection closed) is counted up to its last sample.
 * `stop()` returns the CPU ms since the start of the processes that worked for the server under test:
 * backends whose client is one of its processes' sockets (with the server's processes unknown: every
 * backend of DATABASE_NAME), their parallel workers, and PostgreSQL's own processes (postmaster,
 * checkpointer, writers, autovacuum). Other clients' backends (tests or benchmarks running meanwhile, even
 * on the same database) are left out: their CPU shows as the rest. Without either, every process counts.
 */
function trackPostgres(serverRoot) {
  /** @type {Map<number, { from: number, last: number, counts: boolean }>} */
  const seen = new Map();
  let serverPorts = new Set();
  const isServers = (port) => {
    if (!serverPorts.has(port)) serverPorts = socketPortsOf(descendantsOf(serverRoot, readProcesses()));
    return serverPorts.has(port);
  };
  const counts = (pid, depth = 0) => {
    if (!serverRoot && !DATABASE_NAME) return true;
    let title = "";
    try {
      title = readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ");
    } catch {
      return false;
    }
    // "postgres: 15/main: user database 127.0.0.1(56744) idle"
    const backend = /:\s(\S+)\s(\S+)\s(?:\S+\((\d+)\)|\[local\])/.exec(title);
    if (backend) {
      if (serverRoot && backend[3]) return isServers(Number(backend[3]));
      return !DATABASE_NAME || backend[2] === DATABASE_NAME;
    }
    const parallel = /parallel worker for PID (\d+)/.exec(title);
    if (parallel) return depth === 0 && counts(Number(parallel[1]), 1);
    return true;
  };
  const sample = (initial) => {
    for (const [pid, process] of readProcesses()) {
      if (process.comm !== "postgres") continue;
      const entry = seen.get(pid);
      if (entry) entry.last = process.cpu;
      else seen.set(pid, { from: initial ? process.cpu : 0, last: process.cpu, counts: counts(pid) });
    }
  };
  sample(true);
  const timer = setInterval(() => sample(false), 200);
  return {
    stop() {
      clearInterval(timer);
      sample(false);
      let ticks = 0;
      for (const entry of seen.values()) if (entry.counts) ticks += entry.last - entry.from;
      return ticks * TICK_MS;
    },
  };
}

/** Busy ticks of the whole machine, all CPUs (/proc/stat: everything but idle and iowait). */
function machineTicks() {
  const [, ...fields] = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).map(Number);
  // user nice system idle iowait irq softirq steal (guest time is already counted in user).
  const busy = fields
    .slice(0, 8)
    .reduce((sum, value, index) => (index === 3 || index === 4 ? sum : sum + value), 0);
  return { busy };
}

/** The topmost process listening on a TCP port (a cluster's primary holds the socket), if on this machine. */
function pidListeningOn(port) {
  const inodes = new Set();
  for (const file of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    let table = "";
    try {
      table = readFileSync(file, "utf8");
    } catch {
      continue;
    }
    for (const line of table.split("\n").slice(1)) {
      const columns = line.trim().split(/\s+/);
      if (columns.length < 10 || columns[3] !== "0A") continue;
      if (Number.parseInt(columns[1].split(":").at(-1), 16) === port) inodes.add(`socket:[${columns[9]}]`);
    }
  }
  if (inodes.size === 0) return undefined;
  const holders = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let fds = [];
    try {
      fds = readdirSync(`/proc/${entry}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      let target = "";
      try {
        target = readlinkSync(`/proc/${entry}/fd/${fd}`);
      } catch {
        continue;
      }
      if (inodes.has(target)) {
        holders.push(Number(entry));
        break;
      }
    }
  }
  const processes = readProcesses();
  return holders.find((pid) => !holders.includes(processes.get(pid)?.ppid ?? -1));
}

// ---------------------------------------------------------------------------------------------------------
// The viewer: the headers every request of the run carries (a subscriber's session cookie, or none)

/** Filled by signInSubscriber for `--as subscriber`; empty for a visitor. */
const viewerHeaders = {};
const SUBSCRIBER = { email: "bench-load-subscriber@roundlist.test", password: "bench-load-teal-lantern-42" };

/**
 * Signs the benchmark's subscriber in and sets its cookie on every request of the run: on a first run the
 * account is signed up through the auth endpoints, its address confirmed in the database (the production
 * server sends no mail here), and Pro granted as an admin would (`npm run grant`); then it must see full
 * emails, or the run measures something else.
 */
async function signInSubscriber(origin) {
  const signIn = () => authPost(origin, "/sign-in/email", SUBSCRIBER);
  let cookie = sessionCookieOf(await signIn());
  if (!cookie) {
    const signUp = await authPost(origin, "/sign-up/email", { ...SUBSCRIBER, name: "Bench Load" });
    // 422: the account exists from an earlier run that stopped before confirming it.
    if (!signUp.ok && signUp.status !== 422) {
      throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
    }
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    try {
      await client.query("update users set email_verified = true where email = $1", [SUBSCRIBER.email]);
    } finally {
      await client.end();
    }
    cookie = sessionCookieOf(await signIn());
    if (!cookie) throw new Error("the subscriber could not sign in after confirming the address");
  }
  const grant = spawnSync("npx", ["tsx", "scripts/grant.ts", SUBSCRIBER.email, "pro"], {
    env: process.env,
    encoding: "utf8",
  });
  // Granting again renews the grant, so a second run passes here too.
  if (grant.status !== 0) {
    throw new Error(`npm run grant failed: ${grant.stdout}${grant.stderr}`);
  }
  viewerHeaders.Cookie = cookie;
  const page = await get(origin, "/search");
  if (!/href="mailto:/.test(page.body.toString("utf8"))) {
    throw new Error("the signed-in subscriber's /search shows no full email: not an active plan");
  }
}

// ---------------------------------------------------------------------------------------------------------
// wrk

const workDir = mkdtempSync(path.join(os.tmpdir(), "bench-load-"));

const luaString = (text) => `"${text.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`;

/** A wrk script sending `paths` round robin (each thread from its own offset) and printing a JSON summary. */
function wrkScript(paths, extraHeaders) {
  const headers = Object.entries(extraHeaders)
    .map(([name, value]) => `wrk.headers[${luaString(name)}] = ${luaString(value)}`)
    .join("\n");
  return `
local paths = { ${paths.map(luaString).join(", ")} }
local threads = {}
local counter = 0
${headers}

function setup(thread)
  thread:set("offset", #threads)
  table.insert(threads, thread)
end

function init(args)
  counter = (tonumber(offset) or 0) * 3
end

function request()
  counter = counter + 1
  return wrk.format("GET", paths[(counter % #paths) + 1])
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'BENCH_LOAD {"requests":%d,"durationUs":%d,"bytes":%d,"connectErrors":%d,"readErrors":%d,' ..
    '"writeErrors":%d,"statusErrors":%d,"timeouts":%d,"p50Us":%d,"p90Us":%d,"p99Us":%d,"maxUs":%d}\\n',
    summary.requests, summary.duration, summary.bytes, e.connect, e.read, e.write, e.status, e.timeout,
    latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max))
end
`;
}

function runWrk(origin, paths, { connections, threads, duration, label }) {
  const script = path.join(workDir, `${label}.lua`);
  const headers = {
    ...viewerHeaders,
    ...(options["accept-encoding"] ? { "Accept-Encoding": options["accept-encoding"] } : {}),
  };
  writeFileSync(script, wrkScript(paths, headers));
  const args = ["-t", String(threads), "-c", String(connections), "-d", duration];
  args.push("--timeout", options.timeout, "-s", script, origin);
  return new Promise((resolve, reject) => {
    const wrk = spawn("wrk", args, { stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    wrk.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    wrk.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    wrk.on("error", reject);
    wrk.on("exit", (code) => {
      const line = stdout.split("\n").find((candidate) => candidate.startsWith("BENCH_LOAD "));
      if (code !== 0 || !line) {
        reject(new Error(`wrk (${label}) exited with ${code}:\n${stdout}${stderr}`));
        return;
      }
      resolve(JSON.parse(line.slice("BENCH_LOAD ".length)));
    });
  });
}

/** A wrk run with the CPU of the server's processes, PostgreSQL's and the machine's around it. */
async function measuredRun(origin, serverRoot, paths, settings) {
  const before = readProcesses();
  const nodeBefore = serverRoot ? treeCpuMs(serverRoot, before) : undefined;
  const postgres = trackPostgres(serverRoot);
  const machineBefore = machineTicks();
  const result = await runWrk(origin, paths, settings);
  const after = readProcesses();
  const machineAfter = machineTicks();
  const seconds = result.durationUs / 1e6;
  const nodeCpuMs = serverRoot ? treeCpuMs(serverRoot, after) - nodeBefore : undefined;
  const postgresCpuMsTotal = postgres.stop();
  const errors = result.connectErrors + result.readErrors + result.writeErrors + result.statusErrors;
  return {
    requests: result.requests,
    seconds: round(seconds, 2),
    requestsPerSecond: round(result.requests / seconds, 1),
    p50Ms: round(result.p50Us / 1000, 0),
    p90Ms: round(result.p90Us / 1000, 0),
    p99Ms: round(result.p99Us / 1000, 0),
    maxMs: round(result.maxUs / 1000, 0),
    errors,
    statusErrors: result.statusErrors,
    socketErrors: errors - result.statusErrors,
    timeouts: result.timeouts,
    nodeCpuMsPerRequest: nodeCpuMs === undefined ? null : round(nodeCpuMs / result.requests, 2),
    postgresCpuMsPerRequest: round(postgresCpuMsTotal / result.requests, 2),
    nodeCores: nodeCpuMs === undefined ? null : round(nodeCpuMs / 1000 / seconds, 2),
    postgresCores: round(postgresCpuMsTotal / 1000 / seconds, 2),
    machineCores: round(((machineAfter.busy - machineBefore.busy) * TICK_MS) / 1000 / seconds, 2),
    // wrk, the kernel, and anything else running: more than a few tenths of a core disturbs the figures.
    otherCores:
      nodeCpuMs === undefined
        ? null
        : round(
            ((machineAfter.busy - machineBefore.busy) * TICK_MS - nodeCpuMs - postgresCpuMsTotal) /
              1000 /
              seconds,
            2,
          ),
  };
}

function round(value, digits) {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/** One GET with plain node:http (fetch always asks for compression): status and body bytes. */
function get(origin, pathname, headers = {}) {
  return new Promise((resolve, reject) => {
    const request = http.get(
      new URL(pathname, origin),
      { headers: { ...viewerHeaders, ...headers } },
      (response) => {
        let bytes = 0;
        const chunks = [];
        response.on("data", (chunk) => {
          bytes += chunk.length;
          chunks.push(chunk);
        });
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            bytes,
            encoding: response.headers["content-encoding"] ?? "identity",
            body: Buffer.concat(chunks),
          }),
        );
        response.on("error", reject);
      },
    );
    request.setTimeout(30_000, () => request.destroy(new Error(`${pathname}: no answer within 30 s`)));
    request.on("error", reject);
  });
}

/**
 * Where the CPU goes: each search of the mix alone, `count` requests one after another (after two not
 * counted), with the CPU of the server's processes and of PostgreSQL per request.
 */
async function breakdown(origin, serverRoot, paths, count) {
  const rows = [];
  for (const pathname of paths) {
    for (let index = 0; index < 2; index += 1) await get(origin, pathname);
    const before = readProcesses();
    const postgres = trackPostgres(serverRoot);
    const started = performance.now();
    for (let index = 0; index < count; index += 1) await get(origin, pathname);
    const wallMs = (performance.now() - started) / count;
    const postgresMs = postgres.stop();
    const after = readProcesses();
    rows.push({
      path: pathname,
      wallMs: round(wallMs, 1),
      nodeCpuMs: serverRoot
        ? round((treeCpuMs(serverRoot, after) - treeCpuMs(serverRoot, before)) / count, 1)
        : null,
      postgresCpuMs: round(postgresMs / count, 1),
    });
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------------------
// The server

let server;
let serverOutput = [];

async function startServer() {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    fail(
      "set DATABASE_URL to a seeded PostgreSQL database (npm run db:seed -- --count 1000000), or pass --url of a running server",
    );
  }
  buildIfStale();
  const port = Number(options.port);
  const origin = `http://127.0.0.1:${port}`;
  const env = serverEnv({
    ...process.env,
    NODE_ENV: "production",
    // The production configuration (a random secret; the demo payment provider, which nobody reaches here).
    APP_ENV: "production",
    AUTH_SECRET: `bench-load-${Math.random().toString(36).slice(2)}-${"x".repeat(32)}`,
    DEMO_PAYMENTS: "true",
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    HOST: "127.0.0.1",
    APP_URL: origin,
    SEED_ON_EMPTY: "false",
    LOG_LEVEL: "warn",
  });
  if (options.processes) env.WEB_CONCURRENCY = options.processes;
  server = spawn(process.execPath, [...serverNodeArgs(), "server.mjs"], {
    env,
    stdio: ["ignore", "pipe", "inherit"],
  });
  server.stdout.setEncoding("utf8");
  server.stdout.on("data", (chunk) => {
    serverOutput = [...serverOutput, ...chunk.split("\n").filter(Boolean)].slice(-40);
  });
  await waitForServer(server, origin);
  return { origin, root: server.pid };
}

async function stopServer() {
  if (!server || server.exitCode !== null || server.signalCode !== null) return undefined;
  const started = performance.now();
  const exited = new Promise((resolve) => server.once("exit", resolve));
  server.kill("SIGTERM");
  const forced = setTimeout(() => server.kill("SIGKILL"), 20_000);
  await exited;
  clearTimeout(forced);
  return round((performance.now() - started) / 1000, 1);
}

async function companyCount() {
  if (!process.env.DATABASE_URL || options.url) return null;
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  try {
    await client.connect();
    const { rows } = await client.query("select count(*)::int as n from companies");
    return rows[0]?.n ?? null;
  } catch {
    return null;
  } finally {
    await client.end().catch(() => {});
  }
}

// ---------------------------------------------------------------------------------------------------------
// The run

const KB = 1024;
const formatKb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;
const verdict = (ok) => (ok ? "PASS" : "FAIL");

let exitCode = 0;
try {
  const companies = await companyCount();
  const { origin, root } = options.url
    ? { origin: new URL(options.url).origin, root: undefined }
    : await startServer();
  const serverRoot = root ?? pidListeningOn(Number(new URL(origin).port || 80));
  const serverPids = serverRoot ? descendantsOf(serverRoot, readProcesses()) : [];
  // A cluster: the primary (serves nothing) and its workers; one process otherwise.
  const serving = serverPids.length > 1 ? serverPids.length - 1 : serverPids.length;
  if (options.as === "subscriber") await signInSubscriber(origin);

  // Every search must answer 200 before it is timed: a benchmark of error pages measures nothing.
  for (const pathname of MIX) {
    const { status } = await get(origin, pathname);
    if (status !== 200) throw new Error(`${pathname} answered ${status}`);
  }
  const html = await get(origin, SIZE_PAGE);
  const htmlBrowser = await get(origin, SIZE_PAGE, { "Accept-Encoding": "gzip, deflate, br" });
  const data = await get(origin, `${SIZE_PAGE}.data`);
  const dataBrowser = await get(origin, `${SIZE_PAGE}.data`, { "Accept-Encoding": "gzip, deflate, br" });
  const cards = html.body.toString("utf8").match(/<article\b/g)?.length ?? 0;

  const connections = Number(options.connections);
  const threads = Number(options.threads);
  console.log(`Warming up: ${options.warmup} of the mix with ${connections} connections (not counted)…`);
  await runWrk(origin, MIX, { connections, threads, duration: options.warmup, label: "warmup" });
  console.log(`Measuring: ${options.duration} of the mix with ${connections} connections…`);
  const mix = await measuredRun(origin, serverRoot, MIX, {
    connections,
    threads,
    duration: options.duration,
    label: "mix",
  });
  const renderConnections = Number(options["render-connections"]);
  console.log(
    `Measuring: ${options["render-duration"]} of the server-rendered searches alone with ${renderConnections} connections…`,
  );
  const render = await measuredRun(origin, serverRoot, HTML_SEARCHES, {
    connections: renderConnections,
    threads: Math.min(threads, renderConnections),
    duration: options["render-duration"],
    label: "render",
  });
  const breakdownRequests = Number(options["breakdown-requests"]);
  if (breakdownRequests > 0) {
    console.log(`Measuring: each search alone, ${breakdownRequests} requests one after another…`);
  }
  const searches = breakdownRequests > 0 ? await breakdown(origin, serverRoot, MIX, breakdownRequests) : [];
  const rssMb = serverRoot
    ? round(
        descendantsOf(serverRoot, readProcesses()).reduce((sum, pid) => {
          try {
            return sum + Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
          } catch {
            return sum;
          }
        }, 0) / KB,
        0,
      )
    : null;
  const stoppedInSeconds = await stopServer();

  const checks = {
    requestsPerSecond: mix.requestsPerSecond >= TARGET.requestsPerSecond,
    p99: mix.p99Ms <= TARGET.p99Ms,
    errors: mix.errors === 0,
    timeouts: mix.timeouts === 0,
    nodeCpuPerRender:
      render.nodeCpuMsPerRequest !== null && render.nodeCpuMsPerRequest <= TARGET.nodeCpuMsPerRender,
    htmlSize: html.bytes <= TARGET.htmlKb * KB,
  };
  const na = (value, suffix = "") => (value === null || value === undefined ? "n/a" : `${value}${suffix}`);
  const rows = [
    [
      "requests/s",
      `${mix.requestsPerSecond}`,
      `>= ${TARGET.requestsPerSecond}`,
      verdict(checks.requestsPerSecond),
    ],
    ["latency p50", `${mix.p50Ms} ms`, "", ""],
    ["latency p90", `${mix.p90Ms} ms`, "", ""],
    ["latency p99", `${mix.p99Ms} ms`, `<= ${TARGET.p99Ms} ms`, verdict(checks.p99)],
    ["latency max (answered)", `${mix.maxMs} ms`, "", ""],
    ["errors (status >= 400, socket)", `${mix.errors}`, "0", verdict(checks.errors)],
    [`timeouts (no answer in ${options.timeout})`, `${mix.timeouts}`, "0", verdict(checks.timeouts)],
    ["node CPU per request", na(mix.nodeCpuMsPerRequest, " ms"), "", ""],
    ["PostgreSQL CPU per request", `${mix.postgresCpuMsPerRequest} ms`, "", ""],
    [
      `cores busy: node / PostgreSQL / rest / all (of ${os.cpus().length})`,
      `${na(mix.nodeCores)} / ${mix.postgresCores} / ${na(mix.otherCores)} / ${mix.machineCores}`,
      "",
      "",
    ],
    [
      "node CPU per server-rendered /search",
      na(render.nodeCpuMsPerRequest, " ms"),
      `<= ${TARGET.nodeCpuMsPerRender} ms`,
      verdict(checks.nodeCpuPerRender),
    ],
    ["PostgreSQL CPU per server-rendered /search", `${render.postgresCpuMsPerRequest} ms`, "", ""],
    [
      `  (HTML-only pass: ${render.requestsPerSecond} req/s, p50 ${render.p50Ms} ms, errors ${render.errors + render.timeouts})`,
      "",
      "",
      "",
    ],
    [
      `${SIZE_PAGE} HTML (${cards} cards), uncompressed`,
      formatKb(html.bytes),
      `<= ${TARGET.htmlKb} KB`,
      verdict(checks.htmlSize),
    ],
    [`  as a browser gets it (${htmlBrowser.encoding})`, formatKb(htmlBrowser.bytes), "", ""],
    [`${SIZE_PAGE}.data, uncompressed`, formatKb(data.bytes), "", ""],
    [`  as a browser gets it (${dataBrowser.encoding})`, formatKb(dataBrowser.bytes), "", ""],
    ["server memory (RSS, all processes, at the end)", na(rssMb, " MB"), "", ""],
  ];
  console.log("");
  console.log(
    `Roundlist load: ${origin}, ${serving || "?"} server process${serving === 1 ? "" : "es"}, ` +
      `${options.as === "subscriber" ? "as a signed-in Pro subscriber" : "as a signed-out visitor"}` +
      `${companies === null ? "" : `, ${companies.toLocaleString("en-US")} companies on PostgreSQL`}`,
  );
  console.log(
    `wrk ${connections} connections, ${threads} threads, ${options.duration}, timeout ${options.timeout}, ` +
      `${options["accept-encoding"] ? `Accept-Encoding: ${options["accept-encoding"]}` : "no compression asked"}; ` +
      `mix of ${MIX.length} searches (${HTML_SEARCHES.length} HTML, ${DATA_SEARCHES.length} .data), ${mix.requests} requests`,
  );
  console.log(
    `PostgreSQL CPU: its own processes and ${serverRoot ? "the backends the server's processes are connected to" : DATABASE_NAME ? `the backends of database ${DATABASE_NAME}` : "every backend"}`,
  );
  console.log(
    `baseline (decision 012, one process): ${BASELINE.requestsPerSecond} req/s, p50 ${BASELINE.p50Ms} ms, p99 ${BASELINE.p99Ms} ms, ${BASELINE.timeouts} timeouts`,
  );
  console.log("");
  const widths = [0, 1, 2].map((column) => Math.max(...rows.map((row) => row[column].length)));
  console.log(
    ["", "measured", "target", ""]
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join("  ")
      .trimEnd(),
  );
  for (const row of rows) {
    console.log(
      row
        .map((cell, column) => cell.padEnd(widths[column] ?? 0))
        .join("  ")
        .trimEnd(),
    );
  }
  if (searches.length > 0) {
    console.log(`\nEach search alone (${breakdownRequests} requests one after another; CPU per request):`);
    const width = Math.max(...searches.map((row) => row.path.length));
    for (const row of searches) {
      console.log(
        `  ${row.path.padEnd(width)}  ${`${row.wallMs} ms`.padStart(9)}  node ${`${na(row.nodeCpuMs)} ms`.padStart(8)}  PostgreSQL ${`${row.postgresCpuMs} ms`.padStart(8)}`,
      );
    }
  }
  if (stoppedInSeconds !== undefined) console.log(`\nServer stopped ${stoppedInSeconds} s after SIGTERM.`);
  if ((mix.otherCores ?? 0) > 0.3) {
    console.log(
      `Note: ${mix.otherCores} cores went to neither the server nor PostgreSQL during the run (wrk takes a few hundredths): other work on this machine disturbed these figures.`,
    );
  }
  console.log(
    JSON.stringify({
      benchmark: "bench:load",
      origin,
      processes: serving || null,
      companies,
      connections,
      threads,
      duration: options.duration,
      timeout: options.timeout,
      acceptEncoding: options["accept-encoding"] ?? null,
      mix: MIX,
      result: mix,
      render,
      searches,
      sizes: {
        searchHtmlBytes: html.bytes,
        searchHtmlCards: cards,
        searchHtmlBrowserBytes: htmlBrowser.bytes,
        searchHtmlBrowserEncoding: htmlBrowser.encoding,
        searchDataBytes: data.bytes,
        searchDataBrowserBytes: dataBrowser.bytes,
      },
      serverRssMb: rssMb,
      targets: { ...TARGET, pass: checks },
    }),
  );
} catch (error) {
  exitCode = 1;
  console.error(`bench:load failed: ${error instanceof Error ? error.message : error}`);
  if (serverOutput.length > 0) console.error(`The server's last lines:\n${serverOutput.join("\n")}`);
} finally {
  await stopServer().catch(() => {});
  rmSync(workDir, { recursive: true, force: true });
}
process.exit(exitCode);
