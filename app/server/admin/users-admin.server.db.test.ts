import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { parseUserGridQuery } from "~/core/admin-users-query";
import {
  cookieHeader,
  lastLinkMailedTo,
  TEST_APP_URL,
  testAccountServices,
  testAuthConfig,
} from "~tests/fixtures/accounts";
import { setUpTestDatabase } from "~tests/fixtures/database";
import { user } from "~tests/fixtures/factories";
import { type AccountServices, signIn, signUp } from "../auth/account.server";
import { CLIENT_IP_HEADER } from "../auth/client-ip";
import { lookUpSession } from "../auth/session.server";
import { grantPlan, revokeGrant } from "../billing/grants.server";
import { applySubscriptionSnapshot, getAccess } from "../billing/subscriptions.server";
import { adminAuditLog, sessions, userActivity, users } from "../db/schema";
import type { AdminActor } from "./audit-log.server";
import { applyUserAction, getUserDetail, listUsers, UserActionError } from "./users-admin.server";

/** docs/product.md#admin: the users grid and the actions on an account, on both databases. */
const database = setUpTestDatabase();
const config = testAuthConfig();
const ADMIN_EMAILS = config.ADMIN_EMAILS; // boss@example.com
const PASSWORD = "violet-harbor-71";
const NOW = new Date("2026-11-21T12:00:00Z");
const DAY = 24 * 60 * 60 * 1000;
let services: AccountServices;
let ip = 0;

beforeAll(() => {
  services = testAccountServices(database.db, config);
});

function browser(cookie?: string): Request {
  return new Request(`${TEST_APP_URL}/auth`, {
    method: "POST",
    headers: {
      origin: TEST_APP_URL,
      [CLIENT_IP_HEADER]: `10.1.0.${++ip % 250}`,
      ...(cookie ? { cookie } : {}),
    },
  });
}

async function confirmedAccount(email: string): Promise<{ id: string; cookie: string }> {
  const outcome = await signUp(services, browser(), {
    email,
    password: PASSWORD,
    firstName: "Ada",
    lastName: "L",
  });
  expect(outcome.ok).toBe(true);
  const response = await services.auth.handler(new Request(await lastLinkMailedTo(database.db, email)));
  const [row] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return { id: row?.id ?? "", cookie: cookieHeader(response.headers.getSetCookie()) };
}

const grid = (search: string) =>
  listUsers(database.db, parseUserGridQuery(new URL(`http://x/admin/users${search}`)), NOW);
const actorOf = (id: string, email: string): AdminActor => ({ id, email, ipAddress: "203.0.113.9" });

