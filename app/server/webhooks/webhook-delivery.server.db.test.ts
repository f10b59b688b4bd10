import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { FIRST_RETRY_DELAY_MS, NEW_MATCHES_EVENT } from "~/core/webhooks";
import { insertSubscription } from "~tests/fixtures/accounts";
import { setUpTestDatabase } from "~tests/fixtures/database";
import { company, user } from "~tests/fixtures/factories";
import { startWebhookReceiver, type WebhookReceiver } from "~tests/fixtures/webhook-receiver";
import { runAlerts } from "../alerts/alert-scheduler.server";
import { buildDueDigests } from "../alerts/digest-build.server";
import { digestWindowEnd } from "../alerts/digest-window.server";
import { newMatchesEvent } from "../api/api-schemas.server";
import { queryRows } from "../db/query-rows.server";
import { companies, users } from "../db/schema";
import type { MailMessage } from "../mail/mail-message";
import type { Mailer } from "../mail/mailer.server";
import { requestDoNotSell } from "../suppression/do-not-sell.server";
import { checkEndpointUrl, notPublicName, type Resolve } from "./endpoint-guard.server";
import { deliverPendingWebhooks } from "./webhook-delivery.server";
import {
  createEndpoint,
  EndpointError,
  enableEndpoint,
  listDeliveries,
  listEndpoints,
} from "./webhook-endpoints.server";
import type { NewMatchesEvent } from "./webhook-events.server";
import { verifyWebhook } from "./webhook-signature.server";

const database = setUpTestDatabase();
const APP_URL = "http://localhost:3000";
const DUE = new Date("2026-11-21T07:00:00.000Z");
const SINCE = "2026-11-20T07:00:00.000Z";
const DO_NOT_SELL_SECRET = "test-secret-for-webhook-deliveries-0123";

let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(() => receiver.close());

function recordingMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    driver: "log",
    sent,
    async send(message) {
      sent.push(message);
    },
  };
}

let mailer: ReturnType<typeof recordingMailer>;

const later = (ms: number) => new Date(DUE.getTime() + ms);
const HOUR = 3_600_000;

/** A company recorded in the first period's window, or (`recordedNow`) at the database's clock, in a later one. */
async function addCompany(name: string, fields: Parameters<typeof company>[1] = {}, recordedNow = false) {
  const [row] = await database.db
    .insert(companies)
    .values(company(name, { lastFundingType: "Seed", industries: ["FinTech"], ...fields }))
    .returning({ id: companies.id });
  if (!row) throw new Error("no company");
  if (recordedNow) return row.id;
  await database.db.execute(
    sql`update companies set round_recorded_at = '2026-11-20T12:00:00Z'::timestamptz where id = ${row.id}`,
  );
  return row.id;
}

async function addSavedSearch(userId: string, alert: "daily" | "off" = "daily"): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    database.db,
    sql`insert into saved_searches (user_id, name, query, alert, next_digest_at, digest_since)
        values (${userId}, 'Seed FinTech', 'industry=FinTech&stage=Seed', ${alert},
          ${alert === "off" ? null : DUE.toISOString()}::timestamptz, ${SINCE}::timestamptz) returning id`,
  );
  return Number(row?.id);
}

async function deliveries() {
  return queryRows<{
    status: string;
    attempts: number;
    last_status_code: number | null;
    last_error: string | null;
  }>(
    database.db,
    sql`select status, attempts, last_status_code, last_error from webhook_deliveries order by id`,
  );
}

const run = (now: Date) => runAlerts(database.db, { mailer, appUrl: APP_URL, now, production: false });

/** Builds the due digests (and their deliveries) without sending anything. */
async function build(now: Date) {
  await buildDueDigests(database.db, { now, windowEnd: await digestWindowEnd(database.db) });
}

const runWebhooks = (
  now: Date,
  extra: { timeoutMs?: number; production?: boolean; resolve?: Resolve } = {},
) =>
  deliverPendingWebhooks(database.db, {
    mailer,
    appUrl: APP_URL,
    runner: "test",
    now,
    production: false,
    ...extra,
  });

let searchId = 0;

/** Ada's webhook on her saved search, to the test's receiver (outside production: loopback allowed). */
const addWebhook = () =>
  createEndpoint(
    database.db,
    "user_ada",
    { savedSearchId: searchId, kind: "webhook", url: receiver.url() },
    { production: false },
  );
beforeEach(async () => {
  receiver.received.length = 0;
  receiver.answerWith(() => ({ status: 200 }));
  mailer = recordingMailer();
  await database.db.insert(users).values([user({ name: "Ada" }), user({ name: "Bob" })]);
  await insertSubscription(database.db, "user_ada", "active");
  searchId = await addSavedSearch("user_ada");
});

