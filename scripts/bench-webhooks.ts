// `npm run bench:webhooks -- [--deliveries 10000] [--connections 20] [--port 3106]`: webhook deliveries under
// load (decision 034). On DATABASE_URL, a seeded PostgreSQL database (`npm run db:seed -- --count 1000000`):
//   1. makes `--deliveries` pending deliveries as the alert run makes them (a digest of 50 companies per saved
//      search, one endpoint each, 100 saved searches per Pro subscriber), to a receiver on 127.0.0.1 that fails
//      a third of the posts (500) and answers the rest slowly (100 to 600 ms);
//   2. starts the production build (APP_ENV=test, for the test route that runs the alert run at a given time)
//      and measures `--connections` connections of searches (`/search.data`) alone;
//   3. runs the server's alert run again and again, each time at the instant the next retry is due, until no
//      delivery is pending, while the same searches go on; then checks that every event was answered 2xx
//      exactly once and none failed, and compares the searches' p99 with step 2's.
// Targets (docs/product.md#webhooks): every event delivered exactly once, none lost, the searches unaffected.
import { spawn } from "node:child_process";
import http from "node:http";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { openDatabase } from "../app/server/db/database.server";
import { queryRows } from "../app/server/db/query-rows.server";
import { serverEnv, serverNodeArgs } from "../server/node-args.mjs";
import { startWebhookReceiver } from "../tests/fixtures/webhook-receiver";
import { buildIfStale } from "./build-if-stale.mjs";
import { waitForServer } from "./wait-for-server.mjs";

const { values: options } = parseArgs({
  options: {
    deliveries: { type: "string", default: "10000" },
    connections: { type: "string", default: "20" },
    port: { type: "string", default: "3106" },
  },
});
const DELIVERIES = Number(options.deliveries);
const CONNECTIONS = Number(options.connections);
const SEARCHES_PER_USER = 100;
const USERS = Math.ceil(DELIVERIES / SEARCHES_PER_USER);

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error("Set DATABASE_URL to a seeded PostgreSQL database (npm run db:seed -- --count 1000000).");
  process.exit(1);
}

const database = await openDatabase({ url: databaseUrl });
await database.migrate();
const { db } = database;

// The receiver: a third of the posts fail at once, the others are answered after 100 to 600 ms. Each event
// id answered 2xx is counted.
const receiver = await startWebhookReceiver();
const deliveredTimes = new Map<string, number>();
let posts = 0;
receiver.answerWith((post) => {
  posts += 1;
  if (Math.random() < 1 / 3) return { status: 500 };
  const id = String(post.headers["roundlist-event-id"]);
  deliveredTimes.set(id, (deliveredTimes.get(id) ?? 0) + 1);
  return { status: 200, delayMs: 100 + Math.random() * 500 };
});
// Only the count matters: the receiver keeps no bodies.
const keepNothing = setInterval(() => {
  receiver.received.length = 0;
}, 1000);

