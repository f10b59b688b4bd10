import { beforeEach, describe, expect, it } from "vitest";
import { setUpTestDatabase } from "~tests/fixtures/database";
import { user } from "~tests/fixtures/factories";
import { type ActivityDetails, userActivity, users } from "../db/schema";
import {
  cachedActivityReport,
  getActivityReport,
  invalidateActivityReports,
  REPORT_LIST_SIZE,
} from "./activity-report.server";

const NOW = new Date("2026-11-21T12:00:00Z");
const database = setUpTestDatabase();

const NO_FILTERS: ActivityDetails["filters"] = {
  industry: [],
  stage: [],
  location: [],
  amount: "",
  date: "",
};

interface Row {
  user?: "ada" | "bob";
  type: "search" | "filter" | "export" | "api";
  at: string;
  query?: string;
  results?: number;
  filters?: ActivityDetails["filters"];
}

async function activity(rows: Row[]): Promise<void> {
  await database.db.insert(userActivity).values(
    rows.map((row) => ({
      userId: `user_${row.user ?? "ada"}`,
      actionType: row.type,
      actionDetails: {
        query: row.query ?? "",
        filters: row.filters ?? NO_FILTERS,
        totalResults: row.results ?? 1,
      },
      createdAt: new Date(row.at),
    })),
  );
}

beforeEach(async () => {
  invalidateActivityReports();
  await database.db.insert(users).values([user(), user({ name: "Bob" })]);
});

describe("getActivityReport: queries", () => {
  it("ranks normalized, non-empty queries of searches, and those that found nothing", async () => {
    await activity([
      { type: "search", at: "2026-11-21T10:00:00Z", query: "AI", results: 5 },
      { type: "search", at: "2026-11-20T10:00:00Z", query: "  ai ", results: 3 },
      { user: "bob", type: "search", at: "2026-11-19T10:00:00Z", query: "Ai", results: 0 },
      { type: "search", at: "2026-11-18T10:00:00Z", query: "fintech", results: 0 },
      { type: "search", at: "2026-11-18T11:00:00Z", query: "FinTech", results: 0 },
      { user: "bob", type: "search", at: "2026-11-17T10:00:00Z", query: "robots", results: 2 },
      // Not queries: an empty query, white space only, filters changed on a query already counted, an export.
      { type: "search", at: "2026-11-17T10:00:00Z", query: "", results: 0 },
      { type: "search", at: "2026-11-17T10:00:00Z", query: "   ", results: 0 },
      { user: "bob", type: "filter", at: "2026-11-17T11:00:00Z", query: "robots", results: 0 },
      { type: "export", at: "2026-11-17T12:00:00Z", query: "robots", results: 0 },
      // Before the 7-day window (which starts 2026-11-15T00:00Z).
      { type: "search", at: "2026-11-14T23:59:59Z", query: "robots", results: 0 },
      { user: "bob", type: "search", at: "2026-11-10T00:00:00Z", query: "robots", results: 9 },
    ]);

    const week = await getActivityReport(database.db, 7, NOW);

    expect(week.firstDay).toBe("2026-11-15");
    expect(week.lastDay).toBe("2026-11-21");
    expect(week.topQueries).toEqual([
      { query: "ai", searches: 3, zeroResults: 1 },
      { query: "fintech", searches: 2, zeroResults: 2 },
      { query: "robots", searches: 1, zeroResults: 0 },
    ]);
    expect(week.zeroResultQueries).toEqual([
      { query: "fintech", searches: 2, zeroResults: 2 },
      { query: "ai", searches: 3, zeroResults: 1 },
    ]);

    // The 30-day window takes the two older searches in.
    const month = await getActivityReport(database.db, 30, NOW);
    expect(month.topQueries).toEqual([
      { query: "ai", searches: 3, zeroResults: 1 },
      { query: "robots", searches: 3, zeroResults: 1 },
      { query: "fintech", searches: 2, zeroResults: 2 },
    ]);
    expect(month.zeroResultQueries).toEqual([
      { query: "fintech", searches: 2, zeroResults: 2 },
      { query: "ai", searches: 3, zeroResults: 1 },
      { query: "robots", searches: 3, zeroResults: 1 },
    ]);
  });

  it("lists at most REPORT_LIST_SIZE queries, the most searched", async () => {
    const rows: Row[] = [];
    for (let i = 0; i < REPORT_LIST_SIZE + 5; i += 1) {
      // Query i is searched i + 1 times.
      for (let n = 0; n <= i; n += 1)
        rows.push({ type: "search", at: "2026-11-20T00:00:00Z", query: `q${i}` });
    }
    await activity(rows);

    const { topQueries, zeroResultQueries } = await getActivityReport(database.db, 7, NOW);

    expect(topQueries).toHaveLength(REPORT_LIST_SIZE);
    expect(topQueries[0]).toEqual({
      query: `q${REPORT_LIST_SIZE + 4}`,
      searches: REPORT_LIST_SIZE + 5,
      zeroResults: 0,
    });
    expect(topQueries.at(-1)).toEqual({ query: "q5", searches: 6, zeroResults: 0 });
    expect(zeroResultQueries).toEqual([]);
  });
});

