import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { AUTH_ERRORS } from "~/core/messages";
import {
  cookieHeader,
  lastLinkMailedTo,
  quietMailer,
  TEST_APP_URL,
  testAccountServices,
  testAuthConfig,
} from "~tests/fixtures/accounts";
import { setUpTestDatabase } from "~tests/fixtures/database";
import { authAuditEvents, mailMessages, sessions, users, verifications } from "../db/schema";
import {
  type AccountServices,
  changePassword,
  deleteAccount,
  requestPasswordReset,
  resetPassword,
  signIn,
  signOut,
  signUp,
} from "./account.server";
import { createAuth } from "./auth.server";
import { CLIENT_IP_HEADER } from "./client-ip";
import { lookUpSession, requireAdminWith } from "./session.server";

const APP_URL = TEST_APP_URL;
// Three attempts per IP and minute: the rate-limit tests count on it.
const config = testAuthConfig({ AUTH_RATE_LIMIT_MAX: 3 });
const PASSWORD = "violet-harbor-71";

const database = setUpTestDatabase();
let services: AccountServices;
let ipCounter = 0;

beforeAll(() => {
  services = testAccountServices(database.db, config);
});

/** A browser request from its own IP (each test gets fresh IPs, so rate limits never leak between tests). */
function browser(options: { ip?: string; cookie?: string } = {}) {
  return new Request(`${APP_URL}/auth`, {
    method: "POST",
    headers: {
      origin: APP_URL,
      "user-agent": "vitest",
      [CLIENT_IP_HEADER]: options.ip ?? `10.0.0.${++ipCounter % 250}`,
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
  });
}

async function signUpAndConfirm(email: string, password = PASSWORD): Promise<string> {
  const outcome = await signUp(services, browser(), {
    email,
    password,
    firstName: "Ada",
    lastName: "Lovelace",
    heardAboutUs: "A podcast",
  });
  expect(outcome.ok).toBe(true);
  const response = await services.auth.handler(new Request(await lastLinkMailedTo(database.db, email)));
  expect(response.status).toBe(302);
  expect(response.headers.get("location")).toBe("/?confirmed=1");
  return cookieHeader(response.headers.getSetCookie());
}

async function userIdOf(cookie: string): Promise<string | null> {
  return (await lookUpSession(services.auth, browser({ cookie }))).user?.id ?? null;
}

describe("sign-up and confirmation", () => {
  it("stores the profile fields, mails a confirmation link, and the link signs the user in", async () => {
    const cookie = await signUpAndConfirm("ada@example.com");
    const [user] = await database.db.select().from(users).where(eq(users.email, "ada@example.com"));
    expect(user).toMatchObject({
      firstName: "Ada",
      lastName: "Lovelace",
      heardAboutUs: "A podcast",
      name: "Ada Lovelace",
      emailVerified: true,
      role: "user",
    });
    expect(user?.lastLogin).toBeInstanceOf(Date);
    expect(await userIdOf(cookie)).toBe(user?.id);
  });

  it("answers a sign-up for an existing email exactly like a new one, and changes nothing", async () => {
    await signUpAndConfirm("ada@example.com");
    const again = await signUp(services, browser(), {
      email: "ada@example.com",
      password: "another-password-9",
    });
    expect(again).toEqual({ ok: true, setCookies: [] });
    const [{ total } = { total: 0 }] = await database.db
      .select({ total: sql<number>`count(*)::int` })
      .from(users);
    expect(total).toBe(1);
    expect((await signIn(services, browser(), { email: "ada@example.com", password: PASSWORD })).ok).toBe(
      true,
    );
  });

  it("refuses sign-in before confirmation, explains it, and mails a new link", async () => {
    await signUp(services, browser(), {
      email: "new@example.com",
      password: PASSWORD,
    });
    const before = await database.db.select().from(mailMessages);
    const outcome = await signIn(services, browser(), { email: "new@example.com", password: PASSWORD });
    expect(outcome).toEqual({
      ok: false,
      status: 403,
      code: "EMAIL_NOT_VERIFIED",
      message: AUTH_ERRORS.emailNotVerified,
    });
    const after = await database.db.select().from(mailMessages);
    expect(after.length).toBe(before.length + 1);
  });

  it("rejects one of the 10,000 most common passwords with the reason", async () => {
    const outcome = await signUp(services, browser(), {
      email: "weak@example.com",
      password: "iloveyou",
    });
    expect(outcome).toMatchObject({ ok: false, status: 400, message: AUTH_ERRORS.commonPassword });
    expect(await database.db.select().from(users)).toEqual([]);
  });

  it("gives ADMIN_EMAILS accounts the admin role, and keeps it in step at sign-in", async () => {
    await signUpAndConfirm("boss@example.com");
    const [boss] = await database.db.select().from(users).where(eq(users.email, "boss@example.com"));
    expect(boss?.role).toBe("admin");
    // Someone set the role by hand; the next sign-in restores what the configuration says.
    await signUpAndConfirm("ada@example.com");
    await database.db.update(users).set({ role: "admin" }).where(eq(users.email, "ada@example.com"));
    await signIn(services, browser(), { email: "ada@example.com", password: PASSWORD });
    const [ada] = await database.db.select().from(users).where(eq(users.email, "ada@example.com"));
    expect(ada?.role).toBe("user");
  });
});

describe("sign-in", () => {
  it("answers a wrong password and an unknown email the same way", async () => {
    await signUpAndConfirm("ada@example.com");
    const wrongPassword = await signIn(services, browser(), {
      email: "ada@example.com",
      password: "not-the-password",
    });
    const unknownEmail = await signIn(services, browser(), {
      email: "nobody@example.com",
      password: PASSWORD,
    });
    expect(wrongPassword).toEqual({ ok: false, status: 401, message: AUTH_ERRORS.invalidCredentials });
    expect(unknownEmail).toEqual(wrongPassword);
  });

  it("refuses the 4th rapid attempt from one IP with 429, and not another IP's", async () => {
    await signUpAndConfirm("ada@example.com");
    const ip = "203.0.113.7";
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const outcome = await signIn(services, browser({ ip }), {
        email: "ada@example.com",
        password: "wrong-pass-1",
      });
      statuses.push(outcome.ok ? 200 : outcome.status);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    const elsewhere = await signIn(services, browser({ ip: "203.0.113.8" }), {
      email: "ada@example.com",
      password: PASSWORD,
    });
    expect(elsewhere.ok).toBe(true);
    // The limit is on the shared counters in the database, so every app process sees it.
    const [row] = await database.db
      .execute(sql`select count(*)::int as n from rate_limits`)
      .then((result) => (result as unknown as { rows: Array<{ n: number }> }).rows);
    expect(row?.n).toBeGreaterThan(0);
  });

  it("sets an HttpOnly, SameSite=Lax session cookie (Secure in production)", async () => {
    await signUpAndConfirm("ada@example.com");
    const outcome = await signIn(services, browser(), { email: "ada@example.com", password: PASSWORD });
    if (!outcome.ok) throw new Error(outcome.message);
    const session = outcome.setCookies.find((cookie) => cookie.startsWith("roundlist.session_token="));
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    expect(session).not.toMatch(/Secure/i);

    const production = createAuth({
      db: database.db,
      config: { ...config, APP_ENV: "production", APP_URL: "https://roundlist.example" },
      mailer: quietMailer(database.db, "x <x@x.example>"),
    });
    const request = new Request("https://roundlist.example/auth", {
      method: "POST",
      headers: { origin: "https://roundlist.example", [CLIENT_IP_HEADER]: "198.51.100.1" },
    });
    const secure = await signIn({ db: database.db, auth: production }, request, {
      email: "ada@example.com",
      password: PASSWORD,
    });
    if (!secure.ok) throw new Error(secure.message);
    const secureCookie = secure.setCookies.find((cookie) => cookie.includes("session_token="));
    expect(secureCookie).toMatch(/^__Secure-roundlist\.session_token=/);
    expect(secureCookie).toMatch(/; Secure/i);
    expect(secureCookie).toMatch(/HttpOnly/i);
  });

  it("refuses a sign-in posted from another site", async () => {
    await signUpAndConfirm("ada@example.com");
    const request = new Request(`${APP_URL}/auth`, {
      method: "POST",
      headers: {
        origin: "https://evil.example",
        cookie: "roundlist.session_token=x",
        [CLIENT_IP_HEADER]: "10.9.9.9",
      },
    });
    const outcome = await signIn(services, request, { email: "ada@example.com", password: PASSWORD });
    expect(outcome).toMatchObject({ ok: false, status: 403 });
  });
});

describe("password reset", () => {
  async function resetToken(email: string): Promise<string> {
    const outcome = await requestPasswordReset(services, browser(), { email });
    expect(outcome.ok).toBe(true);
    const response = await services.auth.handler(new Request(await lastLinkMailedTo(database.db, email)));
    const location = response.headers.get("location") ?? "";
    expect(location).toMatch(/^http:\/\/localhost:3000\/reset-password\?token=/);
    return new URL(location, APP_URL).searchParams.get("token") ?? "";
  }

  it("answers an unknown email like a known one and sends nothing", async () => {
    const outcome = await requestPasswordReset(services, browser(), { email: "nobody@example.com" });
    expect(outcome).toEqual({ ok: true, setCookies: [] });
    expect(await database.db.select().from(mailMessages)).toEqual([]);
  });

  it("sets the new password, ends every session, and the token works once", async () => {
    const oldSession = await signUpAndConfirm("ada@example.com");
    expect(await userIdOf(oldSession)).not.toBeNull();
    const token = await resetToken("ada@example.com");
    const newPassword = "quiet-lantern-58";
    const reset = await resetPassword(services, browser(), {
      token,
      password: newPassword,
      confirmPassword: newPassword,
    });
    expect(reset.ok).toBe(true);
    expect(await userIdOf(oldSession)).toBeNull();
    expect((await signIn(services, browser(), { email: "ada@example.com", password: PASSWORD })).ok).toBe(
      false,
    );
    expect((await signIn(services, browser(), { email: "ada@example.com", password: newPassword })).ok).toBe(
      true,
    );

    const reused = await resetPassword(services, browser(), {
      token,
      password: "another-lantern-59",
      confirmPassword: "another-lantern-59",
    });
    expect(reused).toEqual({ ok: false, status: 400, message: AUTH_ERRORS.invalidResetLink });
  });

  it("refuses an expired token", async () => {
    await signUpAndConfirm("ada@example.com");
    const token = await resetToken("ada@example.com");
    await database.db.update(verifications).set({ expiresAt: new Date(Date.now() - 1_000) });
    const outcome = await resetPassword(services, browser(), {
      token,
      password: "quiet-lantern-58",
      confirmPassword: "quiet-lantern-58",
    });
    expect(outcome).toEqual({ ok: false, status: 400, message: AUTH_ERRORS.invalidResetLink });
  });
});

describe("signed-in account", () => {
  it("changing the password ends the other sessions but keeps this one", async () => {
    const first = await signUpAndConfirm("ada@example.com");
    const second = await signIn(services, browser(), { email: "ada@example.com", password: PASSWORD });
    if (!second.ok) throw new Error(second.message);
    const secondCookie = cookieHeader(second.setCookies);
    const userId = await userIdOf(first);
    const changed = await changePassword(services, browser({ cookie: secondCookie }), userId ?? "", {
      currentPassword: PASSWORD,
      password: "quiet-lantern-58",
      confirmPassword: "quiet-lantern-58",
    });
    if (!changed.ok) throw new Error(changed.message);
    expect(await userIdOf(first)).toBeNull();
    expect(await userIdOf(cookieHeader(changed.setCookies))).toBe(userId);
  });

  it("signs out and deletes the account with its sessions", async () => {
    const cookie = await signUpAndConfirm("ada@example.com");
    const userId = await userIdOf(cookie);
    expect((await deleteAccount(services, browser({ cookie }), userId ?? "", "wrong-password")).ok).toBe(
      false,
    );
    const deleted = await deleteAccount(services, browser({ cookie }), userId ?? "", PASSWORD);
    expect(deleted.ok).toBe(true);
    expect(await database.db.select().from(users)).toEqual([]);
    expect(await database.db.select().from(sessions)).toEqual([]);

    const other = await signUpAndConfirm("bob@example.com");
    const out = await signOut(services, browser({ cookie: other }), null);
    expect(out.ok).toBe(true);
    expect(await userIdOf(other)).toBeNull();
  });

  it("lets only admins through requireAdmin (403 for a user)", async () => {
    const userCookie = await signUpAndConfirm("ada@example.com");
    const adminCookie = await signUpAndConfirm("boss@example.com");
    const denied = await requireAdminWith(services, browser({ cookie: userCookie })).catch(
      (error: unknown) => error,
    );
    expect(denied).toMatchObject({ init: { status: 403 } });
    expect((await requireAdminWith(services, browser({ cookie: adminCookie }))).email).toBe(
      "boss@example.com",
    );
    const visitor = await requireAdminWith(services, browser()).catch((error: unknown) => error);
    expect(visitor).toBeInstanceOf(Response);
    expect((visitor as Response).status).toBe(302);
  });

  it("keeps an audit trail with no secrets in it", async () => {
    await signUpAndConfirm("ada@example.com");
    await signIn(services, browser(), { email: "ada@example.com", password: "wrong-password-1" });
    const events = await database.db.select().from(authAuditEvents);
    expect(events.map((event) => event.event).sort()).toEqual([
      "email_verified",
      "sign_in_failed",
      "sign_up",
    ]);
    const everything = JSON.stringify(events);
    expect(everything).not.toContain(PASSWORD);
    expect(everything).not.toContain("wrong-password-1");
    expect(everything).not.toMatch(/token/i);
  });
});
