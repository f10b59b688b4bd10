import { CONTINENTS, COUNTRIES_BY_CONTINENT, type ContinentOrOther } from "./continents";
import { amountOption, dateOption } from "./funding-filters";
import { PLAN_IDS, PLANS, type PlanId } from "./plans";

/**
 * docs/product.md#admin: the arithmetic behind the admin console's figures (overview, data health, activity): windows of
 * calendar days, monthly recurring revenue, trial conversion, shares, funding freshness and chart scaling.
 * The database counts; these functions turn counts into the figures shown. Days are UTC calendar days.
 */

const DAY_MS = 86_400_000;

/** Midnight UTC of `date`'s calendar day. */
function startOfUtcDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/**
 * A window of `days` UTC calendar days ending with today's: `from` is midnight of its first day, `to`
 * midnight after today (exclusive), `days` its dates oldest first. "The last 30 days" on the 21st of a month
 * is the 22nd of the month before to the 21st, today included.
 */
export interface DayWindow {
  from: Date;
  to: Date;
  days: string[];
}

export function dayWindow(now: Date, days: number): DayWindow {
  const today = startOfUtcDay(now);
  const from = new Date(today.getTime() - (days - 1) * DAY_MS);
  const list: string[] = [];
  for (let i = 0; i < days; i += 1) list.push(isoDay(new Date(from.getTime() + i * DAY_MS)));
  return { from, to: new Date(today.getTime() + DAY_MS), days: list };
}

/** The report windows of the activity page (URL `days=`), in days; 30 unless the URL names another. */
export const ACTIVITY_WINDOW_DAYS = [7, 30, 90] as const;
export type ActivityWindowDays = (typeof ACTIVITY_WINDOW_DAYS)[number];
export const DEFAULT_ACTIVITY_WINDOW_DAYS: ActivityWindowDays = 30;

/** `days=` of the activity page: one of ACTIVITY_WINDOW_DAYS, else the default (a bad value is ignored). */
export function activityWindowDays(value: string | null): ActivityWindowDays {
  const found = ACTIVITY_WINDOW_DAYS.find((days) => String(days) === value);
  return found ?? DEFAULT_ACTIVITY_WINDOW_DAYS;
}

/**
 * One row per day of `days` (oldest first) with the keys `keys`, taking each day's values from `rows` (as the
 * database groups them, days without activity missing) and 0 where a day has no row.
 */
export function fillDays<K extends string>(
  days: readonly string[],
  rows: ReadonlyArray<{ day: string } & Record<K, number>>,
  keys: readonly K[],
): Array<{ day: string } & Record<K, number>> {
  const byDay = new Map(rows.map((row) => [row.day, row] as const));
  return days.map((day) => {
    const row = byDay.get(day);
    const filled = { day } as { day: string } & Record<K, number>;
    for (const key of keys) (filled as Record<K, number>)[key] = row ? Number(row[key]) : 0;
    return filled;
  });
}

/**
 * A plan's price per month in cents: the monthly price, a yearly price over 12 months, 0 for a plan without
 * a catalogue price (lifetime and LP access are granted, never billed through the catalogue).
 */
export function monthlyPriceCents(planId: PlanId): number {
  const plan = PLANS[planId];
  if (plan.priceCents === null || plan.interval === null) return 0;
  return plan.interval === "year" ? plan.priceCents / 12 : plan.priceCents;
}

/**
 * Monthly recurring revenue in whole cents from the number of paying subscriptions per plan: each paying
 * monthly subscription brings $79 a month, each annual one $299 / 12. Callers count only paid
 * subscriptions (active, past their trial, from Stripe or the demo provider): a grant is not revenue.
 */
export function monthlyRecurringRevenueCents(paying: Partial<Record<PlanId, number>>): number {
  let cents = 0;
  for (const planId of PLAN_IDS) cents += (paying[planId] ?? 0) * monthlyPriceCents(planId);
  return Math.round(cents);
}

/** Whole dollars (rounded) of an amount in cents, for `formatCount` to group: 123_456 -> 1_235. */
export function dollarsOf(cents: number): number {
  return Math.round(cents / 100);
}

/** `part` out of `total` as a fraction (0.25), or null when there is nothing to divide by. */
export function shareOf(part: number, total: number): number | null {
  if (total <= 0) return null;
  return part / total;
}

/**
 * Trial -> paid conversion: of the trials that ended in a window, the fraction that became paid
 * (overview.server.ts says which trials count as ended and as paid). Null when no trial ended: 0% would
 * claim every trial failed.
 */
export function conversionRate(converted: number, ended: number): number | null {
  return shareOf(converted, ended);
}

const percent = new Intl.NumberFormat("en-US", { style: "percent", maximumFractionDigits: 1 });

/** 0.425 -> "42.5%", 1/3 -> "33.3%", null -> "n/a". */
export function formatShare(share: number | null): string {
  return share === null ? "n/a" : percent.format(share);
}

/**
 * Freshness of a company's last round, by its age in days on the day of the report: at most 30 days old,
 * 31 to 90, 91 to 365, older, or no funding date. A round dated in the future counts as fresh. "At most 30
 * days" starts on the same day as the search's "Last 30 days" filter (funding-filters dateCutoff).
 */
export const FRESHNESS_BUCKETS = [
  { key: "within30", label: "30 days or less", maxDays: 30 },
  { key: "within90", label: "31 to 90 days", maxDays: 90 },
  { key: "within365", label: "91 to 365 days", maxDays: 365 },
  { key: "older", label: "Over 365 days", maxDays: null },
  { key: "none", label: "No funding date", maxDays: null },
] as const;
export type FreshnessKey = (typeof FRESHNESS_BUCKETS)[number]["key"];

