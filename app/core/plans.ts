/**
 * The plan catalogue (docs/product.md#access and docs/product.md#plans). Prices are in US cents.
 * `pro` is the annual plan; `lifetime` is granted by an admin; `lps` opens the LP database.
 */
export const PLAN_IDS = ["monthly", "pro", "lifetime", "lps"] as const;
export type PlanId = (typeof PLAN_IDS)[number];

/** Plans a customer can buy at checkout (lifetime is only granted). */
export const CHECKOUT_PLAN_IDS = ["monthly", "pro", "lps"] as const;
export type CheckoutPlanId = (typeof CHECKOUT_PLAN_IDS)[number];

export interface Plan {
  id: PlanId;
  name: string;
  /** Price per billing interval in cents; null for granted plans. */
  priceCents: number | null;
  interval: "month" | "year" | null;
  trialDays: number;
  /** What the pricing card shows under the price. */
  priceNote: string;
  badge?: string;
  savings?: string;
}

// docs/product.md#plans: features of both plans.
export const PLAN_FEATURES = [
  "Unlimited search and export to .csv",
  "Monthly updates (500+ new leads)",
  "Verified contact emails",
  "100s of hours of research",
  "Priority support",
] as const;

const VERIFIED_EMAILS_FEATURE = "Verified contact emails";

/**
 * decision 032: a plan feature as the cards state it. The verified-emails claim says how true it is, from
 * the data: the share of addresses checked valid in the last 90 days (unknown: the claim alone).
 */
export function planFeatureText(
  feature: (typeof PLAN_FEATURES)[number],
  verifiedShare: number | null,
): string {
  if (feature !== VERIFIED_EMAILS_FEATURE || verifiedShare === null) return feature;
  return `${feature}: ${Math.round(verifiedShare * 100)}% checked valid in the last 90 days`;
}

export const PLANS: Record<PlanId, Plan> = {
  monthly: {
    id: "monthly",
    name: "Monthly",
    priceCents: 79_00,
    interval: "month",
    trialDays: 7,
    priceNote: "$79/month",
  },
  // docs/product.md#plans: $299/year, shown as $25/month, 'Save $289 annually', 'Most Popular', price lock.
  pro: {
    id: "pro",
    name: "Annual",
    priceCents: 299_00,
    interval: "year",
    trialDays: 7,
    priceNote: "$299 billed yearly, price locked",
    badge: "Most Popular",
    savings: "Save $289 annually",
  },
  lifetime: {
    id: "lifetime",
    name: "Lifetime",
    priceCents: null,
    interval: null,
    trialDays: 0,
    priceNote: "Granted",
  },
  // docs/product.md#lps: the price is configuration (LP_PLAN_PRICE_USD; with Stripe, STRIPE_PRICE_LPS's amount), so
  // the catalogue holds none: lpPlanFor fills it in. No trial: the sample is the LP database's free look.
  lps: {
    id: "lps",
    name: "LP Database",
    priceCents: null,
    interval: "year",
    trialDays: 0,
    priceNote: "LP database access",
  },
};

/** The LP plan at its configured yearly price in whole US dollars. */
export function lpPlanFor(priceUsd: number): Plan {
  return {
    ...PLANS.lps,
    priceCents: priceUsd * 100,
    priceNote: `$${priceUsd.toLocaleString("en-US")} billed yearly`,
  };
}

/** Whether a plan opens the startup database (and so is one of the plans a person holds one of at a time). */
export function isProPlan(planId: PlanId): boolean {
  return planId !== "lps";
}

/** "$25/month" for the annual plan: the yearly price over 12 months, rounded to whole dollars. */
export function monthlyEquivalent(plan: Plan): string | null {
  if (plan.priceCents === null || plan.interval !== "year") return null;
  return `$${Math.round(plan.priceCents / 12 / 100)}/month`;
}

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === "string" && (PLAN_IDS as readonly string[]).includes(value);
}

export function isCheckoutPlanId(value: unknown): value is CheckoutPlanId {
  return typeof value === "string" && (CHECKOUT_PLAN_IDS as readonly string[]).includes(value);
}
