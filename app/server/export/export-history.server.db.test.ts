import { parse } from "csv-parse/sync";
import { and, asc, eq, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { SubscriptionStatus } from "~/core/access";
import { type ExportPreview, exportRepeatHref } from "~/core/export-history";
import { EXPORT_CROSS_SITE, EXPORT_DENIED, LP_EXPORT_DENIED } from "~/core/messages";
import { EMPTY_SEARCH, parseSearchParams } from "~/core/search-params";
import {
  insertSubscription,
  signedUpCookie as signedUpCookie_,
  TEST_APP_URL,
  testAccountServices,
  testAuthConfig,
} from "~tests/fixtures/accounts";
import { closedTestDatabase, setUpTestDatabase } from "~tests/fixtures/database";
import { company } from "~tests/fixtures/factories";
import type { AccountServices } from "../auth/account.server";
import { streamCompaniesCsv } from "../companies/export.server";
import {
  ExportedIds,
  exportedDatesOf,
  recordExportedCompanies,
  withExportedMarkers,
} from "../companies/exported-companies.server";
import { invalidateSearchCounts } from "../companies/search.server";
import { searchConditions, whereClause } from "../companies/search-filters.server";
import { queryRows } from "../db/query-rows.server";
import { companies, exportedCompanies, exportHistory, userActivity, users } from "../db/schema";
import { seedLps } from "../demo-data/lp-seed.server";
import { seedCompanies } from "../demo-data/seed.server";
import { finishExportHistory, listExportHistory, startExportHistory } from "./export-history.server";
import { handleExportPreview } from "./export-preview.server";
import { type ExportServices, handleExportRequest } from "./export-request.server";
import { LPS_EXPORT } from "./lps-export.server";

/**
 * docs/product.md#export-history: the export history (every export recorded, repeatable) and "new leads only" (each user's
 * exported companies recorded, left out on request, counted before exporting), through the export
 * endpoint's handler as the app serves it.
 */

const APP_URL = TEST_APP_URL;
const NOW = new Date("2026-11-21T12:00:00Z");
const SEEDED = 300;
/** Companies without an email: an outreach tool's file (Instantly requires one) leaves them out. */
const WITHOUT_EMAIL = ["Quiet Harbor Labs", "Silent Ledger", "Mute Robotics"];
const config = testAuthConfig({ AUTH_RATE_LIMIT_MAX: 1_000 });
const PASSWORD = "violet-harbor-71";

// The seeded companies and accounts are shared by the file; each test starts without exports.
const database = setUpTestDatabase({ reset: "file" });
let accounts: AccountServices;
let services: ExportServices;
const cookies = new Map<string, string>();
const userIds = new Map<string, string>();

function signedUpCookie(email: string): Promise<string> {
  return signedUpCookie_(accounts, email, PASSWORD, "10.0.19.1");
}

function setSubscription(
  account: string,
  status: SubscriptionStatus,
  planId: "pro" | "monthly" | "lps" = "pro",
): Promise<void> {
  return insertSubscription(database.db, userIdOf(account), status, planId);
}

function userIdOf(account: string): string {
  const id = userIds.get(account);
  if (!id) throw new Error(`no account ${account}`);
  return id;
}

beforeAll(async () => {
  invalidateSearchCounts();
  accounts = testAccountServices(database.db, config);
  services = { database, auth: accounts.auth };
  await seedCompanies(database.db, { count: SEEDED, today: NOW });
  await database.db
    .insert(companies)
    .values(WITHOUT_EMAIL.map((name) => company(name, { lastFundingType: "Seed", industries: ["SaaS"] })));
  await seedLps(database.db, { count: 40, today: NOW });
  for (const name of ["active", "other", "none", "trialing", "lpbuyer"]) {
    cookies.set(name, await signedUpCookie(`${name}@example.com`));
    const [row] = await database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, `${name}@example.com`));
    if (!row) throw new Error(`no user ${name}`);
    userIds.set(name, row.id);
  }
  await setSubscription("active", "active");
  await setSubscription("other", "active", "monthly");
  await setSubscription("trialing", "trialing");
  await setSubscription("lpbuyer", "active", "lps");
});

