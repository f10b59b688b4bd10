import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { BILLING_ERRORS } from "~/core/messages";
import { setUpTestDatabase } from "~tests/fixtures/database";
import { billingLocks, subscriptions, users } from "../db/schema";
import {
  type BillingConfig,
  BillingError,
  createCheckout,
  getBillingState,
  UPGRADE_IN_PROGRESS,
  upgradeTrial,
} from "./billing.server";
import { withBillingLock } from "./billing-lock.server";
import {
  cancelDemoCheckout,
  DemoCheckoutError,
  getOpenDemoCheckout,
  payDemoCheckout,
} from "./demo-provider.server";
import { GrantError, grantPlan, revokeGrant } from "./grants.server";
import { addDays } from "./periods";
import { cancelSubscription } from "./subscription-control.server";
import type { SubscriptionSnapshot } from "./subscription-snapshot";
import { applySubscriptionSnapshot } from "./subscriptions.server";

const config: BillingConfig = {
  APP_URL: "http://localhost:3000",
  PAYMENT_PROVIDER: "demo",
  STRIPE_PRICE_MONTHLY: undefined,
  STRIPE_PRICE_ANNUAL: undefined,
  STRIPE_PRICE_LPS: undefined,
};

const database = setUpTestDatabase();

async function createUser(email: string, role: "user" | "admin" = "user") {
  const id = crypto.randomUUID();
  await database.db.insert(users).values({ id, email, name: email, emailVerified: true, role });
  return { id, email, isAdmin: role === "admin" };
}

function sessionIdOf(url: string): string {
  const id = url.split("/demo-checkout/")[1];
  if (!id) throw new Error(`not a demo checkout URL: ${url}`);
  return id;
}

async function subscribe(user: { id: string; email: string }, plan: "monthly" | "pro", now?: Date) {
  const url = await createCheckout(database.db, config, user, plan);
  await payDemoCheckout(database.db, sessionIdOf(url), user.id, now);
}

describe("demo checkout", () => {
  it("pays into a 7-day trial: access, but no export", async () => {
    const user = await createUser("ada@example.com");
    const now = new Date("2026-11-21T10:00:00Z");
    await subscribe(user, "pro", now);
    const state = await getBillingState(database.db, { ...user, isAdmin: false }, now);
    expect(state.primary).toMatchObject({ planId: "pro", status: "trialing", provider: "demo" });
    expect(state.primary?.trialEnd).toEqual(addDays(now, 7));
    expect(state.access).toMatchObject({ hasActiveAccess: true, hasExportAccess: false, isTrialing: true });
  });

  it("gives one trial per person: a second checkout starts paid", async () => {
    const user = await createUser("ada@example.com");
    await subscribe(user, "monthly");
    await database.db.delete(subscriptions);
    await subscribe(user, "monthly");
    const state = await getBillingState(database.db, user);
    expect(state.primary?.status).toBe("active");
    expect(state.primary?.trialEnd).toBeNull();
  });

  it("a session pays once, only for its owner, and cancel closes it", async () => {
    const ada = await createUser("ada@example.com");
    const bob = await createUser("bob@example.com");
    const id = sessionIdOf(await createCheckout(database.db, config, ada, "pro"));
    await expect(payDemoCheckout(database.db, id, bob.id)).rejects.toThrow("expired or was already used");
    await payDemoCheckout(database.db, id, ada.id);
    await expect(payDemoCheckout(database.db, id, ada.id)).rejects.toThrow();
    expect(await database.db.select().from(subscriptions)).toHaveLength(1);

    const other = sessionIdOf(await createCheckout(database.db, config, bob, "monthly"));
    await cancelDemoCheckout(database.db, other, bob.id);
    expect(await getOpenDemoCheckout(database.db, other, bob.id)).toBeNull();
  });

  it("refuses an expired session", async () => {
    const user = await createUser("ada@example.com");
    const id = sessionIdOf(await createCheckout(database.db, config, user, "pro"));
    const later = new Date(Date.now() + 2 * 60 * 60 * 1000);
    await expect(payDemoCheckout(database.db, id, user.id, later)).rejects.toThrow("expired");
  });
});