// The bench's accounts, saved searches, endpoints, digests (already emailed) and deliveries, made anew.
const setupStarted = performance.now();
await db.execute(sql`delete from users where id like 'bench-hook-%'`);
await db.execute(
  sql`insert into users (id, name, email, email_verified)
      select 'bench-hook-' || n, 'Bench hook ' || n, 'bench-hook-' || n || '@roundlist.test', true
      from generate_series(1, ${USERS}) n`,
);
await db.execute(
  sql`insert into subscriptions (id, user_id, plan_id, status, provider, provider_subscription_id,
        current_period_start, current_period_end, provider_state_at)
      select gen_random_uuid()::text, id, 'pro', 'active', 'grant', 'grant_' || id, now(),
        now() + interval '3650 days', now()
      from users where id like 'bench-hook-%'`,
);
// Alerts on, next due in 2100: the run builds none of these, it only delivers.
await db.execute(
  sql`insert into saved_searches (user_id, name, query, alert, next_digest_at, digest_since)
      select u.id, 'Bench search ' || s, 'stage=Seed', 'daily', '2100-01-01T07:00:00Z', now()
      from users u cross join generate_series(1, ${SEARCHES_PER_USER}) s
      where u.id like 'bench-hook-%'`,
);
await db.execute(
  sql`insert into webhook_endpoints (user_id, saved_search_id, kind, url, secret)
      select user_id, id, 'webhook', ${receiver.url("/bench")}, 'whsec_bench_' || id
      from saved_searches where user_id like 'bench-hook-%'
      order by id limit ${DELIVERIES}`,
);
const [range] = await queryRows<{ low: number; high: number }>(
  db,
  sql`select min(id)::int as low, max(id)::int as high from companies`,
);
const low = Number(range?.low);
const high = Number(range?.high);
await db.execute(
  sql`insert into alert_digests (saved_search_id, user_id, scheduled_for, window_from, window_to,
        company_count, company_ids, status, sent_at)
      select e.saved_search_id, e.user_id, now(), now() - interval '1 day', now(), 50,
        array(select ${low}::int + floor(random() * (${high}::int - ${low}::int))::int + e.id * 0
              from generate_series(1, 50)),
        'sent', now()
      from webhook_endpoints e where e.user_id like 'bench-hook-%'`,
);
const startAt = new Date();
await db.execute(
  sql`insert into webhook_deliveries (endpoint_id, digest_id, event_id, next_attempt_at, created_at)
      select e.id, d.id, 'evt_' || replace(gen_random_uuid()::text, '-', ''), ${startAt.toISOString()}::timestamptz,
        ${startAt.toISOString()}::timestamptz
      from webhook_endpoints e join alert_digests d on d.saved_search_id = e.saved_search_id
      where e.user_id like 'bench-hook-%'`,
);
await db.execute(sql`analyze webhook_deliveries`);
console.log(
  `${DELIVERIES.toLocaleString("en-US")} deliveries of 50 companies each made in ${Math.round(performance.now() - setupStarted)} ms`,
);

buildIfStale();
const port = Number(options.port);
const origin = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, [...serverNodeArgs(), "server.mjs"], {
  env: serverEnv({
    ...process.env,
    NODE_ENV: "production",
    APP_ENV: "test",
    ENABLE_TEST_ROUTES: "true",
    AUTH_SECRET: `bench-webhooks-${Math.random().toString(36).slice(2)}-${"x".repeat(32)}`,
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    HOST: "127.0.0.1",
    APP_URL: origin,
    SEED_ON_EMPTY: "false",
    LOG_LEVEL: "warn",
  }),
  stdio: ["ignore", "ignore", "inherit"],
});

// A visitor's searches (the search page's client navigations), as bench-load.mjs mixes them.
const SEARCHES = [
  "q=health",
  "industry=FinTech&location=country%3AGermany",
  "stage=Series%20A&amount=10m-20m&date=90d",
  "location=continent%3AEurope&industry=Health%20Care",
  "industry=SaaS&date=30d",
].map((query) => `/search.data?${query}`);

/** `connections` loops of searches until `stop()` is true: each search's time, and non-200 answers. */
async function searchLoad(stop: () => boolean) {
  const latencies: number[] = [];
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async (_, loop) => {
      let next = loop;
      while (!stop()) {
        const begun = performance.now();
        try {
          const response = await fetch(`${origin}${SEARCHES[next % SEARCHES.length]}`, {
            signal: AbortSignal.timeout(10_000),
          });
          await response.arrayBuffer();
          if (response.status === 200) latencies.push(performance.now() - begun);
          else failures += 1;
        } catch {
          failures += 1;
        }
        next += 1;
      }
    }),
  );
  const sorted = latencies.sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
  const seconds = (performance.now() - started) / 1000;
  return { perSecond: sorted.length / seconds, p50: at(0.5), p99: at(0.99), failures };
}

const summary = (result: Awaited<ReturnType<typeof searchLoad>>) =>
  `${result.perSecond.toFixed(1)} searches/s, p50 ${result.p50.toFixed(0)} ms, p99 ${result.p99.toFixed(0)} ms, ${result.failures} not 200`;

