import type Stripe from "stripe";
import { paymentReturnPath } from "~/core/billing-return";
import { type CheckoutPlanId, PLANS } from "~/core/plans";
import type { Db } from "../db/database.server";
import { isTrialAvailable, stripeCustomerOf } from "./subscriptions.server";

/*
 * The calls this app makes to Stripe's API. Each returns what Stripe answered; the state they cause
 * reaches our database through the webhooks (stripe-webhooks.server.ts), or through the caller mapping
 * a returned subscription with snapshotFromStripeSubscription.
 */

export interface StripeCheckoutDeps {
  db: Db;
  stripe: Stripe;
  /** The app's public URL without a trailing slash (env APP_URL). */
  appUrl: string;
  /** STRIPE_PRICE_MONTHLY and STRIPE_PRICE_ANNUAL. */
  priceIds: Record<CheckoutPlanId, string>;
}

export interface CheckoutUser {
  id: string;
  email: string;
}

/**
 * Starts a Stripe Checkout for a subscription and returns the page to send the customer to. The plan's
 * 7-day trial (docs/product.md#access) is offered only to a person who never had one, by account or by email.
 */
export async function createStripeCheckoutSession(
  deps: StripeCheckoutDeps,
  user: CheckoutUser,
  planId: CheckoutPlanId,
): Promise<string> {
  const [withTrial, customer] = await Promise.all([
    // A plan without a trial (the LP plan, docs/product.md#lps) starts paid.
    PLANS[planId].trialDays > 0 ? isTrialAvailable(deps.db, user.id, user.email) : false,
    stripeCustomerOf(deps.db, user.id),
  ]);
  // Both the session and the subscription carry the user: the webhooks find the account from either.
  const metadata = { userId: user.id, plan: planId };
  const session = await deps.stripe.checkout.sessions.create({
    mode: "subscription",
    line_items: [{ price: deps.priceIds[planId], quantity: 1 }],
    client_reference_id: user.id,
    metadata,
    subscription_data: {
      metadata,
      ...(withTrial ? { trial_period_days: PLANS[planId].trialDays } : {}),
    },
    // A returning customer keeps one Stripe customer (one portal, one payment history).
    ...(customer ? { customer } : { customer_email: user.email }),
    success_url: `${deps.appUrl}${paymentReturnPath(withTrial ? "trial-started" : "paid")}`,
    cancel_url: `${deps.appUrl}${paymentReturnPath("canceled")}`,
    allow_promotion_codes: true,
  });
  if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a URL`);
  return session.url;
}

/** A customer-portal page (payment method, invoices, cancel), returning to `returnUrl`. */
export async function createStripePortalSession(
  stripe: Stripe,
  customerId: string,
  returnUrl: string,
): Promise<string> {
  const session = await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
  return session.url;
}

/** Ends the trial now: Stripe starts the first paid period and invoices it at once. */
export async function endStripeTrial(stripe: Stripe, subscriptionId: string): Promise<Stripe.Subscription> {
  return stripe.subscriptions.update(subscriptionId, { trial_end: "now" });
}

/** Cancels at the end of the paid period: access lasts until then. */
export async function cancelStripeSubscriptionAtPeriodEnd(
  stripe: Stripe,
  subscriptionId: string,
): Promise<Stripe.Subscription> {
  return stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
}

/**
 * Takes back a scheduled cancellation (docs/product.md#plan-changes). The customer portal may have scheduled it
 * as `cancel_at` (the period's end) rather than the flag: whichever is set is cleared.
 */
export async function resumeStripeSubscription(
  stripe: Stripe,
  subscriptionId: string,
): Promise<Stripe.Subscription> {
  const current = await stripe.subscriptions.retrieve(subscriptionId);
  return stripe.subscriptions.update(
    subscriptionId,
    current.cancel_at_period_end ? { cancel_at_period_end: false } : { cancel_at: "" },
  );
}

/**
 * Moves the subscription's one item to another price (decision 025): the monthly and the annual plan
 * bill on different intervals, so Stripe starts a new period now and invoices at once the new price less
 * the unused time of the old one ('always_invoice' says so explicitly, whatever the intervals).
 */
export async function switchStripePrice(
  stripe: Stripe,
  subscriptionId: string,
  priceId: string,
): Promise<Stripe.Subscription> {
  const current = await stripe.subscriptions.retrieve(subscriptionId);
  const item = current.items.data[0];
  if (!item) throw new Error(`Stripe subscription ${subscriptionId} has no item to switch`);
  return stripe.subscriptions.update(subscriptionId, {
    items: [{ id: item.id, price: priceId }],
    proration_behavior: "always_invoice",
  });
}

/** The customer portal opened on its payment-method page, returning to `returnUrl`. */
export async function createStripePaymentMethodSession(
  stripe: Stripe,
  customerId: string,
  returnUrl: string,
): Promise<string> {
  const session = await stripe.billingPortal.sessions.create({
    customer: customerId,
    return_url: returnUrl,
    flow_data: { type: "payment_method_update" },
  });
  return session.url;
}
