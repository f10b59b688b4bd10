import { parse } from "csv-parse/sync";
import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { SubscriptionStatus } from "~/core/access";
import { prepareTarget } from "~/core/converter/convert";
import { type Target, targetById } from "~/core/converter/targets";
import { DATABASE_UNAVAILABLE, EXPORT_BUSY, EXPORT_DENIED } from "~/core/messages";
import { EMPTY_SEARCH, type SearchState } from "~/core/search-params";
import {
  insertSubscription,
  signedUpCookie as signedUpCookie_,
  TEST_APP_URL,
  testAccountServices,
  testAuthConfig,
} from "~tests/fixtures/accounts";
import { setUpTestDatabase } from "~tests/fixtures/database";
import type { AccountServices } from "../auth/account.server";
import { COMPANY_EXPORT_HEADERS } from "../companies/crunchbase-columns";
import { invalidateSearchCounts, searchCompanies } from "../companies/search.server";
import { subscriptions, userActivity, users } from "../db/schema";
import { seedCompanies } from "../demo-data/seed.server";
import { type ExportServices, handleExportRequest } from "./export-request.server";

const APP_URL = TEST_APP_URL;
const NOW = new Date("2026-11-21T12:00:00Z");
const SEEDED = 400;
const config = testAuthConfig({ AUTH_RATE_LIMIT_MAX: 1_000 });
const PASSWORD = "violet-harbor-71";

// The seeded companies and accounts are shared by every test of the file.
const database = setUpTestDatabase({ reset: "file" });
let accounts: AccountServices;
let services: ExportServices;
/** Session cookies by account. */
const cookies = new Map<string, string>();

function signedUpCookie(email: string): Promise<string> {
  return signedUpCookie_(accounts, email, PASSWORD, "10.0.6.1");
}

async function userIdOf(email: string): Promise<string> {
  const [row] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

async function setSubscription(email: string, status: SubscriptionStatus, planId: "pro" | "monthly" = "pro") {
  const userId = await userIdOf(email);
  await database.db.delete(subscriptions).where(eq(subscriptions.userId, userId));
  await insertSubscription(database.db, userId, status, planId);
}

beforeAll(async () => {
  invalidateSearchCounts();
  accounts = testAccountServices(database.db, config);
  services = { database, auth: accounts.auth };
  await seedCompanies(database.db, { count: SEEDED, today: NOW });
  for (const name of ["none", "trialing", "past_due", "canceled", "active", "monthly", "boss"]) {
    cookies.set(name, await signedUpCookie(`${name}@example.com`));
  }
  await setSubscription("trialing@example.com", "trialing");
  await setSubscription("past_due@example.com", "past_due");
  await setSubscription("canceled@example.com", "canceled");
  await setSubscription("active@example.com", "active");
  await setSubscription("monthly@example.com", "active", "monthly");
});

interface RequestOptions {
  account?: string;
  query?: string;
  json?: unknown;
  form?: Record<string, string>;
  rawBody?: string;
}

function exportRequest(options: RequestOptions = {}): Request {
  const headers = new Headers({ "user-agent": "vitest" });
  const cookie = options.account ? cookies.get(options.account) : undefined;
  if (cookie) headers.set("cookie", cookie);
  const url = `${APP_URL}/api/export-csv${options.query ? `?${options.query}` : ""}`;
  if (options.json !== undefined || options.rawBody !== undefined) {
    headers.set("content-type", "application/json");
    return new Request(url, {
      method: "POST",
      headers,
      body: options.rawBody ?? JSON.stringify(options.json),
    });
  }
  if (options.form)
    return new Request(url, { method: "POST", headers, body: new URLSearchParams(options.form) });
  return new Request(url, { headers });
}

async function csvRows(response: Response): Promise<string[][]> {
  return parse(Buffer.from(await response.arrayBuffer()), { bom: true }) as string[][];
}

async function searchTotal(state: Partial<SearchState>): Promise<number> {
  const result = await searchCompanies(
    database.db,
    { ...EMPTY_SEARCH, ...state },
    { canSeeEmails: true, today: NOW },
  );
  return result.total;
}

async function exportActivities(email: string) {
  return database.db
    .select()
    .from(userActivity)
    .where(eq(userActivity.userId, await userIdOf(email)))
    .orderBy(asc(userActivity.id));
}

describe("who may export (docs/product.md#access, export access, checked on every request)", () => {
  it.each([
    ["a visitor", undefined, EXPORT_DENIED.signedOut],
    ["a user without a plan", "none", EXPORT_DENIED.noExportAccess],
    ["a trialing user", "trialing", EXPORT_DENIED.trialing],
    ["a past_due subscriber", "past_due", EXPORT_DENIED.noExportAccess],
    ["a canceled subscriber", "canceled", EXPORT_DENIED.noExportAccess],
  ])("%s gets 403 with a clear message and no rows", async (_label, account, message) => {
    for (const request of [
      exportRequest({ ...(account ? { account } : {}) }),
      exportRequest({ ...(account ? { account } : {}), json: { searchQuery: "", filters: {} } }),
    ]) {
      const response = await handleExportRequest(services, request, NOW);
      expect(response.status).toBe(403);
      expect(response.headers.get("content-type")).toMatch(/^application\/json/);
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(response.headers.get("content-disposition")).toBeNull();
      const text = await response.text();
      expect(JSON.parse(text)).toEqual({ error: message });
      expect(text).not.toContain("Organization Name");
    }
    if (account) expect(await exportActivities(`${account}@example.com`)).toEqual([]);
  });

  it("refuses a visitor before looking at the parameters", async () => {
    const response = await handleExportRequest(services, exportRequest({ query: "amount=lots" }), NOW);
    expect(response.status).toBe(403);
  });

  it.each([
    ["an active pro subscriber", "active"],
    ["an active monthly subscriber", "monthly"],
    ["an admin without a plan", "boss"],
  ])("%s gets the whole CSV, named and not cached", async (_label, account) => {
    const response = await handleExportRequest(services, exportRequest({ account }), NOW);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe(
      'attachment; filename="roundlist-companies-2026-11-21.csv"',
    );
    expect(response.headers.get("cache-control")).toBe("no-store");
    const [header, ...rows] = await csvRows(response);
    expect(header).toEqual([...COMPANY_EXPORT_HEADERS]);
    expect(rows).toHaveLength(SEEDED);
  });

  it("answers HEAD with the headers only, opening nothing", async () => {
    const request = new Request(`${APP_URL}/api/export-csv`, {
      method: "HEAD",
      headers: { cookie: cookies.get("active") ?? "" },
    });
    const response = await handleExportRequest(services, request, NOW);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.body).toBeNull();
  });

  it("follows the subscription as it changes: the trial upgraded, then canceled", async () => {
    await setSubscription("trialing@example.com", "active");
    try {
      const allowed = await handleExportRequest(services, exportRequest({ account: "trialing" }), NOW);
      expect(allowed.status).toBe(200);
      await allowed.body?.cancel();
      await setSubscription("trialing@example.com", "canceled");
      const refused = await handleExportRequest(services, exportRequest({ account: "trialing" }), NOW);
      expect(refused.status).toBe(403);
    } finally {
      await setSubscription("trialing@example.com", "trialing");
    }
  });
});

