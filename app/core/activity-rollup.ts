import type { DayWindow } from "./admin-metrics";

/**
 * docs/product.md#admin: which days of an activity window come from the daily roll-ups and which are read live from
 * user_activity (server/admin/activity-rollup.server.ts does the SQL). Days are UTC calendar days.
 */

const DAY_MS = 86_400_000;

/**
 * How long after midnight a day still counts as open. user_activity rows take created_at from the
 * database's clock at the start of their insert's transaction, and the report decides on the app's clock:
 * an insert begun at 23:59:59.9 may commit after midnight, and the two clocks may differ by a little. A
 * day rolled up before such a row commits would miss it for good, so a day is rolled up only once it has
 * been over for this long; until then (just after midnight) yesterday is read live along with today.
 */
export const ROLLUP_GRACE_MS = 15 * 60_000;

/** At most this many days are rolled up in one transaction (the first report after a deploy rolls up 89). */
export const ROLLUP_BATCH_DAYS = 31;

export interface WindowSplit {
  /** The window's days read from the roll-ups, oldest first: over for ROLLUP_GRACE_MS at `now`. */
  rolledDays: string[];
  /** Midnight UTC of the first day read live from user_activity (to the window's end); today at the latest. */
  liveFrom: Date;
}

/** Splits `window` at `now`: the completed days first (rolled up), then the open ones (today, live). */
export function splitWindow(window: DayWindow, now: Date, graceMs = ROLLUP_GRACE_MS): WindowSplit {
  const rolledDays: string[] = [];
  for (const [i, day] of window.days.entries()) {
    const dayEnd = window.from.getTime() + (i + 1) * DAY_MS;
    if (dayEnd + graceMs > now.getTime()) break;
    rolledDays.push(day);
  }
  return { rolledDays, liveFrom: new Date(window.from.getTime() + rolledDays.length * DAY_MS) };
}

/** Midnight UTC starting `day` (YYYY-MM-DD). */
export function dayStart(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

export interface DayRun {
  /** First and last day of the run (YYYY-MM-DD). */
  first: string;
  last: string;
  /** Midnight starting `first`, and midnight after `last` (exclusive): the run's created_at range. */
  from: Date;
  to: Date;
  days: string[];
}

/**
 * `days` (YYYY-MM-DD, any order, repeats ignored) as runs of consecutive days, oldest first, each at most
 * `maxDays` long: each run is one range of user_activity's (created_at) index to aggregate.
 */
export function consecutiveRuns(days: readonly string[], maxDays = ROLLUP_BATCH_DAYS): DayRun[] {
  const sorted = [...new Set(days)].sort();
  const runs: DayRun[] = [];
  let current: string[] = [];
  const close = () => {
    const first = current[0];
    const last = current.at(-1);
    if (first === undefined || last === undefined) return;
    runs.push({
      first,
      last,
      from: dayStart(first),
      to: new Date(dayStart(last).getTime() + DAY_MS),
      days: current,
    });
    current = [];
  };
  for (const day of sorted) {
    const previous = current.at(-1);
    const follows =
      previous !== undefined && dayStart(day).getTime() - dayStart(previous).getTime() === DAY_MS;
    if (!follows || current.length >= maxDays) close();
    current.push(day);
  }
  close();
  return runs;
}
