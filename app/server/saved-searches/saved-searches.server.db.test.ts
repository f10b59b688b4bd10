import { and, eq, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { SubscriptionStatus } from "~/core/access";
import { nextDigestAt } from "~/core/alert-schedule";
import { MAX_SAVED_SEARCHES, SAVED_SEARCH_MESSAGES } from "~/core/saved-search";
import { loader as profileLoader } from "~/routes/account/profile";
import { action as itemAction, loader as itemLoader } from "~/routes/api/saved-search";
import { action as listAction, loader as listLoader } from "~/routes/api/saved-searches";
import {
  insertSubscription,
  signedUpCookie as signedUpCookie_,
  TEST_APP_URL,
  testAccountServices,
  testAuthConfig,
} from "~tests/fixtures/accounts";
import { setUpTestDatabase } from "~tests/fixtures/database";
import type { AccountServices } from "../auth/account.server";
import type { Db } from "../db/database.server";
import { savedSearches, users } from "../db/schema";
import {
  createSavedSearch,
  getSavedSearch,
  listSavedSearches,
  parseSavedSearchId,
  removeSavedSearch,
  SAVED_SEARCH_INPUT_MESSAGES,
  SavedSearchError,
  updateSavedSearch,
} from "./saved-searches.server";

// The route modules ask the app for its database and auth; here both are the test database's.
const app = vi.hoisted(() => ({
  db: undefined as unknown,
  services: undefined as unknown,
}));
vi.mock("~/server/app-database.server", () => ({ getDb: async () => app.db }));
vi.mock("~/server/auth/auth-services.server", () => ({ getAuthServices: async () => app.services }));

const APP_URL = TEST_APP_URL;
const PASSWORD = "violet-harbor-71";
const NOW = new Date("2026-03-10T12:00:00Z"); // a Tuesday
const LATER = new Date("2026-03-12T15:30:00Z"); // the Thursday after

// Accounts are made once for the file; every test starts without saved searches.
const database = setUpTestDatabase({ reset: "file" });
let db: Db;
let accounts: AccountServices;
const cookies = new Map<string, string>();
const userIds = new Map<string, string>();

function signedUpCookie(email: string): Promise<string> {
  return signedUpCookie_(accounts, email, PASSWORD, "10.0.19.1");
}

function setSubscription(userId: string, status: SubscriptionStatus): Promise<void> {
  return insertSubscription(db, userId, status);
}

function userId(account: string): string {
  const id = userIds.get(account);
  if (!id) throw new Error(`no account ${account}`);
  return id;
}

beforeAll(async () => {
  db = database.db;
  accounts = testAccountServices(db, testAuthConfig({ AUTH_RATE_LIMIT_MAX: 1_000 }));
  app.db = db;
  app.services = accounts;
  // boss@example.com is an admin (testAuthConfig's ADMIN_EMAILS), with no subscription.
  for (const name of ["ada", "grace", "trial", "lapsed", "none", "boss"]) {
    const email = `${name}@example.com`;
    cookies.set(name, await signedUpCookie(email));
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (!row) throw new Error(`no user ${email}`);
    userIds.set(name, row.id);
  }
  await setSubscription(userId("ada"), "active");
  await setSubscription(userId("grace"), "active");
  await setSubscription(userId("trial"), "trialing");
  await setSubscription(userId("lapsed"), "canceled");
});

beforeEach(async () => {
  await db.delete(savedSearches);
});

async function refusalOf(promise: Promise<unknown>): Promise<SavedSearchError> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(SavedSearchError);
  return error as SavedSearchError;
}

async function rowOf(id: number) {
  const [row] = await db.select().from(savedSearches).where(eq(savedSearches.id, id));
  return row;
}