/** Exports each account started in the current test: its history holds as many rows once they settle. */
const started = new Map<string, number>();

beforeEach(async () => {
  started.clear();
  await database.db.delete(exportHistory);
  await database.db.delete(exportedCompanies);
});

function countStarted(account: string | undefined): void {
  if (account) started.set(account, (started.get(account) ?? 0) + 1);
}

interface RequestOptions {
  account?: string;
  path?: string;
  query?: string;
  json?: unknown;
  form?: Record<string, string>;
  /** Sec-Fetch-Site as a browser sends it; "same-origin" (a page of ours) unless given, null for none. */
  fetchSite?: string | null;
}

function request(options: RequestOptions = {}): Request {
  const headers = new Headers({ "user-agent": "vitest" });
  const fetchSite = options.fetchSite === undefined ? "same-origin" : options.fetchSite;
  if (fetchSite !== null) headers.set("sec-fetch-site", fetchSite);
  const cookie = options.account ? cookies.get(options.account) : undefined;
  if (cookie) headers.set("cookie", cookie);
  const url = `${APP_URL}${options.path ?? "/api/export-csv"}${options.query ? `?${options.query}` : ""}`;
  if (options.json !== undefined) {
    headers.set("content-type", "application/json");
    return new Request(url, { method: "POST", headers, body: JSON.stringify(options.json) });
  }
  if (options.form)
    return new Request(url, { method: "POST", headers, body: new URLSearchParams(options.form) });
  return new Request(url, { headers });
}

/**
 * The history rows of an account, oldest first, once every export it started in this test is recorded and
 * finished (both writes follow the export without holding it up).
 */
async function settledHistory(account: string) {
  const userId = userIdOf(account);
  await expect
    .poll(
      async () => {
        const rows = await database.db
          .select({ finishedAt: exportHistory.finishedAt })
          .from(exportHistory)
          .where(eq(exportHistory.userId, userId));
        return { rows: rows.length, streaming: rows.filter((row) => row.finishedAt === null).length };
      },
      { timeout: 15_000 },
    )
    .toEqual({ rows: started.get(account) ?? 0, streaming: 0 });
  return database.db
    .select()
    .from(exportHistory)
    .where(eq(exportHistory.userId, userId))
    .orderBy(asc(exportHistory.id));
}

/**
 * An export through the endpoint's handler, read to its end; once its records are written (history row
 * finished, exported companies recorded), its rows without the header. `delimiter` for Excel for Europe.
 */
async function exportRows(options: RequestOptions, delimiter = ","): Promise<string[][]> {
  const response = await handleExportRequest(services, request(options), NOW);
  expect(response.status).toBe(200);
  countStarted(options.account);
  const rows = parse(Buffer.from(await response.arrayBuffer()), { bom: true, delimiter }) as string[][];
  if (options.account) await settledHistory(options.account);
  return rows.slice(1);
}

async function lpExportRows(options: RequestOptions): Promise<string[][]> {
  const response = await handleExportRequest(
    services,
    request({ ...options, path: "/api/export-lps" }),
    NOW,
    LPS_EXPORT,
  );
  expect(response.status).toBe(200);
  countStarted(options.account);
  const rows = parse(Buffer.from(await response.arrayBuffer()), { bom: true }) as string[][];
  if (options.account) await settledHistory(options.account);
  return rows.slice(1);
}

/** The ids of the companies a search matches (the export's own conditions). */
async function matchingIds(query: string): Promise<number[]> {
  const { state } = parseSearchParams(new URLSearchParams(query));
  const rows = await queryRows<{ id: number }>(
    database.db,
    sql`select id from ${companies} ${whereClause(searchConditions(state, NOW))} order by id`,
  );
  return rows.map((row) => Number(row.id));
}

