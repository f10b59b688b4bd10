import type Stripe from "stripe";
import { type AccessFlags, accessFlags } from "~/core/access";
import { BILLING_ERRORS } from "~/core/messages";
import type { CheckoutPlanId } from "~/core/plans";
import type { Db } from "../db/database.server";
import type { SubscriptionRow } from "../db/schema";
import type { Env } from "../env.server";
import { withBillingLock } from "./billing-lock.server";
import { createDemoCheckout, endDemoTrial, settleDemoRows } from "./demo-provider.server";
import {
  createStripeCheckoutSession,
  createStripePortalSession,
  endStripeTrial,
} from "./stripe-checkout.server";
import { getStripe } from "./stripe-client.server";
import { priceToPlanFromConfig, snapshotFromStripeSubscription } from "./stripe-mapping";
import {
  applySubscriptionSnapshot,
  currentSubscriptionLike,
  listSubscriptions,
  primarySubscription,
  stripeCustomerOf,
} from "./subscriptions.server";

export type BillingConfig = Pick<
  Env,
  "APP_URL" | "PAYMENT_PROVIDER" | "STRIPE_PRICE_MONTHLY" | "STRIPE_PRICE_ANNUAL" | "STRIPE_PRICE_LPS"
>;

export interface BillingState {
  access: AccessFlags;
  subscriptions: SubscriptionRow[];
  /** The subscription the account page shows (current one, else the latest). */
  primary: SubscriptionRow | null;
}

/**
 * A user's subscriptions, after the demo provider's clock has moved on (settleDemoRows): one read on every
 * signed-in page, a second only after a demo period ended and was settled.
 */
async function settledSubscriptions(db: Db, userId: string, now = new Date()): Promise<SubscriptionRow[]> {
  const rows = await listSubscriptions(db, userId);
  return (await settleDemoRows(db, rows, now)) ? listSubscriptions(db, userId) : rows;
}

/** The user's subscriptions and access flags (docs/product.md#access), after any demo-provider transitions that are due. */
export async function getBillingState(
  db: Db,
  user: { id: string; isAdmin: boolean },
  now = new Date(),
): Promise<BillingState> {
  const rows = await settledSubscriptions(db, user.id, now);
  return { access: accessFlags(rows, user.isAdmin), subscriptions: rows, primary: primarySubscription(rows) };
}

export class BillingError extends Error {
  override name = "BillingError";
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/**
 * docs/product.md#calls, create-checkout: the provider's checkout URL for the plan. A person whose monthly, annual or
 * lifetime plan is active or on trial gets no second subscription (docs/product.md#plans): with a Stripe subscription,
 * the customer portal's URL instead (plans are switched there); otherwise a 409.
 * `stripe` is the app's client unless given (tests point one at a local server).
 */
export async function createCheckout(
  db: Db,
  config: BillingConfig,
  user: { id: string; email: string },
  planId: CheckoutPlanId,
  stripeClient?: Stripe,
): Promise<string> {
  // A demo plan canceled at a period end that has passed is over: it must not block a new checkout.
  const current = currentSubscriptionLike(await settledSubscriptions(db, user.id), planId);
  if (current) return portalInsteadOfCheckout(db, config, user.id, current, stripeClient);
  if (config.PAYMENT_PROVIDER === "demo") return createDemoCheckout(db, config.APP_URL, user, planId);
  // docs/product.md#lps: the LP plan is on sale with Stripe only once its price is configured.
  if (planId === "lps" && !config.STRIPE_PRICE_LPS)
    throw new BillingError(BILLING_ERRORS.lpPlanNotForSale, 503);
  const stripe = stripeClient ?? requireStripe();
  return createStripeCheckoutSession(
    {
      db,
      stripe,
      appUrl: config.APP_URL,
      priceIds: {
        monthly: config.STRIPE_PRICE_MONTHLY ?? "",
        pro: config.STRIPE_PRICE_ANNUAL ?? "",
        lps: config.STRIPE_PRICE_LPS ?? "",
      },
    },
    user,
    planId,
  );
}

async function portalInsteadOfCheckout(
  db: Db,
  config: BillingConfig,
  userId: string,
  current: SubscriptionRow,
  stripeClient: Stripe | undefined,
): Promise<string> {
  if (config.PAYMENT_PROVIDER === "stripe" && current.provider === "stripe") {
    const customer = current.providerCustomerId ?? (await stripeCustomerOf(db, userId));
    if (customer) {
      const stripe = stripeClient ?? requireStripe();
      return createStripePortalSession(stripe, customer, `${config.APP_URL}/profile`);
    }
  }
  // The demo provider has no portal, and a granted plan is not the person's to change.
  throw new BillingError(BILLING_ERRORS.alreadySubscribed, 409);
}

function requireStripe() {
  const stripe = getStripe();
  if (!stripe) throw new BillingError(BILLING_ERRORS.notConfigured, 503);
  return stripe;
}

export const UPGRADE_IN_PROGRESS = "Upgrade already in progress";

/**
 * docs/product.md#calls, upgrade-trial: ends the trial now and starts the paid period (Stripe: trial_end=now; demo: the
 * same state change). One upgrade at a time per user.
 */
export async function upgradeTrial(db: Db, config: BillingConfig, userId: string): Promise<SubscriptionRow> {
  const result = await withBillingLock(db, userId, async () => {
    const trialing = (await listSubscriptions(db, userId)).find((row) => row.status === "trialing");
    if (!trialing) throw new BillingError(BILLING_ERRORS.noTrial, 400);
    if (trialing.provider === "stripe") {
      const stripe = requireStripe();
      const updated = await endStripeTrial(stripe, trialing.providerSubscriptionId);
      const snapshot = snapshotFromStripeSubscription(updated, {
        userId,
        observedAt: new Date(),
        priceToPlan: priceToPlanFromConfig(config),
      });
      if (snapshot) await applySubscriptionSnapshot(db, snapshot);
    } else {
      await endDemoTrial(db, trialing);
    }
    const rows = await listSubscriptions(db, userId);
    return rows.find((row) => row.id === trialing.id) ?? trialing;
  });
  if (!result) throw new BillingError(UPGRADE_IN_PROGRESS, 409);
  return result.value;
}
