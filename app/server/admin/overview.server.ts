import { sql } from "drizzle-orm";
import { conversionRate, dayWindow, monthlyRecurringRevenueCents } from "~/core/admin-metrics";
import { dateCutoff, dateOption } from "~/core/funding-filters";
import { PLAN_IDS, type PlanId } from "~/core/plans";
import { cachedPerKey } from "../cache.server";
import type { Db } from "../db/database.server";
import { queryRows } from "../db/query-rows.server";
import { notSuppressed } from "../suppression/suppression-filter.server";
import { dailyActivity } from "./activity-report.server";

/** The overview's windows: conversion, activity, rounds and companies added are over the last 30 days. */
export const OVERVIEW_DAYS = 30;

export interface PlanFigures {
  planId: PlanId;
  /** Active, not on trial, from Stripe or the demo provider: the subscriptions that pay. */
  paid: number;
  /** Active, granted by an admin (`npm run grant`, the console): access without revenue. */
  granted: number;
  /** On a trial that has not reached its end. */
  trialing: number;
}

export interface OverviewFigures {
  /** When these figures were counted (ISO): a cached overview is up to a minute old. */
  countedAt: string;
  accounts: number;
  trialsInProgress: number;
  plans: PlanFigures[];
  /** Monthly recurring revenue in cents (core/admin-metrics monthlyRecurringRevenueCents). */
  mrrCents: number;
  conversion: { ended: number; converted: number; rate: number | null };
  /** One row per UTC day of the last 30, oldest first: searches (a new query or new filters) and exports. */
  activity: Array<{ day: string; searches: number; exports: number }>;
  companies: { total: number; roundsLast30Days: number; addedLast30Days: number };
}

/**
 * Subscriptions per plan that give access now (core/access isCurrent: active or trialing), split into paid,
 * granted and on trial. A trial counts while its end is ahead: a demo trial past its end keeps the
 * 'trialing' status until its user is next seen (demo-provider settleDemoSubscriptions), and is by then
 * over, so it is in neither column (it counts among the ended trials of the conversion instead).
 */
async function planFigures(db: Db, now: Date): Promise<PlanFigures[]> {
  const rows = await queryRows<{ plan_id: PlanId; paid: number; granted: number; trialing: number }>(
    db,
    sql`select plan_id,
        count(*) filter (where status = 'active' and provider <> 'grant')::int as paid,
        count(*) filter (where status = 'active' and provider = 'grant')::int as granted,
        count(*) filter (
          where status = 'trialing' and (trial_end is null or trial_end > ${now.toISOString()}::timestamptz)
        )::int as trialing
      from subscriptions
      where status in ('active', 'trialing')
      group by plan_id`,
  );
  const byPlan = new Map(rows.map((row) => [row.plan_id, row] as const));
  return PLAN_IDS.map((planId) => {
    const row = byPlan.get(planId);
    return { planId, paid: row?.paid ?? 0, granted: row?.granted ?? 0, trialing: row?.trialing ?? 0 };
  });
}

/**
 * Trial -> paid conversion over the last 30 days.
 *
 * - A trial is a subscription with a trial start and end. It ended at its trial end, or earlier when the
 *   subscription itself ended first (canceled outright during the trial: ended_at before trial_end). An
 *   upgrade ends it early: the upgrade writes the trial end as that moment (Stripe trial_end=now, demo).
 * - The cohort: trials that ended in the last 30 days, i.e. after now - 30 x 24 h and at or before now.
 * - Converted: the subscription went on as a paid one after its trial: it is active now, or it was
 *   canceled later, having ended after its trial end (a cancel during the trial ends it at the trial end
 *   at the latest). past_due, unpaid, paused and incomplete are not paid (no payment went through), nor is
 *   a trial still marked trialing past its end (a Stripe event not received yet, or a demo trial not
 *   settled yet): the rate says what the database knows has been paid.
 */
async function trialConversion(db: Db, now: Date): Promise<OverviewFigures["conversion"]> {
  const since = new Date(now.getTime() - OVERVIEW_DAYS * 86_400_000);
  const [row] = await queryRows<{ ended: number; converted: number }>(
    db,
    sql`with trials as (
        select status, trial_end, ended_at, least(trial_end, coalesce(ended_at, trial_end)) as trial_ended_at
        from subscriptions
        where trial_start is not null and trial_end is not null
      )
      select count(*)::int as ended,
        count(*) filter (where status = 'active' or (status = 'canceled' and ended_at > trial_end))::int
          as converted
      from trials
      where trial_ended_at > ${since.toISOString()}::timestamptz
        and trial_ended_at <= ${now.toISOString()}::timestamptz`,
  );
  const ended = row?.ended ?? 0;
  const converted = row?.converted ?? 0;
  return { ended, converted, rate: conversionRate(converted, ended) };
}

/**
 * Companies a search can show (a do-not-sell request hides the rest everywhere, stats.server.ts), those of
 * them whose last round is in the last 30 days (from the same first day as the search's "Last 30 days"
 * filter), and those added to the database in the last 30 x 24 h.
 */
async function companyFigures(db: Db, now: Date): Promise<OverviewFigures["companies"]> {
  const option = dateOption("30d");
  if (!option) throw new Error("the search has no 'Last 30 days' option");
  const since = new Date(now.getTime() - OVERVIEW_DAYS * 86_400_000);
  const [row] = await queryRows<{ total: number; rounds: number; added: number }>(
    db,
    sql`select count(*)::int as total,
        count(*) filter (where last_funding_date >= ${dateCutoff(option, now)}::date)::int as rounds,
        count(*) filter (where created_at >= ${since.toISOString()}::timestamptz)::int as added
      from companies
      where ${notSuppressed()}`,
  );
  return {
    total: row?.total ?? 0,
    roundsLast30Days: row?.rounds ?? 0,
    addedLast30Days: row?.added ?? 0,
  };
}

/** docs/product.md#admin, overview: every figure from its own query, run side by side. */
export async function getOverviewFigures(db: Db, now = new Date()): Promise<OverviewFigures> {
  const [[accounts], plans, conversion, activity, companies] = await Promise.all([
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from users`),
    planFigures(db, now),
    trialConversion(db, now),
    dailyActivity(db, dayWindow(now, OVERVIEW_DAYS), now),
    companyFigures(db, now),
  ]);
  const paying = Object.fromEntries(plans.map((plan) => [plan.planId, plan.paid]));
  return {
    countedAt: now.toISOString(),
    accounts: accounts?.n ?? 0,
    trialsInProgress: plans.reduce((sum, plan) => sum + plan.trialing, 0),
    plans,
    mrrCents: monthlyRecurringRevenueCents(paying),
    conversion,
    activity: activity.map(({ day, searches, exports }) => ({ day, searches, exports })),
    companies,
  };
}

/**
 * The overview as the page shows it: kept for the rest of the current minute per database, so reloads cost
 * nothing; a new minute counts everything again.
 */
const overviewCache = cachedPerKey<Db, OverviewFigures>(60_000, (db) => getOverviewFigures(db));

export function cachedOverviewFigures(db: Db, now = new Date()): Promise<OverviewFigures> {
  return overviewCache.get(db, String(Math.floor(now.getTime() / 60_000)), now.getTime());
}

/** Drops the cached overview (the benchmark's cold runs; tests). */
export function invalidateOverviewFigures(): void {
  overviewCache.invalidate();
}
