import type { PlanId } from "./plans";

/** Stripe's subscription statuses, which the demo provider and grants use too. */
export const SUBSCRIPTION_STATUSES = [
  "trialing",
  "active",
  "past_due",
  "unpaid",
  "canceled",
  "incomplete",
  "incomplete_expired",
  "paused",
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export interface SubscriptionLike {
  planId: PlanId;
  status: SubscriptionStatus;
}

export interface AccessFlags {
  hasProAccess: boolean;
  hasLpAccess: boolean;
  hasActiveAccess: boolean;
  hasExportAccess: boolean;
  isTrialing: boolean;
}

/** decisions.md: a subscription gives access only while its status is 'active' or 'trialing'. */
export function isCurrent(subscription: SubscriptionLike): boolean {
  return subscription.status === "active" || subscription.status === "trialing";
}

const PRO_PLANS: ReadonlySet<PlanId> = new Set(["pro", "monthly", "lifetime"]);

/**
 * spec 4, derived flags, over the subscriptions that are current (active or trialing):
 * - pro access = a pro, monthly or lifetime subscription, or admin;
 * - LP access = an lps subscription, or admin;
 * - trialing = the pro-access subscription is on trial (and none is paid);
 * - active access = pro access or trialing;
 * - export access = pro access and not trialing; admins always (issue 6).
 */
export function accessFlags(subscriptions: readonly SubscriptionLike[], isAdmin: boolean): AccessFlags {
  const current = subscriptions.filter((subscription) => isCurrent(subscription));
  const pro = current.filter((subscription) => PRO_PLANS.has(subscription.planId));
  const isPaid = pro.some((subscription) => subscription.status === "active");
  const isTrialing = !isPaid && pro.some((subscription) => subscription.status === "trialing");
  const hasProAccess = isAdmin || pro.length > 0;
  return {
    hasProAccess,
    hasLpAccess: isAdmin || current.some((subscription) => subscription.planId === "lps"),
    hasActiveAccess: hasProAccess || isTrialing,
    hasExportAccess: isAdmin || (hasProAccess && !isTrialing),
    isTrialing,
  };
}
