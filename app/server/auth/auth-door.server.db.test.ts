/**
 * Decision 019: /api/auth/* from outside opens only the two emailed links, behind the app's rules. Called
 * as the route calls it (handleAuthDoor), as a visitor, a signed-in user and the holder of a session that
 * has passed the 30-day limit.
 */
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { AUTH_DOOR } from "~/core/messages";
import {
  lastLinkMailedTo,
  signedUpCookie,
  TEST_APP_URL,
  testAccountServices,
  testAuthConfig,
} from "~tests/fixtures/accounts";
import { setUpTestDatabase } from "~tests/fixtures/database";
import { sessions, users } from "../db/schema";
import { type AccountServices, requestPasswordReset, signUp } from "./account.server";
import { handleAuthDoor } from "./auth-door.server";
import { CLIENT_IP_HEADER } from "./client-ip";
import { lookUpSession } from "./session.server";

const database = setUpTestDatabase();
const PASSWORD = "violet-harbor-71";
const DAY = 24 * 60 * 60 * 1000;
let accounts: AccountServices;
let ip = 0;

beforeEach(() => {
  accounts = testAccountServices(database.db, testAuthConfig({ AUTH_RATE_LIMIT_MAX: 1_000 }));
});

function headersFor(cookie?: string): Record<string, string> {
  ip += 1;
  return {
    origin: TEST_APP_URL,
    "user-agent": "vitest",
    [CLIENT_IP_HEADER]: `10.0.19.${ip % 250}`,
    ...(cookie ? { cookie } : {}),
  };
}

function get(path: string, cookie?: string): Promise<Response> {
  return handleAuthDoor(accounts, new Request(`${TEST_APP_URL}${path}`, { headers: headersFor(cookie) }));
}

function postJson(path: string, body: unknown, cookie?: string): Promise<Response> {
  return handleAuthDoor(
    accounts,
    new Request(`${TEST_APP_URL}${path}`, {
      method: "POST",
      headers: { ...headersFor(cookie), "content-type": "application/json" },
      body: JSON.stringify(body),
    }),
  );
}

async function expectClosed(response: Response): Promise<void> {
  expect(response.status).toBe(404);
  expect(response.headers.getSetCookie()).toEqual([]);
  expect(await response.json()).toEqual({ error: AUTH_DOOR.closed });
}

/** A signed-in user's cookie, and the same account's session aged 45 days (past the 30-day limit). */
async function cookies(): Promise<{ fresh: string; old: string }> {
  const fresh = await signedUpCookie(accounts, "ada@example.com", PASSWORD, "10.0.19.250");
  const old = await signedUpCookie(accounts, "old@example.com", PASSWORD, "10.0.19.251");
  const [oldUser] = await database.db.select().from(users).where(eq(users.email, "old@example.com"));
  if (!oldUser) throw new Error("no user");
  await database.db
    .update(sessions)
    .set({ createdAt: new Date(Date.now() - 45 * DAY) })
    .where(eq(sessions.userId, oldUser.id));
  return { fresh, old };
}

