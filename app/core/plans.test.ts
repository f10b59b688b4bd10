import { describe, expect, it } from "vitest";
import { isCheckoutPlanId, lpPlanFor, monthlyEquivalent, PLANS, planFeatureText } from "./plans";

describe("plans (docs/product.md#plans)", () => {
  it("prices the monthly plan at $79 and the annual plan at $299, each with a 7-day trial", () => {
    expect(PLANS.monthly).toMatchObject({ priceCents: 7900, interval: "month", trialDays: 7 });
    expect(PLANS.pro).toMatchObject({
      priceCents: 29900,
      interval: "year",
      trialDays: 7,
      badge: "Most Popular",
    });
  });

  it("shows the annual plan as $25/month with the saving text of docs/product.md#plans, word for word", () => {
    expect(monthlyEquivalent(PLANS.pro)).toBe("$25/month");
    expect(PLANS.pro.savings).toBe("Save $289 annually");
    expect(monthlyEquivalent(PLANS.monthly)).toBeNull();
  });

  it("sells only the monthly and annual plans at checkout", () => {
    expect(isCheckoutPlanId("monthly")).toBe(true);
    expect(isCheckoutPlanId("pro")).toBe(true);
    expect(isCheckoutPlanId("lifetime")).toBe(false);
    expect(isCheckoutPlanId("lps")).toBe(true);
    expect(lpPlanFor(990)).toMatchObject({ id: "lps", priceCents: 99_000, priceNote: "$990 billed yearly" });
    expect(isCheckoutPlanId(undefined)).toBe(false);
  });
});

describe("decision 032: the verified-emails claim states its share from the data", () => {
  it("adds the share of addresses checked valid in the last 90 days, and leaves the others as they are", () => {
    expect(planFeatureText("Verified contact emails", 0.624)).toBe(
      "Verified contact emails: 62% checked valid in the last 90 days",
    );
    expect(planFeatureText("Verified contact emails", null)).toBe("Verified contact emails");
    expect(planFeatureText("Priority support", 0.5)).toBe("Priority support");
  });
});
