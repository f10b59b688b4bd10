import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { BILLING_ERRORS } from "~/core/messages";
import type { PlanId } from "~/core/plans";
import { setUpTestDatabase } from "~tests/fixtures/database";
import { user } from "~tests/fixtures/factories";
import { subscriptions, trialClaims, users } from "../db/schema";
import { type BillingConfig, BillingError, createCheckout } from "./billing.server";
import { grantPlan } from "./grants.server";
import {
  cancelStripeSubscriptionAtPeriodEnd,
  createStripeCheckoutSession,
  createStripePortalSession,
  endStripeTrial,
} from "./stripe-checkout.server";
import { createStripeClient } from "./stripe-client.server";
import type { SubscriptionSnapshot } from "./subscription-snapshot";
import { applySubscriptionSnapshot, rememberStripeCustomer } from "./subscriptions.server";

interface RecordedRequest {
  method: string;
  path: string;
  body: URLSearchParams;
  authorization: string | undefined;
}

/**
 * A stand-in for api.stripe.com on 127.0.0.1: records every request the real SDK sends and answers
 * with the JSON Stripe would, so the tests check the exact parameters that leave the app.
 */
interface FakeStripe {
  server: Server;
  port: number;
  requests: RecordedRequest[];
  /** "METHOD /path" -> a 200 body that replaces the usual answer (cleared before each test). */
  answers: Map<string, unknown>;
}

function startFakeStripe(): Promise<FakeStripe> {
  const requests: RecordedRequest[] = [];
  const answers = new Map<string, unknown>();
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const path = (request.url ?? "").split("?")[0] ?? "";
      const method = request.method ?? "";
      requests.push({
        method,
        path,
        body: new URLSearchParams(Buffer.concat(chunks).toString("utf8")),
        authorization: request.headers.authorization,
      });
      const key = `${method} ${path}`;
      const { status, body } = answers.has(key)
        ? { status: 200, body: answers.get(key) }
        : answer(method, path);
      response.writeHead(status, {
        "content-type": "application/json",
        "request-id": `req_${requests.length}`,
      });
      response.end(JSON.stringify(body));
    });
  });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      resolve({ server, port: (server.address() as AddressInfo).port, requests, answers });
    });
  });
}

function answer(method: string, path: string): { status: number; body: unknown } {
  if (method === "POST" && path === "/v1/checkout/sessions") {
    return {
      status: 200,
      body: { id: "cs_test_1", object: "checkout.session", url: "https://checkout.stripe.test/c/cs_test_1" },
    };
  }
  if (method === "POST" && path === "/v1/billing_portal/sessions") {
    return {
      status: 200,
      body: { id: "bps_1", object: "billing_portal.session", url: "https://billing.stripe.test/p/bps_1" },
    };
  }
  const subscription = /^\/v1\/subscriptions\/([\w-]+)$/.exec(path);
  if (method === "POST" && subscription) {
    return { status: 200, body: { id: subscription[1], object: "subscription", status: "active" } };
  }
  return {
    status: 404,
    body: { error: { type: "invalid_request_error", message: `No route ${method} ${path}` } },
  };
}

const database = setUpTestDatabase();
let fake: FakeStripe;
let stripe: Stripe;

beforeAll(async () => {
  fake = await startFakeStripe();
  stripe = createStripeClient("sk_test_x", { host: "127.0.0.1", port: fake.port, protocol: "http" });
});
beforeEach(() => {
  fake.requests.length = 0;
  fake.answers.clear();
});
afterAll(async () => {
  await new Promise<void>((resolve) => fake.server.close(() => resolve()));
});

const APP_URL = "https://app.roundlist.test";
const USER = { id: "user_ada", email: "ada@example.com" };

async function insertUser({ id, email } = USER): Promise<void> {
  await database.db.insert(users).values(user({ id, email }));
}

function deps() {
  return {
    db: database.db,
    stripe,
    appUrl: APP_URL,
    priceIds: { monthly: "price_monthly", pro: "price_annual", lps: "price_lps" },
  };
}