describe("better-auth's endpoints from outside", () => {
  it("are closed, alike for a visitor, a user and an ended session, whatever the method", async () => {
    const { fresh, old } = await cookies();
    for (const cookie of [undefined, fresh, old]) {
      for (const path of [
        "/api/auth/get-session",
        "/api/auth/list-sessions",
        "/api/auth/ok",
        "/api/auth//get-session",
        "/api/auth/verify-email/",
      ]) {
        await expectClosed(await get(path, cookie));
      }
      for (const path of [
        "/api/auth/sign-in/email",
        "/api/auth/sign-out",
        "/api/auth/update-user",
        "/api/auth/change-password",
        "/api/auth/delete-user",
        "/api/auth/revoke-sessions",
        "/api/auth/verify-password",
        "/api/auth/request-password-reset",
        "/api/auth/send-verification-email",
        "/api/auth/verify-email",
        "/api/auth//sign-in/email",
      ]) {
        await expectClosed(await postJson(path, { email: "ada@example.com", password: PASSWORD }, cookie));
      }
    }
    // The 45-day session still exists for no one: every page and the door refuse it.
    const { user } = await lookUpSession(
      accounts.auth,
      new Request(TEST_APP_URL, { headers: { cookie: old } }),
    );
    expect(user).toBeNull();
  });

  it("answer sign-up alike for a new and a registered address, and create no account", async () => {
    await cookies();
    const body = (email: string) => ({ email, password: PASSWORD, name: "A" });
    const registered = await postJson("/api/auth/sign-up/email", body("ada@example.com"));
    const unknown = await postJson("/api/auth/sign-up/email", body("new@example.com"));
    expect(registered.status).toBe(unknown.status);
    expect(await registered.text()).toBe(await unknown.text());
    await expectClosed(await postJson("/api/auth/sign-up/email", body("new@example.com")));
    expect(await database.db.select().from(users).where(eq(users.email, "new@example.com"))).toEqual([]);
  });

  it("refuse a body declared over the cap with 413 before reading it", async () => {
    let read = false;
    // No chunk is asked for until someone reads (highWaterMark 0).
    const body = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          read = true;
          controller.enqueue(new Uint8Array(1024));
        },
      },
      { highWaterMark: 0 },
    );
    const response = await handleAuthDoor(
      accounts,
      new Request(`${TEST_APP_URL}/api/auth/sign-up/email`, {
        method: "POST",
        headers: { "content-type": "application/json", "content-length": "10000000" },
        body,
        duplex: "half",
      } as RequestInit),
    );
    expect(response.status).toBe(413);
    expect(response.headers.get("connection")).toBe("close");
    expect(await response.json()).toEqual({ error: AUTH_DOOR.tooLarge });
    expect(read).toBe(false);
  });
});

describe("the emailed links", () => {
  it("confirm an address and sign its owner in, as before", async () => {
    const outcome = await signUp(accounts, new Request(TEST_APP_URL, { headers: headersFor() }), {
      email: "bea@example.com",
      password: PASSWORD,
    });
    expect(outcome.ok).toBe(true);
    const link = new URL(await lastLinkMailedTo(database.db, "bea@example.com"));
    const response = await get(`${link.pathname}${link.search}`);
    expect(response.status).toBe(302);
    expect(response.headers.getSetCookie().some((line) => line.includes("session_token="))).toBe(true);
  });

  it("clear a session past its 30-day limit instead of letting better-auth use it", async () => {
    const { old } = await cookies();
    const response = await get("/api/auth/verify-email?token=not-a-token", old);
    expect(response.status).toBeLessThan(500);
    const cleared = response.headers.getSetCookie().find((line) => line.includes("session_token="));
    expect(cleared).toMatch(/Max-Age=0/i);
    const [oldUser] = await database.db.select().from(users).where(eq(users.email, "old@example.com"));
    expect(
      await database.db
        .select()
        .from(sessions)
        .where(eq(sessions.userId, oldUser?.id ?? "")),
    ).toEqual([]);
  });

  it("send a reset link on to the reset page, and refuse a malformed token with 400 and a message", async () => {
    await cookies();
    const outcome = await requestPasswordReset(
      accounts,
      new Request(TEST_APP_URL, { headers: headersFor() }),
      {
        email: "ada@example.com",
      },
    );
    expect(outcome.ok).toBe(true);
    const link = new URL(await lastLinkMailedTo(database.db, "ada@example.com"));
    const response = await get(`${link.pathname}${link.search}`);
    expect(response.status).toBe(302);
    expect(
      new URL(response.headers.get("location") ?? "", TEST_APP_URL).searchParams.get("token"),
    ).toBeTruthy();

    for (const token of ["%E0%A4%A", "%FF", "abc%C3%28", "%ED%A0%80", "a%20b", "x".repeat(300)]) {
      const malformed = await get(`/api/auth/reset-password/${token}?callbackURL=%2Freset-password`);
      expect(malformed.status, token).toBe(400);
      expect(await malformed.json()).toEqual({ error: AUTH_DOOR.malformedLink });
    }
    const unknown = await get(
      "/api/auth/reset-password/abcdefghijklmnopqrstuvwx?callbackURL=%2Freset-password",
    );
    expect(unknown.status).toBe(302);
    expect(unknown.headers.get("location")).toContain("error=INVALID_TOKEN");
  });
});
