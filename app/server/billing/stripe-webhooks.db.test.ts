import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { count, eq, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import fc from "fast-check";
import type Stripe from "stripe";
import {
  afterAll,
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
  type MockInstance,
  vi,
} from "vitest";
import { REQUEST_BODY_ERRORS } from "~/core/messages";
import { quietMailer } from "~tests/fixtures/accounts";
import { closedTestDatabase, setUpTestDatabase } from "~tests/fixtures/database";
import { user } from "~tests/fixtures/factories";
import {
  stripeEvent as event,
  fieldPaths,
  type StripeEventJson,
  signStripeEvent,
  withFieldReplaced,
} from "~tests/fixtures/stripe-events";
import type { Db } from "../db/database.server";
import {
  authAuditEvents,
  billingCustomers,
  invoices,
  mailMessages,
  processedWebhookEvents,
  subscriptions,
  trialClaims,
  users,
} from "../db/schema";
import { logger } from "../logger.server";
import type { Mailer } from "../mail/mailer.server";
import { createStripeClient } from "./stripe-client.server";
import { priceToPlanFromConfig } from "./stripe-mapping";
import { handleStripeWebhook, type StripeWebhookResult } from "./stripe-webhooks.server";
import { getAccess } from "./subscriptions.server";

const SECRET = "whsec_test_secret";
const APP_URL = "https://app.roundlist.test";
const priceToPlan = priceToPlanFromConfig({
  STRIPE_PRICE_MONTHLY: "price_monthly",
  STRIPE_PRICE_ANNUAL: "price_annual",
  STRIPE_PRICE_LPS: "price_lps",
});
// Any API call would go to a port where nothing listens and fail the test: apart from settling a tie of
// two events of the same second (tested with its own local server below), the handler stays offline.
const stripe = createStripeClient("sk_test_x", { host: "127.0.0.1", port: 1, protocol: "http" });

const database = setUpTestDatabase();
// The handler's log lines are part of its contract (an ignored event is explained in the log): recorded here.
let warnings: MockInstance;
let errors: MockInstance;
let infos: MockInstance;
beforeEach(async () => {
  await database.db.insert(users).values(user());
  warnings = vi.spyOn(logger, "warn").mockImplementation(() => {});
  errors = vi.spyOn(logger, "error").mockImplementation(() => {});
  infos = vi.spyOn(logger, "info").mockImplementation(() => {});
});
afterEach(() => {
  warnings.mockRestore();
  errors.mockRestore();
  infos.mockRestore();
});

/** The `reason` of each "event ignored" log line. */
function ignoredReasons(): unknown[] {
  return warnings.mock.calls.map(([details]) => (details as { reason?: unknown }).reason).filter(Boolean);
}

// Stripe's times are unix seconds. The subscription's dates, and the events' `created`, count from here.
const NOV_1 = Date.UTC(2026, 10, 1) / 1000;
const NOV_8 = Date.UTC(2026, 10, 8) / 1000;
const DEC_8 = Date.UTC(2026, 11, 8) / 1000;
const JAN_8 = Date.UTC(2027, 0, 8) / 1000;

interface SubscriptionFields {
  status: string;
  metadata?: Record<string, string>;
  priceId?: string;
  customer?: string;
  trialStart?: number | null;
  trialEnd?: number | null;
  periodStart?: number;
  periodEnd?: number;
  cancelAtPeriodEnd?: boolean;
  canceledAt?: number | null;
  endedAt?: number | null;
}

/** A subscription as Stripe's JSON has it (the fields the handler reads). */
function subscription(fields: SubscriptionFields): Record<string, unknown> {
  return {
    id: "sub_ada",
    object: "subscription",
    status: fields.status,
    customer: fields.customer ?? "cus_ada",
    metadata: fields.metadata ?? { userId: "user_ada", plan: "monthly" },
    trial_start: fields.trialStart ?? null,
    trial_end: fields.trialEnd ?? null,
    cancel_at_period_end: fields.cancelAtPeriodEnd ?? false,
    cancel_at: null,
    canceled_at: fields.canceledAt ?? null,
    ended_at: fields.endedAt ?? null,
    items: {
      object: "list",
      has_more: false,
      data: [
        {
          id: "si_ada",
          object: "subscription_item",
          current_period_start: fields.periodStart ?? NOV_1,
          current_period_end: fields.periodEnd ?? DEC_8,
          price: { id: fields.priceId ?? "price_monthly", object: "price" },
        },
      ],
    },
  };
}

const TRIALING = {
  status: "trialing",
  trialStart: NOV_1,
  trialEnd: NOV_8,
  periodStart: NOV_1,
  periodEnd: NOV_8,
};
const ACTIVE = { status: "active", trialStart: NOV_1, trialEnd: NOV_8, periodStart: NOV_8, periodEnd: DEC_8 };

/** An invoice of sub_ada (API 2025-03-31+: the subscription is under `parent`, the period on the line). */
function invoice(period: { start: number; end: number }): Record<string, unknown> {
  return {
    id: "in_ada",
    object: "invoice",
    customer: "cus_ada",
    parent: {
      type: "subscription_details",
      quote_details: null,
      subscription_details: { subscription: "sub_ada", metadata: {} },
    },
    lines: {
      object: "list",
      has_more: false,
      data: [
        {
          id: "il_ada",
          object: "line_item",
          period,
          parent: {
            type: "subscription_item_details",
            invoice_item_details: null,
            subscription_item_details: {
              subscription: "sub_ada",
              subscription_item: "si_ada",
              proration: false,
              invoice_item: null,
              proration_details: null,
            },
          },
        },
      ],
    },
  };
}

interface Delivery {
  db?: Db;
  /** The client the handler may call (on a tie); by default one that reaches nothing. */
  client?: Stripe;
  mailer?: Mailer;
  /** Signature time in unix seconds; now by default. */
  signedAt?: number;
  secret?: string;
}

/** Signs the payload as Stripe does and hands it to the handler, exactly as the route would. */
function deliver(payload: StripeEventJson | string, options: Delivery = {}): Promise<StripeWebhookResult> {
  const { body, signature } = signStripeEvent(payload, options.secret ?? SECRET, options.signedAt);
  return handleStripeWebhook(
    {
      db: options.db ?? database.db,
      stripe: options.client ?? stripe,
      webhookSecret: SECRET,
      priceToPlan,
      appUrl: APP_URL,
      ...(options.mailer ? { mailer: options.mailer } : {}),
    },
    body,
    signature,
  );
}

async function storedSubscription() {
  const rows = await database.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.providerSubscriptionId, "sub_ada"));
  expect(rows.length).toBeLessThanOrEqual(1);
  return rows[0];
}

