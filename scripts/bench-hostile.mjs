// `npm run bench:hostile [-- --app-dir DIR --max-upload-mb 100 --runs 5]`: decision 018's benchmark. Builds if
// stale, starts the production server (`node server.mjs` with the flags `npm start` uses, one process, a fresh
// PGlite database in a temporary directory seeded with the demo data, Stripe configured with a test key so the
// webhook answers, test routes on for a signed-in account), then sends each hostile request at the largest size
// the server accepts beside a normal request to the same endpoint, and prints the server's CPU time for each
// (user + system, from /proc/<pid>/stat: the embedded database runs inside that process, so its work counts),
// with the status answered.
//
// --app-dir runs another checkout's build (its own `npm run build` first), e.g. the code before decision 018.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { parseArgs } from "node:util";
import Stripe from "stripe";
import { serverEnv, serverNodeArgs } from "../server/node-args.mjs";
import { buildIfStale } from "./build-if-stale.mjs";
import { waitForServer } from "./wait-for-server.mjs";

const PORT = 3195;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const MB = 1024 * 1024;
const WEBHOOK_SECRET = "whsec_bench_hostile";
const REQUEST_TIMEOUT_MS = 180_000;

const { values } = parseArgs({
  options: {
    "app-dir": { type: "string" },
    "max-upload-mb": { type: "string", default: "100" },
    runs: { type: "string", default: "5" },
  },
});
const appDir = path.resolve(values["app-dir"] ?? ".");
const maxUploadMb = Number(values["max-upload-mb"]);
const runs = Number(values.runs);

if (!values["app-dir"]) buildIfStale();

const dataDir = mkdtempSync(path.join(tmpdir(), "rl-bench-hostile-"));
const server = spawn(process.execPath, [...serverNodeArgs(), "server.mjs"], {
  cwd: appDir,
  stdio: ["ignore", "ignore", "inherit"],
  env: {
    ...serverEnv(),
    NODE_ENV: "production",
    APP_ENV: "development",
    PORT: String(PORT),
    HOST: "127.0.0.1",
    APP_URL: ORIGIN,
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    SEED_ON_EMPTY: "true",
    WEB_CONCURRENCY: "1",
    LOG_LEVEL: "warn",
    ENABLE_TEST_ROUTES: "true",
    STRIPE_SECRET_KEY: "sk_test_bench_hostile",
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_PRICE_MONTHLY: "price_bench_monthly",
    STRIPE_PRICE_ANNUAL: "price_bench_annual",
  },
});

const TICK_MS = 10; // CLK_TCK is 100 on Linux

/** The server's CPU time so far (user + system), in ms. */
function cpuMs() {
  const stat = readFileSync(`/proc/${server.pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

/** Waits until the server has been idle for a second (start-up work, a similarity refresh, GC). */
async function settle() {
  for (let tries = 0; tries < 120; tries++) {
    const before = cpuMs();
    await sleep(1000);
    if (cpuMs() - before <= 20) return;
  }
}

/** Sends `make()`'s request `count` times; the mean server CPU ms and wall ms per request, and the statuses. */
async function measure(make, count = runs) {
  await settle();
  const statuses = new Set();
  let cpu = 0;
  let wall = 0;
  let timedOut = false;
  for (let run = 0; run < count; run++) {
    const cpuBefore = cpuMs();
    const started = performance.now();
    try {
      const response = await make();
      // Whatever the body: read it whole (a conversion answers JSON lines until it is done, then its
      // outcome or its error: shown beside the status).
      const text = await response.text();
      const last = response.headers.get("content-type")?.includes("ndjson")
        ? Object.keys(JSON.parse(text.trim().split("\n").at(-1) || "{}"))[0]
        : undefined;
      statuses.add(last ? `${response.status} (${last})` : response.status);
    } catch (error) {
      if (error?.name === "TimeoutError") {
        timedOut = true;
        statuses.add("timeout");
      } else statuses.add(`error: ${error?.cause?.code ?? error?.message}`);
    }
    wall += performance.now() - started;
    // The server may still be finishing (a refused body drained, a socket closed): count that too.
    await sleep(200);
    cpu += cpuMs() - cpuBefore;
    // A request that timed out: the CPU spent until then, a lower bound.
    if (timedOut) return { cpu, wall, statuses, runs: run + 1, timedOut };
  }
  return { cpu: cpu / count, wall: wall / count, statuses, runs: count, timedOut };
}

const rows = [];
function record(endpoint, label, result) {
  rows.push({ endpoint, label, ...result });
  const cpu = result.timedOut
    ? `> ${(result.cpu / 1000).toFixed(1)} s (timed out)`
    : `${result.cpu.toFixed(0)} ms`;
  console.log(
    `${endpoint.padEnd(26)} ${label.padEnd(58)} cpu ${cpu.padStart(10)}  wall ${result.wall.toFixed(0).padStart(6)} ms  status ${[...result.statuses].join(",")}  n=${result.runs}`,
  );
}

const timeout = () => AbortSignal.timeout(REQUEST_TIMEOUT_MS);

let cookie = "";
async function signIn() {
  const response = await fetch(`${ORIGIN}/__test/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: ORIGIN },
    body: JSON.stringify({
      email: `bench-${randomBytes(4).toString("hex")}@bench.example`,
      password: "bench-password-1",
    }),
  });
  if (!response.ok) throw new Error(`/__test/login answered ${response.status}: ${await response.text()}`);
  cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(";", 1)[0])
    .join("; ");
}

