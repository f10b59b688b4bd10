import type { AlertFrequency } from "./saved-search";

/**
 * docs/product.md#alerts: when a saved search's digest is due. Digests go out at 07:00 UTC (before a European working
 * day, the night before on the American west coast): daily ones every day, weekly ones on Mondays.
 */
export const DIGEST_HOUR_UTC = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The first digest time strictly after `after` for the frequency; null when alerts are off. */
export function nextDigestAt(frequency: AlertFrequency, after: Date): Date | null {
  if (frequency === "off") return null;
  const candidate = new Date(
    Date.UTC(after.getUTCFullYear(), after.getUTCMonth(), after.getUTCDate(), DIGEST_HOUR_UTC),
  );
  if (candidate.getTime() <= after.getTime()) candidate.setTime(candidate.getTime() + DAY_MS);
  if (frequency === "weekly") {
    // getUTCDay: 0 is Sunday, 1 Monday.
    const daysToMonday = (8 - candidate.getUTCDay()) % 7;
    candidate.setTime(candidate.getTime() + daysToMonday * DAY_MS);
  }
  return candidate;
}

/** How a frequency reads in a digest: "today's" or "this week's". */
export function digestPeriodWord(frequency: AlertFrequency): string {
  return frequency === "weekly" ? "this week" : "since yesterday";
}