/** The test route's alert run at `at`, with no time limit (a run over 10,000 slow deliveries takes minutes). */
function runAlertsAt(at: Date): Promise<{ status: number; text: string }> {
  const body = JSON.stringify({ at: at.toISOString() });
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${origin}/__test/run-alerts`,
      { method: "POST", headers: { "content-type": "application/json", origin } },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          text += chunk;
        });
        response.on("end", () => resolve({ status: response.statusCode ?? 0, text }));
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

async function pendingState() {
  const [row] = await queryRows<{ pending: number; next: Date | string | null }>(
    db,
    sql`select count(*)::int as pending, min(next_attempt_at) as next from webhook_deliveries d
        join webhook_endpoints e on e.id = d.endpoint_id
        where e.user_id like 'bench-hook-%' and d.status in ('pending', 'sending')`,
  );
  return { pending: Number(row?.pending ?? 0), next: row?.next ? new Date(row.next) : null };
}

try {
  await waitForServer(server, origin);
  // Warm-up (not counted), then the searches alone.
  const warmEnd = performance.now() + 5_000;
  await searchLoad(() => performance.now() > warmEnd);
  const aloneEnd = performance.now() + 20_000;
  const alone = await searchLoad(() => performance.now() > aloneEnd);
  console.log(`searches alone (${CONNECTIONS} connections, 20 s): ${summary(alone)}`);

  let done = false;
  const during = searchLoad(() => done);
  const deliveryStarted = performance.now();
  let runs = 0;
  let at = startAt;
  for (;;) {
    const answer = await runAlertsAt(at);
    if (answer.status !== 200) throw new Error(`the alert run answered ${answer.status}: ${answer.text}`);
    const counts = JSON.parse(answer.text) as { webhooks: Record<string, number> };
    runs += 1;
    const state = await pendingState();
    console.log(
      `  run ${runs} at +${Math.round((at.getTime() - startAt.getTime()) / 1000)} s: ${JSON.stringify(counts.webhooks)}, ${state.pending} still pending`,
    );
    if (state.pending === 0 || !state.next) break;
    at = new Date(Math.max(at.getTime() + 1000, state.next.getTime()));
  }
  const deliveryMs = performance.now() - deliveryStarted;
  done = true;
  const beside = await during;
  console.log(`searches during the deliveries: ${summary(beside)}`);

  const [outcome] = await queryRows<{ delivered: number; failed: number; other: number; attempts: number }>(
    db,
    sql`select count(*) filter (where d.status = 'delivered')::int as delivered,
          count(*) filter (where d.status = 'failed')::int as failed,
          count(*) filter (where d.status not in ('delivered', 'failed'))::int as other,
          sum(d.attempts)::int as attempts
        from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id
        where e.user_id like 'bench-hook-%'`,
  );
  const events = await queryRows<{ event_id: string }>(
    db,
    sql`select d.event_id from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id
        where e.user_id like 'bench-hook-%'`,
  );
  const once = events.filter((event) => deliveredTimes.get(event.event_id) === 1).length;
  const twice = events.filter((event) => (deliveredTimes.get(event.event_id) ?? 0) > 1).length;
  console.log(
    `${outcome?.delivered} delivered, ${outcome?.failed} failed, ${outcome?.other} other; ${posts} posts ` +
      `(${outcome?.attempts} attempts recorded) in ${(deliveryMs / 1000).toFixed(1)} s over ${runs} runs ` +
      `(${(Number(outcome?.delivered) / (deliveryMs / 1000)).toFixed(0)} deliveries/s)`,
  );
  const pass = (ok: boolean) => (ok ? "met" : "MISSED");
  console.log(
    `Targets: every event answered 2xx exactly once ${pass(once === events.length)} (${once} of ${events.length}, ${twice} more than once); ` +
      `none lost ${pass(outcome?.failed === 0 && outcome?.other === 0)}; ` +
      `searches' p99 ${beside.p99.toFixed(0)} ms beside ${alone.p99.toFixed(0)} ms alone ` +
      `(${((beside.p99 / Math.max(1, alone.p99) - 1) * 100).toFixed(0)}%).`,
  );
} finally {
  clearInterval(keepNothing);
  server.kill("SIGTERM");
  await receiver.close();
  await db.execute(sql`delete from users where id like 'bench-hook-%'`);
  await database.close();
}
