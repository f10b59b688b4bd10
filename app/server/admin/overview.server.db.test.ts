import { beforeEach, describe, expect, it } from "vitest";
import { EMPTY_SEARCH } from "~/core/search-params";
import { setUpTestDatabase } from "~tests/fixtures/database";
import { company, user } from "~tests/fixtures/factories";
import { countMatches } from "../companies/search.server";
import { searchConditions } from "../companies/search-filters.server";
import { companies, type SubscriptionRow, subscriptions, userActivity, users } from "../db/schema";
import { requestDoNotSell } from "../suppression/do-not-sell.server";
import { cachedOverviewFigures, getOverviewFigures, invalidateOverviewFigures } from "./overview.server";

const NOW = new Date("2026-11-21T12:00:00Z");
/** NOW less 30 x 24 h: the start (exclusive) of the conversion's window. */
const THIRTY_DAYS_AGO = new Date("2026-10-22T12:00:00Z");
const database = setUpTestDatabase();
beforeEach(() => {
  invalidateOverviewFigures();
});

type NewSubscription = Partial<typeof subscriptions.$inferInsert> &
  Pick<SubscriptionRow, "planId" | "status" | "provider">;

let sequence = 0;

/** A user of its own and one subscription of theirs. */
async function subscription(fields: NewSubscription): Promise<void> {
  sequence += 1;
  const owner = user({ name: `Owner ${sequence}` });
  await database.db.insert(users).values(owner);
  await database.db.insert(subscriptions).values({
    id: `sub_${sequence}`,
    userId: owner.id as string,
    providerSubscriptionId: `${fields.provider}_sub_${sequence}`,
    providerStateAt: NOW,
    ...fields,
  });
}

/** A trial of 7 days ending at `trialEnd`. */
function trial(trialEnd: string): Pick<NewSubscription, "trialStart" | "trialEnd"> {
  const end = new Date(trialEnd);
  return { trialStart: new Date(end.getTime() - 7 * 86_400_000), trialEnd: end };
}

describe("getOverviewFigures: accounts and subscriptions", () => {
  it("counts accounts, and per plan the paid, granted and trialing subscriptions giving access now", async () => {
    await subscription({ planId: "monthly", status: "active", provider: "stripe" });
    await subscription({ planId: "monthly", status: "active", provider: "demo" });
    await subscription({ planId: "monthly", status: "active", provider: "grant" });
    await subscription({
      planId: "pro",
      status: "active",
      provider: "stripe",
      ...trial("2026-11-01T00:00:00Z"),
    });
    await subscription({ planId: "pro", status: "active", provider: "demo" });
    await subscription({ planId: "lifetime", status: "active", provider: "grant" });
    await subscription({ planId: "lps", status: "active", provider: "grant" });
    // On trial until next week: a trial in progress, not revenue.
    await subscription({
      planId: "monthly",
      status: "trialing",
      provider: "stripe",
      ...trial("2026-11-25T00:00:00Z"),
    });
    // A demo trial whose end passed, not settled yet: no longer in progress.
    await subscription({
      planId: "pro",
      status: "trialing",
      provider: "demo",
      ...trial("2026-11-20T00:00:00Z"),
    });
    // No access now: counted nowhere.
    await subscription({ planId: "monthly", status: "canceled", provider: "stripe" });
    await subscription({ planId: "pro", status: "past_due", provider: "stripe" });
    await subscription({ planId: "monthly", status: "incomplete", provider: "stripe" });
    // An account without any subscription.
    await database.db.insert(users).values(user({ name: "Plain" }));

    const figures = await getOverviewFigures(database.db, NOW);

    expect(figures.accounts).toBe(13);
    expect(figures.trialsInProgress).toBe(1);
    expect(figures.plans).toEqual([
      { planId: "monthly", paid: 2, granted: 1, trialing: 1 },
      { planId: "pro", paid: 2, granted: 0, trialing: 0 },
      { planId: "lifetime", paid: 0, granted: 1, trialing: 0 },
      { planId: "lps", paid: 0, granted: 1, trialing: 0 },
    ]);
    // 2 x $79 + 2 x $299 / 12 = 15,800 + 4,983.33 cents; the granted monthly plan brings nothing.
    expect(figures.mrrCents).toBe(20_783);
  });

  it("is all zeros on an empty database", async () => {
    const figures = await getOverviewFigures(database.db, NOW);
    expect(figures.accounts).toBe(0);
    expect(figures.trialsInProgress).toBe(0);
    expect(figures.mrrCents).toBe(0);
    expect(figures.conversion).toEqual({ ended: 0, converted: 0, rate: null });
    expect(figures.companies).toEqual({ total: 0, roundsLast30Days: 0, addedLast30Days: 0 });
    expect(figures.activity).toHaveLength(30);
    expect(figures.activity.every((day) => day.searches === 0 && day.exports === 0)).toBe(true);
  });
});

