import type { SubscriptionStatus } from "~/core/access";
import type { PlanId } from "~/core/plans";
import type { SubscriptionRow } from "../db/schema";

/**
 * The state of one provider subscription, as every source describes it: a Stripe webhook (through the
 * pure mapping in stripe-mapping.ts), the demo provider's pay page, a trial upgrade, or an admin grant.
 * `applySubscriptionSnapshot` is the one place that turns it into a row.
 */
export interface SubscriptionSnapshot {
  userId: string;
  planId: PlanId;
  status: SubscriptionStatus;
  provider: "stripe" | "demo" | "grant";
  providerSubscriptionId: string;
  providerCustomerId: string | null;
  trialStart: Date | null;
  trialEnd: Date | null;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  canceledAt: Date | null;
  endedAt: Date | null;
  /** When the provider produced this state (Stripe: the event's `created`). Older never overwrites newer. */
  observedAt: Date;
}

/** The stored state of a subscription with some fields changed, stamped with when that change happened. */
export function snapshotFromRow(
  row: SubscriptionRow,
  changes: Partial<Omit<SubscriptionSnapshot, "observedAt">>,
  observedAt: Date,
): SubscriptionSnapshot {
  return {
    userId: row.userId,
    planId: row.planId,
    status: row.status,
    provider: row.provider,
    providerSubscriptionId: row.providerSubscriptionId,
    providerCustomerId: row.providerCustomerId,
    trialStart: row.trialStart,
    trialEnd: row.trialEnd,
    currentPeriodStart: row.currentPeriodStart,
    currentPeriodEnd: row.currentPeriodEnd,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    canceledAt: row.canceledAt,
    endedAt: row.endedAt,
    ...changes,
    observedAt,
  };
}
