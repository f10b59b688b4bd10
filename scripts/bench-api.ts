// `npm run bench:api -- [--connections 50] [--duration 30] [--keys 20] [--port 3105]`: the REST API under
// load (decision 033). Starts the production server (as `npm start` does, built when stale) on DATABASE_URL,
// a seeded PostgreSQL database (`npm run db:seed -- --count 1000000`), gives `--keys` Pro subscribers and one
// more (kept for the next run) a fresh key each, then:
//   1. `--connections` connections for `--duration` seconds over a mix of API searches, spread over the keys
//      (each key under its rate): requests/s, p50/p95/p99, answers by status;
//   2. the same searches as a subscriber's `/search.data`, for the throughput the API is compared with;
//   3. the API again, while one more key is called as fast as as many connections again allow: that key's 429s, and the
//      other keys' p99 beside the first run's.
// Targets (docs/product.md#api): p99 <= 500 ms and no 5xx in both runs; the abusive key is refused with 429s.
import { spawn } from "node:child_process";
import { parseArgs } from "node:util";
import { eq, sql } from "drizzle-orm";
import { createApiKey } from "../app/server/api/api-keys.server";
import { openDatabase } from "../app/server/db/database.server";
import { subscriptions, users } from "../app/server/db/schema";
import { serverEnv, serverNodeArgs } from "../server/node-args.mjs";
import { authPost, sessionCookieOf } from "./bench-auth.mjs";
import { buildIfStale } from "./build-if-stale.mjs";
import { waitForServer } from "./wait-for-server.mjs";

const { values: options } = parseArgs({
  options: {
    connections: { type: "string", default: "50" },
    duration: { type: "string", default: "30" },
    keys: { type: "string", default: "20" },
    port: { type: "string", default: "3105" },
  },
});
const CONNECTIONS = Number(options.connections);
const DURATION_MS = Number(options.duration) * 1000;
const KEY_COUNT = Number(options.keys);
const TARGET_P99_MS = 500;

// The load benchmark's searches (bench-load.mjs), as API calls.
const MIX = [
  "q=health",
  "industry=FinTech&location=country%3AGermany",
  "stage=Series%20A&amount=10m-20m&date=90d",
  "q=ai",
  "location=San%20Francisco%2C%20California%2C%20United%20States&stage=Seed",
  "industry=SaaS&date=30d",
  "location=continent%3AEurope&industry=Health%20Care",
  "q=pay&amount=250m-plus",
  "q=cloud&limit=100",
  "sort=amount-desc&limit=50",
].map((query) => `/api/v1/companies?${query}`);

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error("Set DATABASE_URL to a seeded PostgreSQL database (npm run db:seed -- --count 1000000).");
  process.exit(1);
}

const database = await openDatabase({ url: databaseUrl });
await database.migrate();
/** A Pro plan granted for ten years (as `npm run grant` would). */
async function grantPro(userId: string): Promise<void> {
  await database.db.insert(subscriptions).values({
    id: crypto.randomUUID(),
    userId,
    planId: "pro",
    status: "active",
    provider: "grant",
    providerSubscriptionId: `grant_${userId}`,
    currentPeriodStart: new Date(),
    currentPeriodEnd: new Date(Date.now() + 3650 * 86_400_000),
    providerStateAt: new Date(),
  });
}

// One Pro subscriber per key (a user holds at most 10 keys), kept for the next run.
const keys: string[] = [];
for (let index = 0; index <= KEY_COUNT; index += 1) {
  const id = `bench-api-${index}`;
  const [held] = await database.db.select({ id: users.id }).from(users).where(eq(users.id, id));
  if (!held) {
    await database.db
      .insert(users)
      .values({ id, name: `Bench API ${index}`, email: `${id}@roundlist.test`, emailVerified: true });
    await grantPro(id);
  }
  // A fresh key each run (the old ones revoked), so no key starts the run with its minute half spent.
  await database.db.execute(
    sql`update api_keys set revoked_at = now() where user_id = ${id} and revoked_at is null`,
  );
  keys.push((await createApiKey(database.db, id, "bench")).key);
}
const abusiveKey = keys.pop() as string;

buildIfStale();
const port = Number(options.port);
const origin = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, [...serverNodeArgs(), "server.mjs"], {
  env: serverEnv({
    ...process.env,
    NODE_ENV: "production",
    APP_ENV: "production",
    AUTH_SECRET: `bench-api-${Math.random().toString(36).slice(2)}-${"x".repeat(32)}`,
    DEMO_PAYMENTS: "true",
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    HOST: "127.0.0.1",
    APP_URL: origin,
    SEED_ON_EMPTY: "false",
    LOG_LEVEL: "warn",
  }),
  stdio: ["ignore", "ignore", "inherit"],
});

interface RunResult {
  latencies: number[];
  statuses: Map<string, number>;
  seconds: number;
}

/** A call of the run: its path and headers, from the loop and its call number. */
type Call = (loop: number, next: number) => { path: string; headers: Record<string, string> };

const apiCall =
  (keyOf: (loop: number) => string): Call =>
  (loop, next) => ({
    path: MIX[next % MIX.length] as string,
    headers: { authorization: `Bearer ${keyOf(loop)}` },
  });