describe("getActivityReport: filters", () => {
  it("counts searches per filter and per value, lists and legacy text alike", async () => {
    await activity([
      {
        type: "search",
        at: "2026-11-21T10:00:00Z",
        query: "ai",
        filters: {
          ...NO_FILTERS,
          industry: ["SaaS", "FinTech"],
          location: ["continent:Europe"],
          date: "30d",
        },
      },
      {
        user: "bob",
        type: "filter",
        at: "2026-11-20T10:00:00Z",
        filters: { ...NO_FILTERS, industry: ["SaaS"], stage: ["Seed"], amount: "5m-10m" },
      },
      // Written before docs/product.md#filters: every filter as text.
      {
        type: "search",
        at: "2026-11-19T10:00:00Z",
        query: "x",
        filters: { industry: "SaaS", stage: "", location: "", amount: "", date: "" },
      },
      // Blank values are no filter.
      { type: "filter", at: "2026-11-19T11:00:00Z", filters: { ...NO_FILTERS, industry: ["", "  "] } },
      // Not searches, or outside the window.
      { type: "export", at: "2026-11-19T12:00:00Z", filters: { ...NO_FILTERS, industry: ["Robotics"] } },
      { type: "filter", at: "2026-11-14T10:00:00Z", filters: { ...NO_FILTERS, industry: ["SaaS"] } },
    ]);

    const report = await getActivityReport(database.db, 7, NOW);

    expect(report.filterKeys).toEqual([
      { key: "industry", searches: 3 },
      { key: "amount", searches: 1 },
      { key: "date", searches: 1 },
      { key: "location", searches: 1 },
      { key: "stage", searches: 1 },
    ]);
    expect(report.filterValues).toEqual([
      { key: "industry", value: "SaaS", searches: 3 },
      { key: "amount", value: "5m-10m", searches: 1 },
      { key: "date", value: "30d", searches: 1 },
      { key: "industry", value: "FinTech", searches: 1 },
      { key: "location", value: "continent:Europe", searches: 1 },
      { key: "stage", value: "Seed", searches: 1 },
    ]);
  });
});

describe("getActivityReport: exports and API calls per day", () => {
  it("counts exports and the rows they wrote per UTC day, API calls apart from searches, and the window's totals", async () => {
    await activity([
      // API calls: their own count, never searches, whatever query and filters they carry.
      {
        type: "api",
        at: "2026-11-21T08:00:00Z",
        query: "robots",
        results: 25,
        filters: { ...NO_FILTERS, stage: ["Seed"] },
      },
      { type: "api", at: "2026-11-21T08:00:01Z", results: 1 },
      { user: "bob", type: "api", at: "2026-11-17T08:00:00Z", results: 100 },
      { type: "export", at: "2026-11-21T00:00:00Z", results: 100 },
      { user: "bob", type: "export", at: "2026-11-21T23:59:59Z", results: 250 },
      // An export that ended early wrote 0 rows: still an export.
      { type: "export", at: "2026-11-16T08:00:00Z", results: 0 },
      { type: "search", at: "2026-11-16T09:00:00Z", query: "ai", results: 7 },
      { type: "filter", at: "2026-11-15T00:00:00Z", results: 7 },
      // Outside: the day before the window, and tomorrow.
      { type: "export", at: "2026-11-14T23:59:59Z", results: 1000 },
      { type: "export", at: "2026-11-22T00:00:00Z", results: 1000 },
    ]);

    const report = await getActivityReport(database.db, 7, NOW);

    expect(report.perDay).toEqual([
      { day: "2026-11-15", searches: 1, exports: 0, exportedRows: 0, apiCalls: 0 },
      { day: "2026-11-16", searches: 1, exports: 1, exportedRows: 0, apiCalls: 0 },
      { day: "2026-11-17", searches: 0, exports: 0, exportedRows: 0, apiCalls: 1 },
      { day: "2026-11-18", searches: 0, exports: 0, exportedRows: 0, apiCalls: 0 },
      { day: "2026-11-19", searches: 0, exports: 0, exportedRows: 0, apiCalls: 0 },
      { day: "2026-11-20", searches: 0, exports: 0, exportedRows: 0, apiCalls: 0 },
      { day: "2026-11-21", searches: 0, exports: 2, exportedRows: 350, apiCalls: 2 },
    ]);
    expect(report.totals).toEqual({ searches: 2, exports: 3, exportedRows: 350, apiCalls: 3 });
    // An API call's query and filters are not the search page's: in neither list.
    expect(report.topQueries.map((row) => row.query)).toEqual(["ai"]);
    expect(report.filterValues).toEqual([]);
    expect((await getActivityReport(database.db, 90, NOW)).totals).toEqual({
      searches: 2,
      exports: 4,
      exportedRows: 1350,
      apiCalls: 3,
    });
  });

  it("is empty, not failing, with no activity", async () => {
    const report = await getActivityReport(database.db, 30, NOW);
    expect(report.perDay).toHaveLength(30);
    expect(report.totals).toEqual({ searches: 0, exports: 0, exportedRows: 0, apiCalls: 0 });
    expect(report.topQueries).toEqual([]);
    expect(report.filterKeys).toEqual([]);
    expect(report.filterValues).toEqual([]);
  });
});

describe("cachedActivityReport", () => {
  it("keeps each window's report for the current minute only", async () => {
    await activity([{ type: "export", at: "2026-11-21T10:00:00Z", results: 10 }]);
    expect((await cachedActivityReport(database.db, 7, NOW)).totals.exports).toBe(1);

    await activity([{ type: "export", at: "2026-11-21T11:00:00Z", results: 10 }]);
    const sameMinute = new Date(NOW.getTime() + 30_000);
    expect((await cachedActivityReport(database.db, 7, sameMinute)).totals.exports).toBe(1);
    // Another window is its own report, counted now.
    expect((await cachedActivityReport(database.db, 30, sameMinute)).totals.exports).toBe(2);
    const nextMinute = new Date(NOW.getTime() + 60_000);
    expect((await cachedActivityReport(database.db, 7, nextMinute)).totals.exports).toBe(2);
  });
});