async function rowCount(table: PgTable) {
  const [row] = await database.db.select({ value: count() }).from(table);
  return row?.value ?? 0;
}

async function expectNothingWritten() {
  expect(await rowCount(processedWebhookEvents)).toBe(0);
  expect(await rowCount(subscriptions)).toBe(0);
  expect(await rowCount(trialClaims)).toBe(0);
  expect(await rowCount(billingCustomers)).toBe(0);
}

describe("signature", () => {
  const created = event("evt_sig", "customer.subscription.created", NOV_1, subscription(TRIALING));

  it("refuses a body signed with another secret: 400 and nothing written", async () => {
    const result = await deliver(created, { secret: "whsec_someone_else" });
    expect(result).toEqual({ status: 400, body: { error: "Invalid signature" } });
    await expectNothingWritten();
    expect(warnings).toHaveBeenCalledWith(
      expect.objectContaining({ reason: expect.any(String) }),
      "Stripe webhook signature refused",
    );
  });

  it("refuses a body changed after signing", async () => {
    const { body, signature } = signStripeEvent(created, SECRET);
    const tampered = body.replace('"trialing"', '"active"');
    const result = await handleStripeWebhook(
      { db: database.db, stripe, webhookSecret: SECRET, priceToPlan, appUrl: APP_URL },
      tampered,
      signature,
    );
    expect(result.status).toBe(400);
    await expectNothingWritten();
  });

  it("refuses a missing signature header", async () => {
    const result = await handleStripeWebhook(
      { db: database.db, stripe, webhookSecret: SECRET, priceToPlan, appUrl: APP_URL },
      JSON.stringify(created),
      null,
    );
    expect(result).toEqual({ status: 400, body: { error: "Invalid signature" } });
    await expectNothingWritten();
  });

  it("refuses a signature older than five minutes (a replayed request)", async () => {
    const result = await deliver(created, { signedAt: Math.floor(Date.now() / 1000) - 600 });
    expect(result).toEqual({ status: 400, body: { error: "Invalid signature" } });
    await expectNothingWritten();
  });
});

