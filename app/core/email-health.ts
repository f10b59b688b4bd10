// decision 032: the console's email data health: the status mix of the searchable companies' addresses,
// how long ago they were checked, bounce reports per week, and the domains with most bounced addresses.
import { EMAIL_STATUSES, type EmailStatus } from "./email-status";

const DAY_MS = 86_400_000;

/** How long ago an address was checked; "never": an address without a status. */
export const CHECK_AGE_BUCKETS = [
  { key: "within30", label: "30 days or less", maxDays: 30 },
  { key: "within90", label: "31 to 90 days", maxDays: 90 },
  { key: "within365", label: "91 to 365 days", maxDays: 365 },
  { key: "older", label: "Over 365 days", maxDays: null },
  { key: "never", label: "Not checked", maxDays: null },
] as const;
export type CheckAgeKey = (typeof CHECK_AGE_BUCKETS)[number]["key"];

/** The first instant of each dated bucket: checked at or after `within30` is "30 days or less", and so on. */
export function checkAgeCutoffs(now: Date): { within30: Date; within90: Date; within365: Date } {
  const before = (days: number) => new Date(now.getTime() - days * DAY_MS);
  return { within30: before(30), within90: before(90), within365: before(365) };
}

/** The weeks the bounce reports are counted by. */
export const BOUNCE_WEEKS = 12;

/** Monday 00:00 UTC of the week holding `date`, as YYYY-MM-DD. */
export function weekStartOf(date: Date): string {
  const day = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - sinceMonday * DAY_MS).toISOString().slice(0, 10);
}

/** The last `weeks` weeks' Mondays, oldest first, the current week last. */
export function lastWeekStarts(now: Date, weeks: number = BOUNCE_WEEKS): string[] {
  const current = new Date(`${weekStartOf(now)}T00:00:00Z`).getTime();
  return Array.from({ length: weeks }, (_, index) =>
    new Date(current - (weeks - 1 - index) * 7 * DAY_MS).toISOString().slice(0, 10),
  );
}

/** Counts per week (YYYY-MM-DD Mondays) laid over the weeks shown, a week without reports as 0. */
export function fillWeeks(
  weeks: readonly string[],
  rows: ReadonlyArray<{ week: string; reports: number; addresses: number }>,
): { week: string; reports: number; addresses: number }[] {
  const byWeek = new Map(rows.map((row) => [row.week, row]));
  return weeks.map((week) => ({
    week,
    reports: byWeek.get(week)?.reports ?? 0,
    addresses: byWeek.get(week)?.addresses ?? 0,
  }));
}

/** The status mix's rows in the vocabulary's order, then 'Not checked' (null). */
export function statusMixRows(
  counts: Partial<Record<EmailStatus, number>>,
  notChecked: number,
): { status: EmailStatus | null; count: number }[] {
  return [
    ...EMAIL_STATUSES.map((status) => ({ status, count: counts[status] ?? 0 })),
    { status: null, count: notChecked },
  ];
}
