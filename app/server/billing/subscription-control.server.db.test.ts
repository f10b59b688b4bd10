import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { BILLING_ERRORS, billingChangeErrors } from "~/core/messages";
import { quietMailer } from "~tests/fixtures/accounts";
import { setUpTestDatabase } from "~tests/fixtures/database";
import { user } from "~tests/fixtures/factories";
import { authAuditEvents, mailMessages, subscriptions, trialClaims, users } from "../db/schema";
import { type BillingConfig, BillingError, createCheckout, getBillingState } from "./billing.server";
import { payDemoCheckout } from "./demo-provider.server";
import { grantPlan } from "./grants.server";
import { getOwnInvoice, listInvoices } from "./invoices.server";
import { addDays } from "./periods";
import { createStripeClient } from "./stripe-client.server";
import {
  type ControlContext,
  cancelSubscription,
  resumeSubscription,
  switchPlan,
  updatePaymentMethod,
} from "./subscription-control.server";
import { applySubscriptionSnapshot, rememberStripeCustomer } from "./subscriptions.server";

const database = setUpTestDatabase();

const config: BillingConfig = {
  APP_URL: "https://app.roundlist.test",
  PAYMENT_PROVIDER: "demo",
  STRIPE_PRICE_MONTHLY: "price_monthly",
  STRIPE_PRICE_ANNUAL: "price_annual",
  STRIPE_PRICE_LPS: undefined,
};

const ADA = { id: "user_ada", email: "ada@example.com" };
// The period of a paid monthly plan bought on Nov 1 (checkout without a trial).
const NOV_1 = new Date("2026-11-01T00:00:00Z");
const NOV_16 = new Date("2026-11-16T00:00:00Z");
const DEC_1 = new Date("2026-12-01T00:00:00Z");

beforeEach(async () => {
  await database.db.insert(users).values(user({ id: ADA.id, email: ADA.email }));
});

function ctx(overrides: Partial<ControlContext> = {}): ControlContext {
  return { db: database.db, config, userId: ADA.id, mailer: quietMailer(database.db), ...overrides };
}

/** Buys `plan` through the demo provider's checkout; `withTrial: false` pays the first period at once. */
async function buy(plan: "monthly" | "pro", at: Date, withTrial = false) {
  if (!withTrial) {
    // One trial per person: a claimed trial makes the checkout charge at once.
    await database.db.insert(trialClaims).values({ email: ADA.email, userId: ADA.id }).onConflictDoNothing();
  }
  const url = await createCheckout(database.db, config, ADA, plan);
  await payDemoCheckout(database.db, url.split("/demo-checkout/")[1] ?? "", ADA.id, at);
}

async function current() {
  const state = await getBillingState(database.db, { id: ADA.id, isAdmin: false }, NOV_16);
  return state.primary;
}

async function refusal(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof BillingError)) throw new Error(`expected a BillingError, got ${String(error)}`);
  return { status: error.status, message: error.message };
}

async function mails() {
  return database.db
    .select({ to: mailMessages.toAddress, subject: mailMessages.subject, text: mailMessages.textBody })
    .from(mailMessages)
    .orderBy(mailMessages.id);
}

async function auditEvents() {
  return database.db
    .select({ event: authAuditEvents.event, details: authAuditEvents.details })
    .from(authAuditEvents)
    .where(eq(authAuditEvents.userId, ADA.id))
    .orderBy(authAuditEvents.id);
}