/** `connections` loops, each making its calls one after another, until `endAt`. */
async function load(connections: number, endAt: number, call: Call): Promise<RunResult> {
  const latencies: number[] = [];
  const statuses = new Map<string, number>();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async (_, loop) => {
      let next = loop;
      while (performance.now() < endAt) {
        const { path, headers } = call(loop, next);
        next += 1;
        const begun = performance.now();
        let status: string;
        try {
          const response = await fetch(`${origin}${path}`, { headers, signal: AbortSignal.timeout(10_000) });
          await response.arrayBuffer();
          status = String(response.status);
        } catch (error) {
          status = error instanceof Error ? error.name : "error";
        }
        if (status === "200") latencies.push(performance.now() - begun);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    }),
  );
  return { latencies, statuses, seconds: (performance.now() - started) / 1000 };
}

// The same searches as a signed-in subscriber's client navigations (`/search.data`), for the throughput the
// API is compared with: `limit` is the page's `size`.
const DATA_MIX = MIX.map((path) =>
  path.replace("/api/v1/companies?", "/search.data?").replace("limit=", "size=").replace(/\?$/, ""),
);
const SUBSCRIBER = { email: "bench-api-pages@roundlist.test", password: "bench-api-amber-kettle-58" };

/** The subscriber of the `.data` run: signed up through /auth on a first run, confirmed, given Pro. */
async function subscriberCookie(): Promise<string> {
  const signIn = () => authPost(origin, "/sign-in/email", SUBSCRIBER);
  let cookie = sessionCookieOf(await signIn());
  if (!cookie) {
    await authPost(origin, "/sign-up/email", SUBSCRIBER);
    await database.db.execute(sql`update users set email_verified = true where email = ${SUBSCRIBER.email}`);
    cookie = sessionCookieOf(await signIn());
    if (!cookie) throw new Error("the .data run's subscriber could not sign in");
  }
  const [user] = await database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, SUBSCRIBER.email));
  if (!user) throw new Error("no subscriber");
  const [plan] = await database.db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(eq(subscriptions.userId, user.id));
  if (!plan) {
    await grantPro(user.id);
  }
  return cookie;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

function report(label: string, result: RunResult): { p99: number; has5xx: boolean; perSecond: number } {
  const sorted = [...result.latencies].sort((a, b) => a - b);
  const total = [...result.statuses.values()].reduce((sum, n) => sum + n, 0);
  const p99 = percentile(sorted, 99);
  console.log(
    `${label.padEnd(34)} ${(total / result.seconds).toFixed(1).padStart(6)} req/s  p50 ${percentile(sorted, 50).toFixed(0)} ms` +
      `  p95 ${percentile(sorted, 95).toFixed(0)} ms  p99 ${p99.toFixed(0)} ms  answers ${JSON.stringify(Object.fromEntries(result.statuses))}`,
  );
  return {
    p99,
    perSecond: total / result.seconds,
    has5xx: [...result.statuses.keys()].some((status) => !/^[234]\d\d$/.test(status)),
  };
}

try {
  await waitForServer(server, origin);
  // Warm-up (not counted): every search once per key, so count caches hold what steady traffic would.
  const cookie = await subscriberCookie();
  const dataCall: Call = (_, next) => ({
    path: DATA_MIX[next % DATA_MIX.length] as string,
    headers: { cookie },
  });
  await load(
    10,
    performance.now() + 8_000,
    apiCall((loop) => keys[loop % keys.length] as string),
  );
  await load(10, performance.now() + 4_000, dataCall);
  console.log(
    `${CONNECTIONS} connections, ${DURATION_MS / 1000} s, ${keys.length} keys, ${MIX.length} searches (${origin})`,
  );
  const alone = report(
    "API searches",
    await load(
      CONNECTIONS,
      performance.now() + DURATION_MS,
      apiCall((loop) => keys[loop % keys.length] as string),
    ),
  );
  const pages = report(
    "the same searches as /search.data",
    await load(CONNECTIONS, performance.now() + DURATION_MS, dataCall),
  );
  const endAt = performance.now() + DURATION_MS;
  const [others, abuser] = await Promise.all([
    load(
      CONNECTIONS,
      endAt,
      apiCall((loop) => keys[loop % keys.length] as string),
    ),
    load(
      CONNECTIONS,
      endAt,
      apiCall(() => abusiveKey),
    ),
  ]);
  const beside = report("API searches, one key abused beside", others);
  report(`the abused key (${CONNECTIONS} connections)`, abuser);
  const refused = abuser.statuses.get("429") ?? 0;
  const pass = (ok: boolean) => (ok ? "met" : "MISSED");
  console.log(
    `Targets: p99 <= ${TARGET_P99_MS} ms ${pass(alone.p99 <= TARGET_P99_MS)} (alone), ` +
      `${pass(beside.p99 <= TARGET_P99_MS)} (beside the abused key); no 5xx ${pass(!alone.has5xx && !beside.has5xx)}; ` +
      `the abused key refused with 429 ${pass(refused > 0)} (${refused} times); ` +
      `throughput at least the pages' ${pass(alone.perSecond >= pages.perSecond)}.`,
  );
} finally {
  server.kill("SIGTERM");
  await database.close();
}