describe("what is exported", () => {
  const FILTERS: Array<Partial<SearchState>> = [
    { industry: ["SaaS"] },
    { stage: ["Seed"], date: "1y" },
    { q: "data", location: ["continent:Europe"] },
    { amount: "1m-5m" },
  ];

  it.each(FILTERS)(
    "GET with the search page's query string %o: exactly the search's count",
    async (state) => {
      const query = new URLSearchParams(state as Record<string, string>).toString();
      const response = await handleExportRequest(services, exportRequest({ account: "active", query }), NOW);
      const total = await searchTotal(state);
      expect(total).toBeGreaterThan(0);
      expect((await csvRows(response)).length - 1).toBe(total);
    },
  );

  it("POST with the body of docs/product.md#calls gives the same rows as the search page's names", async () => {
    const json = {
      searchQuery: "a",
      filters: {
        industry: "",
        fundingStage: "Seed",
        location: "",
        fundingAmount: "any",
        fundingDate: "1y",
      },
    };
    const spec = await csvRows(
      await handleExportRequest(services, exportRequest({ account: "active", json }), NOW),
    );
    const byName = await csvRows(
      await handleExportRequest(
        services,
        exportRequest({ account: "active", query: "q=a&stage=Seed&date=1y&page=2" }),
        NOW,
      ),
    );
    const form = await csvRows(
      await handleExportRequest(
        services,
        exportRequest({ account: "active", form: { searchQuery: "a", fundingStage: "Seed", date: "1y" } }),
        NOW,
      ),
    );
    expect(spec.length - 1).toBe(await searchTotal({ q: "a", stage: ["Seed"], date: "1y" }));
    expect(byName).toEqual(spec);
    expect(form).toEqual(spec);
  });

  it("records every export as activity with the query, the filters and the rows sent", async () => {
    const before = (await exportActivities("monthly@example.com")).length;
    const response = await handleExportRequest(
      services,
      exportRequest({ account: "monthly", query: "stage=Seed" }),
      NOW,
    );
    const rows = (await csvRows(response)).length - 1;
    await expect.poll(async () => (await exportActivities("monthly@example.com")).length).toBe(before + 1);
    const latest = (await exportActivities("monthly@example.com")).at(-1);
    expect(latest).toMatchObject({
      actionType: "export",
      actionDetails: {
        query: "",
        filters: { industry: [], stage: ["Seed"], location: [], amount: "", date: "" },
        totalResults: rows,
      },
    });
  });
});