describe("the users grid", () => {
  it("filters by text, role, plan and status, sorts, pages and counts 30 days of activity", async () => {
    const db = database.db;
    await db.insert(users).values([
      user({
        id: "u_ann",
        name: "Ann Admin",
        email: "ann@example.com",
        role: "admin",
        createdAt: new Date(NOW.getTime() - 5 * DAY),
      }),
      user({
        id: "u_bob",
        name: "Bob Buyer",
        email: "bob@example.com",
        createdAt: new Date(NOW.getTime() - 4 * DAY),
      }),
      user({
        id: "u_cat",
        name: "Cat Trial",
        email: "cat@example.com",
        createdAt: new Date(NOW.getTime() - 3 * DAY),
      }),
      user({
        id: "u_dan",
        name: "Dan Done",
        email: "dan@example.com",
        createdAt: new Date(NOW.getTime() - 2 * DAY),
      }),
      user({
        id: "u_eve",
        name: "Eve Banned",
        email: "eve@example.com",
        bannedAt: NOW,
        createdAt: new Date(NOW.getTime() - DAY),
      }),
    ]);
    await grantPlan(db, "bob@example.com", "lifetime", NOW);
    // Dan had an LP plan, revoked since.
    await grantPlan(db, "dan@example.com", "lps", new Date(NOW.getTime() - 40 * DAY));
    await revokeGrant(db, "dan@example.com", "lps", new Date(NOW.getTime() - 10 * DAY));
    // Cat is on a trial (as the demo provider writes one).
    await applySubscriptionSnapshot(db, {
      userId: "u_cat",
      planId: "monthly",
      status: "trialing",
      provider: "demo",
      providerSubscriptionId: "demo_sub_cat",
      providerCustomerId: null,
      trialStart: new Date(NOW.getTime() - DAY),
      trialEnd: new Date(NOW.getTime() + 6 * DAY),
      currentPeriodStart: new Date(NOW.getTime() - DAY),
      currentPeriodEnd: new Date(NOW.getTime() + 6 * DAY),
      cancelAtPeriodEnd: false,
      canceledAt: null,
      endedAt: null,
      observedAt: NOW,
    });
    const details = { query: "ai", filters: {}, totalResults: 3 };
    await db.insert(userActivity).values([
      {
        userId: "u_bob",
        actionType: "search",
        actionDetails: details,
        createdAt: new Date(NOW.getTime() - DAY),
      },
      {
        userId: "u_bob",
        actionType: "filter",
        actionDetails: details,
        createdAt: new Date(NOW.getTime() - 29 * DAY),
      },
      {
        userId: "u_bob",
        actionType: "search",
        actionDetails: details,
        createdAt: new Date(NOW.getTime() - 31 * DAY),
      },
      {
        userId: "u_bob",
        actionType: "export",
        actionDetails: details,
        createdAt: new Date(NOW.getTime() - 2 * DAY),
      },
      // An API call is neither a search nor an export.
      {
        userId: "u_bob",
        actionType: "api",
        actionDetails: { ...details, endpoint: "GET /companies" },
        createdAt: new Date(NOW.getTime() - DAY),
      },
    ]);

    const all = await grid("");
    expect(all.total).toBe(5);
    expect(all.rows.map((row) => row.email)).toEqual([
      "eve@example.com",
      "dan@example.com",
      "cat@example.com",
      "bob@example.com",
      "ann@example.com",
    ]);
    const bob = all.rows.find((row) => row.email === "bob@example.com");
    expect(bob).toMatchObject({ planId: "lifetime", status: "active", searches: 2, exports: 1 });
    // Dan's plan ended: he is not on it, and he is the one account whose plans all ended.
    expect((await grid("?plan=lps")).rows).toEqual([]);
    expect((await grid("?status=ended")).rows).toMatchObject([
      { email: "dan@example.com", planId: "lps", status: "canceled" },
    ]);
    expect((await grid("?plan=lifetime")).rows.map((row) => row.email)).toEqual(["bob@example.com"]);
    expect((await grid("?plan=none")).rows.map((row) => row.email)).toEqual([
      "eve@example.com",
      "dan@example.com",
      "ann@example.com",
    ]);
    expect((await grid("?role=admin")).rows.map((row) => row.email)).toEqual(["ann@example.com"]);
    expect((await grid("?status=banned")).rows.map((row) => row.email)).toEqual(["eve@example.com"]);
    expect((await grid("?status=active")).rows.map((row) => row.email)).toEqual(["bob@example.com"]);
    expect((await grid("?status=trialing")).rows.map((row) => row.email)).toEqual(["cat@example.com"]);
    expect((await grid("?plan=monthly")).rows.map((row) => row.email)).toEqual(["cat@example.com"]);
    // "On a trial, ending soonest" lists the accounts on a trial only.
    expect((await grid("?sort=trial-end")).rows).toMatchObject([
      { email: "cat@example.com", status: "trialing" },
    ]);
    expect((await grid("?q=BUY")).rows.map((row) => row.email)).toEqual(["bob@example.com"]);
    // A NUL in the text is dropped (PostgreSQL refuses it in a string), not a 500.
    expect((await grid("?q=bo%00b")).rows.map((row) => row.email)).toEqual(["bob@example.com"]);
    // A % in the text is a literal, not a wildcard.
    expect((await grid("?q=%25")).total).toBe(0);
    expect((await grid("?sort=email-asc")).rows.map((row) => row.email)[0]).toBe("ann@example.com");
    expect((await grid("?sort=oldest")).rows.map((row) => row.email)[0]).toBe("ann@example.com");
    // Page 2 of 5 accounts at 50 a page is empty; the total stays.
    expect(await grid("?page=2")).toMatchObject({ rows: [], total: 5 });
  });
});

