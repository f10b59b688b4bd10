import { and, asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { API_MESSAGES } from "~/core/api-keys";
import { apiAccount, apiCall, documented } from "~tests/fixtures/api-contract";
import { setUpTestDatabase } from "~tests/fixtures/database";
import { company } from "~tests/fixtures/factories";
import {
  companies,
  fundingRounds,
  investors,
  lpCommitments,
  lpContacts,
  lps,
  people,
  roundInvestors,
  userActivity,
} from "../db/schema";
import { invalidateInvestorCatalog } from "../investors/investor-catalog.server";
import { invalidateInvestorFacts } from "../investors/investor-page.server";
import { requestDoNotSell } from "../suppression/do-not-sell.server";
import { createApiKey, revokeApiKey } from "./api-keys.server";
import { API_ROUTES } from "./api-routes.server";

// docs/product.md#api: /investors and /lps, as the investor pages and the LP database answer them.
const database = setUpTestDatabase({ reset: "file" });
const SECRET = "test-secret-test-secret-test-secret-1234";
const keys = new Map<string, string>();
const userIds = new Map<string, string>();
let revokedKey = "";
let alphaSlug = "";

const INVESTORS = API_ROUTES.investors;
const investorRoute = API_ROUTES.investor;
const LPS = API_ROUTES.lps;
const lpRoute = API_ROUTES.lp;

async function addRound(
  companyId: number,
  announcedOn: string,
  fundingType: string,
  links: Array<{ id: number; lead?: boolean }>,
) {
  const [round] = await database.db
    .insert(fundingRounds)
    .values({ companyId, announcedOn, fundingType, amountUsd: 2_000_000, source: "demo" })
    .returning({ id: fundingRounds.id });
  if (!round) throw new Error("no round");
  await database.db.insert(roundInvestors).values(
    links.map((link) => ({
      roundId: round.id,
      investorId: link.id,
      companyId,
      announcedOn,
      isLead: link.lead ?? false,
    })),
  );
}

beforeAll(async () => {
  const db = database.db;
  for (const [name, status, plan] of [
    ["none", null, "pro"],
    ["trialing", "trialing", "pro"],
    ["active", "active", "pro"],
    ["lpsonly", "active", "lps"],
    ["lpstrial", "trialing", "lps"],
  ] as const) {
    const account = await apiAccount(db, name, status, plan);
    keys.set(name, account.key);
    userIds.set(name, account.userId);
  }
  const second = await createApiKey(db, "api-active", "to revoke");
  revokedKey = second.key;
  await revokeApiKey(db, "api-active", second.view.id);

  // Investors: Atlas backs Alpha (leading its Series A) and Hidden Co, which a do-not-sell request hides.
  const [alpha, hidden] = await db
    .insert(companies)
    .values([
      company("Alpha Robotics", { email: "ada@alpha.test", firstName: "Ada", lastFundingType: "Series A" }),
      company("Hidden Co", { email: "hid@hidden.test", firstName: "Hid", lastFundingType: "Seed" }),
    ])
    .returning({ id: companies.id, slug: companies.slug });
  if (!alpha || !hidden) throw new Error("no companies");
  alphaSlug = alpha.slug;
  await db.insert(people).values({
    companyId: alpha.id,
    firstName: "Ada",
    roleKind: "founder",
    email: "ada@alpha.test",
    source: "demo",
  });
  const investorIds = await db
    .insert(investors)
    .values([
      { slug: "atlas-ventures", name: "Atlas Ventures", nameKey: "atlas ventures", type: "venture_capital" },
      { slug: "beacon-angels", name: "Beacon Angels", nameKey: "beacon angels", type: "angel" },
      { slug: "cove-capital", name: "Cove Capital", nameKey: "cove capital" },
    ])
    .returning({ id: investors.id });
  const [atlas, beacon] = investorIds.map((row) => row.id);
  if (atlas === undefined || beacon === undefined) throw new Error("no investors");
  await addRound(alpha.id, "2025-01-10", "Seed", [{ id: atlas }]);
  await addRound(alpha.id, "2026-03-01", "Series A", [{ id: atlas, lead: true }, { id: beacon }]);
  await addRound(hidden.id, "2026-05-01", "Seed", [{ id: atlas, lead: true }]);

  // LPs: Alder with two contacts (one of them later asks not to be sold) and four commitments; Beech.
  const [alder, beech] = await db
    .insert(lps)
    .values([
      {
        slug: "alder-family-office",
        name: "Alder Family Office",
        type: "single-family-office",
        country: "United States",
        aumUsd: 500_000_000,
        assetClasses: ["venture-capital"],
        acceptsEmerging: "yes",
      },
      {
        slug: "beech-endowment",
        name: "Beech University Endowment",
        type: "endowment",
        country: "United Kingdom",
        aumUsd: 12_000_000_000,
      },
    ])
    .returning({ id: lps.id });
  if (!alder || !beech) throw new Error("no LPs");
  await db.insert(lpContacts).values([
    { lpId: alder.id, position: 0, firstName: "Maya", lastName: "Quill", email: "maya.quill@alder.example" },
    { lpId: alder.id, position: 1, firstName: "Owen", lastName: "Birch", email: "owen.birch@alder.example" },
    { lpId: beech.id, position: 0, firstName: "Ada", lastName: "Lindqvist", email: "ada@beech.example" },
  ]);
  await db.insert(lpCommitments).values(
    [2019, 2021, 2023, 2025].map((vintage) => ({
      lpId: alder.id,
      fundName: `Fund ${vintage}`,
      vintage,
      amountUsd: 5_000_000,
    })),
  );

  await requestDoNotSell(db, "hid@hidden.test", SECRET);
  await requestDoNotSell(db, "owen.birch@alder.example", SECRET);
  invalidateInvestorCatalog();
  invalidateInvestorFacts();
});

const names = (body: Record<string, unknown>) =>
  (body.data as Array<{ name: string }>).map((row) => row.name);

describe("GET /api/v1/investors and /investors/{slug}: who may call", () => {
  it("refuses a visitor and a revoked key (401), an account without Pro access (403), with no address", async () => {
    for (const route of [INVESTORS, investorRoute("atlas-ventures")]) {
      const path = route.path === "/investors" ? "/api/v1/investors" : "/api/v1/investors/atlas-ventures";
      const visitor = await documented(await apiCall(database.db, route, path, null), "GET", route.path);
      expect(visitor).toMatchObject({ status: 401, body: { error: API_MESSAGES.noKey } });
      const revoked = await documented(
        await apiCall(database.db, route, path, revokedKey),
        "GET",
        route.path,
      );
      expect(revoked).toMatchObject({ status: 401, body: { error: API_MESSAGES.badKey } });
      for (const name of ["none", "lpsonly"]) {
        const refused = await documented(
          await apiCall(database.db, route, path, keys.get(name)),
          "GET",
          route.path,
        );
        expect(refused.status, name).toBe(403);
        expect(refused.body).toEqual({ error: API_MESSAGES.noAccess });
        expect(refused.text).not.toContain("@");
      }
    }
  });

  it("answers a trial and a subscriber alike: investors name no person, so nothing is masked or shown", async () => {
    for (const name of ["trialing", "active"]) {
      const list = await documented(
        await apiCall(database.db, INVESTORS, "/api/v1/investors", keys.get(name)),
        "GET",
        "/investors",
      );
      expect(list.status, name).toBe(200);
      expect(names(list.body)).toEqual(["Atlas Ventures", "Beacon Angels", "Cove Capital"]);
      expect(list.text).not.toContain("@");
      const one = await documented(
        await apiCall(
          database.db,
          investorRoute("atlas-ventures"),
          "/api/v1/investors/atlas-ventures",
          keys.get(name),
        ),
        "GET",
        "/investors/{slug}",
      );
      expect(one.status, name).toBe(200);
      expect(one.text).not.toContain("@");
    }
  });
});

describe("GET /api/v1/investors", () => {
  it("counts only companies no do-not-sell request hides, as the investor pages do", async () => {
    const { body } = await documented(
      await apiCall(database.db, INVESTORS, "/api/v1/investors", keys.get("active")),
      "GET",
      "/investors",
    );
    expect(body.total).toBe(3);
    expect(body.nextCursor).toBeNull();
    const atlas = (body.data as Array<Record<string, unknown>>)[0];
    expect(atlas).toMatchObject({
      slug: "atlas-ventures",
      type: "venture_capital",
      companies: 1,
      rounds: 2,
      lastRoundOn: "2026-03-01",
      url: "http://localhost:3000/investors/atlas-ventures",
    });
  });

  it("finds names holding `q`, accents and case aside, and pages with a cursor tied to the query", async () => {
    const found = await documented(
      await apiCall(database.db, INVESTORS, "/api/v1/investors?q=CAP", keys.get("active")),
      "GET",
      "/investors",
    );
    expect(names(found.body)).toEqual(["Cove Capital"]);
    expect(found.body.total).toBe(1);

    const first = await documented(
      await apiCall(database.db, INVESTORS, "/api/v1/investors?q=a&limit=2", keys.get("active")),
      "GET",
      "/investors",
    );
    // Names starting with "a" first, then those holding it.
    expect(names(first.body)).toEqual(["Atlas Ventures", "Beacon Angels"]);
    expect(first.body.total).toBe(3);
    const cursor = first.body.nextCursor as string;
    expect(cursor).toEqual(expect.any(String));
    const second = await documented(
      await apiCall(
        database.db,
        INVESTORS,
        `/api/v1/investors?q=a&limit=2&cursor=${cursor}`,
        keys.get("active"),
      ),
      "GET",
      "/investors",
    );
    expect(names(second.body)).toEqual(["Cove Capital"]);
    expect(second.body.nextCursor).toBeNull();

    const other = await documented(
      await apiCall(
        database.db,
        INVESTORS,
        `/api/v1/investors?q=b&limit=2&cursor=${cursor}`,
        keys.get("active"),
      ),
      "GET",
      "/investors",
    );
    expect(other.status).toBe(400);
    expect(other.body.error).toMatch(/^cursor: /);
  });

  it("answers 400 naming the parameter", async () => {
    for (const [query, pattern] of [
      ["limit=0", /^limit: /],
      ["limit=101", /^limit: /],
      ["sort=name", /Unknown parameter: sort/],
      [`q=${"x".repeat(101)}`, /^q: /],
    ] as const) {
      const refused = await documented(
        await apiCall(database.db, INVESTORS, `/api/v1/investors?${query}`, keys.get("active")),
        "GET",
        "/investors",
      );
      expect(refused.status, query).toBe(400);
      expect(refused.body.error, query).toMatch(pattern);
    }
  });
});

describe("GET /api/v1/investors/{slug}", () => {
  it("gives the investor as its page shows it: figures, stages, sectors, co-investors, rounds without hidden companies", async () => {
    const { body } = await documented(
      await apiCall(
        database.db,
        investorRoute("atlas-ventures"),
        "/api/v1/investors/atlas-ventures",
        keys.get("active"),
      ),
      "GET",
      "/investors/{slug}",
    );
    expect(body).toMatchObject({ slug: "atlas-ventures", companies: 1, rounds: 2, leadRounds: 1 });
    expect(body.stages).toEqual([
      { name: "Seed", count: 1 },
      { name: "Series A", count: 1 },
    ]);
    expect(body.coInvestors).toEqual([
      { slug: "beacon-angels", name: "Beacon Angels", type: "angel", sharedRounds: 1 },
    ]);
    expect(body.portfolio).toEqual([
      {
        announcedOn: "2026-03-01",
        fundingType: "Series A",
        amountUsd: 2_000_000,
        isLead: true,
        company: {
          slug: alphaSlug,
          name: "Alpha Robotics",
          url: `http://localhost:3000/company/${alphaSlug}`,
        },
      },
      {
        announcedOn: "2025-01-10",
        fundingType: "Seed",
        amountUsd: 2_000_000,
        isLead: false,
        company: {
          slug: alphaSlug,
          name: "Alpha Robotics",
          url: `http://localhost:3000/company/${alphaSlug}`,
        },
      },
    ]);
    expect(JSON.stringify(body)).not.toContain("Hidden Co");
    expect(body.nextCursor).toBeNull();
  });

  it("answers 404 for an unknown or malformed slug, 400 for a cursor of something else", async () => {
    for (const slug of ["no-such-investor", "Not A Slug", "x".repeat(300)]) {
      const missing = await documented(
        await apiCall(
          database.db,
          investorRoute(slug),
          `/api/v1/investors/${encodeURIComponent(slug)}`,
          keys.get("active"),
        ),
        "GET",
        "/investors/{slug}",
      );
      expect(missing).toMatchObject({ status: 404, body: { error: API_MESSAGES.notFound } });
    }
    const bad = await documented(
      await apiCall(
        database.db,
        investorRoute("atlas-ventures"),
        "/api/v1/investors/atlas-ventures?cursor=nope",
        keys.get("active"),
      ),
      "GET",
      "/investors/{slug}",
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/^cursor: /);
  });
});

describe("GET /api/v1/lps and /lps/{slug}: LP access only", () => {
  it("refuses a visitor and a revoked key (401), and without LP access (none, trial, Pro) 403 with the LP message and no address", async () => {
    for (const route of [LPS, lpRoute("alder-family-office")]) {
      const path = route.path === "/lps" ? "/api/v1/lps" : "/api/v1/lps/alder-family-office";
      expect((await apiCall(database.db, route, path, null)).status).toBe(401);
      expect((await apiCall(database.db, route, path, revokedKey)).status).toBe(401);
      for (const name of ["none", "trialing", "active"]) {
        const refused = await documented(
          await apiCall(database.db, route, path, keys.get(name)),
          "GET",
          route.path,
        );
        expect(refused.status, name).toBe(403);
        expect(refused.body).toEqual({ error: API_MESSAGES.noLpAccess });
        expect(refused.text).not.toContain("@");
      }
    }
  });

  it("gives LP access (the LP plan, on a trial too, as /lps and its export) contact addresses in full; a do-not-sell contact is gone", async () => {
    for (const name of ["lpsonly", "lpstrial"]) {
      const list = await documented(
        await apiCall(database.db, LPS, "/api/v1/lps?sort=name-asc", keys.get(name)),
        "GET",
        "/lps",
      );
      expect(list.status, name).toBe(200);
      expect(names(list.body)).toEqual(["Alder Family Office", "Beech University Endowment"]);
      expect(list.body.total).toBe(2);
      const alder = (list.body.data as Array<{ contacts: unknown[] }>)[0];
      expect(alder?.contacts).toEqual([
        {
          name: "Maya Quill",
          title: null,
          email: "maya.quill@alder.example",
          isEmailMasked: false,
          linkedin: null,
        },
      ]);
      expect(list.text).not.toContain("owen.birch");
    }
  });

  it("takes the /lps page's filters and order, pages with a cursor, and refuses a value the page would drop", async () => {
    const endowments = await documented(
      await apiCall(database.db, LPS, "/api/v1/lps?type=endowment", keys.get("lpsonly")),
      "GET",
      "/lps",
    );
    expect(names(endowments.body)).toEqual(["Beech University Endowment"]);
    const emerging = await documented(
      await apiCall(database.db, LPS, "/api/v1/lps?emerging=yes&aum=100m-1b", keys.get("lpsonly")),
      "GET",
      "/lps",
    );
    expect(names(emerging.body)).toEqual(["Alder Family Office"]);

    // The default order: the largest AUM first.
    const first = await documented(
      await apiCall(database.db, LPS, "/api/v1/lps?limit=1", keys.get("lpsonly")),
      "GET",
      "/lps",
    );
    expect(names(first.body)).toEqual(["Beech University Endowment"]);
    const second = await documented(
      await apiCall(
        database.db,
        LPS,
        `/api/v1/lps?limit=1&cursor=${first.body.nextCursor}`,
        keys.get("lpsonly"),
      ),
      "GET",
      "/lps",
    );
    expect(names(second.body)).toEqual(["Alder Family Office"]);
    expect(second.body.nextCursor).toBeNull();

    for (const [query, pattern] of [
      ["type=bank", /"bank" is not an LP type/],
      ["colour=blue", /Unknown parameter: colour/],
      ["emerging=no", /^emerging: /],
      [`limit=1&type=endowment&cursor=${first.body.nextCursor}`, /^cursor: /],
    ] as const) {
      const refused = await documented(
        await apiCall(database.db, LPS, `/api/v1/lps?${query}`, keys.get("lpsonly")),
        "GET",
        "/lps",
      );
      expect(refused.status, query).toBe(400);
      expect(refused.body.error, query).toMatch(pattern);
    }
  });

  it("gives one LP with its contacts and its newest commitments (and how many are known); 404 otherwise", async () => {
    const { body, text } = await documented(
      await apiCall(
        database.db,
        lpRoute("alder-family-office"),
        "/api/v1/lps/alder-family-office",
        keys.get("lpsonly"),
      ),
      "GET",
      "/lps/{slug}",
    );
    expect(body).toMatchObject({
      slug: "alder-family-office",
      type: "single-family-office",
      commitmentCount: 4,
    });
    expect((body.commitments as Array<{ vintage: number }>).map((row) => row.vintage)).toEqual([
      2025, 2023, 2021,
    ]);
    expect(text).toContain("maya.quill@alder.example");
    expect(text).not.toContain("owen.birch");
    for (const slug of ["no-such-lp", "x".repeat(300)]) {
      const missing = await documented(
        await apiCall(database.db, lpRoute(slug), `/api/v1/lps/${slug}`, keys.get("lpsonly")),
        "GET",
        "/lps/{slug}",
      );
      expect(missing).toMatchObject({ status: 404, body: { error: API_MESSAGES.notFound } });
    }
  });
});

describe("the activity log's api rows (docs/product.md#activity)", () => {
  const apiRows = (userId: string) =>
    database.db
      .select({ details: userActivity.actionDetails })
      .from(userActivity)
      .where(and(eq(userActivity.userId, userId), eq(userActivity.actionType, "api")))
      .orderBy(asc(userActivity.id));

  it("records each answered call with its endpoint, the rows it answered, its query and filters; refusals are not recorded", async () => {
    const userId = userIds.get("lpstrial") as string;
    const before = (await apiRows(userId)).length;

    await apiCall(database.db, LPS, "/api/v1/lps?type=endowment&q=beech", keys.get("lpstrial"));
    await apiCall(
      database.db,
      lpRoute("alder-family-office"),
      "/api/v1/lps/alder-family-office",
      keys.get("lpstrial"),
    );
    // Refused: a bad value (400), an unknown LP (404), investors without Pro access (403).
    await apiCall(database.db, LPS, "/api/v1/lps?type=bank", keys.get("lpstrial"));
    await apiCall(database.db, lpRoute("nope"), "/api/v1/lps/nope", keys.get("lpstrial"));
    await apiCall(database.db, INVESTORS, "/api/v1/investors", keys.get("lpstrial"));

    // The write is not awaited by the call (as the search page's): it lands just after.
    await expect.poll(async () => (await apiRows(userId)).length).toBe(before + 2);
    const rows = (await apiRows(userId)).slice(before).map((row) => row.details);
    expect(rows[0]).toMatchObject({
      endpoint: "GET /lps",
      totalResults: 1,
      query: "beech",
      database: "lps",
      filters: { type: ["endowment"] },
    });
    expect(rows[1]).toEqual({
      endpoint: "GET /lps/{slug}",
      totalResults: 1,
      query: "",
      filters: {},
      resource: "alder-family-office",
      database: "lps",
    });
    // Nothing else arrives later.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await apiRows(userId)).toHaveLength(before + 2);
  });

  it("names a company's endpoint by the document's path, the company by its slug", async () => {
    const userId = userIds.get("active") as string;
    const route = API_ROUTES.company(alphaSlug);
    const response = await apiCall(database.db, route, `/api/v1/companies/${alphaSlug}`, keys.get("active"));
    expect(response.status).toBe(200);
    await expect
      .poll(async () => (await apiRows(userId)).map((row) => row.details.endpoint))
      .toContain("GET /companies/{slug}");
    const row = (await apiRows(userId)).find((entry) => entry.details.endpoint === "GET /companies/{slug}");
    expect(row?.details).toMatchObject({ resource: alphaSlug, totalResults: 1 });
  });
});
