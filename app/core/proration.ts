/**
 * Switching between the monthly and the annual plan, priced as Stripe prices it (decision 025,
 * docs/product.md#plan-changes). The two plans bill on different intervals, so a switch of a paid period
 * starts a new period at the moment of the switch and is invoiced at once: a credit for the unused time of
 * the old plan (its price times the unused share of the period, to the second, rounded to the cent) and
 * a charge for the new plan's full price. A credit larger than the charge is kept as a balance that the
 * next invoices use up, never refunded. During a trial nothing is charged: the trial goes on and turns
 * into the new plan.
 */

export interface InvoiceLine {
  description: string;
  /** US cents; negative for a credit. */
  amountCents: number;
}

export interface SwitchProrationInput {
  fromPlanName: string;
  fromPriceCents: number;
  toPlanName: string;
  toPriceCents: number;
  /** The paid period the switch happens in. */
  periodStart: Date;
  periodEnd: Date;
  /** The moment of the switch: the new period starts here. */
  at: Date;
}

/**
 * The unused share of a period at `at`, between 0 and 1 (to the second, as Stripe counts it): 0 once the
 * period is over, 1 before it began.
 */
export function unusedShare(periodStart: Date, periodEnd: Date, at: Date): number {
  const start = Math.floor(periodStart.getTime() / 1000);
  const end = Math.floor(periodEnd.getTime() / 1000);
  const now = Math.floor(at.getTime() / 1000);
  if (end <= start) return 0;
  return Math.min(1, Math.max(0, (end - now) / (end - start)));
}

/** The credit for the unused time of the old plan, in cents (rounded half up, as Stripe rounds a line). */
export function unusedTimeCreditCents(input: SwitchProrationInput): number {
  return Math.round(input.fromPriceCents * unusedShare(input.periodStart, input.periodEnd, input.at));
}

/** The invoice lines of a switch of a paid period: the credit (when there is one), then the new plan. */
export function switchInvoiceLines(input: SwitchProrationInput): InvoiceLine[] {
  const credit = unusedTimeCreditCents(input);
  const lines: InvoiceLine[] = [];
  if (credit > 0) {
    lines.push({ description: `Unused time on the ${input.fromPlanName} plan`, amountCents: -credit });
  }
  lines.push({
    description: `${input.toPlanName} plan, a new period from the switch`,
    amountCents: input.toPriceCents,
  });
  return lines;
}

export interface InvoiceTotals {
  /** The lines' sum (negative when the credit is larger than the charge). */
  subtotalCents: number;
  /** Credit balance from earlier invoices used by this one. */
  creditAppliedCents: number;
  /** What is charged to the payment method. */
  amountDueCents: number;
  /** Credit balance left for the next invoices. */
  endingCreditCents: number;
}

/**
 * An invoice's totals given the customer's credit balance before it (Stripe's customer balance): the
 * balance pays what it can, and a negative subtotal adds to it.
 */
export function invoiceTotals(lines: readonly InvoiceLine[], startingCreditCents: number): InvoiceTotals {
  const subtotalCents = lines.reduce((sum, line) => sum + line.amountCents, 0);
  const credit = Math.max(0, startingCreditCents);
  if (subtotalCents <= 0) {
    return {
      subtotalCents,
      creditAppliedCents: 0,
      amountDueCents: 0,
      endingCreditCents: credit - subtotalCents,
    };
  }
  const creditAppliedCents = Math.min(credit, subtotalCents);
  return {
    subtotalCents,
    creditAppliedCents,
    amountDueCents: subtotalCents - creditAppliedCents,
    endingCreditCents: credit - creditAppliedCents,
  };
}