async function exportedIdsOf(account: string): Promise<number[]> {
  const rows = await database.db
    .select({ id: exportedCompanies.companyId })
    .from(exportedCompanies)
    .where(eq(exportedCompanies.userId, userIdOf(account)))
    .orderBy(asc(exportedCompanies.companyId));
  return rows.map((row) => row.id);
}

async function preview(options: RequestOptions): Promise<Response> {
  return handleExportPreview(services, request({ ...options, path: "/api/export-preview" }), NOW);
}

const names = (rows: string[][]) => rows.map((row) => row[0]);

describe("the export history (docs/product.md#export-history)", () => {
  it("records each export as it starts and completes it with the rows and the outcome", async () => {
    const plain = await exportRows({ account: "active", query: "stage=Seed&sort=name-asc&size=25&page=2" });
    const converted = await exportRows({
      account: "active",
      json: { searchQuery: "a", filters: { industry: "SaaS" }, newOnly: true },
      query: "target=hubspot-contacts",
    });
    const lps = await lpExportRows({ account: "lpbuyer", query: "type=endowment&type=foundation&page=2" });
    expect(plain.length).toBeGreaterThan(0);
    expect(lps.length).toBeGreaterThan(0);

    const history = await settledHistory("active");
    expect(history).toHaveLength(2);
    expect(history[0]).toMatchObject({
      database: "companies",
      query: "stage=Seed&sort=name-asc",
      format: null,
      newOnly: false,
      rowCount: plain.length,
      outcome: "complete",
    });
    expect(history[1]).toMatchObject({
      database: "companies",
      query: "q=a&industry=SaaS&target=hubspot-contacts&newOnly=1",
      format: "hubspot-contacts",
      newOnly: true,
      rowCount: converted.length,
      outcome: "complete",
    });
    for (const row of history) {
      expect(row.finishedAt).not.toBeNull();
      expect(row.finishedAt?.getTime()).toBeGreaterThanOrEqual(row.createdAt.getTime());
    }
    expect(await settledHistory("lpbuyer")).toMatchObject([
      {
        database: "lps",
        query: "type=endowment&type=foundation",
        format: null,
        newOnly: false,
        rowCount: lps.length,
        outcome: "complete",
      },
    ]);
  });

  it("records an export left early as aborted, with the rows sent so far", async () => {
    const response = await handleExportRequest(services, request({ account: "active" }), NOW);
    expect(response.status).toBe(200);
    countStarted("active");
    await response.body?.cancel();
    const [row] = await settledHistory("active");
    expect(row).toMatchObject({ outcome: "aborted", rowCount: 0 });
  });

  it("records nothing for a refused or a bad request", async () => {
    expect((await handleExportRequest(services, request({ account: "none" }), NOW)).status).toBe(403);
    expect(
      (await handleExportRequest(services, request({ account: "active", query: "amount=lots" }), NOW)).status,
    ).toBe(400);
    expect(await database.db.select().from(exportHistory)).toEqual([]);
  });

  it("lists a user's exports newest first, 50 at most, each with its repeat link", async () => {
    const userId = userIdOf("other");
    await database.db.insert(exportHistory).values(
      Array.from({ length: 55 }, (_, index) => ({
        userId,
        database: index % 2 === 0 ? ("companies" as const) : ("lps" as const),
        query: `q=n${index}`,
        createdAt: new Date(NOW.getTime() + index * 60_000),
        rowCount: index,
        outcome: "complete",
      })),
    );
    await exportRows({ account: "active" });
    const listed = await listExportHistory(database.db, userId);
    expect(listed).toHaveLength(50);
    expect(listed.map((entry) => entry.summary)).toEqual(
      Array.from({ length: 50 }, (_, index) => `“n${54 - index}”`),
    );
    expect(listed[0]).toMatchObject({ database: "companies", href: "/api/export-csv?q=n54", rowCount: 54 });
    expect(listed[1]).toMatchObject({ database: "lps", href: "/api/export-lps?q=n53" });
    expect(await listExportHistory(database.db, userIdOf("none"))).toEqual([]);
  });

  it("repeats an export: its link downloads the same criteria again", async () => {
    const first = await exportRows({
      account: "active",
      json: {
        searchQuery: "a",
        filters: { fundingStage: ["Seed", "Series A"], fundingDate: "1y" },
        sort: "amount-desc",
      },
    });
    const lpFirst = await lpExportRows({ account: "lpbuyer", query: "emerging=yes&sort=name-asc" });
    const [entry] = await listExportHistory(database.db, userIdOf("active"));
    const [lpEntry] = await listExportHistory(database.db, userIdOf("lpbuyer"));
    if (!entry || !lpEntry) throw new Error("no history");
    expect(entry.href).toBe(
      exportRepeatHref("companies", "q=a&stage=Seed&stage=Series+A&date=1y&sort=amount-desc"),
    );
    expect(first.length).toBeGreaterThan(0);

    const [path, query] = entry.href.split("?");
    const again = await exportRows({ account: "active", path, ...(query ? { query } : {}) });
    expect(again).toEqual(first);
    const [lpPath, lpQuery] = lpEntry.href.split("?");
    const lpAgain = await lpExportRows({ account: "lpbuyer", ...(lpQuery ? { query: lpQuery } : {}) });
    expect(lpPath).toBe("/api/export-lps");
    expect(lpAgain).toEqual(lpFirst);
    // The repeat is recorded as an export of its own, with the same criteria.
    const history = await settledHistory("active");
    expect(history.map((row) => row.query)).toEqual([history[0]?.query, history[0]?.query]);
  });

  it("never lets a failed record break the export: the writers log and resolve", async () => {
    const closed = await closedTestDatabase();
    const started = startExportHistory(closed.db, userIdOf("active"), {
      database: "companies",
      query: "",
      format: null,
      newOnly: false,
    });
    await expect(started).resolves.toBeNull();
    await expect(
      finishExportHistory(closed.db, started, { rows: 1, status: "complete" }),
    ).resolves.toBeUndefined();
    const ids = new ExportedIds();
    ids.add(1);
    await expect(recordExportedCompanies(closed.db, userIdOf("active"), ids)).resolves.toBeUndefined();
  });
});

