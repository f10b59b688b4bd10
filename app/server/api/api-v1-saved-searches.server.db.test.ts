import { and, asc, eq } from "drizzle-orm";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { API_MESSAGES } from "~/core/api-keys";
import { REQUEST_BODY_ERRORS } from "~/core/messages";
import { MAX_SAVED_SEARCHES, SAVED_SEARCH_MESSAGES } from "~/core/saved-search";
import { apiAccount, apiCall, documented, jsonBody } from "~tests/fixtures/api-contract";
import { setUpTestDatabase } from "~tests/fixtures/database";
import { savedSearches, userActivity } from "../db/schema";
import { createSavedSearch } from "../saved-searches/saved-searches.server";
import { createApiKey, revokeApiKey } from "./api-keys.server";
import { API_ROUTES } from "./api-routes.server";

// docs/product.md#api: /saved-searches, with the rules and messages of /api/saved-searches (one service).
const database = setUpTestDatabase({ reset: "file" });
const keys = new Map<string, string>();
const userIds = new Map<string, string>();
let revokedKey = "";

const LIST = API_ROUTES.savedSearches;
const one = API_ROUTES.savedSearch;

beforeAll(async () => {
  for (const [name, status, plan] of [
    ["none", null, "pro"],
    ["trialing", "trialing", "pro"],
    ["active", "active", "pro"],
    ["other", "active", "pro"],
    ["full", "active", "pro"],
    ["fuzz", "active", "pro"],
    ["lpsonly", "active", "lps"],
  ] as const) {
    const account = await apiAccount(database.db, name, status, plan);
    keys.set(name, account.key);
    userIds.set(name, account.userId);
  }
  const second = await createApiKey(database.db, "api-active", "to revoke");
  revokedKey = second.key;
  await revokeApiKey(database.db, "api-active", second.view.id);
});

const list = (key: string | undefined | null) => apiCall(database.db, LIST, "/api/v1/saved-searches", key);
const post = (key: string | undefined, body: unknown, init: RequestInit = {}) =>
  apiCall(database.db, LIST, "/api/v1/saved-searches", key, { ...jsonBody("POST", body), ...init });
const call = (id: string, key: string | undefined, init: RequestInit = {}) =>
  apiCall(database.db, one(id), `/api/v1/saved-searches/${id}`, key, init);

describe("/api/v1/saved-searches: who may call", () => {
  it("refuses a visitor and a revoked key (401), no plan or only the LP plan (403), with no address", async () => {
    for (const key of [null, revokedKey]) {
      for (const response of [await list(key), await post(key ?? undefined, { name: "x", query: "" })]) {
        expect(response.status).toBe(401);
      }
    }
    for (const name of ["none", "lpsonly"]) {
      const refused = await documented(
        await post(keys.get(name), { name: "x", query: "" }),
        "POST",
        "/saved-searches",
      );
      expect(refused.status, name).toBe(403);
      expect(refused.body).toEqual({ error: API_MESSAGES.noAccess });
      expect(refused.text).not.toContain("@");
      expect((await list(keys.get(name))).status).toBe(403);
    }
    expect(await database.db.select().from(savedSearches)).toEqual([]);
  });

  it("lets a trial keep saved searches, as the app does", async () => {
    const saved = await documented(
      await post(keys.get("trialing"), { name: "Trial search", query: "stage=Seed" }),
      "POST",
      "/saved-searches",
    );
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({ name: "Trial search", alert: "off", nextDigestAt: null });
  });

  it("says which methods each address takes (405 with Allow)", async () => {
    const put = await apiCall(database.db, LIST, "/api/v1/saved-searches", keys.get("active"), {
      method: "PUT",
    });
    expect(put.status).toBe(405);
    expect(put.headers.get("allow")).toBe("GET, POST");
    expect(await put.json()).toEqual({ error: API_MESSAGES.method });
    const postOne = await call("1", keys.get("active"), { method: "POST" });
    expect(postOne.status).toBe(405);
    expect(postOne.headers.get("allow")).toBe("GET, PATCH, DELETE");
  });
});