describe("getOverviewFigures: trial -> paid conversion over the last 30 days", () => {
  it("divides the trials that became paid by the trials that ended in the window", async () => {
    // In the cohort, converted: paying now; paid and canceled later; ended a second inside the window.
    await subscription({
      planId: "monthly",
      status: "active",
      provider: "stripe",
      ...trial("2026-11-10T00:00:00Z"),
    });
    await subscription({
      planId: "pro",
      status: "canceled",
      provider: "stripe",
      ...trial("2026-11-01T00:00:00Z"),
      endedAt: new Date("2026-11-15T00:00:00Z"),
    });
    await subscription({
      planId: "pro",
      status: "active",
      provider: "demo",
      ...trial(new Date(THIRTY_DAYS_AGO.getTime() + 1000).toISOString()),
    });
    // In the cohort, not converted: canceled at the trial end; canceled outright mid-trial (its trial end
    // is still ahead, the trial ended when it did); payment failed; past its end, still marked trialing.
    await subscription({
      planId: "monthly",
      status: "canceled",
      provider: "stripe",
      ...trial("2026-11-05T00:00:00Z"),
      endedAt: new Date("2026-11-05T00:00:00Z"),
    });
    await subscription({
      planId: "monthly",
      status: "canceled",
      provider: "stripe",
      ...trial("2026-12-01T00:00:00Z"),
      endedAt: new Date("2026-11-20T00:00:00Z"),
    });
    await subscription({
      planId: "pro",
      status: "past_due",
      provider: "stripe",
      ...trial("2026-11-12T00:00:00Z"),
    });
    await subscription({
      planId: "pro",
      status: "trialing",
      provider: "demo",
      ...trial("2026-11-20T00:00:00Z"),
    });
    // Not in the cohort: a trial still running; one that ended exactly 30 days ago; one long ago; no trial.
    await subscription({
      planId: "pro",
      status: "trialing",
      provider: "stripe",
      ...trial("2026-11-25T00:00:00Z"),
    });
    await subscription({
      planId: "pro",
      status: "active",
      provider: "stripe",
      ...trial(THIRTY_DAYS_AGO.toISOString()),
    });
    await subscription({
      planId: "monthly",
      status: "active",
      provider: "stripe",
      ...trial("2026-09-01T00:00:00Z"),
    });
    await subscription({ planId: "monthly", status: "active", provider: "demo" });

    const { conversion } = await getOverviewFigures(database.db, NOW);

    expect(conversion.ended).toBe(7);
    expect(conversion.converted).toBe(3);
    expect(conversion.rate).toBeCloseTo(3 / 7);
  });

  it("counts a trial ended by an upgrade at the moment of the upgrade", async () => {
    // Upgraded today (the upgrade writes trial_end = now): ended and paid.
    await subscription({
      planId: "pro",
      status: "active",
      provider: "demo",
      trialStart: new Date("2026-11-19T00:00:00Z"),
      trialEnd: NOW,
    });
    const { conversion } = await getOverviewFigures(database.db, NOW);
    expect(conversion).toEqual({ ended: 1, converted: 1, rate: 1 });
  });
});