describe("bad requests", () => {
  it.each([
    [{ query: "amount=lots" }, '"lots" is not a funding amount option, so it was ignored.'],
    [{ query: "date=yesterday" }, '"yesterday" is not a funding date option, so it was ignored.'],
    [{ json: { filters: { industry: 5 } } }, '"filters.industry" must be text or a list of texts.'],
    [{ json: { filters: "SaaS" } }, '"filters" must be an object.'],
    [{ json: ["q"] }, "The request body must be a JSON object."],
    [{ rawBody: "{not json" }, "The request body is not valid JSON."],
  ])("%o gets 400 with the message", async (options, message) => {
    const response = await handleExportRequest(
      services,
      exportRequest({ account: "active", ...options }),
      NOW,
    );
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toBe(message);
  });

  it("caps the exports running at once (429), and frees the slot when a download ends", async () => {
    const limited: ExportServices = { ...services, maxRunningExports: 2 };
    const first = await handleExportRequest(limited, exportRequest({ account: "active" }), NOW);
    const second = await handleExportRequest(limited, exportRequest({ account: "active" }), NOW);
    const third = await handleExportRequest(limited, exportRequest({ account: "active" }), NOW);
    expect([first.status, second.status, third.status]).toEqual([200, 200, 429]);
    expect(await third.json()).toEqual({ error: EXPORT_BUSY });
    await first.body?.cancel();
    await expect
      .poll(async () => {
        const next = await handleExportRequest(limited, exportRequest({ account: "active" }), NOW);
        await next.body?.cancel();
        return next.status;
      })
      .toBe(200);
    await second.body?.cancel();
  });

  it("answers 503 with Retry-After when the database connection is lost (docs/product.md#security)", async () => {
    const lost = Object.assign(new Error("terminating connection due to administrator command"), {
      code: "57P01",
    });
    // Every query of this database fails as a terminated backend does.
    const failing = new Proxy({} as ExportServices["database"]["db"], {
      get() {
        throw lost;
      },
    });
    const broken: ExportServices = { ...services, database: { kind: database.kind, db: failing } };
    const response = await handleExportRequest(broken, exportRequest({ account: "active" }), NOW);
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("5");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ error: DATABASE_UNAVAILABLE.message });
  });
});

describe("export for an import format (docs/product.md#converter: ?target=)", () => {
  it("writes the target's headers, separator and byte order mark, with the same rows and access rule", async () => {
    for (const account of [undefined, "trialing", "none"]) {
      const refused = await handleExportRequest(
        services,
        exportRequest({ ...(account ? { account } : {}), query: "target=instantly" }),
        NOW,
      );
      expect(refused.status).toBe(403);
    }
    const response = await handleExportRequest(
      services,
      exportRequest({ account: "active", query: "stage=Seed&target=instantly" }),
      NOW,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toBe(
      'attachment; filename="roundlist-companies-2026-11-21-instantly.csv"',
    );
    const bytes = Buffer.from(await response.arrayBuffer());
    // Instantly's importer takes the first header as written: no byte order mark.
    expect(bytes.subarray(0, 3).toString("hex")).not.toBe("efbbbf");
    const [header, ...rows] = parse(bytes) as string[][];
    expect(header).toEqual(prepareTarget(targetById("instantly") as Target).headers);
    expect(header).toContain("email");
    await expect
      .poll(async () => (await exportActivities("active@example.com")).at(-1)?.actionDetails)
      .toMatchObject({
        format: "instantly",
        totalResults: rows.length,
      });
    // One row per person (Instantly takes one contact per row, docs/product.md#export), each address once:
    // the person's, else the company's (the target's email rule), as the plain file per person names them.
    const plain = await csvRows(
      await handleExportRequest(
        services,
        exportRequest({ account: "active", query: "stage=Seed&rows=people" }),
        NOW,
      ),
    );
    const [plainHeader, ...plainRows] = plain;
    const personEmail = plainHeader?.indexOf("Email") ?? -1;
    const contactEmail = plainHeader?.indexOf("Contact Email") ?? -1;
    const addresses = new Set(
      plainRows.map((row) => row[personEmail] || row[contactEmail] || "").filter((address) => address !== ""),
    );
    expect(plainRows.length).toBeGreaterThan(await searchTotal({ stage: ["Seed"] }));
    const email = header?.indexOf("email") ?? -1;
    expect(rows.map((row) => row[email])).toEqual([...addresses]);
  });

  it("writes Excel for Europe with semicolons and a byte order mark", async () => {
    const response = await handleExportRequest(
      services,
      exportRequest({ account: "active", query: "target=excel-eu" }),
      NOW,
    );
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.subarray(0, 3).toString("hex")).toBe("efbbbf");
    const rows = parse(bytes, { bom: true, delimiter: ";" }) as string[][];
    expect(rows[0]).toEqual(prepareTarget(targetById("excel-eu") as Target).headers);
    expect(rows).toHaveLength(SEEDED + 1);
  });

  it("refuses an unknown format with a message and no rows", async () => {
    const response = await handleExportRequest(
      services,
      exportRequest({ account: "active", query: "target=myspace" }),
      NOW,
    );
    expect(response.status).toBe(400);
    expect((await response.json()).error).toMatch(
      /^"myspace" is not an export format\. Choose one of: hubspot-contacts/,
    );
  });
});