describe("subscription events", () => {
  it("customer.subscription.created (trialing) stores the subscription and the person's trial claim", async () => {
    const result = await deliver(
      event("evt_1", "customer.subscription.created", NOV_1, subscription(TRIALING)),
    );

    expect(result).toEqual({ status: 200, body: { received: true } });
    expect(await storedSubscription()).toMatchObject({
      userId: "user_ada",
      planId: "monthly",
      status: "trialing",
      provider: "stripe",
      providerCustomerId: "cus_ada",
      trialStart: new Date("2026-11-01T00:00:00Z"),
      trialEnd: new Date("2026-11-08T00:00:00Z"),
      currentPeriodEnd: new Date("2026-11-08T00:00:00Z"),
      providerStateAt: new Date(NOV_1 * 1000),
    });
    expect(await database.db.select().from(trialClaims)).toEqual([
      expect.objectContaining({ email: "ada@example.com", userId: "user_ada" }),
    ]);
    expect(await database.db.select().from(processedWebhookEvents)).toEqual([
      expect.objectContaining({ id: "evt_1", type: "customer.subscription.created" }),
    ]);
    expect(await getAccess(database.db, "user_ada")).toMatchObject({
      hasActiveAccess: true,
      isTrialing: true,
    });
  });

  it("applies a redelivered event id once, even if the redelivery's content differs", async () => {
    await deliver(event("evt_1", "customer.subscription.created", NOV_1, subscription(TRIALING)));

    const again = await deliver(
      event("evt_1", "customer.subscription.created", NOV_1 + 60, subscription(ACTIVE)),
    );

    expect(again).toEqual({ status: 200, body: { received: true, duplicate: true } });
    expect(await rowCount(processedWebhookEvents)).toBe(1);
    expect((await storedSubscription())?.status).toBe("trialing");
  });

  it("applies one of two concurrent deliveries of the same event; the other is a duplicate", async () => {
    const created = event("evt_1", "customer.subscription.created", NOV_1, subscription(TRIALING));

    const results = await Promise.all([deliver(created), deliver(created)]);

    expect(
      // `duplicate` is absent on the applied one: compare it as a boolean (Number(undefined) is NaN,
      // which would leave the two in the order they finished).
      results
        .map((result) => result.body)
        .sort((a, b) => Number(a.duplicate === true) - Number(b.duplicate === true)),
    ).toEqual([{ received: true }, { received: true, duplicate: true }]);
    expect(await rowCount(processedWebhookEvents)).toBe(1);
    expect(await rowCount(subscriptions)).toBe(1);
  });

  it("never lets an older event overwrite a newer one (out-of-order delivery)", async () => {
    await deliver(event("evt_new", "customer.subscription.updated", NOV_8, subscription(ACTIVE)));

    const older = await deliver(
      event("evt_old", "customer.subscription.created", NOV_1, subscription({ status: "incomplete" })),
    );

    expect(older).toEqual({ status: 200, body: { received: true, ignored: "stale" } });
    expect(infos).toHaveBeenCalledWith(
      expect.objectContaining({ eventId: "evt_old", reason: "stale" }),
      "Stripe webhook event ignored",
    );
    expect(await storedSubscription()).toMatchObject({
      status: "active",
      providerStateAt: new Date(NOV_8 * 1000),
    });
    // Both were delivered: both are recorded, so neither is applied again.
    expect(await rowCount(processedWebhookEvents)).toBe(2);
  });

  it("customer.subscription.deleted cancels the subscription and ends access", async () => {
    await deliver(event("evt_1", "customer.subscription.created", NOV_8, subscription(ACTIVE)));

    const result = await deliver(
      event(
        "evt_2",
        "customer.subscription.deleted",
        NOV_8 + 3600,
        subscription({ ...ACTIVE, status: "canceled", canceledAt: NOV_8 + 3600, endedAt: NOV_8 + 3600 }),
      ),
    );

    expect(result.status).toBe(200);
    expect(await storedSubscription()).toMatchObject({
      status: "canceled",
      canceledAt: new Date((NOV_8 + 3600) * 1000),
      endedAt: new Date((NOV_8 + 3600) * 1000),
    });
    expect(await getAccess(database.db, "user_ada")).toMatchObject({
      hasActiveAccess: false,
      hasProAccess: false,
      hasExportAccess: false,
    });
  });

  it("maps the annual price to the pro plan", async () => {
    await deliver(
      event(
        "evt_1",
        "customer.subscription.created",
        NOV_8,
        subscription({ ...ACTIVE, priceId: "price_annual", metadata: { userId: "user_ada" } }),
      ),
    );
    expect((await storedSubscription())?.planId).toBe("pro");
  });

  it("ignores (200) a subscription of an unknown user, and one of an unknown plan", async () => {
    const stranger = await deliver(
      event(
        "evt_1",
        "customer.subscription.created",
        NOV_1,
        subscription({ ...TRIALING, customer: "cus_unknown", metadata: { userId: "user_nobody" } }),
      ),
    );
    expect(stranger).toEqual({ status: 200, body: { received: true, ignored: "unknown user" } });

    const otherPlan = await deliver(
      event(
        "evt_2",
        "customer.subscription.created",
        NOV_1,
        subscription({ ...TRIALING, priceId: "price_elsewhere", metadata: { userId: "user_ada" } }),
      ),
    );
    expect(otherPlan).toEqual({ status: 200, body: { received: true, ignored: "unknown plan" } });
    expect(ignoredReasons()).toEqual(["unknown user", "unknown plan"]);
    expect(await rowCount(subscriptions)).toBe(0);
    expect(await rowCount(trialClaims)).toBe(0);
  });

  it("answers 200 to an event type it does not handle, and records nothing", async () => {
    const result = await deliver(
      event("evt_1", "customer.created", NOV_1, { id: "cus_ada", object: "customer" }),
    );
    expect(result).toEqual({ status: 200, body: { received: true, ignored: "customer.created" } });
    await expectNothingWritten();
  });
});