describe("docs/product.md#plan-changes: cancel and resume (demo provider)", () => {
  it("cancel keeps access to the period's end, says that date, and is recorded and emailed", async () => {
    await buy("monthly", NOV_1);
    const outcome = await cancelSubscription(ctx({ now: NOV_16 }));

    expect(outcome.endsAt).toEqual(DEC_1);
    const state = await getBillingState(database.db, { id: ADA.id, isAdmin: false }, NOV_16);
    expect(state.primary).toMatchObject({
      status: "active",
      cancelAtPeriodEnd: true,
      currentPeriodEnd: DEC_1,
    });
    expect(state.access.hasExportAccess).toBe(true);
    expect(await mails()).toEqual([
      expect.objectContaining({ to: ADA.email, subject: "Your Roundlist subscription ends on Dec 1, 2026" }),
    ]);
    expect(await auditEvents()).toEqual([
      { event: "subscription_canceled", details: { plan: "monthly", accessEndsAt: DEC_1.toISOString() } },
    ]);
    // The period's end ends it.
    const after = await getBillingState(database.db, { id: ADA.id, isAdmin: false }, addDays(DEC_1, 1));
    expect(after.primary?.status).toBe("canceled");
    expect(after.access.hasActiveAccess).toBe(false);
  });

  it("refuses to cancel twice, and to resume what is not canceled (409, nothing recorded)", async () => {
    await buy("monthly", NOV_1);
    expect(await refusal(resumeSubscription(ctx({ now: NOV_16 })))).toEqual({
      status: 409,
      message: billingChangeErrors.notCanceled,
    });
    await cancelSubscription(ctx({ now: NOV_16 }));
    expect(await refusal(cancelSubscription(ctx({ now: NOV_16 })))).toEqual({
      status: 409,
      message: billingChangeErrors.alreadyCanceled,
    });
    expect((await auditEvents()).map((row) => row.event)).toEqual(["subscription_canceled"]);
  });

  it("resume takes the cancellation back until the period ends: the plan renews again", async () => {
    await buy("monthly", NOV_1);
    await cancelSubscription(ctx({ now: NOV_16 }));
    const outcome = await resumeSubscription(ctx({ now: addDays(NOV_16, 1) }));

    expect(outcome.renewsAt).toEqual(DEC_1);
    expect(await current()).toMatchObject({ status: "active", cancelAtPeriodEnd: false, canceledAt: null });
    expect((await mails()).map((mail) => mail.subject)).toEqual([
      "Your Roundlist subscription ends on Dec 1, 2026",
      "Your Roundlist subscription continues",
    ]);
    expect((await auditEvents()).map((row) => row.event)).toEqual([
      "subscription_canceled",
      "subscription_resumed",
    ]);
    // Renewed at the period's end, with its invoice.
    const renewed = await getBillingState(database.db, { id: ADA.id, isAdmin: false }, addDays(DEC_1, 1));
    expect(renewed.primary).toMatchObject({ status: "active", currentPeriodStart: DEC_1 });
  });

  it("after the period ended there is nothing to resume (400)", async () => {
    await buy("monthly", NOV_1);
    await cancelSubscription(ctx({ now: NOV_16 }));
    expect(await refusal(resumeSubscription(ctx({ now: addDays(DEC_1, 1) })))).toEqual({
      status: 400,
      message: BILLING_ERRORS.noSubscription,
    });
  });

  it("a trial can be canceled too: it ends with the trial, never charged", async () => {
    await buy("pro", NOV_1, true);
    const { endsAt } = await cancelSubscription(ctx({ now: addDays(NOV_1, 2) }));
    expect(endsAt).toEqual(addDays(NOV_1, 7));
    const after = await getBillingState(database.db, { id: ADA.id, isAdmin: false }, addDays(NOV_1, 8));
    expect(after.primary?.status).toBe("canceled");
    // Only the trial's $0 invoice: nothing was charged.
    expect((await listInvoices(database.db, ADA.id)).map((row) => row.amountPaidCents)).toEqual([0]);
  });
});

