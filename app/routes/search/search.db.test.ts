/**
 * The /search loader, called as React Router calls it (a real Request with a real session cookie): the
 * server decides what a URL may filter (decision 026) and writes URL values back in their canonical
 * spelling (docs/product.md#search).
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { SEARCH_NEEDS_PLAN } from "~/core/messages";
import { EMPTY_SEARCH } from "~/core/search-params";
import { loader as facetsLoader } from "~/routes/api/search-facets";
import { loader } from "~/routes/search/search";
import { invalidateCatalog } from "~/server/companies/catalog.server";
import { companies, users } from "~/server/db/schema";
import {
  insertSubscription,
  signedUpCookie,
  TEST_APP_URL,
  testAccountServices,
  testAuthConfig,
} from "~tests/fixtures/accounts";
import { setUpTestDatabase } from "~tests/fixtures/database";
import { company } from "~tests/fixtures/factories";

// The route module asks the app for its database and auth; here both are the test database's.
const app = vi.hoisted(() => ({ db: undefined as unknown, services: undefined as unknown }));
vi.mock("~/server/app-database.server", () => ({ getDb: async () => app.db }));
vi.mock("~/server/auth/auth-services.server", () => ({ getAuthServices: async () => app.services }));

const database = setUpTestDatabase({ reset: "file" });
const cookies = new Map<string, string>();

beforeAll(async () => {
  const db = database.db;
  const accounts = testAccountServices(db, testAuthConfig({ AUTH_RATE_LIMIT_MAX: 1_000 }));
  app.db = db;
  app.services = accounts;
  for (const name of ["subscriber", "trial", "noplan"]) {
    const email = `${name}@example.com`;
    cookies.set(name, await signedUpCookie(accounts, email, "violet-harbor-71", "10.0.26.1"));
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (!row) throw new Error(`no user ${email}`);
    if (name === "subscriber") await insertSubscription(db, row.id, "active");
    if (name === "trial") await insertSubscription(db, row.id, "trialing");
  }
  await db.insert(companies).values([
    company("Newest Seed", {
      lastFundingType: "Seed",
      lastFundingDate: "2026-03-01",
      lastFundingAmountUsd: 500_000,
      industries: ["FinTech"],
      city: "Berlin",
      region: "Berlin",
      country: "Germany",
    }),
    company("Middle Series A", {
      lastFundingType: "Series A",
      lastFundingDate: "2026-02-01",
      lastFundingAmountUsd: 8_000_000,
      industries: ["SaaS"],
      country: "France",
    }),
    company("Oldest Seed", {
      lastFundingType: "Seed",
      lastFundingDate: "2026-01-01",
      lastFundingAmountUsd: 2_000_000,
      industries: ["FinTech"],
      country: "Germany",
    }),
  ]);
  invalidateCatalog();
});

interface LoaderOutcome {
  status: number;
  location: string | null;
  state?: typeof EMPTY_SEARCH;
  errors?: Array<{ param: string; message: string }>;
  names?: string[];
}

/** GET /search?query as `account` (a visitor without one); a thrown redirect is an outcome too. */
async function visit(query: string, account?: string): Promise<LoaderOutcome> {
  const headers = new Headers({ "user-agent": "vitest" });
  const cookie = account ? cookies.get(account) : undefined;
  if (cookie) headers.set("cookie", cookie);
  const request = new Request(`${TEST_APP_URL}/search${query ? `?${query}` : ""}`, { headers });
  try {
    const outcome = (await loader({ request, params: {}, context: {} } as never)) as unknown as {
      data: {
        state: typeof EMPTY_SEARCH;
        errors: Array<{ param: string; message: string }>;
        result: { companies: Array<{ organizationName: string }> } | null;
      };
      init: ResponseInit | null;
    };
    return {
      status: outcome.init?.status ?? 200,
      location: null,
      state: outcome.data.state,
      errors: outcome.data.errors,
      names: outcome.data.result?.companies.map((row) => row.organizationName) ?? [],
    };
  } catch (thrown) {
    if (thrown instanceof Response) {
      return { status: thrown.status, location: thrown.headers.get("Location") };
    }
    throw thrown;
  }
}