describe("exported companies (docs/product.md#export: recorded by every companies export)", () => {
  it("records every company of a complete export once, keeping the first export's time", async () => {
    const seeds = await exportRows({ account: "active", query: "stage=Seed" });
    const seedIds = await matchingIds("stage=Seed");
    expect(seeds).toHaveLength(seedIds.length);
    expect(await exportedIdsOf("active")).toEqual(seedIds);
    const [firstSeed] = seedIds;
    const before = await exportedDatesOf(database.db, userIdOf("active"), seedIds);

    // An overlapping export, in an import format: the union, each company once.
    await exportRows({ account: "active", query: "industry=SaaS&target=excel-eu" }, ";");
    const saasIds = await matchingIds("industry=SaaS");
    expect(saasIds.some((id) => seedIds.includes(id))).toBe(true);
    expect(saasIds.some((id) => !seedIds.includes(id))).toBe(true);
    const union = [...new Set([...seedIds, ...saasIds])].sort((a, b) => a - b);
    expect(await exportedIdsOf("active")).toEqual(union);
    const after = await exportedDatesOf(database.db, userIdOf("active"), seedIds);
    expect(firstSeed).toBeDefined();
    expect(after.get(firstSeed as number)).toBe(before.get(firstSeed as number));
    expect(await exportedIdsOf("other")).toEqual([]);
  });

  it("does not record a company a target's file leaves out (no email for Instantly)", async () => {
    const rows = await exportRows({ account: "active", query: "q=Quiet Harbor&target=instantly" });
    expect(rows).toEqual([]);
    expect(await exportedIdsOf("active")).toEqual([]);
    await exportRows({ account: "active", query: "stage=Seed&target=instantly" });
    const withoutEmail = await matchingIds("q=Quiet Harbor");
    expect(withoutEmail).toHaveLength(1);
    const recorded = await exportedIdsOf("active");
    expect(recorded.length).toBeGreaterThan(0);
    expect(recorded).not.toContain(withoutEmail[0]);
  });

  it("records nothing for an export that ends early (the file never arrived whole)", async () => {
    const exported = await streamCompaniesCsv(database, EMPTY_SEARCH, {
      today: NOW,
      batchSize: 20,
      exportedBy: { userId: userIdOf("active"), newOnly: false },
    });
    const reader = exported.stream.getReader();
    await reader.read();
    await reader.read();
    await reader.cancel();
    const outcome = await exported.done;
    expect(outcome.status).toBe("aborted");
    expect(outcome.rows).toBeGreaterThan(0);
    expect(await exportedIdsOf("active")).toEqual([]);
  });
});

