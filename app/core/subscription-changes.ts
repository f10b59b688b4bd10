import type { SubscriptionStatus } from "./access";
import type { PlanId } from "./plans";

/**
 * docs/product.md#plan-changes: the changes a customer makes to their own subscription, each emailed to them and
 * recorded in the account's audit trail. Who notices a change is whoever writes it (the demo provider, a
 * Stripe API answer or a Stripe webhook, whichever comes first): the change is read off the stored state
 * before and after that write, so it is announced once.
 */

/** The plans a customer switches between (lifetime is granted, the LP plan is held beside them). */
export const SWITCHABLE_PLAN_IDS = ["monthly", "pro"] as const;
export type SwitchablePlanId = (typeof SWITCHABLE_PLAN_IDS)[number];

export function isSwitchablePlanId(value: unknown): value is SwitchablePlanId {
  return typeof value === "string" && (SWITCHABLE_PLAN_IDS as readonly string[]).includes(value);
}

/** The fields of a subscription a change is read from. */
export interface SubscriptionState {
  planId: PlanId;
  status: SubscriptionStatus;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: Date | null;
}

export type SubscriptionChange =
  | { kind: "cancel_scheduled"; planId: PlanId; endsAt: Date | null }
  | { kind: "resumed"; planId: PlanId; renewsAt: Date | null }
  | { kind: "plan_switched"; from: PlanId; to: PlanId; periodEnd: Date | null; status: SubscriptionStatus };

const CURRENT: readonly SubscriptionStatus[] = ["active", "trialing"];

/**
 * What a write changed that the customer is told of: a cancellation scheduled or taken back, a switch
 * between the monthly and the annual plan. A new subscription (no state before), a period that ended or
 * renewed, a trial upgraded are not among them (they have their own messages).
 */
export function subscriptionChanges(
  before: SubscriptionState | null,
  after: SubscriptionState,
): SubscriptionChange[] {
  if (!before || !CURRENT.includes(after.status)) return [];
  const changes: SubscriptionChange[] = [];
  if (
    before.planId !== after.planId &&
    isSwitchablePlanId(before.planId) &&
    isSwitchablePlanId(after.planId)
  ) {
    changes.push({
      kind: "plan_switched",
      from: before.planId,
      to: after.planId,
      periodEnd: after.currentPeriodEnd,
      status: after.status,
    });
  }
  if (!before.cancelAtPeriodEnd && after.cancelAtPeriodEnd) {
    changes.push({ kind: "cancel_scheduled", planId: after.planId, endsAt: after.currentPeriodEnd });
  } else if (before.cancelAtPeriodEnd && !after.cancelAtPeriodEnd && CURRENT.includes(before.status)) {
    changes.push({ kind: "resumed", planId: after.planId, renewsAt: after.currentPeriodEnd });
  }
  return changes;
}

/**
 * The demo provider's payment methods (docs/product.md#plan-changes): labelled as demo cards, nothing is stored
 * but which one was chosen, and nothing is ever charged. A new demo customer pays with the first.
 */
export const DEMO_CARDS = [
  { id: "visa", label: "Demo Visa ending 4242" },
  { id: "mastercard", label: "Demo Mastercard ending 4444" },
  { id: "amex", label: "Demo American Express ending 8431" },
] as const;
export type DemoCardId = (typeof DEMO_CARDS)[number]["id"];
export const DEFAULT_DEMO_CARD: DemoCardId = "visa";

export function isDemoCardId(value: unknown): value is DemoCardId {
  return typeof value === "string" && DEMO_CARDS.some((card) => card.id === value);
}

export function demoCardLabel(id: DemoCardId): string {
  return DEMO_CARDS.find((card) => card.id === id)?.label ?? DEMO_CARDS[0].label;
}

/** US cents as dollars with cents: 7900 -> "$79.00", -1234 -> "-$12.34". */
export function formatUsd(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const absolute = Math.abs(cents);
  const dollars = Math.floor(absolute / 100).toLocaleString("en-US");
  return `${sign}$${dollars}.${String(absolute % 100).padStart(2, "0")}`;
}
