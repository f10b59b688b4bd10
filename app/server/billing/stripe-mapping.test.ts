import type Stripe from "stripe";
import { describe, expect, it } from "vitest";
import {
  priceToPlanFromConfig,
  snapshotFromStripeSubscription,
  userIdFromSubscription,
} from "./stripe-mapping";

const PRICES = {
  STRIPE_PRICE_MONTHLY: "price_monthly",
  STRIPE_PRICE_ANNUAL: "price_annual",
  STRIPE_PRICE_LPS: "price_lps",
};
const priceToPlan = priceToPlanFromConfig(PRICES);

// 2026-11-01T00:00:00Z and friends, in unix seconds as Stripe sends them.
const NOV_1 = Date.UTC(2026, 10, 1) / 1000;
const NOV_8 = Date.UTC(2026, 10, 8) / 1000;
const DEC_8 = Date.UTC(2026, 11, 8) / 1000;
const OBSERVED_AT = new Date("2026-11-02T10:00:00Z");

interface SubscriptionFields {
  id?: string;
  status?: string;
  priceId?: string | null;
  metadata?: Record<string, string>;
  customer?: string | { id: string; object: "customer" };
  trialStart?: number | null;
  trialEnd?: number | null;
  periodStart?: number;
  periodEnd?: number;
  cancelAtPeriodEnd?: boolean;
  cancelAt?: number | null;
  canceledAt?: number | null;
  endedAt?: number | null;
}

/** The fields of a Stripe subscription the mapping reads, shaped like the API's JSON. */
function subscription(fields: SubscriptionFields = {}): Stripe.Subscription {
  const priceId = fields.priceId === undefined ? "price_monthly" : fields.priceId;
  return {
    id: fields.id ?? "sub_1",
    object: "subscription",
    status: fields.status ?? "active",
    customer: fields.customer ?? "cus_1",
    metadata: fields.metadata ?? { userId: "user_1", plan: "monthly" },
    trial_start: fields.trialStart ?? null,
    trial_end: fields.trialEnd ?? null,
    cancel_at_period_end: fields.cancelAtPeriodEnd ?? false,
    cancel_at: fields.cancelAt ?? null,
    canceled_at: fields.canceledAt ?? null,
    ended_at: fields.endedAt ?? null,
    items: {
      object: "list",
      has_more: false,
      url: "/v1/subscription_items?subscription=sub_1",
      data: [
        {
          id: "si_1",
          object: "subscription_item",
          current_period_start: fields.periodStart ?? NOV_1,
          current_period_end: fields.periodEnd ?? DEC_8,
          price: priceId === null ? null : { id: priceId, object: "price" },
        },
      ],
    },
  } as unknown as Stripe.Subscription;
}

function snapshot(value: Stripe.Subscription) {
  return snapshotFromStripeSubscription(value, { userId: "user_1", observedAt: OBSERVED_AT, priceToPlan });
}

describe("priceToPlanFromConfig", () => {
  it("maps the configured monthly, annual and LP prices to monthly, pro and lps", () => {
    expect(priceToPlan("price_monthly")).toBe("monthly");
    expect(priceToPlan("price_annual")).toBe("pro");
    expect(priceToPlan("price_lps")).toBe("lps");
    expect(priceToPlan("price_other")).toBeNull();
  });

  it("never matches an unset or empty price id", () => {
    const partial = priceToPlanFromConfig({ STRIPE_PRICE_MONTHLY: "price_m", STRIPE_PRICE_LPS: "" });
    expect(partial("")).toBeNull();
    expect(partial("undefined")).toBeNull();
    expect(partial("price_m")).toBe("monthly");
  });
});