describe("an export another site may have started (decision 019)", () => {
  async function exportActivityCount(account: string): Promise<number> {
    const rows = await database.db
      .select({ id: userActivity.id })
      .from(userActivity)
      .where(and(eq(userActivity.userId, userIdOf(account)), eq(userActivity.actionType, "export")));
    return rows.length;
  }

  async function historyCount(account: string): Promise<number> {
    const rows = await database.db
      .select({ id: exportHistory.id })
      .from(exportHistory)
      .where(eq(exportHistory.userId, userIdOf(account)));
    return rows.length;
  }

  it("refuses a link followed from another site, recording nothing", async () => {
    for (const fetchSite of ["cross-site", "same-site"]) {
      const response = await handleExportRequest(
        services,
        request({ account: "active", query: "stage=Seed", fetchSite }),
        NOW,
      );
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ error: EXPORT_CROSS_SITE });
    }
    const lps = await handleExportRequest(
      services,
      request({ account: "lpbuyer", path: "/api/export-lps", fetchSite: "cross-site" }),
      NOW,
      LPS_EXPORT,
    );
    expect(lps.status).toBe(403);
    // An older browser's cross-site POST names its origin instead.
    const posted = new Request(`${APP_URL}/api/export-csv`, {
      method: "POST",
      headers: {
        cookie: cookies.get("active") ?? "",
        origin: "https://elsewhere.example",
        "content-type": "application/json",
      },
      body: JSON.stringify({ searchQuery: "", filters: {} }),
    });
    expect((await handleExportRequest(services, posted, NOW)).status).toBe(403);
    expect(await exportedIdsOf("active")).toEqual([]);
    expect(await historyCount("active")).toBe(0);
  });

  it("serves a GET of unknown origin as a plain download: no company becomes exported, no history", async () => {
    const activities = await exportActivityCount("active");
    const response = await handleExportRequest(
      services,
      request({ account: "active", query: "stage=Seed", fetchSite: null }),
      NOW,
    );
    expect(response.status).toBe(200);
    const rows = (parse(Buffer.from(await response.arrayBuffer()), { bom: true }) as string[][]).slice(1);
    expect(rows).toHaveLength((await matchingIds("stage=Seed")).length);
    // Every download's activity record is written once its companies would have been recorded as exported
    // (export-request.server.ts: after `done`): once it is there, so would they be.
    await expect.poll(() => exportActivityCount("active"), { timeout: 10_000 }).toBe(activities + 1);
    expect(await exportedIdsOf("active")).toEqual([]);
    expect(await historyCount("active")).toBe(0);
    // The same GET from a page of ours (the export history's repeat link), and the page's own POST, record.
    await exportRows({ account: "active", query: "stage=Seed" });
    expect(await exportedIdsOf("active")).toEqual(await matchingIds("stage=Seed"));
  });

  it("records a POST without Sec-Fetch-Site (no browser's cross-site request carries the session)", async () => {
    await exportRows({
      account: "active",
      json: { searchQuery: "", filters: { fundingStage: ["Seed"] } },
      fetchSite: null,
    });
    expect(await exportedIdsOf("active")).toEqual(await matchingIds("stage=Seed"));
  });
});