describe("saved searches (server module)", () => {
  it("creates, lists newest first, renames, sets the alert and deletes", async () => {
    const ada = userId("ada");
    const first = await createSavedSearch(db, ada, { name: "  Berlin   fintech ", query: "q=fintech" }, NOW);
    expect(first).toMatchObject({
      name: "Berlin fintech",
      query: "q=fintech",
      alert: "off",
      nextDigestAt: null,
    });
    const second = await createSavedSearch(
      db,
      ada,
      { name: "Seed rounds", query: "stage=Seed&stage=Series+A", alert: "weekly" },
      LATER,
    );
    expect((await listSavedSearches(db, ada)).map((search) => search.name)).toEqual([
      "Seed rounds",
      "Berlin fintech",
    ]);

    const renamed = await updateSavedSearch(db, ada, first.id, { name: "Berlin FinTech" }, LATER);
    expect(renamed).toMatchObject({ id: first.id, name: "Berlin FinTech", query: "q=fintech", alert: "off" });
    expect(renamed.updatedAt).toBe(LATER.toISOString());
    expect(renamed.createdAt).toBe(NOW.toISOString());

    const daily = await updateSavedSearch(db, ada, second.id, { alert: "daily" }, LATER);
    expect(daily.alert).toBe("daily");
    expect(await getSavedSearch(db, ada, second.id)).toEqual(daily);

    const removed = await removeSavedSearch(db, ada, first.id);
    expect(removed.name).toBe("Berlin FinTech");
    expect((await listSavedSearches(db, ada)).map((search) => search.id)).toEqual([second.id]);
    expect((await refusalOf(removeSavedSearch(db, ada, first.id))).status).toBe(404);
  });

  it("stores the search in its canonical form: page, defaults and empty values dropped", async () => {
    const saved = await createSavedSearch(
      db,
      userId("ada"),
      { name: "AI", query: "?q=%20ai%20&stage=Seed&stage=&stage=Seed&sort=date-desc&size=50&page=4" },
      NOW,
    );
    expect(saved.query).toBe("q=ai&stage=Seed");
  });

  it("refuses a query the search page would read differently, with the page's messages", async () => {
    const error = await refusalOf(
      createSavedSearch(db, userId("ada"), { name: "Bad", query: "amount=lots&date=forever" }, NOW),
    );
    expect(error.status).toBe(400);
    expect(error.fieldErrors?.query).toContain('"lots" is not a funding amount option');
    expect(error.fieldErrors?.query).toContain('"forever" is not a funding date option');
    const notText = await refusalOf(createSavedSearch(db, userId("ada"), { name: "Bad", query: 42 }, NOW));
    expect(notText.fieldErrors).toEqual({ query: SAVED_SEARCH_INPUT_MESSAGES.queryInvalid });
    expect(await listSavedSearches(db, userId("ada"))).toEqual([]);
  });

  it("refuses a bad name and a bad alert, each at its field", async () => {
    const ada = userId("ada");
    const error = await refusalOf(
      createSavedSearch(db, ada, { name: "  ", query: "", alert: "hourly" }, NOW),
    );
    expect(error.status).toBe(400);
    expect(error.fieldErrors).toEqual({
      name: SAVED_SEARCH_MESSAGES.nameMissing,
      alert: SAVED_SEARCH_MESSAGES.alertInvalid,
    });
    const tooLong = await refusalOf(createSavedSearch(db, ada, { name: "x".repeat(81), query: "" }, NOW));
    expect(tooLong.fieldErrors).toEqual({ name: SAVED_SEARCH_MESSAGES.nameTooLong });
    // A control character is dropped (a NUL cannot be stored), the rest kept.
    const saved = await createSavedSearch(db, ada, { name: "Nul\u0000 byte\u0007", query: "" }, NOW);
    expect(saved.name).toBe("Nul byte");
    const saved2 = await updateSavedSearch(db, ada, saved.id, {}, NOW).catch((thrown: unknown) => thrown);
    expect(saved2).toMatchObject({ status: 400, message: SAVED_SEARCH_INPUT_MESSAGES.nothingToChange });
  });

  it("keeps names unique per user, case-insensitively, on create and rename; other users are free", async () => {
    const ada = userId("ada");
    const berlin = await createSavedSearch(
      db,
      ada,
      { name: "Berlin", query: "location=country%3AGermany" },
      NOW,
    );
    const taken = await refusalOf(createSavedSearch(db, ada, { name: "BERLIN", query: "" }, NOW));
    expect(taken.status).toBe(409);
    expect(taken.message).toBe(SAVED_SEARCH_MESSAGES.nameTaken);
    expect(taken.fieldErrors?.name).toBe(taken.message);

    const paris = await createSavedSearch(db, ada, { name: "Paris", query: "" }, NOW);
    const renameTaken = await refusalOf(updateSavedSearch(db, ada, paris.id, { name: "berlin" }, LATER));
    expect(renameTaken.status).toBe(409);
    expect((await getSavedSearch(db, ada, paris.id)).name).toBe("Paris");
    // Its own name in another case is no clash.
    expect((await updateSavedSearch(db, ada, berlin.id, { name: "BERLIN" }, LATER)).name).toBe("BERLIN");
    expect((await createSavedSearch(db, userId("grace"), { name: "berlin", query: "" }, NOW)).name).toBe(
      "berlin",
    );
  });

  it(`holds each user to ${MAX_SAVED_SEARCHES} saved searches`, async () => {
    const ada = userId("ada");
    for (let index = 1; index <= MAX_SAVED_SEARCHES; index++) {
      await createSavedSearch(db, ada, { name: `Search ${index}`, query: `q=s${index}` }, NOW);
    }
    const refused = await refusalOf(createSavedSearch(db, ada, { name: "One more", query: "" }, NOW));
    expect(refused.status).toBe(409);
    expect(refused.message).toBe(SAVED_SEARCH_MESSAGES.limit);
    expect(await listSavedSearches(db, ada)).toHaveLength(MAX_SAVED_SEARCHES);
    // Another user's count is their own.
    await createSavedSearch(db, userId("grace"), { name: "Mine", query: "" }, NOW);
    // Deleting one makes room again.
    const [newest] = await listSavedSearches(db, ada);
    if (!newest) throw new Error("no saved search");
    await removeSavedSearch(db, ada, newest.id);
    await createSavedSearch(db, ada, { name: "One more", query: "" }, NOW);
    expect(await listSavedSearches(db, ada)).toHaveLength(MAX_SAVED_SEARCHES);
  });

  it(`lets only one of two saves made at once at ${MAX_SAVED_SEARCHES - 1} through`, async () => {
    const ada = userId("ada");
    for (let index = 1; index < MAX_SAVED_SEARCHES; index++) {
      await createSavedSearch(db, ada, { name: `Search ${index}`, query: `q=s${index}` }, NOW);
    }
    // On a PostgreSQL server (DATABASE_URL) the two run on two connections of the pool at the same time.
    const outcomes = await Promise.allSettled([
      createSavedSearch(db, ada, { name: "Race A", query: "q=a" }, NOW),
      createSavedSearch(db, ada, { name: "Race B", query: "q=b" }, NOW),
    ]);
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    const rejected = outcomes.find((outcome) => outcome.status === "rejected");
    expect(rejected?.reason).toBeInstanceOf(SavedSearchError);
    expect(rejected?.reason).toMatchObject({ status: 409, message: SAVED_SEARCH_MESSAGES.limit });
    const [counted] = await db
      .select({ total: sql<number>`count(*)::int` })
      .from(savedSearches)
      .where(eq(savedSearches.userId, ada));
    expect(counted?.total).toBe(MAX_SAVED_SEARCHES);
  });

  it("lets two saves of one name made at once end with one saved and a clear refusal", async () => {
    const ada = userId("ada");
    const outcomes = await Promise.allSettled([
      createSavedSearch(db, ada, { name: "Twins", query: "q=a" }, NOW),
      createSavedSearch(db, ada, { name: "twins", query: "q=b" }, NOW),
    ]);
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    const rejected = outcomes.find((outcome) => outcome.status === "rejected");
    expect(rejected?.reason).toBeInstanceOf(SavedSearchError);
    expect(rejected?.reason).toMatchObject({
      status: 409,
      // Whichever came second is refused with the field's message, never a database error.
      message: SAVED_SEARCH_MESSAGES.nameTaken,
    });
  });

  it("never reads, changes or deletes another user's saved search", async () => {
    const grace = userId("grace");
    const ada = userId("ada");
    const hers = await createSavedSearch(db, grace, { name: "Grace's", query: "q=x", alert: "daily" }, NOW);
    expect((await refusalOf(getSavedSearch(db, ada, hers.id))).status).toBe(404);
    expect((await refusalOf(updateSavedSearch(db, ada, hers.id, { name: "Mine now" }, LATER))).status).toBe(
      404,
    );
    expect((await refusalOf(updateSavedSearch(db, ada, hers.id, { alert: "off" }, LATER))).status).toBe(404);
    expect((await refusalOf(removeSavedSearch(db, ada, hers.id))).status).toBe(404);
    expect(await listSavedSearches(db, ada)).toEqual([]);
    const row = await rowOf(hers.id);
    expect(row).toMatchObject({ name: "Grace's", alert: "daily", userId: grace });
    expect(row?.updatedAt.toISOString()).toBe(NOW.toISOString());
  });
});