describe("invoice events", () => {
  it("payment_failed makes the subscription past_due (no access); paid makes it active again with the new period", async () => {
    await deliver(event("evt_1", "customer.subscription.created", NOV_8, subscription(ACTIVE)));

    const failed = await deliver(
      event("evt_2", "invoice.payment_failed", DEC_8 + 60, invoice({ start: DEC_8, end: JAN_8 })),
    );

    expect(failed).toEqual({ status: 200, body: { received: true } });
    expect(await storedSubscription()).toMatchObject({
      status: "past_due",
      currentPeriodEnd: new Date(DEC_8 * 1000),
    });
    expect(await getAccess(database.db, "user_ada")).toMatchObject({
      hasActiveAccess: false,
      hasProAccess: false,
    });

    const paid = await deliver(
      event("evt_3", "invoice.paid", DEC_8 + 7200, invoice({ start: DEC_8, end: JAN_8 })),
    );

    expect(paid).toEqual({ status: 200, body: { received: true } });
    expect(await storedSubscription()).toMatchObject({
      status: "active",
      currentPeriodStart: new Date(DEC_8 * 1000),
      currentPeriodEnd: new Date(JAN_8 * 1000),
      providerStateAt: new Date((DEC_8 + 7200) * 1000),
    });
    expect(await getAccess(database.db, "user_ada")).toMatchObject({
      hasActiveAccess: true,
      hasProAccess: true,
      hasExportAccess: true,
    });
  });

  it("a failed payment does not revive a canceled subscription", async () => {
    await deliver(
      event(
        "evt_1",
        "customer.subscription.deleted",
        NOV_8,
        subscription({ ...ACTIVE, status: "canceled", endedAt: NOV_8 }),
      ),
    );

    await deliver(
      event("evt_2", "invoice.payment_failed", NOV_8 + 60, invoice({ start: NOV_8, end: DEC_8 })),
    );
    await deliver(event("evt_3", "invoice.paid", NOV_8 + 120, invoice({ start: NOV_8, end: DEC_8 })));

    expect((await storedSubscription())?.status).toBe("canceled");
  });

  it("an invoice.paid older than the stored state does not overwrite it", async () => {
    await deliver(
      event(
        "evt_1",
        "customer.subscription.updated",
        DEC_8 + 600,
        subscription({ ...ACTIVE, status: "past_due" }),
      ),
    );

    const paid = await deliver(event("evt_2", "invoice.paid", DEC_8, invoice({ start: DEC_8, end: JAN_8 })));

    expect(paid.body.ignored).toBe("stale");
    expect((await storedSubscription())?.status).toBe("past_due");
  });

  it("ignores an invoice of a subscription it does not know", async () => {
    const result = await deliver(
      event("evt_1", "invoice.payment_failed", NOV_8, invoice({ start: NOV_8, end: DEC_8 })),
    );
    expect(result).toEqual({ status: 200, body: { received: true, ignored: "unknown subscription" } });
    expect(await rowCount(subscriptions)).toBe(0);
  });
});

describe("customer.subscription.trial_will_end", () => {
  function logMailer(): Mailer {
    return quietMailer(database.db);
  }

  const willEnd = event(
    "evt_will_end",
    "customer.subscription.trial_will_end",
    NOV_1 + 4 * 86_400,
    subscription(TRIALING),
  );

  it("applies the state and emails the person when their trial ends, with a link to the profile", async () => {
    const result = await deliver(willEnd, { mailer: logMailer() });

    expect(result).toEqual({ status: 200, body: { received: true } });
    expect((await storedSubscription())?.status).toBe("trialing");
    const mails = await database.db.select().from(mailMessages);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      toAddress: "ada@example.com",
      subject: "Your Roundlist trial ends on Nov 8, 2026",
    });
    expect(mails[0]?.textBody).toContain(`${APP_URL}/profile`);
    expect(mails[0]?.htmlBody).toContain(`href="${APP_URL}/profile"`);
  });

  it("sends the reminder once when Stripe delivers the event twice", async () => {
    const mailer = logMailer();
    await deliver(willEnd, { mailer });
    const again = await deliver(willEnd, { mailer });

    expect(again.body.duplicate).toBe(true);
    expect(await rowCount(mailMessages)).toBe(1);
  });

  it("sends nothing when the trial already ended by a newer event", async () => {
    await deliver(
      event("evt_upgrade", "customer.subscription.updated", NOV_1 + 5 * 86_400, subscription(ACTIVE)),
    );

    const result = await deliver(willEnd, { mailer: logMailer() });

    expect(result.body.ignored).toBe("stale");
    expect(await database.db.select().from(mailMessages)).toEqual([]);
    expect((await storedSubscription())?.status).toBe("active");
  });
});

