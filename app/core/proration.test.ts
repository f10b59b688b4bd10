import { describe, expect, it } from "vitest";
import {
  invoiceTotals,
  type SwitchProrationInput,
  switchInvoiceLines,
  unusedShare,
  unusedTimeCreditCents,
} from "./proration";

const MONTH_START = new Date("2026-11-01T00:00:00Z");
const MONTH_END = new Date("2026-12-01T00:00:00Z"); // 30 days
const YEAR_START = new Date("2026-01-01T00:00:00Z");
const YEAR_END = new Date("2027-01-01T00:00:00Z"); // 365 days

const monthlyToAnnual = (at: Date): SwitchProrationInput => ({
  fromPlanName: "Monthly",
  fromPriceCents: 7900,
  toPlanName: "Annual",
  toPriceCents: 29900,
  periodStart: MONTH_START,
  periodEnd: MONTH_END,
  at,
});

describe("decision 025: a switch is prorated as Stripe prorates a change of billing interval", () => {
  it("counts the unused share of the period to the second", () => {
    expect(unusedShare(MONTH_START, MONTH_END, new Date("2026-11-16T00:00:00Z"))).toBe(0.5);
    // One second in: all but one second of 2,592,000 is unused.
    expect(unusedShare(MONTH_START, MONTH_END, new Date("2026-11-01T00:00:01Z"))).toBe(2_591_999 / 2_592_000);
    // Milliseconds do not count (Stripe's times are whole seconds).
    expect(unusedShare(MONTH_START, MONTH_END, new Date("2026-11-01T00:00:00.900Z"))).toBe(1);
  });

  it("clamps the share to the period: nothing after its end, everything before its start", () => {
    expect(unusedShare(MONTH_START, MONTH_END, new Date("2026-12-05T00:00:00Z"))).toBe(0);
    expect(unusedShare(MONTH_START, MONTH_END, new Date("2026-10-01T00:00:00Z"))).toBe(1);
    expect(unusedShare(MONTH_END, MONTH_START, MONTH_START)).toBe(0);
  });

  it("monthly to annual half-way: $39.50 credit against the full $299, $259.50 due", () => {
    const input = monthlyToAnnual(new Date("2026-11-16T00:00:00Z"));
    expect(unusedTimeCreditCents(input)).toBe(3950);
    const lines = switchInvoiceLines(input);
    expect(lines).toEqual([
      { description: "Unused time on the Monthly plan", amountCents: -3950 },
      { description: "Annual plan, a new period from the switch", amountCents: 29900 },
    ]);
    expect(invoiceTotals(lines, 0)).toEqual({
      subtotalCents: 25950,
      creditAppliedCents: 0,
      amountDueCents: 25950,
      endingCreditCents: 0,
    });
  });

  it("rounds the credit to the nearest cent, as Stripe rounds a proration line", () => {
    // 10 of 30 days used: 7900 * 2/3 = 5266.67 cents.
    expect(unusedTimeCreditCents(monthlyToAnnual(new Date("2026-11-11T00:00:00Z")))).toBe(5267);
    // 20 of 30 days used: 7900 / 3 = 2633.33 cents.
    expect(unusedTimeCreditCents(monthlyToAnnual(new Date("2026-11-21T00:00:00Z")))).toBe(2633);
  });

  it("annual to monthly early on: the credit is larger than $79, so nothing is due and the rest stays as credit", () => {
    const lines = switchInvoiceLines({
      fromPlanName: "Annual",
      fromPriceCents: 29900,
      toPlanName: "Monthly",
      toPriceCents: 7900,
      periodStart: YEAR_START,
      periodEnd: YEAR_END,
      // 73 of 365 days used: 4/5 unused, a credit of $239.20.
      at: new Date("2026-03-15T00:00:00Z"),
    });
    expect(lines[0]).toEqual({ description: "Unused time on the Annual plan", amountCents: -23920 });
    expect(invoiceTotals(lines, 0)).toEqual({
      subtotalCents: -16020,
      creditAppliedCents: 0,
      amountDueCents: 0,
      endingCreditCents: 16020,
    });
  });

  it("a switch at the very end of a period has no credit line, only the new plan", () => {
    expect(switchInvoiceLines(monthlyToAnnual(MONTH_END))).toEqual([
      { description: "Annual plan, a new period from the switch", amountCents: 29900 },
    ]);
  });
});

describe("decision 025: the credit balance pays the next invoices", () => {
  const renewal = [{ description: "Monthly plan, one month", amountCents: 7900 }];

  it("a balance larger than the invoice pays all of it and keeps the rest", () => {
    expect(invoiceTotals(renewal, 16020)).toEqual({
      subtotalCents: 7900,
      creditAppliedCents: 7900,
      amountDueCents: 0,
      endingCreditCents: 8120,
    });
  });

  it("a smaller balance pays part, the card the rest", () => {
    expect(invoiceTotals(renewal, 8120 - 7900)).toEqual({
      subtotalCents: 7900,
      creditAppliedCents: 220,
      amountDueCents: 7680,
      endingCreditCents: 0,
    });
  });

  it("a negative balance is never charged as if it were credit", () => {
    expect(invoiceTotals(renewal, -500).amountDueCents).toBe(7900);
  });

  it("a $0 invoice (a trial's start) charges nothing and leaves the balance", () => {
    expect(invoiceTotals([{ description: "trial", amountCents: 0 }], 300)).toEqual({
      subtotalCents: 0,
      creditAppliedCents: 0,
      amountDueCents: 0,
      endingCreditCents: 300,
    });
  });
});