describe("one current plan per person (docs/product.md#plans: never charged twice)", () => {
  async function refusal(promise: Promise<unknown>): Promise<unknown> {
    return promise.then(
      () => "went through",
      (error: unknown) => error,
    );
  }

  it("refuses a second checkout, for either plan, while a plan is on trial or active (409)", async () => {
    const user = await createUser("ada@example.com");
    await subscribe(user, "monthly");

    for (const plan of ["monthly", "pro"] as const) {
      const refused = await refusal(createCheckout(database.db, config, user, plan));
      expect(refused).toBeInstanceOf(BillingError);
      expect(refused).toMatchObject({ status: 409, message: BILLING_ERRORS.alreadySubscribed });
    }
    await upgradeTrial(database.db, config, user.id);
    expect(await refusal(createCheckout(database.db, config, user, "pro"))).toMatchObject({ status: 409 });
    expect(await database.db.select().from(subscriptions)).toHaveLength(1);
  });

  it("refuses checkout to a person with a granted lifetime plan, not to one with LP access only", async () => {
    const ada = await createUser("ada@example.com");
    const bob = await createUser("bob@example.com");
    await grantPlan(database.db, ada.email, "lifetime");
    await grantPlan(database.db, bob.email, "lps");

    expect(await refusal(createCheckout(database.db, config, ada, "monthly"))).toMatchObject({
      status: 409,
      message: BILLING_ERRORS.alreadySubscribed,
    });
    expect(await createCheckout(database.db, config, bob, "monthly")).toContain("/demo-checkout/");
  });

  it("lets a person check out again once the canceled plan has ended", async () => {
    const user = await createUser("ada@example.com");
    const start = addDays(new Date(), -40);
    await subscribe(user, "monthly", start);
    await cancelSubscription({ db: database.db, config, userId: user.id });

    // The period ended 33 days ago: the checkout settles it (canceled) and goes through.
    await subscribe(user, "pro");
    const statuses = (await database.db.select().from(subscriptions)).map((row) => row.status).sort();
    expect(statuses).toEqual(["active", "canceled"]);
  });

  it("the Pay step refuses a checkout opened before another tab paid", async () => {
    const user = await createUser("ada@example.com");
    const first = sessionIdOf(await createCheckout(database.db, config, user, "monthly"));
    const second = sessionIdOf(await createCheckout(database.db, config, user, "pro"));
    await payDemoCheckout(database.db, first, user.id);

    const refused = await refusal(payDemoCheckout(database.db, second, user.id));

    expect(refused).toBeInstanceOf(DemoCheckoutError);
    expect(refused).toMatchObject({ message: BILLING_ERRORS.alreadySubscribed });
    expect(await database.db.select().from(subscriptions)).toEqual([
      expect.objectContaining({ planId: "monthly", status: "trialing" }),
    ]);
  });

  it("of two tabs paying at the same moment, one is charged", async () => {
    const user = await createUser("ada@example.com");
    const first = sessionIdOf(await createCheckout(database.db, config, user, "monthly"));
    const second = sessionIdOf(await createCheckout(database.db, config, user, "pro"));

    const outcomes = await Promise.all([
      refusal(payDemoCheckout(database.db, first, user.id)),
      refusal(payDemoCheckout(database.db, second, user.id)),
    ]);

    expect(outcomes.filter((outcome) => outcome === "went through")).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome instanceof DemoCheckoutError)).toHaveLength(1);
    expect(await database.db.select().from(subscriptions)).toHaveLength(1);
  });
});

describe("the LP plan at checkout (docs/product.md#lps)", () => {
  it("starts paid (no trial), gives LP access beside a startup plan, and is bought once", async () => {
    const user = await createUser("ada@example.com");
    await subscribe(user, "monthly");
    const url = await createCheckout(database.db, config, user, "lps");
    expect(await payDemoCheckout(database.db, sessionIdOf(url), user.id)).toEqual({ trialStarted: false });
    const state = await getBillingState(database.db, { ...user, isAdmin: false });
    expect(state.access).toMatchObject({ hasLpAccess: true, hasActiveAccess: true, isTrialing: true });
    const lps = (await database.db.select().from(subscriptions)).find((row) => row.planId === "lps");
    expect(lps).toMatchObject({ status: "active", trialEnd: null });
    await expect(createCheckout(database.db, config, user, "lps")).rejects.toMatchObject({
      status: 409,
      message: BILLING_ERRORS.alreadySubscribed,
    });
  });

  it("is refused with a message under Stripe while STRIPE_PRICE_LPS is unset", async () => {
    const user = await createUser("bob@example.com");
    const stripe: BillingConfig = { ...config, PAYMENT_PROVIDER: "stripe", STRIPE_PRICE_LPS: undefined };
    await expect(createCheckout(database.db, stripe, user, "lps")).rejects.toMatchObject({
      status: 503,
      message: BILLING_ERRORS.lpPlanNotForSale,
    });
  });
});

describe("applySubscriptionSnapshot: two states of the same time (docs/product.md#plans)", () => {
  it("never moves a subscription back: both orders end in the state further along", async () => {
    const user = await createUser("ada@example.com");
    const at = new Date("2026-11-21T10:00:00Z");
    const state = (status: SubscriptionSnapshot["status"]): SubscriptionSnapshot => ({
      userId: user.id,
      planId: "monthly",
      status,
      provider: "demo",
      providerSubscriptionId: "demo_sub_tie",
      providerCustomerId: null,
      trialStart: null,
      trialEnd: null,
      currentPeriodStart: at,
      currentPeriodEnd: addDays(at, 30),
      cancelAtPeriodEnd: false,
      canceledAt: null,
      endedAt: null,
      observedAt: at,
    });

    for (const order of [
      ["incomplete", "active"],
      ["active", "incomplete"],
    ] as const) {
      await database.db.delete(subscriptions);
      for (const status of order) await applySubscriptionSnapshot(database.db, state(status));
      const rows = await database.db.select().from(subscriptions);
      expect(rows.map((row) => row.status)).toEqual(["active"]);
    }
    // A terminal state is further along than active.
    expect(await applySubscriptionSnapshot(database.db, state("canceled"))).toBe("updated");
    expect(await applySubscriptionSnapshot(database.db, state("active"))).toBe("stale");
  });
});

