import { formatDate } from "./format";
import { PLANS, type PlanId } from "./plans";

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

/** The banner on /search: "Your free trial of the Annual plan ends in 5 days (Nov 29, 2026)." */
export function trialBannerText(trial: TrialSummary): string {
  const when = trial.daysLeft === 0 ? "today" : `in ${trial.daysLeft} day${trial.daysLeft === 1 ? "" : "s"}`;
  return `Your free trial of the ${trial.planName} plan ends ${when} (${formatDate(trial.endsAt)}). CSV export unlocks when you upgrade.`;
}

/** What 'Upgrade Now' does, before it is pressed. */
export function upgradeChargeText(trial: TrialSummary): string {
  return `Upgrade Now ends your trial and charges ${trial.amount} today for the ${trial.planName} plan, then every ${trial.interval} until you cancel. Without it, the first charge is on ${formatDate(trial.endsAt)}.`;
}
