import { describe, expect, it } from "vitest";
import { formatUsd, type SubscriptionState, subscriptionChanges } from "./subscription-changes";

const END = new Date("2026-12-01T00:00:00Z");
const ACTIVE: SubscriptionState = {
  planId: "monthly",
  status: "active",
  cancelAtPeriodEnd: false,
  currentPeriodEnd: END,
};

describe("docs/product.md#plan-changes: the changes a write announces", () => {
  it("a new subscription, a renewal and an unchanged write announce nothing", () => {
    expect(subscriptionChanges(null, ACTIVE)).toEqual([]);
    expect(
      subscriptionChanges(ACTIVE, { ...ACTIVE, currentPeriodEnd: new Date("2027-01-01T00:00:00Z") }),
    ).toEqual([]);
    expect(subscriptionChanges(ACTIVE, ACTIVE)).toEqual([]);
  });

  it("a scheduled cancellation, with the date access ends", () => {
    expect(subscriptionChanges(ACTIVE, { ...ACTIVE, cancelAtPeriodEnd: true })).toEqual([
      { kind: "cancel_scheduled", planId: "monthly", endsAt: END },
    ]);
  });

  it("a cancellation taken back while current is a resumption; a period that ended is not", () => {
    const canceled = { ...ACTIVE, cancelAtPeriodEnd: true };
    expect(subscriptionChanges(canceled, ACTIVE)).toEqual([
      { kind: "resumed", planId: "monthly", renewsAt: END },
    ]);
    expect(subscriptionChanges(canceled, { ...canceled, status: "canceled" })).toEqual([]);
  });

  it("a switch between monthly and annual; lifetime or LP plans are not switches", () => {
    expect(subscriptionChanges(ACTIVE, { ...ACTIVE, planId: "pro" })).toEqual([
      { kind: "plan_switched", from: "monthly", to: "pro", periodEnd: END, status: "active" },
    ]);
    expect(subscriptionChanges(ACTIVE, { ...ACTIVE, planId: "lifetime" })).toEqual([]);
  });

  it("a switch and a cancellation in one write are both announced", () => {
    expect(
      subscriptionChanges(ACTIVE, { ...ACTIVE, planId: "pro", cancelAtPeriodEnd: true }).map(
        (change) => change.kind,
      ),
    ).toEqual(["plan_switched", "cancel_scheduled"]);
  });

  it("formats cents as dollars", () => {
    expect(formatUsd(7900)).toBe("$79.00");
    expect(formatUsd(-3950)).toBe("-$39.50");
    expect(formatUsd(123456789)).toBe("$1,234,567.89");
    expect(formatUsd(5)).toBe("$0.05");
  });
});