describe("the digest columns follow the alert", () => {
  it("created without an alert: nothing due, the window starts at the save", async () => {
    const saved = await createSavedSearch(db, userId("ada"), { name: "Quiet", query: "" }, NOW);
    expect(await rowOf(saved.id)).toMatchObject({ alert: "off", nextDigestAt: null, digestSince: NOW });
  });

  it("created with an alert: due at the next digest time, covering what is recorded from now", async () => {
    const daily = await createSavedSearch(db, userId("ada"), { name: "D", query: "", alert: "daily" }, NOW);
    expect(await rowOf(daily.id)).toMatchObject({
      alert: "daily",
      nextDigestAt: new Date("2026-03-11T07:00:00Z"),
      digestSince: NOW,
    });
    const weekly = await createSavedSearch(db, userId("ada"), { name: "W", query: "", alert: "weekly" }, NOW);
    expect(await rowOf(weekly.id)).toMatchObject({
      nextDigestAt: new Date("2026-03-16T07:00:00Z"),
      digestSince: NOW,
    });
    expect(weekly.nextDigestAt).toBe("2026-03-16T07:00:00.000Z");
  });

  it("turned on: due from now, window from now; switched: only the due time moves; off: nothing due", async () => {
    const ada = userId("ada");
    const saved = await createSavedSearch(db, ada, { name: "S", query: "q=ai" }, NOW);

    await updateSavedSearch(db, ada, saved.id, { alert: "daily" }, LATER);
    expect(await rowOf(saved.id)).toMatchObject({
      alert: "daily",
      nextDigestAt: nextDigestAt("daily", LATER),
      digestSince: LATER,
      updatedAt: LATER,
    });

    // The scheduler moves the window on as it sends; a switch keeps where it stands.
    const windowStart = new Date("2026-03-13T07:00:00Z");
    await db.update(savedSearches).set({ digestSince: windowStart }).where(eq(savedSearches.id, saved.id));
    const switchedAt = new Date("2026-03-13T09:00:00Z");
    await updateSavedSearch(db, ada, saved.id, { alert: "weekly" }, switchedAt);
    expect(await rowOf(saved.id)).toMatchObject({
      alert: "weekly",
      nextDigestAt: new Date("2026-03-16T07:00:00Z"),
      digestSince: windowStart,
      updatedAt: switchedAt,
    });

    // Setting the same frequency again moves nothing.
    const again = new Date("2026-03-14T10:00:00Z");
    await updateSavedSearch(db, ada, saved.id, { alert: "weekly" }, again);
    expect(await rowOf(saved.id)).toMatchObject({
      nextDigestAt: new Date("2026-03-16T07:00:00Z"),
      digestSince: windowStart,
      updatedAt: again,
    });

    const offAt = new Date("2026-03-14T11:00:00Z");
    await updateSavedSearch(db, ada, saved.id, { alert: "off" }, offAt);
    expect(await rowOf(saved.id)).toMatchObject({ alert: "off", nextDigestAt: null, updatedAt: offAt });

    // On again: a fresh window from then (no digest of what came while it was off).
    const onAt = new Date("2026-03-20T06:00:00Z");
    await updateSavedSearch(db, ada, saved.id, { alert: "daily" }, onAt);
    expect(await rowOf(saved.id)).toMatchObject({
      nextDigestAt: new Date("2026-03-20T07:00:00Z"),
      digestSince: onAt,
    });
  });

  it("a rename leaves the digest columns alone and bumps updated_at", async () => {
    const ada = userId("ada");
    const saved = await createSavedSearch(db, ada, { name: "S", query: "", alert: "weekly" }, NOW);
    const before = await rowOf(saved.id);
    await updateSavedSearch(db, ada, saved.id, { name: "Renamed" }, LATER);
    const after = await rowOf(saved.id);
    expect(after).toMatchObject({
      name: "Renamed",
      alert: "weekly",
      nextDigestAt: before?.nextDigestAt,
      digestSince: before?.digestSince,
      updatedAt: LATER,
    });
  });
});

