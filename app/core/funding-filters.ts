/**
 * docs/product.md#filters, funding-amount options, plus "$200M - $250M" (docs/product.md#filters: the original
 * options left that range uncovered) and "$250K - $1M" (the rounds below $1M that docs/product.md#home promises).
 * Bounds are in USD; "$250M+" is a minimum only. A range includes its minimum and excludes its maximum, so a
 * round sits in at most one option. Every option is a range of Last Funding Amount (in USD), so each one
 * takes the same indexed path (decision 011).
 */
export const AMOUNT_OPTIONS = [
  { value: "250k-1m", label: "$250K - $1M", min: 250_000, max: 1_000_000 },
  { value: "1m-5m", label: "$1M - $5M", min: 1_000_000, max: 5_000_000 },
  { value: "5m-10m", label: "$5M - $10M", min: 5_000_000, max: 10_000_000 },
  { value: "10m-20m", label: "$10M - $20M", min: 10_000_000, max: 20_000_000 },
  { value: "20m-50m", label: "$20M - $50M", min: 20_000_000, max: 50_000_000 },
  { value: "50m-100m", label: "$50M - $100M", min: 50_000_000, max: 100_000_000 },
  { value: "100m-200m", label: "$100M - $200M", min: 100_000_000, max: 200_000_000 },
  { value: "200m-250m", label: "$200M - $250M", min: 200_000_000, max: 250_000_000 },
  { value: "250m-plus", label: "$250M+", min: 250_000_000, max: null },
] as const;

export type AmountOption = (typeof AMOUNT_OPTIONS)[number];
export type AmountValue = AmountOption["value"];

/** docs/product.md#filters, funding-date options: Last Funding Date on or after the cutoff. */
export const DATE_OPTIONS = [
  { value: "30d", label: "Last 30 days", days: 30 },
  { value: "60d", label: "Last 60 days", days: 60 },
  { value: "90d", label: "Last 90 days", days: 90 },
  { value: "180d", label: "Last 180 days", days: 180 },
  { value: "1y", label: "Last year", days: 365 },
] as const;

export type DateOption = (typeof DATE_OPTIONS)[number];
export type DateValue = DateOption["value"];

/** docs/product.md#filters: choosing 'any' resets the funding-amount and funding-date filters. */
export const ANY = "any";
export const ANY_AMOUNT_LABEL = "Any amount";
export const ANY_DATE_LABEL = "Any time";

/** An amount option by its URL value, in any case (docs/product.md#search: `amount=1M-5M` is `1m-5m`). */
export function amountOption(value: string): AmountOption | undefined {
  const key = value.toLowerCase();
  return AMOUNT_OPTIONS.find((option) => option.value === key);
}

/** A date option by its URL value, in any case (`date=1Y` is `1y`). */
export function dateOption(value: string): DateOption | undefined {
  const key = value.toLowerCase();
  return DATE_OPTIONS.find((option) => option.value === key);
}

/** The first day (UTC, YYYY-MM-DD) inside a "last N days" window ending today. */
export function dateCutoff(option: DateOption, today: Date): string {
  const cutoff = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()));
  cutoff.setUTCDate(cutoff.getUTCDate() - option.days);
  return cutoff.toISOString().slice(0, 10);
}

/**
 * docs/product.md#filters, number of rounds: the company's funding rounds (the rounds we hold, or the count a
 * source states when larger: decision 030). A range includes both ends; "6+" is a minimum only.
 */
export const ROUNDS_OPTIONS = [
  { value: "1", label: "1 round", min: 1, max: 1 },
  { value: "2", label: "2 rounds", min: 2, max: 2 },
  { value: "3", label: "3 rounds", min: 3, max: 3 },
  { value: "4-5", label: "4 - 5 rounds", min: 4, max: 5 },
  { value: "6-plus", label: "6+ rounds", min: 6, max: null },
] as const;

export type RoundsOption = (typeof ROUNDS_OPTIONS)[number];
export type RoundsValue = RoundsOption["value"];
export const ANY_ROUNDS_LABEL = "Any number";

/** A rounds option by its URL value, in any case; "6+" reads as "6-plus". */
export function roundsOption(value: string): RoundsOption | undefined {
  const key = value.toLowerCase().replace(/\+$/, "-plus");
  return ROUNDS_OPTIONS.find((option) => option.value === key);
}
