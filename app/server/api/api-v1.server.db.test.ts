import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Validator } from "@seriousme/openapi-schema-validator";
import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { SubscriptionStatus } from "~/core/access";
import {
  API_MAX_IN_FLIGHT_PER_KEY,
  API_MESSAGES,
  API_QUOTA_PER_DAY,
  API_RATE_PER_MINUTE,
} from "~/core/api-keys";
import { insertSubscription, TEST_APP_URL } from "~tests/fixtures/accounts";
import { setUpTestDatabase } from "~tests/fixtures/database";
import { company } from "~tests/fixtures/factories";
import { queryRows } from "../db/query-rows.server";
import { companies, people, users } from "../db/schema";
import { requestDoNotSell } from "../suppression/do-not-sell.server";
import { createApiKey, revokeApiKey } from "./api-keys.server";
import { countApiCall, limitHeaders, RefusedKeys } from "./api-limits.server";
import { API_ROUTES } from "./api-routes.server";
import { getCompany, getMe, handleApiCall, listCompanies } from "./api-v1.server";
import { openApiDocument } from "./openapi.server";

// Accounts, keys and companies are made once; the calls only read (and count their keys' use).
const database = setUpTestDatabase({ reset: "file" });
const SECRET = "test-secret-test-secret-test-secret-1234";
const keys = new Map<string, string>();
const userIds = new Map<string, string>();
let revokedKey = "";

async function account(name: string, status: SubscriptionStatus | null, planId: "pro" | "lps" = "pro") {
  const id = `api-${name}`;
  await database.db.insert(users).values({ id, name, email: `${name}@example.com`, emailVerified: true });
  if (status) await insertSubscription(database.db, id, status, planId);
  userIds.set(name, id);
  keys.set(name, (await createApiKey(database.db, id, `${name} key`)).key);
}

beforeAll(async () => {
  await account("none", null);
  await account("trialing", "trialing");
  await account("active", "active");
  await account("lpsonly", "active", "lps");
  const second = await createApiKey(database.db, "api-active", "to revoke");
  revokedKey = second.key;
  await revokeApiKey(database.db, "api-active", second.view.id);
  const [alpha, , hidden] = await database.db
    .insert(companies)
    .values([
      company("Alpha Robotics", {
        email: "ada@alpha.test",
        firstName: "Ada",
        lastName: "Byron",
        lastFundingType: "Seed",
      }),
      company("Beta Labs", {
        email: "bo@beta.test",
        firstName: "Bo",
        lastName: "Lee",
        lastFundingType: "Series A",
      }),
      company("Hidden Co", { email: "hid@hidden.test", firstName: "Hid", lastFundingType: "Seed" }),
    ])
    .returning({ id: companies.id, slug: companies.slug });
  if (!alpha || !hidden) throw new Error("no companies");
  await database.db.insert(people).values([
    {
      companyId: alpha.id,
      firstName: "Ada",
      lastName: "Byron",
      roleKind: "founder",
      email: "ada@alpha.test",
      source: "demo",
    },
    { companyId: alpha.id, firstName: "Gus", roleKind: "executive", email: "gus@alpha.test", source: "demo" },
  ]);
  await requestDoNotSell(database.db, "hid@hidden.test", SECRET);
});

function call(
  endpoint: Parameters<typeof handleApiCall>[2],
  path: string,
  key?: string | null,
  init: RequestInit = {},
) {
  const headers = new Headers(init.headers);
  if (key) headers.set("authorization", `Bearer ${key}`);
  return handleApiCall(database.db, new Request(`${TEST_APP_URL}${path}`, { ...init, headers }), endpoint);
}

const slugOf = async (name: string) => {
  const [row] = await queryRows<{ slug: string }>(
    database.db,
    sql`select slug from companies where organization_name = ${name}`,
  );
  return row?.slug ?? "";
};