describe("actions on an account", () => {
  it("grants lifetime (export access at once) and revokes it, each with an audit row", async () => {
    const db = database.db;
    await db
      .insert(users)
      .values([
        user({ id: "u_boss", name: "Boss", email: "boss@example.com", role: "admin" }),
        user({ id: "u_ada", name: "Ada" }),
      ]);
    const boss = actorOf("u_boss", "boss@example.com");
    expect((await getAccess(db, "u_ada")).hasExportAccess).toBe(false);

    await applyUserAction(db, boss, "u_ada", { kind: "grant-plan", planId: "lifetime" }, ADMIN_EMAILS, NOW);
    expect((await getAccess(db, "u_ada")).hasExportAccess).toBe(true);
    await applyUserAction(
      db,
      boss,
      "u_ada",
      { kind: "revoke-plan", planId: "lifetime" },
      ADMIN_EMAILS,
      new Date(NOW.getTime() + 1000),
    );
    expect((await getAccess(db, "u_ada")).hasExportAccess).toBe(false);

    const log = await db.select().from(adminAuditLog).orderBy(adminAuditLog.id);
    expect(
      log.map((row) => [
        row.action,
        row.actorEmail,
        row.targetId,
        row.targetLabel,
        row.before,
        row.after,
        row.ipAddress,
      ]),
    ).toEqual([
      [
        "plan.grant",
        "boss@example.com",
        "u_ada",
        "ada@example.com",
        { lifetime: "none" },
        { lifetime: "granted" },
        "203.0.113.9",
      ],
      [
        "plan.revoke",
        "boss@example.com",
        "u_ada",
        "ada@example.com",
        { lifetime: "granted" },
        { lifetime: "revoked" },
        "203.0.113.9",
      ],
    ]);
    // Revoking what is not granted is refused, and nothing is written.
    await expect(
      applyUserAction(db, boss, "u_ada", { kind: "revoke-plan", planId: "lps" }, ADMIN_EMAILS, NOW),
    ).rejects.toBeInstanceOf(UserActionError);
    expect(await db.select().from(adminAuditLog)).toHaveLength(2);
  });

  it("makes and unmakes admins; ADMIN_EMAILS always wins and no admin demotes or bans themself", async () => {
    const db = database.db;
    await db
      .insert(users)
      .values([
        user({ id: "u_boss", name: "Boss", email: "boss@example.com", role: "admin" }),
        user({ id: "u_ada", name: "Ada" }),
      ]);
    const boss = actorOf("u_boss", "boss@example.com");
    await applyUserAction(db, boss, "u_ada", { kind: "make-admin" }, ADMIN_EMAILS, NOW);
    const [ada] = await db.select().from(users).where(eq(users.id, "u_ada"));
    expect([ada?.role, ada?.adminGranted]).toEqual(["admin", true]);
    const ann = actorOf("u_ada", "ada@example.com");
    // Ada, now an admin, cannot demote or ban the ADMIN_EMAILS account, nor herself.
    await expect(
      applyUserAction(db, ann, "u_boss", { kind: "remove-admin" }, ADMIN_EMAILS, NOW),
    ).rejects.toThrow(/ADMIN_EMAILS/);
    await expect(
      applyUserAction(db, ann, "u_boss", { kind: "ban", reason: "x" }, ADMIN_EMAILS, NOW),
    ).rejects.toThrow(/ADMIN_EMAILS/);
    await expect(
      applyUserAction(db, ann, "u_ada", { kind: "remove-admin" }, ADMIN_EMAILS, NOW),
    ).rejects.toThrow(/own admin role/);
    await expect(
      applyUserAction(db, ann, "u_ada", { kind: "ban", reason: "x" }, ADMIN_EMAILS, NOW),
    ).rejects.toThrow(/ban yourself/);
    // An ADMIN_EMAILS account is admin already: the console does not grant it a second way in.
    await expect(
      applyUserAction(db, boss, "u_boss", { kind: "make-admin" }, ADMIN_EMAILS, NOW),
    ).rejects.toThrow(/already an admin/);
    await applyUserAction(db, boss, "u_ada", { kind: "remove-admin" }, ADMIN_EMAILS, NOW);
    // Ada, no longer an admin, can do nothing more with a request that was already on its way.
    await expect(
      applyUserAction(db, ann, "u_boss", { kind: "revoke-sessions" }, ADMIN_EMAILS, NOW),
    ).rejects.toThrow(/no longer an admin/);
    const [after] = await db.select().from(users).where(eq(users.id, "u_ada"));
    expect([after?.role, after?.adminGranted]).toEqual(["user", false]);
    expect(
      (await db.select().from(adminAuditLog).orderBy(adminAuditLog.id)).map((row) => row.action),
    ).toEqual(["role.grant_admin", "role.revoke_admin"]);
  });

  it("a console admin keeps the role across sign-ins and requests; removing it takes effect on the next request", async () => {
    const db = database.db;
    const ada = await confirmedAccount("ada@example.com");
    await db
      .insert(users)
      .values(user({ id: "u_boss", name: "Boss", email: "boss@example.com", role: "admin" }));
    const boss = actorOf("u_boss", "boss@example.com");
    expect((await lookUpSession(services.auth, browser(ada.cookie))).user?.isAdmin).toBe(false);
    await applyUserAction(db, boss, ada.id, { kind: "make-admin" }, ADMIN_EMAILS, NOW);
    expect((await lookUpSession(services.auth, browser(ada.cookie))).user?.isAdmin).toBe(true);
    await applyUserAction(db, boss, ada.id, { kind: "remove-admin" }, ADMIN_EMAILS, NOW);
    expect((await lookUpSession(services.auth, browser(ada.cookie))).user?.isAdmin).toBe(false);
  });

  it("a ban ends every session, refuses sign-in with the reason, and an unban lets the account back in", async () => {
    const db = database.db;
    const ada = await confirmedAccount("ada@example.com");
    await db
      .insert(users)
      .values(user({ id: "u_boss", name: "Boss", email: "boss@example.com", role: "admin" }));
    const boss = actorOf("u_boss", "boss@example.com");
    expect((await lookUpSession(services.auth, browser(ada.cookie))).user?.email).toBe("ada@example.com");

    await applyUserAction(
      db,
      boss,
      ada.id,
      { kind: "ban", reason: "Scraping the database" },
      ADMIN_EMAILS,
      NOW,
    );
    expect(await db.select().from(sessions).where(eq(sessions.userId, ada.id))).toHaveLength(0);
    expect((await lookUpSession(services.auth, browser(ada.cookie))).user).toBeNull();
    const refused = await signIn(services, browser(), { email: "ada@example.com", password: PASSWORD });
    expect(refused).toMatchObject({ ok: false, status: 403, code: "ACCOUNT_BANNED" });
    expect(refused.ok ? "" : refused.message).toContain("Scraping the database");
    // A wrong password learns nothing about the ban.
    const wrong = await signIn(services, browser(), {
      email: "ada@example.com",
      password: "not-the-password-9",
    });
    expect(wrong).toMatchObject({ ok: false, status: 401 });
    expect(await db.select().from(sessions).where(eq(sessions.userId, ada.id))).toHaveLength(0);

    await applyUserAction(db, boss, ada.id, { kind: "unban" }, ADMIN_EMAILS, NOW);
    expect((await signIn(services, browser(), { email: "ada@example.com", password: PASSWORD })).ok).toBe(
      true,
    );
    const log = await db.select().from(adminAuditLog).orderBy(adminAuditLog.id);
    expect(log.map((row) => [row.action, row.after])).toEqual([
      ["user.ban", { banned: "yes", reason: "Scraping the database", sessionsEnded: 1 }],
      ["user.unban", { banned: "no" }],
    ]);
  });

  it("ends all sessions of an account, and its page lists subscriptions, sessions, activity and audit", async () => {
    const db = database.db;
    const ada = await confirmedAccount("ada@example.com");
    await signIn(services, browser(), { email: "ada@example.com", password: PASSWORD });
    await db
      .insert(users)
      .values(user({ id: "u_boss", name: "Boss", email: "boss@example.com", role: "admin" }));
    await grantPlan(db, "ada@example.com", "lps", NOW);
    const before = await getUserDetail(db, ada.id, ADMIN_EMAILS);
    expect(before?.sessions).toHaveLength(2);
    expect(before?.subscriptions.map((row) => [row.planId, row.status, row.isGrant])).toEqual([
      ["lps", "active", true],
    ]);

    await applyUserAction(
      db,
      actorOf("u_boss", "boss@example.com"),
      ada.id,
      { kind: "revoke-sessions" },
      ADMIN_EMAILS,
      NOW,
    );
    await db.insert(userActivity).values([
      {
        userId: ada.id,
        actionType: "search",
        actionDetails: { query: "robots", filters: {}, totalResults: 12 },
        createdAt: new Date(NOW.getTime() - 2 * DAY),
      },
      {
        userId: ada.id,
        actionType: "api",
        actionDetails: {
          query: "",
          filters: {},
          totalResults: 1,
          endpoint: "GET /companies/{slug}",
          resource: "alpha-robotics",
        },
        createdAt: new Date(NOW.getTime() - DAY),
      },
    ]);
    const after = await getUserDetail(db, ada.id, ADMIN_EMAILS);
    // Newest first; an API call with its endpoint and the record it named.
    expect(
      after?.activity.map(({ type, endpoint, resource, query, totalResults }) => ({
        type,
        endpoint,
        resource,
        query,
        totalResults,
      })),
    ).toEqual([
      {
        type: "api",
        endpoint: "GET /companies/{slug}",
        resource: "alpha-robotics",
        query: "",
        totalResults: 1,
      },
      { type: "search", endpoint: null, resource: null, query: "robots", totalResults: 12 },
    ]);
    expect(after?.sessions).toEqual([]);
    expect(after?.audit.map((row) => row.action)).toEqual(["sessions.revoke_all"]);
    expect((await lookUpSession(services.auth, browser(ada.cookie))).user).toBeNull();
    expect(await getUserDetail(db, "no-such-user", ADMIN_EMAILS)).toBeNull();
  });
});
