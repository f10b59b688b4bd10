import { PLANS } from "~/core/plans";

function dollars(cents: number | null): string {
  return cents === null ? "" : `$${Math.round(cents / 100)}`;
}

/** The prices the terms quote, from the plan catalogue (docs/product.md#plans), so the two never disagree. */
export const MONTHLY_PRICE = dollars(PLANS.monthly.priceCents);
export const YEARLY_PRICE = dollars(PLANS.pro.priceCents);
export const TRIAL_DAYS = PLANS.pro.trialDays;