describe("new leads only (docs/product.md#export: newOnly=1)", () => {
  it("leaves out exactly the companies exported before; the same export again is empty", async () => {
    const seeds = await exportRows({ account: "active", query: "stage=Seed" });
    const all = await exportRows({ account: "other", query: "sort=name-asc" });
    expect(all).toHaveLength(SEEDED + WITHOUT_EMAIL.length);

    const fresh = await exportRows({ account: "active", query: "sort=name-asc&newOnly=1" });
    const seedNames = new Set(names(seeds));
    expect(fresh).toEqual(all.filter((row) => !seedNames.has(row[0] ?? "")));
    expect(fresh.length).toBe(all.length - seeds.length);

    expect(await exportRows({ account: "active", query: "sort=name-asc&newOnly=1" })).toEqual([]);
    expect(await exportRows({ account: "active", query: "stage=Seed&newOnly=true" })).toEqual([]);
    const history = await settledHistory("active");
    expect(history.map((row) => [row.newOnly, row.rowCount])).toEqual([
      [false, seeds.length],
      [true, fresh.length],
      [true, 0],
      [true, 0],
    ]);
  });

  it("leaves them out of a converter target's file too", async () => {
    await exportRows({ account: "active", query: "industry=SaaS" });
    const saasIds = new Set(await matchingIds("industry=SaaS"));
    const all = await exportRows({ account: "other", query: "target=excel-eu" }, ";");
    const fresh = await exportRows({ account: "active", query: "target=excel-eu&newOnly=1" }, ";");
    const saasNames = new Set(
      (
        await queryRows<{ name: string }>(
          database.db,
          sql`select organization_name as name from ${companies} where id = any(${sql.param([...saasIds])}::int[])`,
        )
      ).map((row) => row.name),
    );
    expect(fresh.length).toBe(all.length - saasIds.size);
    expect(fresh).toEqual(all.filter((row) => !saasNames.has(row[0] ?? "")));
    expect(await exportRows({ account: "active", query: "target=excel-eu&newOnly=1" }, ";")).toEqual([]);
  });

  it("reads newOnly from a POST body (JSON or form) as from the URL", async () => {
    const seeds = await exportRows({ account: "active", query: "stage=Seed" });
    const everything = SEEDED + WITHOUT_EMAIL.length;
    // A JSON body's own newOnly (the body of docs/product.md#calls with the option beside it).
    const fresh = await exportRows({
      account: "active",
      json: { searchQuery: "", filters: {}, newOnly: true },
    });
    expect(fresh).toHaveLength(everything - seeds.length);
    // Everything is exported now: new-only in a form, or on the URL of a POST, holds nothing...
    expect(await exportRows({ account: "active", form: { stage: "Seed", newOnly: "1" } })).toEqual([]);
    expect(await exportRows({ account: "active", query: "newOnly=1", json: { filters: {} } })).toEqual([]);
    // ...and the body's value comes before the URL's; false (or nothing) exports every company.
    expect(
      await exportRows({ account: "active", query: "newOnly=1", json: { newOnly: false } }),
    ).toHaveLength(everything);
    expect(await exportRows({ account: "active", form: { newOnly: "0" } })).toHaveLength(everything);
  });

  it("refuses a bad newOnly value with 400 and a message, wherever it is sent", async () => {
    for (const options of [
      { query: "newOnly=maybe" },
      { json: { filters: {}, newOnly: "maybe" } },
      { form: { stage: "Seed", newOnly: "maybe" } },
    ]) {
      const response = await handleExportRequest(services, request({ account: "active", ...options }), NOW);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: string }).error).toBe(
        '"maybe" is not a choice for newOnly: use 1 (only companies you have not exported before) or 0.',
      );
    }
    expect(await database.db.select().from(exportHistory)).toEqual([]);
  });

  it("is not affected by another user's exports", async () => {
    await exportRows({ account: "other", query: "" });
    const response = await preview({ account: "active", query: "industry=SaaS" });
    const counts = (await response.json()) as ExportPreview;
    expect(counts.total).toBe((await matchingIds("industry=SaaS")).length);
    expect(counts.newLeads).toBe(counts.total);
    const mine = await exportRows({ account: "active", query: "stage=Seed&newOnly=1" });
    expect(mine).toHaveLength((await matchingIds("stage=Seed")).length);
  });
});

