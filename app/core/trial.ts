import { capabilitiesWith, listInWords } from "./capabilities";
import { formatDate } from "./format";
import { type CheckoutPlanId, PLANS, type PlanId } from "./plans";

/**
 * docs/product.md#free-sample (an honest trial): what a trialing user is told on /search and before 'Upgrade Now': when the
 * trial ends, that exports wait for the upgrade, and what the upgrade charges. Pure; the server fills it
 * from the user's trialing subscription.
 */
export interface TrialSummary {
  planName: string;
  /** "$299", "$79". */
  amount: string;
  /** "year", "month". */
  interval: string;
  /** The trial's last moment (ISO 8601). */
  endsAt: string;
  /** Whole days left, at least 0 (a trial ending today has 0). */
  daysLeft: number;
}

const DAY_MS = 86_400_000;

function priceOf(planId: PlanId): { amount: string; interval: string } | null {
  const plan = PLANS[planId];
  if (plan.priceCents === null || plan.interval === null) return null;
  const dollars =
    plan.priceCents % 100 === 0 ? String(plan.priceCents / 100) : (plan.priceCents / 100).toFixed(2);
  return { amount: `$${dollars}`, interval: plan.interval };
}

/** The summary of a trialing subscription with a known end and a priced plan; null for anything else. */
export function trialSummary(
  subscription: { planId: PlanId; status: string; trialEnd: Date | string | null } | null,
  now = new Date(),
): TrialSummary | null {
  if (subscription?.status !== "trialing" || !subscription.trialEnd) return null;
  const price = priceOf(subscription.planId);
  if (!price) return null;
  const endsAt = new Date(subscription.trialEnd);
  return {
    planName: PLANS[subscription.planId].name,
    ...price,
    endsAt: endsAt.toISOString(),
    daysLeft: Math.max(0, Math.ceil((endsAt.getTime() - now.getTime()) / DAY_MS)),
  };
}

/** What a trial includes, from the capabilities list: "search and filters, founder emails to see and copy, …". */
export function trialIncludes(): string {
  return listInWords(capabilitiesWith("trial").map((capability) => capability.name));
}

/** What a trial leaves out until the first charge (docs/product.md#access): "CSV export". */
export function trialExcludes(): string {
  return listInWords(capabilitiesWith("paid").map((capability) => capability.name));
}

/**
 * The plan cards' and the FAQ's statement of the trial (docs/product.md#plans): "The 7-day free trial includes
 * search and filters, …. CSV export opens once you pay: when the trial ends, or earlier with Upgrade Now."
 */
export function trialOfferText(trialDays: number): string {
  const excluded = trialExcludes();
  return `The ${trialDays}-day free trial includes ${trialIncludes()}. ${excluded.charAt(0).toUpperCase()}${excluded.slice(1)} opens once you pay: when the trial ends, or earlier with Upgrade Now.`;
}

/**
 * What 'Upgrade Now' charges, before anyone signs up: "Upgrade Now charges $299 for the Annual plan at once." for
 * one plan, "Upgrade Now charges the plan's price at once: $299 for the Annual plan or $79 for the Monthly plan."
 * for several.
 */
export function upgradeNowPriceText(planIds: readonly CheckoutPlanId[]): string {
  const prices = planIds.flatMap((planId) => {
    const price = priceOf(planId);
    return price ? [`${price.amount} for the ${PLANS[planId].name} plan`] : [];
  });
  if (prices.length === 1) return `Upgrade Now charges ${prices[0]} at once.`;
  return `Upgrade Now charges the plan's price at once: ${prices.slice(0, -1).join(", ")} or ${prices.at(-1)}.`;
}

/**
 * The banner on /search: "Your free trial of the Annual plan ends in 5 days (Nov 29, 2026). It includes search and
 * filters, …; CSV export opens once you pay. Upgrade Now charges $299 today for the Annual plan."
 */
export function trialBannerText(trial: TrialSummary): string {
  const when = trial.daysLeft === 0 ? "today" : `in ${trial.daysLeft} day${trial.daysLeft === 1 ? "" : "s"}`;
  return `Your free trial of the ${trial.planName} plan ends ${when} (${formatDate(trial.endsAt)}). It includes ${trialIncludes()}; ${trialExcludes()} opens once you pay. Upgrade Now charges ${trial.amount} today for the ${trial.planName} plan.`;
}

/** What 'Upgrade Now' does, before it is pressed. */
export function upgradeChargeText(trial: TrialSummary): string {
  return `Upgrade Now ends your trial and charges ${trial.amount} today for the ${trial.planName} plan, then every ${trial.interval} until you cancel. Without it, the first charge is on ${formatDate(trial.endsAt)}.`;
}