describe("/api/v1/saved-searches: a round trip", () => {
  it("saves, lists, reads, renames, turns the alert off and deletes, every answer as documented", async () => {
    const key = keys.get("active");
    const created = await documented(
      await post(key, {
        name: "  Seed   in Europe ",
        query: "?location=continent%3AEurope&stage=Seed&page=3",
        alert: "weekly",
      }),
      "POST",
      "/saved-searches",
    );
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    // The service's rules: the name cleaned, the query canonical (no page), the first digest due.
    expect(created.body).toMatchObject({
      name: "Seed in Europe",
      query: "stage=Seed&location=continent%3AEurope",
      alert: "weekly",
      nextDigestAt: expect.any(String),
      url: "http://localhost:3000/search?stage=Seed&location=continent%3AEurope",
    });

    const listed = await documented(await list(key), "GET", "/saved-searches");
    expect(listed.status).toBe(200);
    expect(listed.body).toMatchObject({ max: MAX_SAVED_SEARCHES, data: [{ id, name: "Seed in Europe" }] });

    const read = await documented(await call(String(id), key), "GET", "/saved-searches/{id}");
    expect(read.body).toEqual(created.body);

    const changed = await documented(
      await call(String(id), key, jsonBody("PATCH", { name: "Seed, Europe", alert: "off" })),
      "PATCH",
      "/saved-searches/{id}",
    );
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ id, name: "Seed, Europe", alert: "off", nextDigestAt: null });

    const deleted = await documented(
      await call(String(id), key, { method: "DELETE" }),
      "DELETE",
      "/saved-searches/{id}",
    );
    expect(deleted).toMatchObject({ status: 200, body: { deleted: id } });
    for (const [init, method] of [
      [{}, "GET"],
      [{ method: "DELETE" }, "DELETE"],
    ] as const) {
      const gone = await documented(await call(String(id), key, init), method, "/saved-searches/{id}");
      expect(gone).toMatchObject({ status: 404, body: { error: SAVED_SEARCH_MESSAGES.notFound } });
    }
  });

  it("records each answered call in the activity log as an api action with its endpoint and count", async () => {
    const userId = userIds.get("active") as string;
    const saved = await post(keys.get("active"), { name: "Logged", query: "q=robots" });
    expect(saved.status).toBe(201);
    const { id } = (await saved.json()) as { id: number };
    await list(keys.get("active"));
    const rows = () =>
      database.db
        .select({ details: userActivity.actionDetails })
        .from(userActivity)
        .where(and(eq(userActivity.userId, userId), eq(userActivity.actionType, "api")))
        .orderBy(asc(userActivity.id));
    await expect
      .poll(async () => (await rows()).map((row) => row.details.endpoint))
      .toEqual(expect.arrayContaining(["POST /saved-searches", "GET /saved-searches"]));
    const details = (await rows()).map((row) => row.details);
    expect(details.filter((row) => row.endpoint === "POST /saved-searches").at(-1)).toMatchObject({
      resource: String(id),
      totalResults: 1,
    });
    const listing = details.filter((row) => row.endpoint === "GET /saved-searches").at(-1);
    expect(listing?.totalResults).toBe(
      (await database.db.select().from(savedSearches).where(eq(savedSearches.userId, userId))).length,
    );
  });
});

