/**
 * docs/product.md#search: the results' view is remembered per user (on the account, any device) and per visitor (a
 * cookie). A signed-in user's choice comes with the session's own read of the account row.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { signedUpCookie, TEST_APP_URL, testAccountServices } from "~tests/fixtures/accounts";
import { setUpTestDatabase } from "~tests/fixtures/database";
import { lookUpSession } from "../auth/session.server";
import { users } from "../db/schema";
import { readSearchView, SEARCH_VIEW_COOKIE, saveSearchView } from "./search-view.server";

const database = setUpTestDatabase();

function pageRequest(cookie?: string): Request {
  return new Request(`${TEST_APP_URL}/search`, { headers: cookie ? { cookie } : {} });
}

describe("the remembered results view", () => {
  it("follows a signed-in user's saved choice, read with their session", async () => {
    const accounts = testAccountServices(database.db);
    const cookie = await signedUpCookie(accounts, "ada@example.com", "violet-harbor-71", "10.0.0.7");
    const [user] = await database.db.select().from(users).where(eq(users.email, "ada@example.com"));
    const viewOf = async () => {
      const request = pageRequest(cookie);
      return readSearchView(request, (await lookUpSession(accounts.auth, request)).user);
    };

    expect(await viewOf()).toBe("cards");
    expect(await saveSearchView(database.db, user?.id ?? null, "table")).toBeNull();
    expect(await viewOf()).toBe("table");
    await saveSearchView(database.db, user?.id ?? null, "cards");
    expect(await viewOf()).toBe("cards");
  });

  it("follows a visitor's cookie, and ignores a value that is not a view", async () => {
    const setCookie = await saveSearchView(database.db, null, "table");
    expect(setCookie).toMatch(new RegExp(`^${SEARCH_VIEW_COOKIE}=table;`));
    const sent = (setCookie ?? "").split(";")[0];
    expect(readSearchView(pageRequest(`other=1; ${sent}`), null)).toBe("table");
    expect(readSearchView(pageRequest(`${SEARCH_VIEW_COOKIE}=grid`), null)).toBe("cards");
    expect(readSearchView(pageRequest(), null)).toBe("cards");
  });
});