describe("checkout.session.completed", () => {
  function session(fields: { customer?: string; clientReferenceId?: string | null; mode?: string } = {}) {
    return {
      id: "cs_ada",
      object: "checkout.session",
      mode: fields.mode ?? "subscription",
      client_reference_id: fields.clientReferenceId === undefined ? "user_ada" : fields.clientReferenceId,
      metadata: { userId: "user_ada", plan: "monthly" },
      customer: fields.customer ?? "cus_ada",
      // An id only, as Stripe sends it: the handler must not fetch it (the subscription events carry it).
      subscription: "sub_ada",
    };
  }

  it("remembers the user's Stripe customer without calling Stripe", async () => {
    const result = await deliver(event("evt_1", "checkout.session.completed", NOV_1, session()));

    expect(result).toEqual({ status: 200, body: { received: true } });
    expect(await database.db.select().from(billingCustomers)).toEqual([
      expect.objectContaining({ userId: "user_ada", stripeCustomerId: "cus_ada" }),
    ]);
  });

  it("lets a later subscription event without metadata find the user by that customer", async () => {
    await deliver(event("evt_1", "checkout.session.completed", NOV_1, session()));

    await deliver(
      event("evt_2", "customer.subscription.created", NOV_1, subscription({ ...TRIALING, metadata: {} })),
    );

    expect(await storedSubscription()).toMatchObject({ userId: "user_ada", status: "trialing" });
  });

  it("falls back to metadata.userId, and ignores an unknown user", async () => {
    await deliver(event("evt_1", "checkout.session.completed", NOV_1, session({ clientReferenceId: null })));
    expect(await rowCount(billingCustomers)).toBe(1);

    await database.reset();
    const result = await deliver(event("evt_2", "checkout.session.completed", NOV_1, session()));
    expect(result.body.ignored).toBe("unknown user");
    expect(await rowCount(billingCustomers)).toBe(0);
  });

  it("never moves a customer that belongs to another account", async () => {
    await database.db.insert(users).values(user({ name: "Bob" }));
    await deliver(event("evt_1", "checkout.session.completed", NOV_1, session()));

    const result = await deliver(
      event("evt_2", "checkout.session.completed", NOV_1, session({ clientReferenceId: "user_bob" })),
    );

    expect(result.body.ignored).toBe("customer belongs to another user");
    expect(await database.db.select().from(billingCustomers)).toEqual([
      expect.objectContaining({ userId: "user_ada", stripeCustomerId: "cus_ada" }),
    ]);
  });
});

describe("database failures", () => {
  const created = event("evt_retry", "customer.subscription.created", NOV_1, subscription(TRIALING));

  it("answers 500 while the database is down, and Stripe's retry applies the event later", async () => {
    const down = await closedTestDatabase();

    const failed = await deliver(created, { db: down.db });
    expect(failed).toEqual({ status: 500, body: { error: "Could not process the event" } });
    expect(errors).toHaveBeenCalledWith(
      expect.objectContaining({ eventId: "evt_retry", err: expect.any(Error) }),
      "could not process a Stripe webhook event",
    );

    const retried = await deliver(created);
    expect(retried).toEqual({ status: 200, body: { received: true } });
    expect((await storedSubscription())?.status).toBe("trialing");
  });

  it("rolls back the event id with a failed update, so the retry is not taken for a duplicate", async () => {
    // A real failure halfway: the event id is inserted, then writing the subscription fails.
    await database.db.execute(sql`alter table subscriptions rename to subscriptions_away`);
    let failed: StripeWebhookResult;
    try {
      failed = await deliver(created);
    } finally {
      await database.db.execute(sql`alter table subscriptions_away rename to subscriptions`);
    }
    expect(failed).toEqual({ status: 500, body: { error: "Could not process the event" } });
    expect(await rowCount(processedWebhookEvents)).toBe(0);

    const retried = await deliver(created);
    expect(retried).toEqual({ status: 200, body: { received: true } });
    expect((await storedSubscription())?.status).toBe("trialing");
    expect(await rowCount(trialClaims)).toBe(1);
  });
});