describe("/search loader: values in any case, written back canonical (docs/product.md#search)", () => {
  it("redirects a lower-case stage, industry, place, amount and date to their spellings", async () => {
    const outcome = await visit(
      "stage=seed&industry=fintech&location=Country:germany&amount=250K-1M&date=ANY&success=true",
      "subscriber",
    );
    expect(outcome.status).toBe(302);
    const location = new URL(outcome.location ?? "", TEST_APP_URL);
    expect(location.pathname).toBe("/search");
    expect([...location.searchParams]).toEqual([
      ["stage", "Seed"],
      ["industry", "FinTech"],
      ["location", "country:Germany"],
      ["amount", "250k-1m"],
      ["date", "any"],
      // Parameters that are not filters come along as they were.
      ["success", "true"],
    ]);

    // The canonical URL is served as it is, and finds what the lower-case one asked for.
    const followed = await visit(location.search.slice(1), "subscriber");
    expect(followed.status).toBe(200);
    expect(followed.names).toEqual(["Newest Seed"]);
  });

  it("serves a URL already canonical without a redirect, and leaves an unknown value to its message", async () => {
    expect(await visit("stage=Seed&stage=Series+A", "subscriber")).toMatchObject({
      status: 200,
      names: ["Newest Seed", "Middle Series A", "Oldest Seed"],
    });
    const unknown = await visit("stage=Series+Z&amount=lots", "subscriber");
    expect(unknown.status).toBe(200);
    expect(unknown.names).toEqual([]);
    expect(unknown.errors?.map((error) => error.param)).toEqual(["amount"]);
  });

  it("gives a value repeated in another case once", async () => {
    const outcome = await visit("stage=Seed&stage=SEED", "subscriber");
    expect(outcome.status).toBe(302);
    expect(new URL(outcome.location ?? "", TEST_APP_URL).search).toBe("?stage=Seed");
  });
});

describe("/search loader: a URL filters no more than the search box allows (decision 026)", () => {
  const asking = "q=seed&stage=Seed&amount=1m-5m&sort=name-asc&page=2";

  it("applies every filter for active access, a trial included", async () => {
    for (const account of ["subscriber", "trial"]) {
      const outcome = await visit(asking.replace("&page=2", ""), account);
      expect(outcome.state).toMatchObject({ q: "seed", stage: ["Seed"], amount: "1m-5m", sort: "name-asc" });
      expect(outcome.names).toEqual(["Oldest Seed"]);
      expect(outcome.errors).toEqual([]);
    }
  });

  it("serves a signed-in user without a plan, and a visitor, the free sample and says why", async () => {
    for (const account of ["noplan", undefined]) {
      const outcome = await visit(asking, account);
      expect(outcome.status).toBe(200);
      expect(outcome.state).toEqual(EMPTY_SEARCH);
      // The newest companies, as on /search without a query.
      expect(outcome.names).toEqual(["Newest Seed", "Middle Series A", "Oldest Seed"]);
      expect(outcome.errors).toEqual([{ param: "access", message: SEARCH_NEEDS_PLAN.link }]);
    }
  });

  it("says nothing when the URL asks for nothing beyond the sample", async () => {
    for (const query of ["", "success=true"]) {
      const outcome = await visit(query, "noplan");
      expect(outcome.errors).toEqual([]);
      expect(outcome.names).toHaveLength(3);
    }
  });
});

describe("/api/search-facets: counts no more than the search box searches (decision 026)", () => {
  /** The stage counts /api/search-facets?query gives `account` (a visitor without one). */
  async function stageCounts(query: string, account?: string): Promise<Record<string, number>> {
    const headers = new Headers({ "user-agent": "vitest" });
    const cookie = account ? cookies.get(account) : undefined;
    if (cookie) headers.set("cookie", cookie);
    const request = new Request(`${TEST_APP_URL}/api/search-facets?${query}`, { headers });
    const outcome = (await facetsLoader({ request, params: {}, context: {} } as never)) as unknown as {
      data: { facets: { stage: { counts: Record<string, number> } } };
    };
    return outcome.data.facets.stage.counts;
  }

  it("counts the asked text and filters for active access, and the free sample's for everyone else", async () => {
    const asking = "q=oldest&amount=1m-5m";
    expect(await stageCounts(asking, "subscriber")).toEqual({ Seed: 1 });
    const sample = await stageCounts("", "subscriber");
    expect(sample).toEqual({ Seed: 2, "Series A": 1 });
    for (const account of ["noplan", undefined]) expect(await stageCounts(asking, account)).toEqual(sample);
  });
});
