import type { Plan } from "~/core/plans";

const DAY_MS = 24 * 60 * 60 * 1000;

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}

/** The end of one billing interval starting at `start` (calendar month or year, in UTC). */
export function addInterval(start: Date, interval: Plan["interval"]): Date | null {
  if (interval === null) return null;
  const end = new Date(start);
  if (interval === "month") end.setUTCMonth(end.getUTCMonth() + 1);
  else end.setUTCFullYear(end.getUTCFullYear() + 1);
  return end;
}