describe("a saved search's new matches as a signed webhook", () => {
  it("posts the period's companies once, as the API answers them, signed with the endpoint's secret", async () => {
    await addCompany("Ledgerly", { email: "ada@ledgerly.test", firstName: "Ada", lastName: "Lovelace" });
    await addCompany("Wrong Stage", { lastFundingType: "Series B" });
    const { secret } = await addWebhook();

    const counts = await run(DUE);

    expect(counts.webhooks).toMatchObject({ delivered: 1, retried: 0, failed: 0, dropped: 0 });
    expect(receiver.received).toHaveLength(1);
    const [post] = receiver.received;
    const signature = post?.headers["roundlist-signature"] as string;
    expect(
      verifyWebhook(secret ?? "", post?.body ?? "", signature, { nowUnix: Math.floor(Date.now() / 1000) }),
    ).toEqual({ ok: true });
    const event = JSON.parse(post?.body ?? "{}") as NewMatchesEvent;
    // The body is what the OpenAPI document's `webhooks` says it is.
    expect(newMatchesEvent.safeParse(event).error).toBeUndefined();
    expect(event.type).toBe(NEW_MATCHES_EVENT);
    expect(post?.headers["roundlist-event-id"]).toBe(event.id);
    expect(event.data.total).toBe(1);
    expect(event.data.companies.map((c) => c.name)).toEqual(["Ledgerly"]);
    // A paid plan (export access): the full address, as the API answers it.
    expect(event.data.companies[0]?.contact).toMatchObject({
      email: "ada@ledgerly.test",
      isEmailMasked: false,
    });
    expect(event.data.savedSearch.url).toBe(`${APP_URL}/search?industry=FinTech&stage=Seed`);

    // The same period is never delivered again: the next run finds nothing due.
    const again = await run(later(HOUR));
    expect(again.webhooks.delivered).toBe(0);
    expect(receiver.received).toHaveLength(1);
    const [log] = await listDeliveries(database.db, "user_ada");
    expect(log).toMatchObject({ status: "delivered", lastStatusCode: 200, attempts: 1, eventId: event.id });
  });

  it("fails verification for an altered body, another secret or a replay outside five minutes", async () => {
    await addCompany("Ledgerly");
    const { secret } = await addWebhook();
    await run(DUE);
    const [post] = receiver.received;
    const header = post?.headers["roundlist-signature"] as string;
    const body = post?.body ?? "";
    const nowUnix = Math.floor(Date.now() / 1000);
    expect(verifyWebhook(secret ?? "", body.replace("Ledgerly", "Ledgerlx"), header, { nowUnix }).ok).toBe(
      false,
    );
    expect(verifyWebhook("whsec_other", body, header, { nowUnix }).ok).toBe(false);
    expect(verifyWebhook(secret ?? "", body, header, { nowUnix: nowUnix + 301 }).ok).toBe(false);
    expect(verifyWebhook(secret ?? "", body, header, { nowUnix }).ok).toBe(true);
  });

  it("masks addresses for a trialing account, as the API does", async () => {
    await database.db.execute(sql`delete from subscriptions where user_id = 'user_ada'`);
    await insertSubscription(database.db, "user_ada", "trialing");
    await addCompany("Ledgerly", { email: "ada@ledgerly.test" });
    await addWebhook();
    await run(DUE);
    const body = receiver.received[0]?.body ?? "";
    expect(body).not.toContain("ada@ledgerly.test");
    expect((JSON.parse(body) as NewMatchesEvent).data.companies[0]?.contact.isEmailMasked).toBe(true);
  });

  it("leaves out a company that joined the do-not-sell list before the first attempt", async () => {
    await addCompany("Ledgerly");
    await addCompany("Gone Inc", { email: "gone@gone.example" });
    await addWebhook();
    await build(DUE);
    // The digest was built with both; the body is written at the first attempt, after the request.
    await requestDoNotSell(database.db, "gone@gone.example", DO_NOT_SELL_SECRET);
    await runWebhooks(DUE);
    const names = (JSON.parse(receiver.received.at(-1)?.body ?? "{}") as NewMatchesEvent).data.companies.map(
      (c) => c.name,
    );
    expect(names).toEqual(["Ledgerly"]);
  });
});

describe("a body kept for retries", () => {
  it("is built again after a do-not-sell request, and not kept once delivered", async () => {
    await addCompany("Ledgerly");
    await addCompany("Gone Inc", { email: "gone@gone.example" });
    await addWebhook();
    receiver.answerWith(() => ({ status: 500 }));
    await run(DUE);
    expect(receiver.received[0]?.body).toContain("gone@gone.example");
    await requestDoNotSell(database.db, "gone@gone.example", DO_NOT_SELL_SECRET);
    receiver.answerWith(() => ({ status: 200 }));
    await runWebhooks(later(FIRST_RETRY_DELAY_MS));
    const retried = receiver.received.at(-1)?.body ?? "";
    expect(retried).not.toContain("gone@gone.example");
    expect((JSON.parse(retried) as NewMatchesEvent).data.companies.map((c) => c.name)).toEqual(["Ledgerly"]);
    const [row] = await queryRows<{ body: string | null; status: string }>(
      database.db,
      sql`select body, status from webhook_deliveries`,
    );
    expect(row).toEqual({ body: null, status: "delivered" });
  });
});

