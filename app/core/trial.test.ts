import { describe, expect, it } from "vitest";
import {
  trialBannerText,
  trialExcludes,
  trialIncludes,
  trialOfferText,
  trialSummary,
  upgradeChargeText,
  upgradeNowPriceText,
} from "./trial";

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

  it("say when the trial ends, what it includes, that export waits for the upgrade and what that charges", () => {
    expect(trialBannerText(trial)).toBe(
      "Your free trial of the Annual plan ends in 5 days (Nov 29, 2026). It includes search and filters, founder emails to see and copy, saved searches, daily or weekly email alerts and the REST API; CSV export opens once you pay. Upgrade Now charges $299 today for the Annual plan.",
    );
    expect(trialBannerText({ ...trial, daysLeft: 0 })).toContain("ends today");
  });

  it("say what Upgrade Now charges, and when the first charge comes without it", () => {
    expect(upgradeChargeText(trial)).toBe(
      "Upgrade Now ends your trial and charges $299 today for the Annual plan, then every year until you cancel. Without it, the first charge is on Nov 29, 2026.",
    );
  });
});

describe("what a trial includes, before anyone signs up (docs/product.md#capabilities)", () => {
  it("lists the capabilities a trial includes and the one it leaves out", () => {
    expect(trialIncludes()).toBe(
      "search and filters, founder emails to see and copy, saved searches, daily or weekly email alerts and the REST API",
    );
    expect(trialExcludes()).toBe("CSV export");
    expect(trialOfferText(7)).toBe(
      "The 7-day free trial includes search and filters, founder emails to see and copy, saved searches, daily or weekly email alerts and the REST API. CSV export opens once you pay: when the trial ends, or earlier with Upgrade Now.",
    );
  });

  it("says what Upgrade Now charges on one plan or on either", () => {
    expect(upgradeNowPriceText(["pro"])).toBe("Upgrade Now charges $299 for the Annual plan at once.");
    expect(upgradeNowPriceText(["monthly"])).toBe("Upgrade Now charges $79 for the Monthly plan at once.");
    expect(upgradeNowPriceText(["pro", "monthly"])).toBe(
      "Upgrade Now charges the plan's price at once: $299 for the Annual plan or $79 for the Monthly plan.",
    );
  });
});