const authed = (extra = {}) => ({ cookie, origin: ORIGIN, ...extra });

/** Uploads `body` to the converter and converts it for Instantly; the last response (or the refusal). */
async function uploadAndConvert(body) {
  const uploaded = await fetch(`${ORIGIN}/api/converter/upload?name=leads.csv`, {
    method: "POST",
    headers: authed({ "content-type": "text/csv" }),
    body,
    signal: timeout(),
  });
  if (uploaded.status !== 201) return uploaded;
  const analysis = await uploaded.json();
  return fetch(`${ORIGIN}/api/converter/convert`, {
    method: "POST",
    headers: authed({ "content-type": "application/json" }),
    body: JSON.stringify({ uploadId: analysis.uploadId, target: "instantly", columns: analysis.columns }),
    signal: timeout(),
  });
}

/** A converter file of about `bytes`: normal lead rows, or a header and one quoted field that never ends. */
function leadsFile(bytes) {
  const header = "First Name,Last Name,Email,Company,Website,City\n";
  const line = (i) =>
    `Ada,Lovelace,ada${i}@lead${i}.example,Analytical ${i},https://lead${i}.example,London\n`;
  const lines = [header];
  let size = header.length;
  for (let i = 0; size < bytes; i++) {
    const text = line(i);
    lines.push(text);
    size += text.length;
  }
  return Buffer.from(lines.join(""));
}
function runawayFile(bytes) {
  const start = 'First Name,Last Name,Email\nAda,Lovelace,ada@lead.example\n"';
  return Buffer.concat([Buffer.from(start), Buffer.alloc(bytes - start.length, "x")]);
}

/** A Stripe event of about `bytes`, signed (or not) with the webhook's secret. */
function stripeEvent(bytes, signed) {
  const event = {
    id: "evt_bench",
    object: "event",
    type: "customer.updated",
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: "cus_bench",
        object: "customer",
        metadata: { note: "x".repeat(Math.max(0, bytes - 300)) },
      },
    },
  };
  const payload = JSON.stringify(event);
  const signature = signed
    ? Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET })
    : "t=1,v1=0000";
  return { payload, signature };
}