describe("two events of the same second (docs/product.md#plans)", () => {
  // Stripe's `created` is in whole seconds: at checkout, the subscription is created `incomplete` and
  // becomes `active` when the first payment succeeds, often within that second.
  const INCOMPLETE = { status: "incomplete", periodStart: NOV_8, periodEnd: DEC_8 };
  const PAID = { status: "active", periodStart: NOV_8, periodEnd: DEC_8 };
  const created = event("evt_created", "customer.subscription.created", NOV_8, subscription(INCOMPLETE));
  const updated = event("evt_updated", "customer.subscription.updated", NOV_8, subscription(PAID));

  /** api.stripe.com on 127.0.0.1: answers GET /v1/subscriptions/sub_ada with `current`, and records the paths. */
  let server: Server;
  let client: Stripe;
  let current: Record<string, unknown> = subscription(PAID);
  const paths: string[] = [];
  beforeAll(async () => {
    server = createServer((request, response) => {
      paths.push(`${request.method} ${request.url}`);
      const found = request.method === "GET" && request.url === "/v1/subscriptions/sub_ada";
      response.writeHead(found ? 200 : 404, { "content-type": "application/json" });
      response.end(JSON.stringify(found ? current : { error: { type: "invalid_request_error" } }));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    client = createStripeClient("sk_test_x", { host: "127.0.0.1", port, protocol: "http" });
  });
  beforeEach(() => {
    paths.length = 0;
    current = subscription(PAID);
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it.each([
    ["created, then updated", [created, updated]],
    ["updated, then created", [updated, created]],
  ])(
    "ends active whichever order they come in (%s): Stripe's current state settles the tie",
    async (_, order) => {
      for (const delivery of order) {
        expect(await deliver(delivery, { client })).toEqual({ status: 200, body: { received: true } });
      }

      expect(await storedSubscription()).toMatchObject({
        status: "active",
        providerStateAt: new Date(NOV_8 * 1000),
      });
      expect(await getAccess(database.db, "user_ada")).toMatchObject({ hasProAccess: true });
      // Only the second event, the tie, asked Stripe.
      expect(paths).toEqual(["GET /v1/subscriptions/sub_ada"]);
    },
  );

  it("a tied invoice event is settled by Stripe too (here: still active after a payment_failed of that second)", async () => {
    await deliver(updated, { client });

    await deliver(
      event("evt_failed", "invoice.payment_failed", NOV_8, invoice({ start: NOV_8, end: DEC_8 })),
      {
        client,
      },
    );

    expect((await storedSubscription())?.status).toBe("active");
    expect(paths).toEqual(["GET /v1/subscriptions/sub_ada"]);
  });

  it("when Stripe cannot be asked, answers 500 and records nothing, so Stripe's retry settles the tie", async () => {
    await deliver(updated, { client });

    // The default client of this file reaches nothing.
    const failed = await deliver(created);
    expect(failed).toEqual({ status: 500, body: { error: "Could not process the event" } });
    expect((await storedSubscription())?.status).toBe("active");

    const retried = await deliver(created, { client });
    expect(retried).toEqual({ status: 200, body: { received: true } });
    expect((await storedSubscription())?.status).toBe("active");
    expect(await rowCount(processedWebhookEvents)).toBe(2);
  });
});

describe("signed but malformed events (docs/product.md#security)", () => {
  /** The error lines of malformed events: their `problem`. */
  function malformedProblems(): unknown[] {
    return errors.mock.calls
      .filter(([, message]) => message === "Stripe webhook: a signed event is malformed (answered 400)")
      .map(([details]) => (details as { problem?: unknown }).problem);
  }

  function expectMalformed(result: StripeWebhookResult, problem: RegExp) {
    expect(result.status).toBe(400);
    const prefix = `${REQUEST_BODY_ERRORS.stripeEventMalformed} `;
    expect(result.body.error?.startsWith(prefix)).toBe(true);
    expect(result.body.error?.slice(prefix.length)).toMatch(problem);
    expect(malformedProblems()).toEqual([expect.stringMatching(problem)]);
  }

  it.each([
    ["not JSON", "{not json", /body: not JSON/],
    ["JSON null", "null", /event: /],
    ["a JSON array", "[1,2]", /event: /],
    ["a JSON number", "42", /event: /],
    ["a thin event notification", '{"object":"v2.core.event","id":"evt_x"}', /body: /],
  ])(
    "refuses a signed body that is %s with 400 and a message, and writes nothing",
    async (_, body, problem) => {
      expectMalformed(await deliver(body), problem);
      await expectNothingWritten();
    },
  );

  it.each<[string, StripeEventJson, RegExp]>([
    [
      "a null data object",
      { ...event("evt_m", "customer.subscription.updated", NOV_1, {}), data: { object: null as never } },
      /^data\.object: /,
    ],
    [
      "a created time beyond any date",
      event("evt_m", "invoice.paid", 1e20, invoice({ start: NOV_1, end: DEC_8 })),
      /^created: /,
    ],
    [
      "an event id with a NUL byte",
      event("evt_\u0000", "customer.subscription.created", NOV_1, subscription(TRIALING)),
      /^id: /,
    ],
    [
      // Found by the fuzz tests: it reached the database, which refused it (500).
      "an invoice's subscription with an unpaired surrogate",
      event("evt_m", "invoice.paid", NOV_1, {
        ...invoice({ start: NOV_1, end: DEC_8 }),
        parent: { subscription_details: { subscription: "sub_\udfff" } },
      }),
      /^data\.object\.parent\.subscription_details\.subscription: /,
    ],
    [
      "a subscription without an id",
      event("evt_m", "customer.subscription.created", NOV_1, { ...subscription(TRIALING), id: undefined }),
      /^data\.object\.id: /,
    ],
    [
      "a period end that is text",
      event("evt_m", "customer.subscription.updated", NOV_1, {
        ...subscription(ACTIVE),
        items: { data: [{ current_period_end: "soon", price: { id: "price_monthly" } }] },
      }),
      /^data\.object\.items\.data\.0\.current_period_end: /,
    ],
    [
      "a customer that is a number",
      event("evt_m", "checkout.session.completed", NOV_1, { mode: "subscription", customer: 7 }),
      /^data\.object\.customer: /,
    ],
    [
      "a customer without an id (docs/product.md#plan-changes)",
      event("evt_m", "customer.updated", NOV_1, { invoice_settings: { default_payment_method: "pm_1" } }),
      /^data\.object\.id: /,
    ],
    [
      "an invoice amount beyond what is stored (docs/product.md#plan-changes)",
      event("evt_m", "invoice.paid", NOV_1, { ...invoice({ start: NOV_1, end: DEC_8 }), amount_paid: 1e12 }),
      /^data\.object\.amount_paid: /,
    ],
    [
      "invoice lines that are not a list",
      event("evt_m", "invoice.payment_failed", NOV_1, {
        ...invoice({ start: NOV_1, end: DEC_8 }),
        lines: { data: {} },
      }),
      /^data\.object\.lines\.data: /,
    ],
  ])(
    "refuses a signed event with %s: 400 naming the field, logged, nothing written",
    async (_, payload, problem) => {
      expectMalformed(await deliver(payload), problem);
      await expectNothingWritten();
    },
  );

  it("still acknowledges an event type it does not handle, whatever its data object holds", async () => {
    const result = await deliver(event("evt_1", "customer.created", NOV_1, { id: 42, email: null }));
    expect(result).toEqual({ status: 200, body: { received: true, ignored: "customer.created" } });
  });

  it("never answers 5xx to a signed event with any one field replaced by any JSON value (property)", async () => {
    const valid: StripeEventJson[] = [
      event("evt_p", "customer.subscription.created", NOV_1, subscription(TRIALING)),
      event("evt_p", "customer.subscription.trial_will_end", NOV_1, subscription(TRIALING)),
      event("evt_p", "invoice.paid", NOV_1, invoice({ start: NOV_1, end: DEC_8 })),
      event("evt_p", "checkout.session.completed", NOV_1, {
        mode: "subscription",
        client_reference_id: "user_ada",
        metadata: { userId: "user_ada" },
        customer: "cus_ada",
        subscription: subscription(TRIALING),
      }),
    ];
    const oddValue = fc.oneof(
      fc.jsonValue(),
      fc.constantFrom(
        null,
        "",
        "\u0000",
        "sub_\u0000",
        "sub_\udfff",
        1e20,
        -1,
        1.5,
        "x".repeat(300),
        [],
        {},
        true,
      ),
    );
    const cases = fc
      .constantFrom(...valid)
      .chain((base) => fc.tuple(fc.constant(base), fc.constantFrom(...fieldPaths(base)), oddValue));
    await fc.assert(
      fc.asyncProperty(cases, async ([base, path, value]) => {
        await database.reset();
        await database.db.insert(users).values(user());
        const result = await deliver(JSON.stringify(withFieldReplaced(base, path, value)));
        expect(
          result.status,
          `${path.join(".")} = ${JSON.stringify(value)}: ${JSON.stringify(result.body)}`,
        ).toBeLessThan(500);
      }),
      { numRuns: 200 },
    );
    // 200 signed events through the handler: 60-93 s on a loaded 2-core machine (decision 023).
  }, 240_000);
});

/** customer.updated after the portal's payment-method page: a new default payment method. */
function customerUpdated(id: string, created: number): StripeEventJson {
  const updated = event(id, "customer.updated", created, {
    id: "cus_ada",
    object: "customer",
    invoice_settings: { default_payment_method: "pm_new" },
  });
  return {
    ...updated,
    data: {
      ...updated.data,
      previous_attributes: { invoice_settings: { default_payment_method: "pm_old" } },
    },
  } as StripeEventJson;
}

describe("docs/product.md#plan-changes: changes made in Stripe keep the database truthful, recorded and emailed", () => {
  const mailer = () => quietMailer(database.db);

  async function auditEvents() {
    return (await database.db.select().from(authAuditEvents).orderBy(authAuditEvents.id)).map(
      (row) => row.event,
    );
  }

  async function subjects() {
    return (await database.db.select().from(mailMessages).orderBy(mailMessages.id)).map((row) => row.subject);
  }

  it("a cancellation at the period's end (the portal's) is stored, recorded and emailed once", async () => {
    await deliver(event("evt_1", "customer.subscription.created", NOV_8, subscription(ACTIVE)), {
      mailer: mailer(),
    });
    const canceled = subscription({ ...ACTIVE, cancelAtPeriodEnd: true, canceledAt: NOV_8 + 60 });
    await deliver(event("evt_2", "customer.subscription.updated", NOV_8 + 60, canceled), {
      mailer: mailer(),
    });
    // A replay, and a later event of the same state, announce nothing more.
    await deliver(event("evt_2", "customer.subscription.updated", NOV_8 + 60, canceled), {
      mailer: mailer(),
    });
    await deliver(event("evt_3", "customer.subscription.updated", NOV_8 + 120, canceled), {
      mailer: mailer(),
    });

    expect(await storedSubscription()).toMatchObject({ status: "active", cancelAtPeriodEnd: true });
    expect(await auditEvents()).toEqual(["subscription_canceled"]);
    expect(await subjects()).toEqual(["Your Roundlist subscription ends on Dec 8, 2026"]);
  });

  it("a resumption and a price change to the annual plan are stored and announced", async () => {
    await deliver(
      event(
        "evt_1",
        "customer.subscription.created",
        NOV_8,
        subscription({ ...ACTIVE, cancelAtPeriodEnd: true }),
      ),
    );
    await deliver(event("evt_2", "customer.subscription.updated", NOV_8 + 60, subscription(ACTIVE)), {
      mailer: mailer(),
    });
    const annual = subscription({
      ...ACTIVE,
      priceId: "price_annual",
      periodStart: NOV_8 + 120,
      periodEnd: JAN_8,
    });
    await deliver(event("evt_3", "customer.subscription.updated", NOV_8 + 120, annual), { mailer: mailer() });

    expect(await storedSubscription()).toMatchObject({ planId: "pro", cancelAtPeriodEnd: false });
    expect(await auditEvents()).toEqual(["subscription_resumed", "plan_switched"]);
    expect(await subjects()).toEqual([
      "Your Roundlist subscription continues",
      "You switched to the Roundlist Annual plan",
    ]);
  });

  it("invoice.paid stores the invoice with Stripe's hosted page and PDF, once per invoice", async () => {
    await deliver(event("evt_1", "customer.subscription.created", NOV_8, subscription(ACTIVE)));
    const paid = {
      ...invoice({ start: NOV_8, end: DEC_8 }),
      number: "RL-0042",
      currency: "usd",
      subtotal: 7900,
      amount_paid: 7900,
      hosted_invoice_url: "https://invoice.stripe.test/i/in_ada",
      invoice_pdf: "https://pay.stripe.test/invoice/in_ada/pdf",
      status_transitions: { paid_at: NOV_8 },
    };
    await deliver(event("evt_2", "invoice.paid", NOV_8, paid));
    await deliver(event("evt_3", "invoice.paid", NOV_8 + 5, paid));

    const rows = await database.db.select().from(invoices);
    expect(rows).toEqual([
      expect.objectContaining({
        id: "in_ada",
        userId: "user_ada",
        provider: "stripe",
        number: "RL-0042",
        amountPaidCents: 7900,
        hostedInvoiceUrl: "https://invoice.stripe.test/i/in_ada",
        invoicePdfUrl: "https://pay.stripe.test/invoice/in_ada/pdf",
        paidAt: new Date(NOV_8 * 1000),
        periodEnd: new Date(DEC_8 * 1000),
      }),
    ]);
  });

  it("invoice.paid of a subscription this app does not know stores nothing", async () => {
    await deliver(event("evt_2", "invoice.paid", NOV_8, invoice({ start: NOV_8, end: DEC_8 })));
    expect(await database.db.select().from(invoices)).toEqual([]);
  });

  it("customer.updated with a new default payment method is recorded and emailed; other updates are not", async () => {
    await database.db.insert(billingCustomers).values({ userId: "user_ada", stripeCustomerId: "cus_ada" });
    const other = event("evt_1", "customer.updated", NOV_8, { id: "cus_ada", invoice_settings: {} });
    expect((await deliver(other, { mailer: mailer() })).status).toBe(200);
    expect(await auditEvents()).toEqual([]);

    expect(await deliver(customerUpdated("evt_2", NOV_8 + 1), { mailer: mailer() })).toEqual({
      status: 200,
      body: { received: true },
    });
    expect(await auditEvents()).toEqual(["payment_method_updated"]);
    expect(await subjects()).toEqual(["Your Roundlist payment method was updated"]);
  });

  it("customer.updated of an unknown customer is acknowledged and ignored", async () => {
    const result = await deliver(customerUpdated("evt_2", NOV_8));
    expect(result).toEqual({ status: 200, body: { received: true, ignored: "unknown customer" } });
  });
});