describe("parseSavedSearchId", () => {
  it("reads plain positive integers only", () => {
    expect(parseSavedSearchId("1")).toBe(1);
    expect(parseSavedSearchId("123456789012345")).toBe(123456789012345);
    for (const value of ["0", "-1", "01", "1e3", "1.5", " 1", "abc", "", "1234567890123456", undefined, 7]) {
      expect(parseSavedSearchId(value)).toBeNull();
    }
  });
});

/*
 * The routes, called as React Router calls them: real Requests carrying a real session cookie.
 */

interface Answer {
  status: number;
  body: Record<string, unknown>;
  headers: Headers;
}

/** The route's outcome as the client sees it: a Response, or the `data()` it returned. */
async function answerOf(outcome: unknown): Promise<Answer> {
  if (outcome instanceof Response) {
    const text = await outcome.text();
    return { status: outcome.status, body: text ? JSON.parse(text) : {}, headers: outcome.headers };
  }
  const result = outcome as { data: Record<string, unknown>; init: ResponseInit | null };
  return {
    status: result.init?.status ?? 200,
    body: result.data,
    headers: new Headers(result.init?.headers),
  };
}

async function run(handler: () => Promise<unknown>): Promise<Answer> {
  try {
    return await answerOf(await handler());
  } catch (thrown) {
    if (thrown instanceof Response) return answerOf(thrown);
    throw thrown;
  }
}