try {
  await waitForServer(server, ORIGIN, 300_000);
  console.log(`Server up (pid ${server.pid}, ${appDir}, PGlite with the demo data).`);
  await signIn();

  // --- /compare: a real pair against the 9 KB path of the report, and the longest path Node accepts.
  const sitemapIndex = await (await fetch(`${ORIGIN}/sitemap.xml`)).text();
  const compareSitemap = /<loc>([^<]+\/sitemaps\/compare-\d+\.xml)<\/loc>/.exec(sitemapIndex)?.[1];
  const pairPath = compareSitemap
    ? new URL(/<loc>([^<]+)<\/loc>/.exec(await (await fetch(compareSitemap)).text())?.[1] ?? ORIGIN).pathname
    : null;
  if (pairPath)
    record(
      "GET /compare/:slug",
      `normal: ${pairPath.slice(0, 50)}`,
      await measure(() => fetch(`${ORIGIN}${pairPath}`)),
    );
  const vsPath = (bytes) => `/compare/a${"-vs".repeat(Math.floor((bytes - 12) / 3))}-b`;
  record(
    "GET /compare/:slug",
    "hostile: a-vs-vs-...-b, 9 KB path",
    await measure(() => fetch(`${ORIGIN}${vsPath(9 * 1024)}`)),
  );
  // Node refuses a request whose line and headers pass 16 KB (431): about 15.5 KB is the longest accepted.
  record(
    "GET /compare/:slug",
    "hostile: a-vs-vs-...-b, 15.5 KB path",
    await measure(() => fetch(`${ORIGIN}${vsPath(15.5 * 1024)}`)),
  );

  // --- The search and its filter counts, as a visitor: the longest text accepted, a new one each time (no
  // cache can hold it) against a common search; the filter counts for such a search against the cached ones.
  const randomText = (length) =>
    Array.from({ length }, () => "abcdefghijklmnopqrstuvwxyz "[Math.floor(Math.random() * 27)]).join("");
  record("GET /search", "normal: ?q=health", await measure(() => fetch(`${ORIGIN}/search?q=health`)));
  record(
    "GET /search",
    "hostile: ?q=<200 new characters each time>",
    await measure(() => fetch(`${ORIGIN}/search?q=${encodeURIComponent(randomText(200))}`)),
  );
  await fetch(`${ORIGIN}/api/search-facets`);
  record(
    "GET /api/search-facets",
    "normal: no filter (cached)",
    await measure(() => fetch(`${ORIGIN}/api/search-facets`)),
  );
  record(
    "GET /api/search-facets",
    "hostile: ?q=<a new word each time>",
    await measure(() => fetch(`${ORIGIN}/api/search-facets?q=${randomText(6).replaceAll(" ", "e")}`)),
  );

  // --- /sitemap.xml: the index, asked for again and again (its first build is not counted).
  await fetch(`${ORIGIN}/sitemap.xml`);
  record(
    "GET /sitemap.xml",
    "normal: /sitemaps/static.xml",
    await measure(() => fetch(`${ORIGIN}/sitemaps/static.xml`), 20),
  );
  record(
    "GET /sitemap.xml",
    "hostile: /sitemap.xml, repeated",
    await measure(() => fetch(`${ORIGIN}/sitemap.xml`), 20),
  );

  // --- The Stripe webhook: a real-size event against the largest bodies a client can send.
  const small = stripeEvent(4 * 1024, false);
  record(
    "POST /api/webhooks/stripe",
    "normal: 4 KB event, bad signature (400)",
    await measure(() =>
      fetch(`${ORIGIN}/api/webhooks/stripe`, {
        method: "POST",
        headers: { "content-type": "application/json", "stripe-signature": small.signature },
        body: small.payload,
      }),
    ),
  );
  const huge = Buffer.alloc(100 * MB, 0x20);
  record(
    "POST /api/webhooks/stripe",
    "hostile: 100 MB body with its Content-Length",
    await measure(() =>
      fetch(`${ORIGIN}/api/webhooks/stripe`, {
        method: "POST",
        headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=0000" },
        body: huge,
        signal: timeout(),
      }),
    ),
  );
  record(
    "POST /api/webhooks/stripe",
    "hostile: 100 MB body streamed (no length)",
    await measure(() =>
      fetch(`${ORIGIN}/api/webhooks/stripe`, {
        method: "POST",
        headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=0000" },
        body: new Blob([huge]).stream(),
        duplex: "half",
        signal: timeout(),
      }),
    ),
  );

  // --- The converter: a normal file against one whose quoted field never ends, at 16 MB and the largest.
  const normal16 = leadsFile(16 * MB);
  record(
    "POST /api/converter/*",
    "normal: 16 MB of leads, upload + convert",
    await measure(() => uploadAndConvert(normal16), 2),
  );
  const runaway16 = runawayFile(16 * MB);
  record(
    "POST /api/converter/*",
    "hostile: 16 MB, one field never ends",
    await measure(() => uploadAndConvert(runaway16), 1),
  );
  if (maxUploadMb > 16) {
    const runawayMax = runawayFile(maxUploadMb * MB - 1024);
    record(
      "POST /api/converter/*",
      `hostile: ${maxUploadMb} MB, one field never ends`,
      await measure(() => uploadAndConvert(runawayMax), 1),
    );
  }
  // Uploads held at once by one person (a new account: the conversions above hold their results): a sixth
  // upload while five wait.
  await signIn();
  const tiny = leadsFile(2 * 1024);
  const held = [];
  for (let i = 0; i < 5; i++) {
    const response = await fetch(`${ORIGIN}/api/converter/upload?name=leads.csv`, {
      method: "POST",
      headers: authed({ "content-type": "text/csv" }),
      body: tiny,
    });
    held.push(response.status);
  }
  record(
    "POST /api/converter/upload",
    `hostile: 6th upload held at once (5 answered ${[...new Set(held)].join(",")})`,
    await measure(
      () =>
        fetch(`${ORIGIN}/api/converter/upload?name=leads.csv`, {
          method: "POST",
          headers: authed({ "content-type": "text/csv" }),
          body: tiny,
        }),
      1,
    ),
  );
} finally {
  server.kill("SIGTERM");
  await new Promise((resolve) => server.on("exit", resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