describe("docs/product.md#plan-changes: who may change what (server checks, 4xx)", () => {
  it("no subscription, or a granted one, cannot be canceled, resumed or switched", async () => {
    for (const action of [
      () => cancelSubscription(ctx()),
      () => resumeSubscription(ctx()),
      () => switchPlan(ctx(), "pro"),
      () => updatePaymentMethod(ctx(), "amex"),
    ]) {
      expect(await refusal(action())).toEqual({ status: 400, message: BILLING_ERRORS.noSubscription });
    }
    await grantPlan(database.db, ADA.email, "lifetime");
    expect(await refusal(cancelSubscription(ctx()))).toEqual({
      status: 400,
      message: BILLING_ERRORS.granted,
    });
    expect(await refusal(switchPlan(ctx(), "monthly"))).toEqual({
      status: 400,
      message: BILLING_ERRORS.granted,
    });
  });

  it("only monthly and annual are switched to; never to the plan one is on, nor while canceled", async () => {
    await buy("monthly", NOV_1);
    expect(await refusal(switchPlan(ctx({ now: NOV_16 }), "lifetime"))).toEqual({
      status: 400,
      message: BILLING_ERRORS.unknownPlan,
    });
    expect(await refusal(switchPlan(ctx({ now: NOV_16 }), "monthly"))).toEqual({
      status: 409,
      message: billingChangeErrors.samePlan("Monthly"),
    });
    await cancelSubscription(ctx({ now: NOV_16 }));
    expect(await refusal(switchPlan(ctx({ now: NOV_16 }), "pro"))).toEqual({
      status: 409,
      message: billingChangeErrors.resumeFirst,
    });
  });

  it("one change at a time: a second one while the first runs is refused (409)", async () => {
    await buy("monthly", NOV_1);
    const results = await Promise.allSettled([
      cancelSubscription(ctx({ now: NOV_16 })),
      cancelSubscription(ctx({ now: NOV_16 })),
    ]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const failure = results.find((result) => result.status === "rejected")?.reason as unknown;
    expect(failure).toBeInstanceOf(BillingError);
    expect([billingChangeErrors.inProgress, billingChangeErrors.alreadyCanceled]).toContain(
      (failure as BillingError).message,
    );
    expect((await auditEvents()).map((row) => row.event)).toEqual(["subscription_canceled"]);
  });
});

describe("decision 025: switching plans on the demo provider, prorated as Stripe does", () => {
  it("monthly to annual half-way: a new year starts now, $299 less $39.50 unused is charged", async () => {
    await buy("monthly", NOV_1);
    const { invoice } = await switchPlan(ctx({ now: NOV_16 }), "pro");

    expect(invoice).toMatchObject({
      subtotalCents: 25950,
      amountPaidCents: 25950,
      endingCreditCents: 0,
      paymentMethod: "Demo Visa ending 4242",
      periodStart: NOV_16,
      periodEnd: new Date("2027-11-16T00:00:00Z"),
      lines: [
        { description: "Unused time on the Monthly plan", amountCents: -3950 },
        { description: "Annual plan, a new period from the switch", amountCents: 29900 },
      ],
    });
    expect(await current()).toMatchObject({
      planId: "pro",
      status: "active",
      currentPeriodStart: NOV_16,
      currentPeriodEnd: new Date("2027-11-16T00:00:00Z"),
    });
    const [mail] = (await mails()).filter((row) => row.subject.startsWith("You switched"));
    expect(mail?.subject).toBe("You switched to the Roundlist Annual plan");
    expect(mail?.text).toContain("We charged $259.50");
    expect(mail?.text).toContain(`/invoices/${invoice?.id}`);
    expect(await auditEvents()).toEqual([
      {
        event: "plan_switched",
        details: { from: "monthly", to: "pro", invoice: invoice?.id ?? null, charged: 25950 },
      },
    ]);
  });

  it("annual to monthly: the unused year is credit that pays the next months' invoices", async () => {
    await buy("pro", NOV_1);
    // 73 of 365 days into the year: $239.20 unused, $79 due, $160.20 left as credit.
    const switchedAt = addDays(NOV_1, 73);
    const { invoice } = await switchPlan(ctx({ now: switchedAt }), "monthly");
    expect(invoice).toMatchObject({ subtotalCents: -16020, amountPaidCents: 0, endingCreditCents: 16020 });
    expect(invoice?.paymentMethod).toBeNull();

    // The first monthly renewal is paid from the credit, the second partly.
    await getBillingState(database.db, { id: ADA.id, isAdmin: false }, addDays(switchedAt, 32));
    await getBillingState(database.db, { id: ADA.id, isAdmin: false }, addDays(switchedAt, 63));
    const renewals = (await listInvoices(database.db, ADA.id)).slice(0, 2).reverse();
    expect(
      renewals.map((row) => [row.creditAppliedCents, row.amountPaidCents, row.endingCreditCents]),
    ).toEqual([
      [7900, 0, 8120],
      [7900, 0, 220],
    ]);
  });

  it("during a trial nothing is charged: the trial goes on and becomes the new plan", async () => {
    await buy("monthly", NOV_1, true);
    const { invoice } = await switchPlan(ctx({ now: addDays(NOV_1, 3) }), "pro");
    expect(invoice).toBeNull();
    const during = await getBillingState(database.db, { id: ADA.id, isAdmin: false }, addDays(NOV_1, 3));
    expect(during.primary).toMatchObject({ planId: "pro", status: "trialing", trialEnd: addDays(NOV_1, 7) });
    const [mail] = await mails();
    expect(mail?.text).toContain("Your free trial goes on");
    // The trial's end starts the annual plan, billed $299.
    await getBillingState(database.db, { id: ADA.id, isAdmin: false }, addDays(NOV_1, 8));
    const [latest] = await listInvoices(database.db, ADA.id);
    expect(latest?.amountPaidCents).toBe(29900);
  });
});

describe("docs/product.md#plan-changes: the demo payment method and the invoices", () => {
  it("chooses another demo card: recorded, emailed, and the next invoice is paid with it", async () => {
    await buy("monthly", NOV_1);
    // Mid-period, on the test's own clock: on the real clock the period bought on Nov 1 may have renewed
    // already, with the old card.
    const midPeriod = ctx({ now: NOV_16 });
    expect(await refusal(updatePaymentMethod(midPeriod, "4242424242424242"))).toEqual({
      status: 400,
      message: billingChangeErrors.unknownCard,
    });
    expect(await refusal(updatePaymentMethod(midPeriod, "visa"))).toEqual({
      status: 409,
      message: billingChangeErrors.sameCard,
    });
    expect(await updatePaymentMethod(midPeriod, "amex")).toEqual({
      kind: "updated",
      label: "Demo American Express ending 8431",
    });
    expect((await mails()).map((mail) => mail.subject)).toEqual([
      "Your Roundlist payment method was updated",
    ]);
    expect(await auditEvents()).toEqual([
      { event: "payment_method_updated", details: { paymentMethod: "Demo American Express ending 8431" } },
    ]);
    await getBillingState(database.db, { id: ADA.id, isAdmin: false }, addDays(DEC_1, 1));
    const [renewal] = await listInvoices(database.db, ADA.id);
    expect(renewal?.paymentMethod).toBe("Demo American Express ending 8431");
  });

  it("lists only the customer's own invoices, newest first; another's is not found", async () => {
    await buy("monthly", NOV_1);
    await database.db.insert(users).values(user({ id: "user_bob", email: "bob@example.com" }));
    const [first] = await listInvoices(database.db, ADA.id);
    expect(first).toMatchObject({ number: "RL-DEMO-0001", amountPaidCents: 7900, provider: "demo" });
    expect(await listInvoices(database.db, "user_bob")).toEqual([]);
    expect(await getOwnInvoice(database.db, "user_bob", first?.id ?? "")).toBeNull();
    expect(await getOwnInvoice(database.db, ADA.id, first?.id ?? "")).toMatchObject({ id: first?.id });
  });
});

/*
 * With Stripe: the same actions call Stripe's API (a local stand-in here, no network) and store the
 * subscription it answers; the webhook that follows finds nothing new (stripe-webhooks.db.test.ts).
 */
describe("docs/product.md#plan-changes: with Stripe", () => {
  let server: Server;
  let stripe: Stripe;
  const requests: Array<{ method: string; path: string; body: URLSearchParams }> = [];
  let remote: { priceId: string; cancelAtPeriodEnd: boolean; cancelAt: number | null };

  function subscriptionJson() {
    return {
      id: "sub_ada",
      object: "subscription",
      status: "active",
      customer: "cus_ada",
      metadata: { userId: ADA.id },
      cancel_at_period_end: remote.cancelAtPeriodEnd,
      cancel_at: remote.cancelAt,
      canceled_at: remote.cancelAtPeriodEnd ? NOV_16.getTime() / 1000 : null,
      ended_at: null,
      trial_start: null,
      trial_end: null,
      items: {
        object: "list",
        data: [
          {
            id: "si_ada",
            object: "subscription_item",
            price: { id: remote.priceId, object: "price" },
            current_period_start: NOV_1.getTime() / 1000,
            current_period_end: DEC_1.getTime() / 1000,
          },
        ],
      },
    };
  }

  beforeAll(async () => {
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        const path = (request.url ?? "").split("?")[0] ?? "";
        const body = new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
        requests.push({ method: request.method ?? "", path, body });
        let answer: unknown;
        if (path === "/v1/billing_portal/sessions") {
          answer = {
            id: "bps_1",
            object: "billing_portal.session",
            url: "https://billing.stripe.test/p/bps_1",
          };
        } else {
          if (request.method === "POST") {
            if (body.has("cancel_at_period_end"))
              remote.cancelAtPeriodEnd = body.get("cancel_at_period_end") === "true";
            if (body.has("cancel_at")) remote.cancelAt = null;
            const price = body.get("items[0][price]");
            if (price) remote.priceId = price;
          }
          answer = subscriptionJson();
        }
        response.writeHead(200, { "content-type": "application/json", "request-id": "req_1" });
        response.end(JSON.stringify(answer));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    stripe = createStripeClient("sk_test_x", {
      host: "127.0.0.1",
      port: (server.address() as AddressInfo).port,
      protocol: "http",
    });
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  beforeEach(async () => {
    requests.length = 0;
    remote = { priceId: "price_monthly", cancelAtPeriodEnd: false, cancelAt: null };
    await rememberStripeCustomer(database.db, ADA.id, "cus_ada");
    await applySubscriptionSnapshot(database.db, {
      userId: ADA.id,
      planId: "monthly",
      status: "active",
      provider: "stripe",
      providerSubscriptionId: "sub_ada",
      providerCustomerId: "cus_ada",
      trialStart: null,
      trialEnd: null,
      currentPeriodStart: NOV_1,
      currentPeriodEnd: DEC_1,
      cancelAtPeriodEnd: false,
      canceledAt: null,
      endedAt: null,
      observedAt: NOV_1,
    });
  });

  const stripeCtx = () => ctx({ stripe, config: { ...config, PAYMENT_PROVIDER: "stripe" } });

  it("cancel sets cancel_at_period_end and stores Stripe's answer, announced once", async () => {
    await cancelSubscription(stripeCtx());
    const update = requests.find((request) => request.method === "POST");
    expect(update?.path).toBe("/v1/subscriptions/sub_ada");
    expect(Object.fromEntries(update?.body ?? [])).toEqual({ cancel_at_period_end: "true" });
    const [row] = await database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.providerSubscriptionId, "sub_ada"));
    expect(row).toMatchObject({ cancelAtPeriodEnd: true, status: "active" });
    expect((await auditEvents()).map((event) => event.event)).toEqual(["subscription_canceled"]);
    expect(await mails()).toHaveLength(1);
  });

  it("resume clears the flag, or the portal's cancel_at when that is what scheduled the end", async () => {
    remote.cancelAtPeriodEnd = true;
    await database.db.update(subscriptions).set({ cancelAtPeriodEnd: true });
    await resumeSubscription(stripeCtx());
    expect(Object.fromEntries(requests.filter((r) => r.method === "POST")[0]?.body ?? [])).toEqual({
      cancel_at_period_end: "false",
    });

    requests.length = 0;
    remote.cancelAt = DEC_1.getTime() / 1000;
    await database.db.update(subscriptions).set({ cancelAtPeriodEnd: true, providerStateAt: NOV_1 });
    await resumeSubscription(stripeCtx());
    expect(Object.fromEntries(requests.filter((r) => r.method === "POST")[0]?.body ?? [])).toEqual({
      cancel_at: "",
    });
    expect((await auditEvents()).map((event) => event.event)).toEqual([
      "subscription_resumed",
      "subscription_resumed",
    ]);
  });

  it("switch moves the one item to the annual price with proration_behavior=always_invoice", async () => {
    await switchPlan(stripeCtx(), "pro");
    const update = requests.find((request) => request.method === "POST");
    expect(Object.fromEntries(update?.body ?? [])).toEqual({
      "items[0][id]": "si_ada",
      "items[0][price]": "price_annual",
      proration_behavior: "always_invoice",
    });
    const [row] = await database.db.select().from(subscriptions);
    expect(row?.planId).toBe("pro");
    expect((await auditEvents()).map((event) => event.event)).toEqual(["plan_switched"]);
    const [mail] = await mails();
    expect(mail?.text).toContain("prorated for the unused time of your old plan");
  });

  it("the payment method opens the customer portal on its payment-method page", async () => {
    const outcome = await updatePaymentMethod(stripeCtx(), undefined);
    expect(outcome).toEqual({ kind: "portal", url: "https://billing.stripe.test/p/bps_1" });
    expect(Object.fromEntries(requests[0]?.body ?? [])).toEqual({
      customer: "cus_ada",
      return_url: "https://app.roundlist.test/profile",
      "flow_data[type]": "payment_method_update",
    });
    // Nothing changed yet: the change is announced when Stripe reports it (customer.updated).
    expect(await auditEvents()).toEqual([]);
  });

  it("a Stripe that does not answer is a 502 with a message, never a 500", async () => {
    const offline = createStripeClient("sk_test_x", { host: "127.0.0.1", port: 1, protocol: "http" });
    const refused = await refusal(
      cancelSubscription(ctx({ stripe: offline, config: { ...config, PAYMENT_PROVIDER: "stripe" } })),
    );
    expect(refused).toEqual({ status: 502, message: billingChangeErrors.providerFailed });
    const [row] = await database.db.select().from(subscriptions);
    expect(row?.cancelAtPeriodEnd).toBe(false);
  });
});