describe("snapshotFromStripeSubscription", () => {
  it("maps a trialing subscription: trial dates, the item's period, customer and observedAt", () => {
    const result = snapshot(
      subscription({
        status: "trialing",
        trialStart: NOV_1,
        trialEnd: NOV_8,
        periodStart: NOV_1,
        periodEnd: NOV_8,
      }),
    );
    expect(result).toEqual({
      userId: "user_1",
      planId: "monthly",
      status: "trialing",
      provider: "stripe",
      providerSubscriptionId: "sub_1",
      providerCustomerId: "cus_1",
      trialStart: new Date("2026-11-01T00:00:00Z"),
      trialEnd: new Date("2026-11-08T00:00:00Z"),
      currentPeriodStart: new Date("2026-11-01T00:00:00Z"),
      currentPeriodEnd: new Date("2026-11-08T00:00:00Z"),
      cancelAtPeriodEnd: false,
      canceledAt: null,
      endedAt: null,
      observedAt: OBSERVED_AT,
    });
  });

  it("maps an active subscription with its current period from the first item", () => {
    const result = snapshot(subscription({ status: "active", periodStart: NOV_8, periodEnd: DEC_8 }));
    expect(result).toMatchObject({
      status: "active",
      trialStart: null,
      trialEnd: null,
      currentPeriodStart: new Date("2026-11-08T00:00:00Z"),
      currentPeriodEnd: new Date("2026-12-08T00:00:00Z"),
    });
  });

  it("maps a canceled subscription with canceled_at and ended_at", () => {
    const result = snapshot(subscription({ status: "canceled", canceledAt: NOV_8, endedAt: NOV_8 }));
    expect(result).toMatchObject({
      status: "canceled",
      canceledAt: new Date("2026-11-08T00:00:00Z"),
      endedAt: new Date("2026-11-08T00:00:00Z"),
    });
  });

  it("copies every Stripe status we know, and refuses one we do not", () => {
    for (const status of ["past_due", "unpaid", "incomplete", "incomplete_expired", "paused"]) {
      expect(snapshot(subscription({ status }))?.status).toBe(status);
    }
    expect(snapshot(subscription({ status: "some_future_status" }))).toBeNull();
  });

  it("keeps cancel_at_period_end, and reads cancel_at at the period's end the same way", () => {
    expect(snapshot(subscription({ cancelAtPeriodEnd: true }))?.cancelAtPeriodEnd).toBe(true);
    expect(snapshot(subscription({ cancelAt: DEC_8, periodEnd: DEC_8 }))?.cancelAtPeriodEnd).toBe(true);
    // A cancellation scheduled before the period ends is not "at period end".
    expect(snapshot(subscription({ cancelAt: NOV_8, periodEnd: DEC_8 }))?.cancelAtPeriodEnd).toBe(false);
    expect(snapshot(subscription())?.cancelAtPeriodEnd).toBe(false);
  });

  it("takes the plan from the item's price before the metadata", () => {
    const result = snapshot(subscription({ priceId: "price_annual", metadata: { plan: "monthly" } }));
    expect(result?.planId).toBe("pro");
    expect(snapshot(subscription({ priceId: "price_lps", metadata: {} }))?.planId).toBe("lps");
  });

  it("falls back to metadata.plan when the price is not one of ours (or missing)", () => {
    expect(snapshot(subscription({ priceId: "price_old", metadata: { plan: "pro" } }))?.planId).toBe("pro");
    expect(snapshot(subscription({ priceId: null, metadata: { plan: "monthly" } }))?.planId).toBe("monthly");
  });

  it("is null when neither the price nor the metadata names one of our plans", () => {
    expect(snapshot(subscription({ priceId: "price_old", metadata: { plan: "gold" } }))).toBeNull();
    expect(snapshot(subscription({ priceId: "price_old", metadata: {} }))).toBeNull();
  });

  it("reads the customer as an id or as an expanded object", () => {
    expect(snapshot(subscription({ customer: "cus_string" }))?.providerCustomerId).toBe("cus_string");
    expect(
      snapshot(subscription({ customer: { id: "cus_object", object: "customer" } }))?.providerCustomerId,
    ).toBe("cus_object");
  });

  it("has no period when the subscription has no items", () => {
    const value = {
      ...subscription(),
      items: { object: "list", data: [] },
    } as unknown as Stripe.Subscription;
    expect(
      snapshotFromStripeSubscription(value, { userId: "u", observedAt: OBSERVED_AT, priceToPlan }),
    ).toMatchObject({
      planId: "monthly",
      currentPeriodStart: null,
      currentPeriodEnd: null,
    });
  });
});

describe("userIdFromSubscription", () => {
  it("reads metadata.userId, or null when it is missing or empty", () => {
    expect(userIdFromSubscription(subscription({ metadata: { userId: "user_9" } }))).toBe("user_9");
    expect(userIdFromSubscription(subscription({ metadata: {} }))).toBeNull();
    expect(userIdFromSubscription(subscription({ metadata: { userId: "" } }))).toBeNull();
  });
});