describe("getOverviewFigures: searches and exports per day", () => {
  it("counts searches (query or filter changes) and exports per UTC day of the last 30, today included", async () => {
    await database.db.insert(users).values(user());
    const row = (actionType: "search" | "filter" | "export", createdAt: string) => ({
      userId: "user_ada",
      actionType,
      actionDetails: { query: "ai", filters: {}, totalResults: 3 },
      createdAt: new Date(createdAt),
    });
    await database.db.insert(userActivity).values([
      row("search", "2026-11-21T00:00:00Z"),
      row("filter", "2026-11-21T11:59:00Z"),
      row("export", "2026-11-21T23:59:59Z"),
      row("search", "2026-10-23T00:00:00Z"),
      row("export", "2026-11-01T10:00:00Z"),
      row("export", "2026-11-01T22:00:00Z"),
      // Outside: the day before the first day, and tomorrow.
      row("search", "2026-10-22T23:59:59.999Z"),
      row("export", "2026-11-22T00:00:00Z"),
    ]);

    const { activity } = await getOverviewFigures(database.db, NOW);

    expect(activity).toHaveLength(30);
    expect(activity[0]).toEqual({ day: "2026-10-23", searches: 1, exports: 0 });
    expect(activity.at(-1)).toEqual({ day: "2026-11-21", searches: 2, exports: 1 });
    expect(activity.find((day) => day.day === "2026-11-01")).toEqual({
      day: "2026-11-01",
      searches: 0,
      exports: 2,
    });
    expect(activity.reduce((sum, day) => sum + day.searches, 0)).toBe(3);
    expect(activity.reduce((sum, day) => sum + day.exports, 0)).toBe(3);
  });
});

describe("getOverviewFigures: companies", () => {
  it("counts searchable companies, rounds of the last 30 days and companies added in them", async () => {
    const old = new Date("2025-01-01T00:00:00Z");
    await database.db.insert(companies).values([
      // The search's 'Last 30 days' starts on 2026-10-22 and has no end.
      company("On the first day", { lastFundingDate: "2026-10-22", createdAt: old }),
      company("A day too old", { lastFundingDate: "2026-10-21", createdAt: old }),
      company("Dated ahead", { lastFundingDate: "2026-11-30", createdAt: old }),
      company("Added this month", { lastFundingDate: null, createdAt: new Date("2026-11-01T00:00:00Z") }),
      company("Added just too early", {
        lastFundingDate: null,
        createdAt: new Date(THIRTY_DAYS_AGO.getTime() - 1000),
      }),
      company("Added now", { lastFundingDate: "2020-01-01", createdAt: NOW }),
      // Hidden by a do-not-sell request: counted nowhere.
      company("Hidden", {
        lastFundingDate: "2026-11-01",
        createdAt: new Date("2026-11-01T00:00:00Z"),
        email: "gone@hidden.example",
      }),
    ]);
    await requestDoNotSell(database.db, "gone@hidden.example");

    const figures = await getOverviewFigures(database.db, NOW);

    expect(figures.companies).toEqual({ total: 6, roundsLast30Days: 2, addedLast30Days: 2 });
    // The same number the search's 'Last 30 days' filter finds.
    const search = await countMatches(database.db, searchConditions({ ...EMPTY_SEARCH, date: "30d" }, NOW));
    expect(search.total).toBe(figures.companies.roundsLast30Days);
  });
});

describe("cachedOverviewFigures", () => {
  it("serves the figures counted in the current minute, and counts again in the next", async () => {
    await database.db.insert(users).values(user({ name: "First" }));
    const minute = new Date("2026-11-21T12:00:00Z");
    expect((await cachedOverviewFigures(database.db, minute)).accounts).toBe(1);

    await database.db.insert(users).values(user({ name: "Second" }));
    expect((await cachedOverviewFigures(database.db, new Date("2026-11-21T12:00:59Z"))).accounts).toBe(1);
    expect((await cachedOverviewFigures(database.db, new Date("2026-11-21T12:01:00Z"))).accounts).toBe(2);

    await database.db.insert(users).values(user({ name: "Third" }));
    invalidateOverviewFigures();
    expect((await cachedOverviewFigures(database.db, new Date("2026-11-21T12:01:00Z"))).accounts).toBe(3);
  });
});