interface CallOptions {
  account?: string;
  method?: string;
  json?: unknown;
  rawJson?: string;
  form?: Record<string, string>;
  body?: BodyInit;
  contentType?: string;
  headers?: Record<string, string>;
}

function requestTo(path: string, options: CallOptions): Request {
  const headers = new Headers({ "user-agent": "vitest", ...options.headers });
  const cookie = options.account ? cookies.get(options.account) : undefined;
  if (cookie) headers.set("cookie", cookie);
  let body: BodyInit | undefined = options.body;
  if (options.json !== undefined || options.rawJson !== undefined) {
    headers.set("content-type", "application/json");
    body = options.rawJson ?? JSON.stringify(options.json);
  } else if (options.form) {
    body = new URLSearchParams(options.form);
  }
  if (options.contentType) headers.set("content-type", options.contentType);
  const method = options.method ?? (body === undefined ? "GET" : "POST");
  return new Request(`${APP_URL}${path}`, { method, headers, ...(body === undefined ? {} : { body }) });
}

function callList(options: CallOptions = {}): Promise<Answer> {
  const request = requestTo("/api/saved-searches", options);
  const args = { request, params: {}, context: {} } as never;
  return run(() => (request.method === "GET" ? listLoader(args) : listAction(args)));
}

function callItem(id: string, options: CallOptions = {}): Promise<Answer> {
  const request = requestTo(`/api/saved-searches/${encodeURIComponent(id)}`, options);
  const args = { request, params: { id }, context: {} } as never;
  return run(() => (request.method === "GET" ? itemLoader(args) : itemAction(args)));
}

async function savedVia(account: string, name: string, query = "q=ai", alert = "off"): Promise<number> {
  const answer = await callList({ account, json: { name, query, alert } });
  expect(answer.status).toBe(201);
  return (answer.body.savedSearch as { id: number }).id;
}