function onlyRequest(): RecordedRequest {
  expect(fake.requests).toHaveLength(1);
  const [request] = fake.requests;
  if (!request) throw new Error("no request recorded");
  return request;
}

describe("createStripeCheckoutSession", () => {
  it("creates a subscription checkout for a first-time customer, with the 7-day trial", async () => {
    await insertUser();

    const url = await createStripeCheckoutSession(deps(), USER, "monthly");

    expect(url).toBe("https://checkout.stripe.test/c/cs_test_1");
    const request = onlyRequest();
    expect(request.method).toBe("POST");
    expect(request.path).toBe("/v1/checkout/sessions");
    expect(request.authorization).toBe("Bearer sk_test_x");
    const body = Object.fromEntries(request.body);
    expect(body).toMatchObject({
      mode: "subscription",
      "line_items[0][price]": "price_monthly",
      "line_items[0][quantity]": "1",
      client_reference_id: "user_ada",
      "metadata[userId]": "user_ada",
      "metadata[plan]": "monthly",
      "subscription_data[metadata][userId]": "user_ada",
      "subscription_data[metadata][plan]": "monthly",
      "subscription_data[trial_period_days]": "7",
      customer_email: "ada@example.com",
      // docs/product.md#free-sample: the return says a trial started (nothing is charged yet).
      success_url: `${APP_URL}/search?success=true&trial=started`,
      cancel_url: `${APP_URL}/search?canceled=true`,
      allow_promotion_codes: "true",
    });
    expect(body).not.toHaveProperty("customer");
  });

  it("uses the annual price for the pro plan", async () => {
    await insertUser();

    await createStripeCheckoutSession(deps(), USER, "pro");

    const body = onlyRequest().body;
    expect(body.getAll("line_items[0][price]")).toEqual(["price_annual"]);
    expect(body.get("metadata[plan]")).toBe("pro");
    expect(body.get("subscription_data[metadata][plan]")).toBe("pro");
  });

  it("gives no trial to an account that already had one", async () => {
    await insertUser();
    await database.db.insert(trialClaims).values({ email: USER.email, userId: USER.id });

    await createStripeCheckoutSession(deps(), USER, "monthly");

    const body = onlyRequest().body;
    expect(body.has("subscription_data[trial_period_days]")).toBe(false);
    // Without a trial the customer pays at once: the return is the plain success (docs/product.md#plans).
    expect(body.get("success_url")).toBe(`${APP_URL}/search?success=true`);
    expect(body.get("subscription_data[metadata][userId]")).toBe("user_ada");
  });

  it("gives no trial to a new account whose email already had one (one trial per person)", async () => {
    const again = { id: "user_ada_again", email: "ADA@example.com" };
    await insertUser(again);
    await database.db.insert(trialClaims).values({ email: "ada@example.com", userId: "user_deleted" });

    await createStripeCheckoutSession(deps(), again, "pro");

    expect(onlyRequest().body.has("subscription_data[trial_period_days]")).toBe(false);
  });

  it("reuses the stored Stripe customer instead of the email", async () => {
    await insertUser();
    await rememberStripeCustomer(database.db, USER.id, "cus_ada");

    await createStripeCheckoutSession(deps(), USER, "monthly");

    const body = onlyRequest().body;
    expect(body.get("customer")).toBe("cus_ada");
    expect(body.has("customer_email")).toBe(false);
  });

  it("throws a clear error when Stripe answers without a URL", async () => {
    await insertUser();
    fake.answers.set("POST /v1/checkout/sessions", {
      id: "cs_test_2",
      object: "checkout.session",
      url: null,
    });

    await expect(createStripeCheckoutSession(deps(), USER, "monthly")).rejects.toThrow(
      "Stripe returned checkout session cs_test_2 without a URL",
    );
  });
});