describe("upgrade-trial", () => {
  it("ends the trial now and makes the subscription active with export access", async () => {
    const user = await createUser("ada@example.com");
    await subscribe(user, "pro");
    const upgraded = await upgradeTrial(database.db, config, user.id);
    expect(upgraded.status).toBe("active");
    const state = await getBillingState(database.db, user);
    expect(state.access).toMatchObject({ hasExportAccess: true, isTrialing: false });
    expect(state.primary?.currentPeriodEnd?.getTime()).toBeGreaterThan(Date.now() + 360 * 24 * 3600 * 1000);
  });

  it("refuses a second upgrade while one runs, and without a trial", async () => {
    const user = await createUser("ada@example.com");
    await subscribe(user, "monthly");
    const concurrent = await withBillingLock(database.db, user.id, async () =>
      upgradeTrial(database.db, config, user.id).catch((error: unknown) => error),
    );
    const refused = concurrent?.value;
    expect(refused).toBeInstanceOf(BillingError);
    expect(refused).toMatchObject({ message: UPGRADE_IN_PROGRESS, status: 409 });
    // The lock was released: the upgrade now goes through, and a second one finds no trial.
    expect((await upgradeTrial(database.db, config, user.id)).status).toBe("active");
    await expect(upgradeTrial(database.db, config, user.id)).rejects.toThrow("no trial");
    expect(await database.db.select().from(billingLocks)).toEqual([]);
  });

  it("takes over a lock left behind by a crashed process", async () => {
    const user = await createUser("ada@example.com");
    await subscribe(user, "monthly");
    await database.db
      .insert(billingLocks)
      .values({ userId: user.id, acquiredAt: new Date(Date.now() - 10 * 60_000) });
    expect((await upgradeTrial(database.db, config, user.id)).status).toBe("active");
  });
});

describe("cancel", () => {
  it("keeps access until the period ends, then ends it", async () => {
    const user = await createUser("ada@example.com");
    const start = new Date();
    await subscribe(user, "monthly", start);
    await upgradeTrial(database.db, config, user.id);
    const outcome = await cancelSubscription({ db: database.db, config, userId: user.id });
    expect(outcome.endsAt).toEqual((await getBillingState(database.db, user)).primary?.currentPeriodEnd);
    const state = await getBillingState(database.db, user);
    expect(state.primary).toMatchObject({ status: "active", cancelAtPeriodEnd: true });
    expect(state.access.hasActiveAccess).toBe(true);

    const afterPeriod = addDays(start, 40);
    const ended = await getBillingState(database.db, user, afterPeriod);
    expect(ended.primary?.status).toBe("canceled");
    expect(ended.access.hasActiveAccess).toBe(false);
  });

  it("a trial that runs out without a cancel becomes a paid period", async () => {
    const user = await createUser("ada@example.com");
    const start = new Date();
    await subscribe(user, "pro", start);
    const state = await getBillingState(database.db, user, addDays(start, 8));
    expect(state.primary?.status).toBe("active");
    expect(state.access.hasExportAccess).toBe(true);
  });
});

describe("grants", () => {
  it("grants lifetime and LP access, and revokes them", async () => {
    const user = await createUser("Ada@Example.com".toLowerCase());
    await grantPlan(database.db, "ADA@example.com", "lifetime");
    await grantPlan(database.db, "ada@example.com", "lps");
    let state = await getBillingState(database.db, user);
    expect(state.access).toMatchObject({ hasProAccess: true, hasExportAccess: true, hasLpAccess: true });
    await revokeGrant(database.db, "ada@example.com", "lps");
    state = await getBillingState(database.db, user);
    expect(state.access.hasLpAccess).toBe(false);
    expect(state.access.hasProAccess).toBe(true);
    await expect(grantPlan(database.db, "nobody@example.com", "lifetime")).rejects.toBeInstanceOf(GrantError);
  });

  it("admins have access without any subscription", async () => {
    const admin = await createUser("boss@example.com", "admin");
    const state = await getBillingState(database.db, admin);
    expect(state.access).toMatchObject({ hasActiveAccess: true, hasExportAccess: true, hasLpAccess: true });
    const [row] = await database.db.select().from(users).where(eq(users.id, admin.id));
    expect(row?.role).toBe("admin");
  });
});
