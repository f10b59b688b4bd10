/**
 * Decision 019: /api/lps-facets has the access of /lps. Its counts under a text query would otherwise tell
 * any visitor whether a named person is an LP contact, even with LP search hidden.
 */
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import {
  insertSubscription,
  signedUpCookie,
  TEST_APP_URL,
  testAccountServices,
  testAuthConfig,
} from "~tests/fixtures/accounts";
import { setUpTestDatabase } from "~tests/fixtures/database";
import type { AccountServices } from "../auth/account.server";
import { lookUpSession } from "../auth/session.server";
import { lpContacts, lps, users } from "../db/schema";
import { updateSiteSettings } from "../settings/site-settings.server";
import { lpFilterPanelFor } from "./lp-facets.server";

const database = setUpTestDatabase();
const PASSWORD = "violet-harbor-71";
let accounts: AccountServices;
const cookies = new Map<string, string>();

beforeEach(async () => {
  accounts = testAccountServices(database.db, testAuthConfig({ AUTH_RATE_LIMIT_MAX: 1_000 }));
  const [lp] = await database.db
    .insert(lps)
    .values({ slug: "alder-family-office", name: "Alder Family Office", type: "single-family-office" })
    .returning({ id: lps.id });
  if (!lp) throw new Error("no LP");
  await database.db
    .insert(lpContacts)
    .values({ lpId: lp.id, position: 0, firstName: "Maya", lastName: "Quill", email: "maya@alder.example" });
  for (const name of ["user", "lps", "boss"]) {
    cookies.set(name, await signedUpCookie(accounts, `${name}@example.com`, PASSWORD, "10.0.19.1"));
  }
  const [lpUser] = await database.db.select().from(users).where(eq(users.email, "lps@example.com"));
  if (!lpUser) throw new Error("no LP user");
  await insertSubscription(database.db, lpUser.id, "active", "lps");
});

/** The panel /api/lps-facets?q=… answers `who` (a visitor without a name). */
async function facetsFor(who: string | null, q: string) {
  const headers = new Headers();
  const cookie = who ? cookies.get(who) : undefined;
  if (cookie) headers.set("cookie", cookie);
  const request = new Request(`${TEST_APP_URL}/api/lps-facets?q=${encodeURIComponent(q)}`, { headers });
  const { user } = await lookUpSession(accounts.auth, request);
  if (who) expect(user?.email).toBe(`${who}@example.com`);
  const panel = await lpFilterPanelFor(database.db, user, new URL(request.url).searchParams);
  return panel === null ? null : (panel.facets.type.counts["single-family-office"] ?? 0);
}

describe("the LP filter panel's counts", () => {
  it("count a text query only for those with LP access (an LP buyer, an admin)", async () => {
    for (const who of ["lps", "boss"]) {
      expect(await facetsFor(who, "Quill")).toBe(1);
      expect(await facetsFor(who, "Nobody Known")).toBe(0);
    }
  });

  it("answer a visitor and a user without LP access the whole database's counts, whatever the query", async () => {
    for (const who of [null, "user"]) {
      expect(await facetsFor(who, "Quill")).toBe(1);
      expect(await facetsFor(who, "Nobody Known")).toBe(1);
    }
  });

  it("are not answered at all (404) while LP search is hidden, except to LP buyers and admins", async () => {
    await updateSiteSettings(database.db, { hideLpSearch: true });
    expect(await facetsFor(null, "Quill")).toBeNull();
    expect(await facetsFor("user", "Quill")).toBeNull();
    expect(await facetsFor("lps", "Nobody Known")).toBe(0);
    expect(await facetsFor("boss", "Quill")).toBe(1);
  });
});