describe("subscription calls", () => {
  it("endStripeTrial sends trial_end=now for the subscription", async () => {
    const subscription = await endStripeTrial(stripe, "sub_123");

    const request = onlyRequest();
    expect(request.method).toBe("POST");
    expect(request.path).toBe("/v1/subscriptions/sub_123");
    expect(Object.fromEntries(request.body)).toEqual({ trial_end: "now" });
    expect(subscription.id).toBe("sub_123");
  });

  it("cancelStripeSubscriptionAtPeriodEnd sends cancel_at_period_end=true", async () => {
    await cancelStripeSubscriptionAtPeriodEnd(stripe, "sub_123");

    const request = onlyRequest();
    expect(request.path).toBe("/v1/subscriptions/sub_123");
    expect(Object.fromEntries(request.body)).toEqual({ cancel_at_period_end: "true" });
  });

  it("createStripePortalSession returns the portal URL for the customer", async () => {
    const url = await createStripePortalSession(stripe, "cus_ada", `${APP_URL}/profile`);

    expect(url).toBe("https://billing.stripe.test/p/bps_1");
    const request = onlyRequest();
    expect(request.path).toBe("/v1/billing_portal/sessions");
    expect(Object.fromEntries(request.body)).toEqual({
      customer: "cus_ada",
      return_url: `${APP_URL}/profile`,
    });
  });
});

describe("createCheckout with a current plan (docs/product.md#plans: never charged twice)", () => {
  const stripeConfig: BillingConfig = {
    APP_URL,
    PAYMENT_PROVIDER: "stripe",
    STRIPE_PRICE_MONTHLY: "price_monthly",
    STRIPE_PRICE_ANNUAL: "price_annual",
    STRIPE_PRICE_LPS: undefined,
  };

  async function storeStripeSubscription(status: SubscriptionSnapshot["status"], planId: PlanId = "monthly") {
    const now = new Date();
    await applySubscriptionSnapshot(database.db, {
      userId: USER.id,
      planId,
      status,
      provider: "stripe",
      providerSubscriptionId: "sub_ada",
      providerCustomerId: "cus_ada",
      trialStart: null,
      trialEnd: null,
      currentPeriodStart: now,
      currentPeriodEnd: new Date(now.getTime() + 30 * 86_400_000),
      cancelAtPeriodEnd: false,
      canceledAt: null,
      endedAt: null,
      observedAt: now,
    });
  }

  it.each(["active", "trialing"] as const)(
    "sends a customer whose plan is %s to the customer portal, and opens no second checkout",
    async (status) => {
      await insertUser();
      await storeStripeSubscription(status, "pro");

      const url = await createCheckout(database.db, stripeConfig, USER, "monthly", stripe);

      expect(url).toBe("https://billing.stripe.test/p/bps_1");
      const request = onlyRequest();
      expect(request.path).toBe("/v1/billing_portal/sessions");
      expect(Object.fromEntries(request.body)).toEqual({
        customer: "cus_ada",
        return_url: `${APP_URL}/profile`,
      });
    },
  );

  it("refuses (409) a person with a granted lifetime plan, without calling Stripe", async () => {
    await insertUser();
    await grantPlan(database.db, USER.email, "lifetime");

    const refused = await createCheckout(database.db, stripeConfig, USER, "pro", stripe).catch(
      (error: unknown) => error,
    );

    expect(refused).toBeInstanceOf(BillingError);
    expect(refused).toMatchObject({ status: 409, message: BILLING_ERRORS.alreadySubscribed });
    expect(fake.requests).toEqual([]);
  });

  it("opens a checkout when the earlier subscription is over", async () => {
    await insertUser();
    await storeStripeSubscription("canceled");

    const url = await createCheckout(database.db, stripeConfig, USER, "pro", stripe);

    expect(url).toBe("https://checkout.stripe.test/c/cs_test_1");
    expect(onlyRequest().path).toBe("/v1/checkout/sessions");
    expect(await database.db.select().from(subscriptions)).toHaveLength(1);
  });
});