describe("the count of new leads before exporting (GET /api/export-preview)", () => {
  it("counts the search's companies and the new ones, equal to the exports that follow", async () => {
    await exportRows({ account: "active", query: "industry=SaaS" });
    const query = "q=a&date=1y";
    const response = await preview({ account: "active", query });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const counts = (await response.json()) as ExportPreview;
    expect(counts.newLeads).toBeGreaterThan(0);
    expect(counts.newLeads).toBeLessThan(counts.total);

    const every = await exportRows({ account: "other", query });
    expect(every).toHaveLength(counts.total);
    const fresh = await exportRows({ account: "active", query: `${query}&newOnly=1` });
    expect(fresh).toHaveLength(counts.newLeads);
    expect(await (await preview({ account: "active", query })).json()).toEqual({
      total: counts.total,
      newLeads: 0,
    });
  });

  it.each([
    ["a visitor", undefined, EXPORT_DENIED.signedOut],
    ["a user without a plan", "none", EXPORT_DENIED.noExportAccess],
    ["a trialing user", "trialing", EXPORT_DENIED.trialing],
    ["an LP-plan-only user", "lpbuyer", EXPORT_DENIED.noExportAccess],
  ])("refuses %s with 403 and the export's message", async (_label, account, message) => {
    const response = await preview({ ...(account ? { account } : {}), query: "stage=Seed" });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: message });
  });

  it("refuses bad parameters with 400 and their message", async () => {
    for (const [query, message] of [
      ["amount=lots", '"lots" is not a funding amount option, so it was ignored.'],
      [
        "newOnly=bad",
        '"bad" is not a choice for newOnly: use 1 (only companies you have not exported before) or 0.',
      ],
    ] as const) {
      const response = await preview({ account: "active", query });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: string }).error).toBe(message);
    }
  });

  it("leaves the LP export's refusal as it was (an LP-less user still gets the LP message)", async () => {
    const response = await handleExportRequest(
      services,
      request({ account: "active", path: "/api/export-lps" }),
      NOW,
      LPS_EXPORT,
    );
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: LP_EXPORT_DENIED });
  });
});

describe("the results' Exported marker", () => {
  it("dates the companies of a page this user exported, and no one else's", async () => {
    await exportRows({ account: "active", query: "stage=Seed" });
    const seedIds = await matchingIds("stage=Seed");
    const others = (await matchingIds("")).filter((id) => !seedIds.includes(id)).slice(0, 3);
    const page = [...seedIds.slice(0, 3), ...others];
    const dates = await exportedDatesOf(database.db, userIdOf("active"), page);
    expect([...dates.keys()].sort((a, b) => a - b)).toEqual(seedIds.slice(0, 3));
    for (const date of dates.values()) expect(Number.isNaN(Date.parse(date))).toBe(false);
    expect((await exportedDatesOf(database.db, userIdOf("other"), page)).size).toBe(0);

    const cards = page.map((id) => ({ id, organizationName: `#${id}` }));
    const result = {
      companies: cards as unknown as Parameters<typeof withExportedMarkers>[2]["companies"],
      total: 6,
    };
    const marked = await withExportedMarkers(database.db, userIdOf("active"), result);
    expect(marked.companies.map((card) => card.exportedAt !== undefined)).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
    // The given result is left as it was (a result may be shared).
    expect(cards.every((card) => !("exportedAt" in card))).toBe(true);
    expect(await withExportedMarkers(database.db, null, result)).toBe(result);
  });
});