describe("GET/POST /api/saved-searches", () => {
  it("saves (JSON or a form) and lists for a subscriber", async () => {
    const json = await callList({
      account: "ada",
      json: {
        name: "Berlin fintech",
        query: "q=fintech&location=Berlin%2C+Berlin%2C+Germany&page=2",
        alert: "daily",
      },
    });
    expect(json.status).toBe(201);
    expect(json.headers.get("cache-control")).toBe("no-store");
    expect(json.body.savedSearch).toMatchObject({
      name: "Berlin fintech",
      query: "q=fintech&location=Berlin%2C+Berlin%2C+Germany",
      alert: "daily",
    });
    expect(json.body.toast).toMatchObject({ title: "Search saved" });

    const form = await callList({
      account: "ada",
      form: { name: "Seed", query: "stage=Seed", alert: "off" },
    });
    expect(form.status).toBe(201);

    const list = await callList({ account: "ada" });
    expect(list.status).toBe(200);
    expect(list.body.limit).toBe(MAX_SAVED_SEARCHES);
    expect((list.body.savedSearches as { name: string }[]).map((search) => search.name)).toEqual([
      "Seed",
      "Berlin fintech",
    ]);
    // Grace sees none of Ada's.
    expect((await callList({ account: "grace" })).body).toEqual({
      savedSearches: [],
      limit: MAX_SAVED_SEARCHES,
    });
  });

  it("a trial and an admin may save; signed out is 401, no access 403, on every method", async () => {
    expect((await callList({ account: "trial", json: { name: "T", query: "" } })).status).toBe(201);
    expect((await callList({ account: "boss", json: { name: "B", query: "" } })).status).toBe(201);

    const signedOut = await callList({ json: { name: "X", query: "" } });
    expect(signedOut).toMatchObject({ status: 401, body: { error: SAVED_SEARCH_MESSAGES.signedOut } });
    expect((await callList({})).status).toBe(401);
    for (const account of ["none", "lapsed"]) {
      const refused = await callList({ account, json: { name: "X", query: "" } });
      expect(refused).toMatchObject({ status: 403, body: { error: SAVED_SEARCH_MESSAGES.noAccess } });
      expect((await callList({ account })).status).toBe(403);
    }
    // A forged cookie is no session.
    const forged = await run(() =>
      listLoader({
        request: new Request(`${APP_URL}/api/saved-searches`, {
          headers: { cookie: "better-auth.session_token=forged.value" },
        }),
        params: {},
        context: {},
      } as never),
    );
    expect(forged.status).toBe(401);
    const [counted] = await db.select({ total: sql<number>`count(*)::int` }).from(savedSearches);
    expect(counted?.total).toBe(2);
  });

  it("answers 400 with field errors, 409 for a taken name and at the limit", async () => {
    const bad = await callList({ account: "ada", json: { name: "", query: "size=7", alert: "hourly" } });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors).toEqual({
      name: SAVED_SEARCH_MESSAGES.nameMissing,
      query: expect.stringContaining('"7" is not a page size'),
      alert: SAVED_SEARCH_MESSAGES.alertInvalid,
    });
    expect(bad.body.error).toBe(SAVED_SEARCH_MESSAGES.nameMissing);

    await savedVia("ada", "Mine");
    const taken = await callList({ account: "ada", json: { name: "MINE", query: "" } });
    expect(taken).toMatchObject({
      status: 409,
      body: { fieldErrors: { name: SAVED_SEARCH_MESSAGES.nameTaken } },
    });

    for (let index = 2; index <= MAX_SAVED_SEARCHES; index++) {
      await createSavedSearch(db, userId("ada"), { name: `S${index}`, query: "" }, NOW);
    }
    const full = await callList({ account: "ada", json: { name: "Over", query: "" } });
    expect(full).toMatchObject({ status: 409, body: { error: SAVED_SEARCH_MESSAGES.limit } });
  });

  it.each<[string, CallOptions]>([
    ["invalid JSON", { rawJson: "{name:" }],
    ["JSON null", { rawJson: "null" }],
    ["a JSON array", { rawJson: '["a"]' }],
    ["JSON of the wrong types", { json: { name: 7, query: { q: "ai" }, alert: ["daily"] } }],
    ["a huge name", { json: { name: "x".repeat(50_000), query: "" } }],
    ["a body over the limit", { json: { name: "x", query: `q=${"y".repeat(70_000)}` } }],
    ["text/plain", { body: "name=x&query=", contentType: "text/plain" }],
    ["a multipart body without its boundary", { body: "--x\r\n", contentType: "multipart/form-data" }],
    ["a form with a NUL", { form: { name: "a\u0000b", query: "" } }],
    ["an empty form", { form: {} }],
    ["no body", { method: "POST" }],
  ])("refuses %s with a 4xx and a message, never a 500", async (_label, options) => {
    const answer = await callList({ account: "ada", ...options });
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expect(typeof answer.body.error).toBe("string");
    expect(await listSavedSearches(db, userId("ada"))).toEqual([]);
  });

  it("answers 405 to another method", async () => {
    const answer = await callList({ account: "ada", method: "PUT", json: { name: "x", query: "" } });
    expect(answer.status).toBe(405);
    expect(answer.headers.get("allow")).toBe("GET, POST");
  });
});

