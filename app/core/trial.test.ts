import { describe, expect, it } from "vitest";
import { trialBannerText, trialSummary, upgradeChargeText } from "./trial";

const now = new Date("2026-11-24T12:00:00Z");

describe("trialSummary", () => {
  it("summarises a trialing subscription: plan, price, end and whole days left", () => {
    expect(
      trialSummary({ planId: "pro", status: "trialing", trialEnd: "2026-11-29T12:00:00Z" }, now),
    ).toEqual({
      planName: "Annual",
      amount: "$299",
      interval: "year",
      endsAt: "2026-11-29T12:00:00.000Z",
      daysLeft: 5,
    });
    expect(
      trialSummary({ planId: "monthly", status: "trialing", trialEnd: "2026-11-24T18:00:00Z" }, now)
        ?.daysLeft,
    ).toBe(1);
    expect(
      trialSummary({ planId: "monthly", status: "trialing", trialEnd: "2026-11-24T06:00:00Z" }, now)
        ?.daysLeft,
    ).toBe(0);
  });

  it("is null for anything that is not a priced trial with an end", () => {
    expect(trialSummary(null, now)).toBeNull();
    expect(
      trialSummary({ planId: "pro", status: "active", trialEnd: "2026-11-29T12:00:00Z" }, now),
    ).toBeNull();
    expect(trialSummary({ planId: "pro", status: "trialing", trialEnd: null }, now)).toBeNull();
    expect(
      trialSummary({ planId: "lifetime", status: "trialing", trialEnd: "2026-11-29T12:00:00Z" }, now),
    ).toBeNull();
  });
});

describe("trial texts", () => {
  const trial = {
    planName: "Annual",
    amount: "$299",
    interval: "year",
    endsAt: "2026-11-29T12:00:00.000Z",
    daysLeft: 5,
  };

  it("say when the trial ends and that export waits for the upgrade", () => {
    expect(trialBannerText(trial)).toBe(
      "Your free trial of the Annual plan ends in 5 days (Nov 29, 2026). CSV export unlocks when you upgrade.",
    );
    expect(trialBannerText({ ...trial, daysLeft: 0 })).toContain("ends today");
  });

  it("say what Upgrade Now charges, and when the first charge comes without it", () => {
    expect(upgradeChargeText(trial)).toBe(
      "Upgrade Now ends your trial and charges $299 today for the Annual plan, then every year until you cancel. Without it, the first charge is on Nov 29, 2026.",
    );
  });
});
