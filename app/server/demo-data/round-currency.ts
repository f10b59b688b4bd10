/**
 * docs/product.md#data: the currency a demo company's last round was raised in, as Crunchbase records it
 * ("Last Funding Amount" in that currency, "Last Funding Amount (in USD)" converted). Decided by the
 * headquarters country alone, so the generator's random stream (and every other demo value) stays as it was:
 * the euro area's companies raise in euros, the United Kingdom's in pounds, everyone else in US dollars.
 */

/** Fixed demo rates, US dollars per unit: close to the rates of 2024-2026, not a live feed. */
export const DEMO_USD_PER_UNIT = { EUR: 1.08, GBP: 1.27 } as const;

const EURO_AREA = new Set([
  "Austria",
  "Belgium",
  "Croatia",
  "Cyprus",
  "Estonia",
  "Finland",
  "France",
  "Germany",
  "Greece",
  "Ireland",
  "Italy",
  "Latvia",
  "Lithuania",
  "Luxembourg",
  "Malta",
  "Netherlands",
  "Portugal",
  "Slovakia",
  "Slovenia",
  "Spain",
]);

export type DemoCurrency = "USD" | keyof typeof DEMO_USD_PER_UNIT;

export function demoRoundCurrency(country: string): DemoCurrency {
  if (EURO_AREA.has(country)) return "EUR";
  if (country === "United Kingdom") return "GBP";
  return "USD";
}

/**
 * The round in its own currency, from its US dollar figure: converted at the demo rate and rounded to three
 * significant figures, as announced rounds are (EUR 4.63M), so it reads as the original and the USD figure as
 * the conversion. Null stays null (an undisclosed round).
 */
export function demoRoundAmount(usd: number | null, currency: DemoCurrency): number | null {
  if (usd === null) return null;
  if (currency === "USD") return usd;
  const amount = usd / DEMO_USD_PER_UNIT[currency];
  const step = 10 ** Math.max(0, Math.floor(Math.log10(amount)) - 2);
  return Math.round(amount / step) * step;
}
