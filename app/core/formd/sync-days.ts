// Decision 031 (4): which days a sync fetches and how far its "completed" mark moves. Days are UTC calendar
// days (ISO); the last one is yesterday: today's index is still growing.

import { isCalendarDate } from "./daily-index";

/** Days fetched by a first run (no day completed yet), unless the command says otherwise. */
export const DEFAULT_FIRST_RUN_DAYS = 7;
/**
 * A weekday whose index is missing this many days later was a holiday (or EDGAR was closed): done. Sooner,
 * the index may just not be published yet (EDGAR writes it in the evening, US Eastern), so the day is
 * fetched again next run.
 */
export const MISSING_INDEX_FINAL_AFTER_DAYS = 3;

export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/**
 * The days to fetch, oldest first: from the day after the last completed one (first run: `firstRunDays`
 * days before today) to yesterday. Empty when up to date.
 */
export function daysToSync(options: {
  lastCompleted: string | null;
  today: string;
  firstRunDays: number;
}): string[] {
  const { lastCompleted, today, firstRunDays } = options;
  if (!isCalendarDate(today)) throw new Error(`"${today}" is not an ISO date`);
  if (lastCompleted !== null && !isCalendarDate(lastCompleted))
    throw new Error(`"${lastCompleted}" is not an ISO date`);
  if (!Number.isInteger(firstRunDays) || firstRunDays < 1)
    throw new Error(`the number of days must be a whole number of at least 1, not ${firstRunDays}`);
  const first = lastCompleted === null ? addDays(today, -firstRunDays) : addDays(lastCompleted, 1);
  const days: string[] = [];
  for (let day = first; day < today; day = addDays(day, 1)) days.push(day);
  return days;
}

/** Whether a day whose index EDGAR does not have (404) counts as done: a weekend, or a weekday long enough ago. */
export function missingIndexIsFinal(day: string, today: string): boolean {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  if (weekday === 0 || weekday === 6) return true;
  return addDays(day, MISSING_INDEX_FINAL_AFTER_DAYS) <= today;
}

/**
 * The new "completed" mark: the last day of the unbroken run of done days that follows the old mark (days
 * at or before it change nothing; a gap after it holds it). A day not done (its index not yet published)
 * holds the mark before it, so it and the days after are fetched again next run (their downloads are kept:
 * only what is missing is fetched).
 */
export function completedThrough(
  lastCompleted: string | null,
  days: ReadonlyArray<{ day: string; done: boolean }>,
): string | null {
  let mark = lastCompleted;
  for (const { day, done } of [...days].sort((a, b) => a.day.localeCompare(b.day))) {
    if (mark !== null && day <= mark) continue;
    if (mark !== null && day !== addDays(mark, 1)) break;
    if (!done) break;
    mark = day;
  }
  return mark;
}
