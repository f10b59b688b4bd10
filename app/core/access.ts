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

/** docs/product.md#access: a subscription gives access only while its status is 'active' or 'trialing'. */
export function isCurrent(subscription: SubscriptionLike): boolean {
  return subscription.status === "active" || subscription.status === "trialing";
}

const PRO_PLANS: ReadonlySet<PlanId> = new Set(["pro", "monthly", "lifetime"]);

/**
 * docs/product.md#access, derived flags, over the subscriptions that are current (active or trialing):
 * - pro access = a pro, monthly or lifetime subscription, or admin;
 * - LP access = an lps subscription, or admin;
 * - trialing = the pro-access subscription is on trial (and none is paid);
 * - active access = pro access or trialing;
 * - export access = pro access and not trialing; admins always (docs/product.md#export).
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

/**
 * What a page and the server know about the person asking: signed in or not, admin or not, and the docs/product.md#access
 * flags. The server derives it (`getViewerAccess`) and hands it to pages; pages only pick prompts from it.
 */
export interface ViewerAccess extends AccessFlags {
  isSignedIn: boolean;
  isAdmin: boolean;
}

/** A visitor: signed out, no access. */
export const VISITOR_ACCESS: ViewerAccess = {
  isSignedIn: false,
  isAdmin: false,
  ...accessFlags([], false),
};

/** The access flags of docs/product.md#access for a viewer: a visitor (null) or a signed-in user with their subscriptions. */
export function viewerAccess(
  user: { isAdmin: boolean } | null,
  subscriptions: readonly SubscriptionLike[],
): ViewerAccess {
  if (!user) return VISITOR_ACCESS;
  return { isSignedIn: true, isAdmin: user.isAdmin, ...accessFlags(subscriptions, user.isAdmin) };
}

export type SearchPrompt = "none" | "signup" | "pricing";

/**
 * docs/product.md#access, search page access logic: active access (a trial included; admins always have it) sees no
 * prompt; a visitor gets the mandatory sign-up dialog; a signed-in user without access the pricing dialog.
 */
export function searchPrompt(access: ViewerAccess): SearchPrompt {
  if (access.hasActiveAccess) return "none";
  return access.isSignedIn ? "pricing" : "signup";
}

export type ExportPrompt = "export" | "signup" | "trial" | "pricing";

/**
 * docs/product.md#access, export without export access: a visitor is asked to sign up, a trial user gets the
 * export-disabled-during-trial dialog, anyone else without export access the pricing dialog. The server
 * decides again on every export from the same flags: this only picks the dialog.
 */
export function exportPrompt(access: ViewerAccess): ExportPrompt {
  if (access.hasExportAccess) return "export";
  if (!access.isSignedIn) return "signup";
  return access.isTrialing ? "trial" : "pricing";
}