describe("/api/v1/saved-searches: refusals, 4xx with a message and never a 500", () => {
  it("refuses a body that is not a JSON object, not sent as JSON, or too large", async () => {
    const key = keys.get("active");
    for (const [init, status, error] of [
      [jsonBody("POST", "{"), 400, REQUEST_BODY_ERRORS.jsonInvalid],
      [jsonBody("POST", "[1, 2]"), 400, REQUEST_BODY_ERRORS.jsonObject],
      [jsonBody("POST", "null"), 400, REQUEST_BODY_ERRORS.jsonObject],
      [{ method: "POST", headers: { "content-type": "text/plain" }, body: "{}" }, 415, API_MESSAGES.jsonBody],
      [{ method: "POST", body: "name=x&query=" }, 415, API_MESSAGES.jsonBody],
      [
        jsonBody("POST", { name: "big", query: `q=${"x".repeat(70_000)}` }),
        413,
        REQUEST_BODY_ERRORS.tooLarge,
      ],
    ] as const) {
      const refused = await documented(
        await apiCall(database.db, LIST, "/api/v1/saved-searches", key, init),
        "POST",
        "/saved-searches",
      );
      expect(refused.status, error).toBe(status);
      expect(refused.body).toEqual({ error });
    }
    const patch = await documented(
      await call("1", key, jsonBody("PATCH", "{not json")),
      "PATCH",
      "/saved-searches/{id}",
    );
    expect(patch).toMatchObject({ status: 400, body: { error: REQUEST_BODY_ERRORS.jsonInvalid } });
  });

  it("refuses a field the API does not take, and each field's bad value with the app's message in fieldErrors", async () => {
    const key = keys.get("active");
    const unknown = await documented(
      await post(key, { name: "Colours", query: "", colour: "blue" }),
      "POST",
      "/saved-searches",
    );
    expect(unknown).toMatchObject({ status: 400, body: { error: "Unknown field: colour." } });

    for (const [body, field, message] of [
      [{ name: "x".repeat(81), query: "" }, "name", SAVED_SEARCH_MESSAGES.nameTooLong],
      [{ name: "   ", query: "" }, "name", SAVED_SEARCH_MESSAGES.nameMissing],
      [{ name: 42, query: "" }, "name", SAVED_SEARCH_MESSAGES.nameMissing],
      [{ name: "Alerts", query: "", alert: "hourly" }, "alert", SAVED_SEARCH_MESSAGES.alertInvalid],
      [{ name: "Query", query: 7 }, "query", "The search to save must be the search page's query string."],
    ] as const) {
      const refused = await documented(await post(key, body), "POST", "/saved-searches");
      expect(refused.status, message).toBe(400);
      expect(refused.body, message).toEqual({ error: message, fieldErrors: { [field]: message } });
    }
    const badQuery = await documented(
      await post(key, { name: "Bad", query: "date=yesterday-ish" }),
      "POST",
      "/saved-searches",
    );
    expect(badQuery.status).toBe(400);
    expect(Object.keys(badQuery.body.fieldErrors as object)).toEqual(["query"]);
    expect(badQuery.body.error).toMatch(/funding date/);

    // 80 characters is the most a name takes.
    const longest = await post(key, { name: "y".repeat(80), query: "" });
    expect(longest.status).toBe(201);
    const { id } = (await longest.json()) as { id: number };
    for (const [body, status, error] of [
      [{ colour: "red" }, 400, "Unknown field: colour."],
      [{ name: "y".repeat(81) }, 400, SAVED_SEARCH_MESSAGES.nameTooLong],
      [{ query: "stage=Seed" }, 400, "Unknown field: query."],
      [{}, 400, "Send a new name or an email alert to change."],
    ] as const) {
      const refused = await documented(
        await call(String(id), key, jsonBody("PATCH", body)),
        "PATCH",
        "/saved-searches/{id}",
      );
      expect(refused.status, error).toBe(status);
      expect(refused.body.error, error).toBe(error);
    }
  });

  it("refuses a name already taken (409), and a malformed id or someone else's saved search (404), leaving it as it was", async () => {
    const key = keys.get("active");
    const theirs = await createSavedSearch(database.db, userIds.get("other") as string, {
      name: "Theirs",
      query: "stage=Seed",
      alert: "daily",
    });
    const mine = await post(key, { name: "Taken", query: "" });
    expect(mine.status).toBe(201);
    const taken = await documented(await post(key, { name: "TAKEN", query: "" }), "POST", "/saved-searches");
    expect(taken).toMatchObject({
      status: 409,
      body: {
        error: SAVED_SEARCH_MESSAGES.nameTaken,
        fieldErrors: { name: SAVED_SEARCH_MESSAGES.nameTaken },
      },
    });

    for (const [id, init, method] of [
      [String(theirs.id), {}, "GET"],
      [String(theirs.id), jsonBody("PATCH", { name: "Mine now" }), "PATCH"],
      [String(theirs.id), { method: "DELETE" }, "DELETE"],
      ["abc", {}, "GET"],
      ["0", { method: "DELETE" }, "DELETE"],
      ["99999999999999999999", jsonBody("PATCH", { alert: "off" }), "PATCH"],
    ] as const) {
      const refused = await documented(await call(id, key, init), method, "/saved-searches/{id}");
      expect(refused.status, `${method} ${id}`).toBe(404);
      expect(refused.body).toEqual({ error: SAVED_SEARCH_MESSAGES.notFound });
    }
    const [still] = await database.db.select().from(savedSearches).where(eq(savedSearches.id, theirs.id));
    expect(still).toMatchObject({ name: "Theirs", alert: "daily" });
    // Nor is it in the caller's list.
    const listed = (await (await list(key)).json()) as { data: Array<{ id: number }> };
    expect(listed.data.map((row) => row.id)).not.toContain(theirs.id);
  });

  it(`refuses a save past the limit of ${MAX_SAVED_SEARCHES} with 409 and the app's message`, async () => {
    const userId = userIds.get("full") as string;
    for (let index = 0; index < MAX_SAVED_SEARCHES; index += 1) {
      await createSavedSearch(database.db, userId, { name: `Search ${index}`, query: `q=term${index}` });
    }
    const refused = await documented(
      await post(keys.get("full"), { name: "One more", query: "" }),
      "POST",
      "/saved-searches",
    );
    expect(refused).toMatchObject({ status: 409, body: { error: SAVED_SEARCH_MESSAGES.limit } });
    const listed = await documented(await list(keys.get("full")), "GET", "/saved-searches");
    expect(listed.body.data).toHaveLength(MAX_SAVED_SEARCHES);
  });

  it("answers any body, JSON or not, of any shape, with a 2xx or a documented 4xx: never a 500", async () => {
    const key = keys.get("fuzz");
    const saved = await post(key, { name: "Fuzzed", query: "" });
    const { id } = (await saved.json()) as { id: number };
    const field = fc.oneof(fc.string(), fc.integer(), fc.constant(null), fc.boolean(), fc.jsonValue());
    const body = fc.oneof(
      fc.string(),
      fc.jsonValue().map((value) => JSON.stringify(value)),
      fc
        .record(
          { name: field, query: field, alert: fc.oneof(field, fc.constantFrom("off", "daily", "weekly")) },
          { requiredKeys: [] },
        )
        .map((value) => JSON.stringify(value)),
    );
    await fc.assert(
      fc.asyncProperty(body, fc.constantFrom("POST", "PATCH"), async (text, method) => {
        const response =
          method === "POST" ? await post(key, text) : await call(String(id), key, jsonBody("PATCH", text));
        const path = method === "POST" ? "/saved-searches" : "/saved-searches/{id}";
        const { status } = await documented(response, method, path);
        expect(status).toBeLessThan(500);
      }),
      { numRuns: 80 },
    );
  });
});