describe("retries", () => {
  beforeEach(async () => {
    await addCompany("Ledgerly");
    await addWebhook();
  });

  it("retries after a 500 with a doubling wait, sending the same body and event id", async () => {
    receiver.answerWith(() => ({ status: 500 }));
    expect((await run(DUE)).webhooks).toMatchObject({ delivered: 0, retried: 1 });
    expect(await deliveries()).toEqual([
      expect.objectContaining({ status: "pending", attempts: 1, last_status_code: 500 }),
    ]);
    // Not due before its wait (a minute).
    expect((await runWebhooks(later(FIRST_RETRY_DELAY_MS - 1000))).retried).toBe(0);
    expect((await runWebhooks(later(FIRST_RETRY_DELAY_MS))).retried).toBe(1);
    // The second wait is twice as long.
    expect((await runWebhooks(later(FIRST_RETRY_DELAY_MS * 3 - 1000))).retried).toBe(0);
    receiver.answerWith(() => ({ status: 200 }));
    expect((await runWebhooks(later(FIRST_RETRY_DELAY_MS * 3))).delivered).toBe(1);
    expect(receiver.received).toHaveLength(3);
    const bodies = new Set(receiver.received.map((post) => post.body));
    const ids = new Set(receiver.received.map((post) => post.headers["roundlist-event-id"]));
    expect(bodies.size).toBe(1);
    expect(ids.size).toBe(1);
    expect(await deliveries()).toEqual([
      expect.objectContaining({ status: "delivered", attempts: 3, last_status_code: 200 }),
    ]);
  });

  it("retries after a timeout", async () => {
    receiver.answerWith(() => "hang");
    await build(DUE);
    const first = await runWebhooks(DUE, { timeoutMs: 300 });
    expect(first.retried).toBe(1);
    const [row] = await deliveries();
    expect(row).toMatchObject({ status: "pending", last_status_code: null });
    expect(row?.last_error).toContain("No answer within 300 ms");
    receiver.answerWith(() => ({ status: 204 }));
    expect((await runWebhooks(later(FIRST_RETRY_DELAY_MS), { timeoutMs: 300 })).delivered).toBe(1);
  });

  it("gives up after a day, disables the endpoint and emails its owner once", async () => {
    receiver.answerWith(() => ({ status: 500 }));
    await run(DUE);
    // Tried all day long (every wait due), failing each time.
    for (const hours of [1, 6, 12, 18, 23]) await runWebhooks(later(hours * HOUR));
    expect((await listEndpoints(database.db, "user_ada"))[0]?.status).toBe("active");
    const last = await runWebhooks(later(24 * HOUR));
    expect(last).toMatchObject({ failed: 1, disabled: 1 });
    expect(await deliveries()).toEqual([expect.objectContaining({ status: "failed" })]);
    const [endpoint] = await listEndpoints(database.db, "user_ada");
    expect(endpoint).toMatchObject({
      status: "disabled",
      disabledReason: "Every delivery failed for 24 hours.",
    });
    const notices = mailer.sent.filter((mail) => mail.subject === "Webhook disabled for “Seed FinTech”");
    expect(notices).toHaveLength(1);
    expect(notices[0]?.to).toBe("ada@example.com");
    expect(notices[0]?.text).toContain(receiver.url());

    // A disabled endpoint gets no new period; enabled again, it gets the next one.
    await addCompany("Next Day Inc", {}, true);
    const posts = receiver.received.length;
    await run(later(24 * HOUR + 1000));
    expect(receiver.received).toHaveLength(posts);
    expect(await enableEndpoint(database.db, "user_ada", endpoint?.id ?? 0)).toBe(true);
    expect(await enableEndpoint(database.db, "user_bob", endpoint?.id ?? 0)).toBe(false);
    receiver.answerWith(() => ({ status: 200 }));
    await addCompany("Third Day Inc", {}, true);
    await run(later(48 * HOUR + 1000));
    expect(receiver.received).toHaveLength(posts + 1);
  });

  it("drops a delivery whose alert was turned off or whose account lost access", async () => {
    receiver.answerWith(() => ({ status: 500 }));
    await run(DUE);
    await database.db.execute(sql`update saved_searches set alert = 'off'`);
    expect((await runWebhooks(later(FIRST_RETRY_DELAY_MS))).dropped).toBe(1);
    expect(await deliveries()).toEqual([
      expect.objectContaining({ status: "dropped", last_error: "The saved search's alert was turned off." }),
    ]);
    // The failure before the drop no longer counts towards disabling the endpoint.
    const [endpoint] = await queryRows<{ failing_since: Date | null }>(
      database.db,
      sql`select failing_since from webhook_endpoints`,
    );
    expect(endpoint?.failing_since).toBeNull();
  });
});

