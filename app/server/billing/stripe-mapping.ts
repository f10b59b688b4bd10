import type Stripe from "stripe";
import { SUBSCRIPTION_STATUSES, type SubscriptionStatus } from "~/core/access";
import { isPlanId, type PlanId } from "~/core/plans";
import type { SubscriptionSnapshot } from "./subscription-snapshot";

/*
 * Pure translation of Stripe's objects into our own (no I/O): the webhook handler and the trial and
 * cancel actions all describe a Stripe subscription the same way, so stored rows never depend on
 * which path wrote them.
 */

/** Which of our plans a Stripe price is; null for a price this app does not sell. */
export type PriceToPlan = (priceId: string) => PlanId | null;

export interface StripePriceConfig {
  STRIPE_PRICE_MONTHLY?: string | undefined;
  STRIPE_PRICE_ANNUAL?: string | undefined;
  STRIPE_PRICE_LPS?: string | undefined;
}

/** The price ids of the configuration (env.server.ts): monthly -> "monthly", annual -> "pro", LP -> "lps". */
export function priceToPlanFromConfig(config: StripePriceConfig): PriceToPlan {
  const plans = new Map<string, PlanId>();
  // An unset (or empty) price id must never match anything.
  if (config.STRIPE_PRICE_MONTHLY) plans.set(config.STRIPE_PRICE_MONTHLY, "monthly");
  if (config.STRIPE_PRICE_ANNUAL) plans.set(config.STRIPE_PRICE_ANNUAL, "pro");
  if (config.STRIPE_PRICE_LPS) plans.set(config.STRIPE_PRICE_LPS, "lps");
  return (priceId) => plans.get(priceId) ?? null;
}

export interface SnapshotContext {
  userId: string;
  /** When Stripe produced this state: the event's `created` (or the API response's time). */
  observedAt: Date;
  priceToPlan: PriceToPlan;
}

/**
 * The plan of a subscription: its first item's price, else the `plan` we put in its metadata at
 * checkout; null when neither names one of our plans.
 */
export function planOfStripeSubscription(
  subscription: Stripe.Subscription,
  priceToPlan: PriceToPlan,
): PlanId | null {
  const priceId = firstItem(subscription)?.price?.id;
  const fromPrice = priceId ? priceToPlan(priceId) : null;
  if (fromPrice) return fromPrice;
  const fromMetadata = subscription.metadata?.plan;
  return isPlanId(fromMetadata) ? fromMetadata : null;
}

/**
 * Our snapshot of a Stripe subscription, or null when its plan (or status) is not one we know: the
 * caller logs and ignores it rather than storing a row that grants the wrong access.
 */
export function snapshotFromStripeSubscription(
  subscription: Stripe.Subscription,
  context: SnapshotContext,
): SubscriptionSnapshot | null {
  const planId = planOfStripeSubscription(subscription, context.priceToPlan);
  const status = subscriptionStatus(subscription.status);
  if (!planId || !status) return null;
  // Since API version 2025-03-31 the billing period lives on each item, not on the subscription.
  const item = firstItem(subscription);
  const currentPeriodEnd = item ? item.current_period_end : null;
  return {
    userId: context.userId,
    planId,
    status,
    provider: "stripe",
    providerSubscriptionId: subscription.id,
    providerCustomerId: customerId(subscription.customer),
    trialStart: fromUnix(subscription.trial_start),
    trialEnd: fromUnix(subscription.trial_end),
    currentPeriodStart: fromUnix(item ? item.current_period_start : null),
    currentPeriodEnd: fromUnix(currentPeriodEnd),
    // The customer portal may schedule the end as `cancel_at` = the period's end instead of setting
    // the flag; to the customer both mean "cancels at the end of the period".
    cancelAtPeriodEnd:
      subscription.cancel_at_period_end ||
      (subscription.cancel_at != null &&
        currentPeriodEnd != null &&
        subscription.cancel_at === currentPeriodEnd),
    canceledAt: fromUnix(subscription.canceled_at),
    endedAt: fromUnix(subscription.ended_at),
    observedAt: context.observedAt,
  };
}

/** The user id we put in the subscription's metadata at checkout, if any. */
export function userIdFromSubscription(subscription: Stripe.Subscription): string | null {
  const userId = subscription.metadata?.userId;
  return typeof userId === "string" && userId !== "" ? userId : null;
}

/** A customer reference is an id, or the customer object when expanded. */
export function customerId(customer: string | { id: string } | null | undefined): string | null {
  if (!customer) return null;
  return typeof customer === "string" ? customer : customer.id;
}

/** Stripe timestamps are unix seconds. */
export function fromUnix(seconds: number | null | undefined): Date | null {
  return seconds == null ? null : new Date(seconds * 1000);
}

function firstItem(subscription: Stripe.Subscription): Stripe.SubscriptionItem | undefined {
  // Webhook payloads are outside input: a missing list is treated like an empty one.
  return subscription.items?.data?.[0];
}

/** Stripe's statuses are ours (core/access.ts); a status added by Stripe later is not. */
function subscriptionStatus(status: string): SubscriptionStatus | null {
  return (SUBSCRIPTION_STATUSES as readonly string[]).includes(status)
    ? (status as SubscriptionStatus)
    : null;
}