describe("/api/saved-searches/:id", () => {
  it("PATCH renames and sets the alert; DELETE deletes", async () => {
    const id = await savedVia("ada", "Old name");
    const renamed = await callItem(String(id), {
      account: "ada",
      method: "PATCH",
      json: { name: "New name" },
    });
    expect(renamed).toMatchObject({
      status: 200,
      body: { savedSearch: { id, name: "New name", alert: "off" } },
    });
    expect(renamed.body.toast).toMatchObject({ title: "Saved search renamed" });

    const alert = await callItem(String(id), { account: "ada", method: "PATCH", json: { alert: "weekly" } });
    expect(alert).toMatchObject({ status: 200, body: { savedSearch: { alert: "weekly" } } });
    expect((await rowOf(id))?.nextDigestAt).not.toBeNull();

    expect(await callItem(String(id), { account: "ada" })).toMatchObject({
      status: 200,
      body: { savedSearch: { id, name: "New name", alert: "weekly" } },
    });

    const deleted = await callItem(String(id), { account: "ada", method: "DELETE" });
    expect(deleted).toMatchObject({ status: 200, body: { deleted: id } });
    expect(await rowOf(id)).toBeUndefined();
    expect((await callItem(String(id), { account: "ada", method: "DELETE" })).status).toBe(404);
  });

  it("takes plain forms: POST with intent rename, alert or delete", async () => {
    const id = await savedVia("ada", "Form me");
    expect(
      await callItem(String(id), { account: "ada", form: { intent: "rename", name: "Formed" } }),
    ).toMatchObject({ status: 200, body: { savedSearch: { name: "Formed" } } });
    expect(
      await callItem(String(id), { account: "ada", form: { intent: "alert", alert: "daily" } }),
    ).toMatchObject({
      status: 200,
      body: { savedSearch: { alert: "daily" } },
    });
    expect(await callItem(String(id), { account: "ada", form: { intent: "rename" } })).toMatchObject({
      status: 400,
      body: { fieldErrors: { name: SAVED_SEARCH_MESSAGES.nameMissing } },
    });
    expect(
      await callItem(String(id), { account: "ada", form: { intent: "alert", alert: "yearly" } }),
    ).toMatchObject({ status: 400, body: { fieldErrors: { alert: SAVED_SEARCH_MESSAGES.alertInvalid } } });
    expect((await callItem(String(id), { account: "ada", form: { intent: "explode" } })).status).toBe(400);
    expect((await callItem(String(id), { account: "ada", form: {} })).status).toBe(400);
    expect(await callItem(String(id), { account: "ada", form: { intent: "delete" } })).toMatchObject({
      status: 200,
      body: { deleted: id },
    });
    expect(await rowOf(id)).toBeUndefined();
  });

  it("a browser's own form submission is sent back to its page with the outcome as a toast", async () => {
    const id = await savedVia("ada", "No script");
    const navigation = { "sec-fetch-mode": "navigate", referer: `${APP_URL}/profile?tab=1` };
    const renamed = await callItem(String(id), {
      account: "ada",
      form: { intent: "rename", name: "Still no script" },
      headers: navigation,
    });
    expect(renamed.status).toBe(303);
    expect(renamed.headers.get("location")).toBe("/profile?tab=1");
    expect(renamed.headers.get("set-cookie")).toContain("roundlist_flash=");
    expect((await rowOf(id))?.name).toBe("Still no script");

    const refused = await callItem(String(id), {
      account: "ada",
      form: { intent: "rename", name: "" },
      headers: { "sec-fetch-mode": "navigate", referer: "https://evil.example//evil.example/x" },
    });
    expect(refused.status).toBe(303);
    expect(refused.headers.get("location")).toBe("/profile");
  });

  it("answers 404 for another user's saved search, and leaves it as it was", async () => {
    const id = await savedVia("grace", "Grace's", "q=x", "daily");
    const before = await rowOf(id);
    for (const options of [
      { method: "GET" },
      { method: "PATCH", json: { name: "Stolen" } },
      { method: "PATCH", json: { alert: "off" } },
      { method: "DELETE" },
      { form: { intent: "delete" } },
    ] satisfies CallOptions[]) {
      const answer = await callItem(String(id), { account: "ada", ...options });
      expect(answer).toMatchObject({ status: 404, body: { error: SAVED_SEARCH_MESSAGES.notFound } });
    }
    expect(await rowOf(id)).toEqual(before);
  });

  it("checks access on every call: 401 signed out, 403 without access, before anything else", async () => {
    const id = await savedVia("ada", "Guarded");
    expect((await callItem(String(id), { method: "DELETE" })).status).toBe(401);
    expect((await callItem(String(id), { method: "PATCH", json: { name: "x" } })).status).toBe(401);
    expect((await callItem(String(id), {})).status).toBe(401);
    expect((await callItem(String(id), { account: "none", method: "DELETE" })).status).toBe(403);
    expect((await callItem(String(id), { account: "lapsed", form: { intent: "delete" } })).status).toBe(403);
    expect(await rowOf(id)).toBeDefined();
  });

  it.each(["abc", "0", "-1", "1.5", "1e3", "99999999999999999999", "1; drop table users", " "])(
    "answers 404 (not a 500) for the id %j",
    async (id) => {
      const answer = await callItem(id, { account: "ada", method: "PATCH", json: { name: "x" } });
      expect(answer).toMatchObject({ status: 404, body: { error: SAVED_SEARCH_MESSAGES.notFound } });
      expect((await callItem(id, { account: "ada" })).status).toBe(404);
    },
  );

  it.each<[string, CallOptions]>([
    ["invalid JSON", { method: "PATCH", rawJson: "{" }],
    ["a JSON array", { method: "PATCH", rawJson: "[]" }],
    ["nothing to change", { method: "PATCH", json: {} }],
    ["wrong types", { method: "PATCH", json: { name: ["x"], alert: 3 } }],
    ["a huge name", { method: "PATCH", json: { name: "n".repeat(60_000) } }],
    ["a body over the limit", { method: "PATCH", json: { name: "n".repeat(70_000) } }],
    ["text/plain", { method: "PATCH", body: "name=x", contentType: "text/plain" }],
    ["a form with a NUL", { form: { intent: "rename", name: "a\u0000" } }],
  ])("refuses %s with a 4xx, never a 500, and changes nothing", async (_label, options) => {
    const id = await savedVia("ada", "Unchanged");
    const before = await rowOf(id);
    const answer = await callItem(String(id), { account: "ada", ...options });
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expect(typeof answer.body.error).toBe("string");
    expect(await rowOf(id)).toEqual(before);
  });

  it("answers 409 for a rename onto another saved search's name", async () => {
    await savedVia("ada", "Taken");
    const id = await savedVia("ada", "Free");
    const answer = await callItem(String(id), { account: "ada", method: "PATCH", json: { name: "taken" } });
    expect(answer).toMatchObject({
      status: 409,
      body: { fieldErrors: { name: SAVED_SEARCH_MESSAGES.nameTaken } },
    });
    const [row] = await db
      .select({ name: savedSearches.name })
      .from(savedSearches)
      .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId("ada"))));
    expect(row?.name).toBe("Free");
  });

  it("answers 405 to another method", async () => {
    const answer = await callItem("1", { account: "ada", method: "PUT", json: { name: "x" } });
    expect(answer.status).toBe(405);
  });
});

describe("/profile's saved searches", () => {
  async function profileOf(account: string) {
    const request = requestTo("/profile", { account });
    return (await profileLoader({ request, params: {}, context: {} } as never)) as {
      savedSearches: { name: string; query: string; alert: string }[] | null;
    };
  }

  it("lists the user's own saved searches, newest first, for active access", async () => {
    await createSavedSearch(db, userId("ada"), { name: "First", query: "q=a" }, NOW);
    await createSavedSearch(db, userId("ada"), { name: "Second", query: "q=b", alert: "weekly" }, LATER);
    await createSavedSearch(db, userId("grace"), { name: "Hers", query: "" }, NOW);
    const { savedSearches: listed } = await profileOf("ada");
    expect(listed?.map((search) => [search.name, search.query, search.alert])).toEqual([
      ["Second", "q=b", "weekly"],
      ["First", "q=a", "off"],
    ]);
    expect((await profileOf("trial")).savedSearches).toEqual([]);
  });

  it("has none without active access (the section says saved searches come with a plan)", async () => {
    expect((await profileOf("none")).savedSearches).toBeNull();
    expect((await profileOf("lapsed")).savedSearches).toBeNull();
  });
});