/** The day `days` days before `today` (UTC, YYYY-MM-DD). */
function dayBefore(today: Date, days: number): string {
  return isoDay(new Date(startOfUtcDay(today).getTime() - days * DAY_MS));
}

/**
 * The first funding date (YYYY-MM-DD) of each dated bucket on `today`: a round is in "30 days or less" when
 * its date is on or after `within30`, in "31 to 90 days" when on or after `within90` and before `within30`,
 * and so on; before `within365` it is older.
 */
export function freshnessCutoffs(today: Date): { within30: string; within90: string; within365: string } {
  return { within30: dayBefore(today, 30), within90: dayBefore(today, 90), within365: dayBefore(today, 365) };
}

/** The freshness bucket of one last funding date (YYYY-MM-DD or null) on `today`. */
export function freshnessOf(lastFundingDate: string | null, today: Date): FreshnessKey {
  if (!lastFundingDate) return "none";
  const cutoffs = freshnessCutoffs(today);
  // ISO dates compare as text.
  if (lastFundingDate >= cutoffs.within30) return "within30";
  if (lastFundingDate >= cutoffs.within90) return "within90";
  if (lastFundingDate >= cutoffs.within365) return "within365";
  return "older";
}

/** A series' total and its busiest day (the first of equals), for a chart's text alternative. */
export function seriesSummary(points: ReadonlyArray<{ day: string; value: number }>): {
  total: number;
  peak: { day: string; value: number } | null;
} {
  let total = 0;
  let peak: { day: string; value: number } | null = null;
  for (const point of points) {
    total += point.value;
    if (point.value > 0 && (!peak || point.value > peak.value)) peak = point;
  }
  return { total, peak };
}

/**
 * The top of a bar chart's scale: the smallest 1, 2 or 5 times a power of ten at or above the largest value
 * (at least 1), so the gridline reads as a round number.
 */
export function chartScaleMax(values: readonly number[]): number {
  const largest = Math.max(1, ...values);
  const power = 10 ** Math.floor(Math.log10(largest));
  for (const step of [1, 2, 5, 10]) if (step * power >= largest) return step * power;
  return 10 * power;
}

/** A bar's height in percent of the chart for `value` on a scale up to `max`: 0 to 100. */
export function barPercent(value: number, max: number): number {
  if (max <= 0 || value <= 0) return 0;
  return Math.min(100, (value / max) * 100);
}

/** Companies without a country: no continent filter of the search finds them, not even 'Other'. */
export const NO_COUNTRY = "No country";
export type ContinentRow = { continent: ContinentOrOther | typeof NO_COUNTRY; companies: number };

// By exact name, as the search's continent filter compares (search-filters.server.ts: `country = any(...)`,
// 'Other' being `country not in (every listed country)`); continentOf's case-insensitive lookup would put
// "germany" in Europe, where that filter does not find it.
const continentByExactCountry = new Map<string, ContinentOrOther>(
  CONTINENTS.flatMap((continent) =>
    COUNTRIES_BY_CONTINENT[continent].map((country) => [country, continent] as const),
  ),
);

/**
 * Companies per continent from companies per country, each continent counted as the search's continent
 * filter counts it: the continents in their fixed order, then 'Other' (a country no continent lists, an
 * empty one included), then the companies without a country.
 */
export function companiesPerContinent(
  rows: ReadonlyArray<{ country: string | null; companies: number }>,
): ContinentRow[] {
  const counts = new Map<ContinentRow["continent"], number>();
  for (const row of rows) {
    const continent =
      row.country === null ? NO_COUNTRY : (continentByExactCountry.get(row.country) ?? "Other");
    counts.set(continent, (counts.get(continent) ?? 0) + row.companies);
  }
  const order: ReadonlyArray<ContinentRow["continent"]> = [...CONTINENTS, "Other", NO_COUNTRY];
  return order.map((continent) => ({
    continent,
    companies: counts.get(continent) ?? 0,
  }));
}

const FILTER_NAMES: Readonly<Record<string, string>> = {
  industry: "Industry",
  stage: "Funding stage",
  location: "Location",
  amount: "Funding amount",
  date: "Funding date",
};

/** docs/product.md#admin: a user_activity action as the console names it ("API call" for `api`). */
export function activityLabel(type: string, database?: string): string {
  const base =
    type === "search"
      ? "Search"
      : type === "filter"
        ? "Filter"
        : type === "export"
          ? "Export"
          : type === "api"
            ? "API call"
            : type;
  return database === "lps" && type !== "api" ? `LP ${base.toLowerCase()}` : base;
}

/** A filter's name as the search page shows it ("industry" -> "Industry"); an unknown key as stored. */
export function filterName(key: string): string {
  return Object.hasOwn(FILTER_NAMES, key) ? (FILTER_NAMES[key] as string) : key;
}

const LOCATION_KINDS = [
  ["continent:", "continent"],
  ["country:", "country"],
  ["state:", "state"],
] as const;

/**
 * A stored filter value as a reader knows it: an amount or date option by its label ("5m-10m" -> "$5M -
 * $10M"), a location by its place and kind ("continent:Europe" -> "Europe (continent)"); anything else as
 * stored.
 */
export function filterValueLabel(key: string, value: string): string {
  if (key === "amount") return amountOption(value)?.label ?? value;
  if (key === "date") return dateOption(value)?.label ?? value;
  if (key === "location") {
    for (const [prefix, kind] of LOCATION_KINDS) {
      if (value.startsWith(prefix)) return `${value.slice(prefix.length)} (${kind})`;
    }
  }
  return value;
}