/** The OpenAPI document's schema of an operation's 200 answer, compiled once. */
const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));
const document = openApiDocument() as unknown as {
  paths: Record<
    string,
    Record<string, { responses: Record<string, { content: { "application/json": { schema: object } } }> }>
  >;
  components: { schemas: Record<string, object> };
};
ajv.addSchema({ $id: "doc", components: document.components });
function validates(path: string, status: string, body: unknown): string[] {
  const response = document.paths[path]?.get?.responses[status];
  if (!response) return [`no ${status} answer documented for ${path}`];
  const schema = JSON.parse(
    JSON.stringify(response.content["application/json"].schema).replaceAll(
      '"#/components/',
      '"doc#/components/',
    ),
  );
  const validate = ajv.compile(schema);
  return validate(body)
    ? []
    : (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message}`);
}

describe("the API's OpenAPI document", () => {
  it("is a valid OpenAPI 3.1 document generated from the handlers' schemas", async () => {
    const result = await new Validator().validate(structuredClone(openApiDocument()) as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(Object.keys(document.paths)).toEqual([
      "/companies",
      "/companies/{slug}",
      "/me",
      "/investors",
      "/investors/{slug}",
      "/lps",
      "/lps/{slug}",
      "/saved-searches",
      "/saved-searches/{id}",
    ]);
    // Every /api/v1 route of app/routes.ts is a path of the document (openapi.json and the JSON 404 aside).
    const routes = readFileSync(join(import.meta.dirname, "../../routes.ts"), "utf8");
    const served = [...routes.matchAll(/route\("v1\/([^"]+)"/g)]
      .map((match) => `/${match[1]}`.replace(/:(\w+)/g, "{$1}"))
      .filter((served) => served !== "/openapi.json" && served !== "/*");
    expect(served.sort()).toEqual(Object.keys(document.paths).sort());
    // And the handlers' routes (api-routes.server.ts) take exactly the methods the document lists.
    const documented = Object.fromEntries(
      Object.entries(document.paths).map(([path, item]) => [path, Object.keys(item).sort()]),
    );
    const handled = Object.fromEntries(
      Object.values(API_ROUTES).map((entry) => {
        const route = typeof entry === "function" ? entry("x") : entry;
        return [route.path, Object.keys(route.methods).sort()];
      }),
    );
    expect(handled).toEqual(documented);
    expect(documented["/saved-searches/{id}"]).toEqual(["delete", "get", "patch"]);
    const parameters =
      (document.paths["/companies"]?.get as unknown as { parameters: Array<{ name: string }> } | undefined)
        ?.parameters ?? [];
    expect(parameters.map((parameter) => parameter.name)).toEqual(
      expect.arrayContaining([
        "q",
        "industry",
        "stage",
        "location",
        "investor",
        "led",
        "sort",
        "limit",
        "cursor",
      ]),
    );
  });
});

describe("/api/v1 keys and access", () => {
  it("refuses a call without a key, with a malformed, unknown or revoked key: 401 with a message", async () => {
    const none = await call(listCompanies, "/api/v1/companies");
    expect(none.status).toBe(401);
    expect(await none.json()).toEqual({ error: API_MESSAGES.noKey });
    expect(none.headers.get("www-authenticate")).toContain("Bearer");
    for (const key of ["nonsense", "rl_live_unknown0000000000000000000000000000000", revokedKey]) {
      const refused = await call(listCompanies, "/api/v1/companies", key);
      expect(refused.status).toBe(401);
      expect(await refused.json()).toEqual({ error: API_MESSAGES.badKey });
    }
  });

  it("refuses an account without Pro access (none, or only the LP plan) with 403, and no address in the answer", async () => {
    for (const name of ["none", "lpsonly"]) {
      const refused = await call(listCompanies, "/api/v1/companies", keys.get(name));
      expect(refused.status).toBe(403);
      const text = await refused.text();
      expect(JSON.parse(text)).toEqual({ error: API_MESSAGES.noAccess });
      expect(text).not.toContain("@");
    }
  });

  it("answers only GET", async () => {
    const refused = await call(listCompanies, "/api/v1/companies", keys.get("active"), { method: "POST" });
    expect(refused.status).toBe(405);
    expect(refused.headers.get("allow")).toBe("GET");
  });
});

describe("GET /api/v1/companies", () => {
  it("gives a subscriber full addresses, and a trialing user masked ones (the API is a bulk path: export access)", async () => {
    const full = await call(listCompanies, "/api/v1/companies?sort=name-asc", keys.get("active"));
    expect(full.status).toBe(200);
    const fullBody = await full.json();
    expect(validates("/companies", "200", fullBody)).toEqual([]);
    const alpha = fullBody.data.find((row: { name: string }) => row.name === "Alpha Robotics");
    expect(alpha.contact).toMatchObject({ email: "ada@alpha.test", isEmailMasked: false });

    const trial = await call(listCompanies, "/api/v1/companies?sort=name-asc", keys.get("trialing"));
    expect(trial.status).toBe(200);
    const text = await trial.text();
    expect(validates("/companies", "200", JSON.parse(text))).toEqual([]);
    expect(text).not.toContain("ada@alpha.test");
    expect(text).not.toContain("bo@beta.test");
    const masked = JSON.parse(text).data.find((row: { name: string }) => row.name === "Alpha Robotics");
    expect(masked.contact.isEmailMasked).toBe(true);
    expect(masked.contact.email).toMatch(/\*/);
  });

  it("leaves out do-not-sell companies, takes the search page's filters and states the limits in headers", async () => {
    const response = await call(listCompanies, "/api/v1/companies?stage=Seed", keys.get("active"));
    const body = await response.json();
    expect(body.data.map((row: { name: string }) => row.name)).toEqual(["Alpha Robotics"]);
    expect(body.total).toBe(1);
    expect(JSON.stringify(body)).not.toContain("hid@hidden.test");
    expect(response.headers.get("ratelimit-limit")).toBe(String(API_RATE_PER_MINUTE));
    expect(Number(response.headers.get("ratelimit-remaining"))).toBeLessThan(API_RATE_PER_MINUTE);
    expect(Number(response.headers.get("ratelimit-reset"))).toBeGreaterThan(0);
  });

  it("pages with a cursor tied to its search, and refuses a cursor of another search", async () => {
    const first = await (
      await call(listCompanies, "/api/v1/companies?sort=name-asc&limit=1", keys.get("active"))
    ).json();
    expect(first.data.map((row: { name: string }) => row.name)).toEqual(["Alpha Robotics"]);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await (
      await call(
        listCompanies,
        `/api/v1/companies?sort=name-asc&limit=1&cursor=${first.nextCursor}`,
        keys.get("active"),
      )
    ).json();
    expect(second.data.map((row: { name: string }) => row.name)).toEqual(["Beta Labs"]);
    expect(second.nextCursor).toBeNull();
    const other = await call(
      listCompanies,
      `/api/v1/companies?sort=name-desc&limit=1&cursor=${first.nextCursor}`,
      keys.get("active"),
    );
    expect(other.status).toBe(400);
    expect((await other.json()).error).toMatch(/^cursor: /);
  });

  it("answers 400 naming the parameter for a bad limit, an unknown parameter or a value the search cannot read", async () => {
    for (const [query, pattern] of [
      ["limit=500", /^limit: /],
      ["limit=abc", /^limit: /],
      ["colour=blue", /Unknown parameter: colour/],
      ["sort=sideways", /^sort: /],
      ["date=yesterday-ish", /funding date/],
    ] as const) {
      const refused = await call(listCompanies, `/api/v1/companies?${query}`, keys.get("active"));
      expect(refused.status, query).toBe(400);
      expect((await refused.json()).error, query).toMatch(pattern);
    }
  });
});

describe("GET /api/v1/companies/{slug}", () => {
  it("gives the company with its people, their addresses full for a subscriber and masked on a trial", async () => {
    const slug = await slugOf("Alpha Robotics");
    const full = await call(
      (context) => getCompany(context, slug),
      `/api/v1/companies/${slug}`,
      keys.get("active"),
    );
    expect(full.status).toBe(200);
    const body = await full.json();
    expect(validates("/companies/{slug}", "200", body)).toEqual([]);
    expect(body.people.map((person: { email: string }) => person.email)).toEqual([
      "ada@alpha.test",
      "gus@alpha.test",
    ]);

    const trial = await call(
      (context) => getCompany(context, slug),
      `/api/v1/companies/${slug}`,
      keys.get("trialing"),
    );
    const text = await trial.text();
    expect(trial.status).toBe(200);
    expect(text).not.toContain("ada@alpha.test");
    expect(text).not.toContain("gus@alpha.test");
  });

  it("answers 404 for an unknown slug and for a do-not-sell company", async () => {
    for (const slug of ["no-such-company", await slugOf("Hidden Co"), "x".repeat(300)]) {
      const missing = await call(
        (context) => getCompany(context, slug),
        `/api/v1/companies/${slug}`,
        keys.get("active"),
      );
      expect(missing.status).toBe(404);
      const text = await missing.text();
      expect(JSON.parse(text)).toEqual({ error: API_MESSAGES.notFound });
      expect(text).not.toContain("@");
    }
  });
});

describe("GET /api/v1/me and the limits", () => {
  it("answers an account with LP access only too (its key serves /lps), and refuses one without a plan", async () => {
    const me = API_ROUTES.me;
    const lp = await call(me, "/api/v1/me", keys.get("lpsonly"));
    expect(lp.status).toBe(200);
    const body = await lp.json();
    expect(validates("/me", "200", body)).toEqual([]);
    expect(body.plan).toMatchObject({ hasProAccess: false, hasLpAccess: true, hasExportAccess: false });
    const none = await call(me, "/api/v1/me", keys.get("none"));
    expect(none.status).toBe(403);
    expect(await none.json()).toEqual({ error: API_MESSAGES.noAccess });
  });

  it("states the plan, the access and the key's limits", async () => {
    const response = await call(getMe, "/api/v1/me", keys.get("trialing"));
    const body = await response.json();
    expect(validates("/me", "200", body)).toEqual([]);
    expect(body).toMatchObject({
      email: "trialing@example.com",
      plan: { hasProAccess: true, isTrialing: true, hasExportAccess: false },
      limits: { perMinute: API_RATE_PER_MINUTE, perDay: API_QUOTA_PER_DAY },
      key: { name: "trialing key" },
    });
    expect(body.limits.usedToday).toBeGreaterThan(0);
  });

  it("refuses a key over its rate with 429 and Retry-After, counted in the database, while another key goes on", async () => {
    const limits = { perMinute: 2, perDay: 100 };
    const now = new Date("2026-12-02T10:00:10Z");
    // Keys of their own, which no other test calls.
    const id = (await createApiKey(database.db, "api-none", "rate test")).view.id;
    const other = (await createApiKey(database.db, "api-none", "rate test, other")).view.id;
    const states = [];
    for (let call = 0; call < 3; call += 1) states.push(await countApiCall(database.db, id, now, limits));
    expect(states.map((state) => state.allowed)).toEqual([true, true, false]);
    const refused = states[2];
    if (!refused) throw new Error("no state");
    expect(refused.refusedBy).toBe("rate");
    expect(limitHeaders(refused)).toMatchObject({ "RateLimit-Remaining": "0", "Retry-After": "50" });
    expect((await countApiCall(database.db, other, now, limits)).allowed).toBe(true);
    // The next minute starts afresh; the day's quota still counts every call.
    const later = await countApiCall(database.db, id, new Date("2026-12-02T10:01:00Z"), limits);
    expect(later.allowed).toBe(true);
    expect(later.quota.used).toBe(4);
    const spent = await countApiCall(database.db, id, new Date("2026-12-02T10:02:00Z"), {
      perMinute: 10,
      perDay: 4,
    });
    expect(spent).toMatchObject({ allowed: false, refusedBy: "quota" });
  });

  it("answers 429 from the endpoint once the key's rate is spent", async () => {
    const limits = { perMinute: 1, perDay: 1_000 };
    const request = () =>
      handleApiCall(
        database.db,
        new Request(`${TEST_APP_URL}/api/v1/me`, {
          headers: { authorization: `Bearer ${keys.get("lpsonly")}` },
        }),
        getMe,
        { limits },
      );
    // This key was called already this minute by the tests above, or is now.
    await request();
    const refused = await request();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await refused.json()).error).toMatch(/^Too many requests for this key/);
    // Answered from this process's memory now: with the database's counts gone, still refused.
    await database.db.execute(sql`delete from api_usage`);
    const remembered = await request();
    expect(remembered.status).toBe(429);
    expect(remembered.headers.get("ratelimit-remaining")).toBe("0");
    expect(await queryRows(database.db, sql`select 1 from api_usage`)).toEqual([]);
  });

  it("answers at most 4 calls of one key at once; the 5th is refused at once, and another key goes on", async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let entered = 0;
    const slow = async () => {
      entered += 1;
      await gate;
      return { ok: true };
    };
    const held = Array.from({ length: API_MAX_IN_FLIGHT_PER_KEY }, () =>
      call(slow, "/api/v1/me", keys.get("active")),
    );
    await expect.poll(() => entered).toBe(API_MAX_IN_FLIGHT_PER_KEY);
    const fifth = await call(slow, "/api/v1/me", keys.get("active"));
    expect(fifth.status).toBe(429);
    expect(fifth.headers.get("retry-after")).toBe("1");
    expect(await fifth.json()).toEqual({ error: API_MESSAGES.inFlight });
    const other = call(slow, "/api/v1/me", keys.get("trialing"));
    await expect.poll(() => entered).toBe(API_MAX_IN_FLIGHT_PER_KEY + 1);
    release();
    expect((await Promise.all([...held, other])).map((response) => response.status)).toEqual(
      Array(API_MAX_IN_FLIGHT_PER_KEY + 1).fill(200),
    );
    expect((await call(getMe, "/api/v1/me", keys.get("active"))).status).toBe(200);
  });

  it("remembers a refused key until its window ends, a minute at most", () => {
    const keys = new RefusedKeys();
    const state = {
      allowed: false,
      refusedBy: "quota" as const,
      limit: 4,
      remaining: 0,
      resetSeconds: 3_600,
      perMinute: 10,
      policy: "10;w=60, 4;w=86400",
      quota: { limit: 4, used: 4, resetSeconds: 3_600 },
    };
    keys.remember("hash", state, 0);
    keys.remember("allowed", { ...state, allowed: true }, 0);
    expect(keys.refusal("allowed", 1_000)).toBeNull();
    expect(keys.refusal("hash", 1_000)?.resetSeconds).toBe(59);
    expect(keys.refusal("hash", 60_000)).toBeNull();
  });
});