describe("Slack", () => {
  it("posts a short list with links to the Slack URL", async () => {
    const id = await addCompany("Ledgerly");
    const [{ slug } = { slug: "" }] = await queryRows<{ slug: string }>(
      database.db,
      sql`select slug from companies where id = ${id}`,
    );
    await createEndpoint(
      database.db,
      "user_ada",
      { savedSearchId: searchId, kind: "slack", url: receiver.url("/services/T000/B000/XXXX") },
      { production: false },
    );
    await run(DUE);
    const [post] = receiver.received;
    expect(post?.path).toBe("/services/T000/B000/XXXX");
    expect(post?.headers["roundlist-signature"]).toBeUndefined();
    const message = JSON.parse(post?.body ?? "{}") as {
      text: string;
      blocks: Array<{ text: { text: string } }>;
    };
    expect(message.text).toBe("1 new company in “Seed FinTech”");
    expect(message.blocks[1]?.text.text).toContain(`<${APP_URL}/company/${slug}|Ledgerly>`);
    // Listed with its URL shortened: a Slack URL is itself a secret.
    expect((await listEndpoints(database.db, "user_ada"))[0]?.url).toBe(
      `http://${new URL(receiver.url()).host}/…XXXX`,
    );
  });

  it("takes only hooks.slack.com URLs in production", async () => {
    await expect(
      createEndpoint(
        database.db,
        "user_ada",
        { savedSearchId: searchId, kind: "slack", url: "https://example.com/services/T/B/X" },
        { production: true, resolve: async () => ["93.184.216.34"] },
      ),
    ).rejects.toThrow("A Slack URL starts with https://hooks.slack.com/services/.");
  });
});

describe("server-side request forgery", () => {
  const resolvesTo =
    (address: string): Resolve =>
    async () => [address];

  it.each([
    ["127.0.0.1", "loopback"],
    ["10.0.0.1", "private"],
    ["169.254.169.254", "link-local"],
    ["::1", "loopback"],
  ])("refuses a URL resolving to %s in production", async (address, kind) => {
    const attempt = createEndpoint(
      database.db,
      "user_ada",
      { savedSearchId: searchId, kind: "webhook", url: "https://hooks.customer.example/roundlist" },
      { production: true, resolve: resolvesTo(address) },
    );
    await expect(attempt).rejects.toBeInstanceOf(EndpointError);
    // One sentence for the user whatever the name resolves to (its kind only in the guard's detail).
    await expect(attempt).rejects.toThrow(notPublicName("hooks.customer.example"));
    const check = await checkEndpointUrl("https://hooks.customer.example/roundlist", {
      production: true,
      resolve: resolvesTo(address),
    });
    expect(check.ok ? "" : check.detail).toContain(kind);
    expect(await listEndpoints(database.db, "user_ada")).toEqual([]);
  });

  it("refuses a literal [::1] and plain http in production", async () => {
    for (const url of ["https://[::1]:8443/hook", "http://hooks.customer.example/hook"]) {
      await expect(
        createEndpoint(
          database.db,
          "user_ada",
          { savedSearchId: searchId, kind: "webhook", url },
          { production: true, resolve: resolvesTo("93.184.216.34") },
        ),
      ).rejects.toBeInstanceOf(EndpointError);
    }
  });

  it("checks again at delivery: a name that now resolves to a private address is not posted to", async () => {
    await addCompany("Ledgerly");
    await createEndpoint(
      database.db,
      "user_ada",
      { savedSearchId: searchId, kind: "webhook", url: "https://hooks.customer.example/roundlist" },
      { production: true, resolve: resolvesTo("93.184.216.34") },
    );
    await build(DUE);
    // The name now points inside the network.
    const counts = await runWebhooks(DUE, { production: true, resolve: resolvesTo("10.0.0.1") });
    expect(counts.retried).toBe(1);
    const [row] = await deliveries();
    expect(row?.last_status_code).toBeNull();
    expect(row?.last_error).toBe(notPublicName("hooks.customer.example"));
    expect(receiver.received).toHaveLength(0);
  });

  it("refuses another user's saved search", async () => {
    const bobs = await addSavedSearch("user_bob");
    await expect(
      createEndpoint(
        database.db,
        "user_ada",
        { savedSearchId: bobs, kind: "webhook", url: receiver.url() },
        { production: false },
      ),
    ).rejects.toThrow("Choose one of your saved searches.");
  });
});
