/**
 * The per-account sign-in throttle, the session's absolute and idle lifetime, and the admin role following
 * ADMIN_EMAILS on every request (docs/product.md#accounts, decision 003).
 */
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { SIGN_IN_THROTTLED } from "~/core/messages";
import {
  cookieHeader,
  lastLinkMailedTo,
  quietMailer,
  TEST_APP_URL,
  testAuthConfig,
} from "~tests/fixtures/accounts";
import { setUpTestDatabase } from "~tests/fixtures/database";
import { sessions, signInThrottles, users } from "../db/schema";
import { type AccountServices, requestPasswordReset, resetPassword, signIn, signUp } from "./account.server";
import { type AuthConfig, createAuth } from "./auth.server";
import { CLIENT_IP_HEADER } from "./client-ip";
import { lookUpSession, requireAdminWith } from "./session.server";
import { backoffSeconds } from "./sign-in-throttle.server";

const config = testAuthConfig({ AUTH_RATE_LIMIT_MAX: 3 });
const PASSWORD = "violet-harbor-71";
const WRONG = "wrong-harbor-72";
const SECOND = 1_000;
const DAY = 24 * 60 * 60 * SECOND;

const database = setUpTestDatabase();
let ipCounter = 0;
/** The throttle's clock: tests move it forward by hand. */
let clock = Date.now();
let services: AccountServices;

function servicesWith(authConfig: AuthConfig = config): AccountServices {
  return {
    db: database.db,
    auth: createAuth({
      db: database.db,
      config: authConfig,
      mailer: quietMailer(database.db),
      now: () => new Date(clock),
    }),
  };
}

beforeEach(() => {
  clock = Date.now();
  services = servicesWith();
});

/** A browser request from a fresh IP every time, so the per-IP limit never steps in. */
function browser(options: { cookie?: string } = {}) {
  ipCounter += 1;
  return new Request(`${TEST_APP_URL}/auth`, {
    method: "POST",
    headers: {
      origin: TEST_APP_URL,
      "user-agent": "vitest",
      [CLIENT_IP_HEADER]: `10.${Math.floor(ipCounter / 250) % 250}.1.${ipCounter % 250}`,
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
  });
}

async function signUpAndConfirm(email: string, password = PASSWORD): Promise<string> {
  expect((await signUp(services, browser(), { email, password })).ok).toBe(true);
  const response = await services.auth.handler(new Request(await lastLinkMailedTo(database.db, email)));
  expect(response.status).toBe(302);
  return cookieHeader(response.headers.getSetCookie());
}

async function attempt(email: string, password: string) {
  return signIn(services, browser(), { email, password });
}

async function failTimes(email: string, times: number): Promise<void> {
  for (let index = 0; index < times; index += 1) {
    expect(await attempt(email, WRONG)).toMatchObject({ ok: false, status: 401 });
  }
}

describe("per-account sign-in throttle", () => {
  it("waits 2^(n-5) seconds after n >= 5 failures in a row, at most 15 minutes", () => {
    expect([0, 4, 5, 6, 7, 14, 15, 30].map(backoffSeconds)).toEqual([0, 0, 1, 2, 4, 512, 900, 900]);
  });

  it("refuses the right password after 5 failures from different IPs, until the backoff has passed", async () => {
    await signUpAndConfirm("ada@example.com");
    await failTimes("ada@example.com", 5);
    const refused = await attempt("ada@example.com", PASSWORD);
    expect(refused).toEqual({
      ok: false,
      status: 429,
      code: "SIGN_IN_THROTTLED",
      message: SIGN_IN_THROTTLED("in a minute"),
    });
    expect(refused.ok ? "" : refused.message).toBe(
      "Too many failed sign-ins for this account. Try again in a minute, or reset your password.",
    );
    // Refused without checking the password: a wrong one is not counted while the account waits.
    expect(await attempt("ada@example.com", WRONG)).toMatchObject({ status: 429 });
    const [row] = await database.db.select().from(signInThrottles);
    expect(row?.failures).toBe(5);
    // The counter holds no address.
    expect(JSON.stringify(row)).not.toContain("ada");

    clock += SECOND;
    expect((await attempt("ada@example.com", PASSWORD)).ok).toBe(true);
    expect(await database.db.select().from(signInThrottles)).toEqual([]);
  });

  it("doubles the wait with every further failure and caps it at 15 minutes", async () => {
    await signUpAndConfirm("ada@example.com");
    await failTimes("ada@example.com", 5);
    for (let failures = 5; failures < 16; failures += 1) {
      clock += backoffSeconds(failures) * SECOND - 1;
      expect(await attempt("ada@example.com", WRONG)).toMatchObject({ status: 429 });
      clock += 1;
      expect(await attempt("ada@example.com", WRONG)).toMatchObject({ status: 401 });
    }
    expect(await attempt("ada@example.com", PASSWORD)).toMatchObject({
      status: 429,
      message: SIGN_IN_THROTTLED("in 15 minutes"),
    });
    clock += 15 * 60 * SECOND;
    expect((await attempt("ada@example.com", PASSWORD)).ok).toBe(true);
  });

  it("starts counting again after a successful sign-in", async () => {
    await signUpAndConfirm("ada@example.com");
    await failTimes("ada@example.com", 4);
    expect((await attempt("ada@example.com", PASSWORD)).ok).toBe(true);
    await failTimes("ada@example.com", 4);
    expect((await attempt("ada@example.com", PASSWORD)).ok).toBe(true);
  });

  it("lets no more than 5 of many simultaneous attempts through", async () => {
    await signUpAndConfirm("ada@example.com");
    const outcomes = await Promise.all(Array.from({ length: 8 }, () => attempt("ada@example.com", WRONG)));
    const statuses = outcomes.map((outcome) => (outcome.ok ? 200 : outcome.status)).sort();
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
  });

  it("throttles an unknown email exactly like a known one", async () => {
    await signUpAndConfirm("ada@example.com");
    await failTimes("ada@example.com", 5);
    await failTimes("nobody@example.com", 5);
    const known = await attempt("ada@example.com", PASSWORD);
    const unknown = await attempt("nobody@example.com", PASSWORD);
    expect(known).toMatchObject({ status: 429 });
    expect(unknown).toEqual(known);
  });

  it("lets the owner in at once after a password reset", async () => {
    await signUpAndConfirm("ada@example.com");
    await failTimes("ada@example.com", 5);
    clock += SECOND;
    for (let failures = 6; failures <= 14; failures += 1) {
      await failTimes("ada@example.com", 1);
      clock += backoffSeconds(failures) * SECOND;
    }
    clock -= SECOND;
    expect(await attempt("ada@example.com", PASSWORD)).toMatchObject({ status: 429 });

    expect((await requestPasswordReset(services, browser(), { email: "ada@example.com" })).ok).toBe(true);
    const link = await services.auth.handler(
      new Request(await lastLinkMailedTo(database.db, "ada@example.com")),
    );
    const token = new URL(link.headers.get("location") ?? "", TEST_APP_URL).searchParams.get("token") ?? "";
    const newPassword = "quiet-lantern-58";
    const reset = await resetPassword(services, browser(), {
      token,
      password: newPassword,
      confirmPassword: newPassword,
    });
    expect(reset.ok).toBe(true);
    expect((await attempt("ada@example.com", newPassword)).ok).toBe(true);
  });

  it("applies to better-auth's own endpoint too, and with another letter case", async () => {
    await signUpAndConfirm("ada@example.com");
    await failTimes("Ada@Example.COM", 5);
    const response = await services.auth.handler(
      new Request(`${TEST_APP_URL}/api/auth/sign-in/email`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          origin: TEST_APP_URL,
          [CLIENT_IP_HEADER]: "192.0.2.99",
        },
        body: JSON.stringify({ email: "ada@example.com", password: PASSWORD }),
      }),
    );
    expect(response.status).toBe(429);
    expect(response.headers.get("retry-after")).toBe("1");
    expect(await response.json()).toMatchObject({ code: "SIGN_IN_THROTTLED" });
  });
});

describe("session lifetime", () => {
  async function session(cookie: string) {
    return lookUpSession(services.auth, browser({ cookie }));
  }

  async function ageSession(times: { createdAt: number; updatedAt: number; expiresAt: number }) {
    await database.db.update(sessions).set({
      createdAt: new Date(times.createdAt),
      updatedAt: new Date(times.updatedAt),
      expiresAt: new Date(times.expiresAt),
    });
  }

  it("ends a 45-day-old session however recently it was used, and clears its cookie", async () => {
    const cookie = await signUpAndConfirm("ada@example.com");
    const now = Date.now();
    // Used an hour ago, so the sliding expiry alone would keep it for another 30 days.
    await ageSession({ createdAt: now - 45 * DAY, updatedAt: now - DAY / 24, expiresAt: now + 29 * DAY });
    const lookup = await session(cookie);
    expect(lookup.user).toBeNull();
    expect(lookup.setCookies.some((line) => /^roundlist\.session_token=;/.test(line))).toBe(true);
    expect(await database.db.select().from(sessions)).toEqual([]);
  });

  it("ends a session 30 days after it began", async () => {
    const cookie = await signUpAndConfirm("ada@example.com");
    const now = Date.now();
    await ageSession({
      createdAt: now - 30 * DAY - 60_000,
      updatedAt: now - DAY / 2,
      expiresAt: now + 29 * DAY,
    });
    expect((await session(cookie)).user).toBeNull();
    expect(await database.db.select().from(sessions)).toEqual([]);
  });

  it("ends a session left unused for 7 days", async () => {
    const cookie = await signUpAndConfirm("ada@example.com");
    const now = Date.now();
    await ageSession({
      createdAt: now - 8 * DAY,
      updatedAt: now - 7 * DAY - 60_000,
      expiresAt: now + 23 * DAY,
    });
    expect((await session(cookie)).user).toBeNull();
    expect(await database.db.select().from(sessions)).toEqual([]);
  });

  it("keeps a session in use within both limits, and records the use once a day", async () => {
    const cookie = await signUpAndConfirm("ada@example.com");
    const now = Date.now();
    // Last refreshed 2 days ago (better-auth refreshes once a day of use), begun 29 days ago.
    await ageSession({ createdAt: now - 29 * DAY, updatedAt: now - 2 * DAY, expiresAt: now + 28 * DAY });
    const lookup = await session(cookie);
    expect(lookup.user?.email).toBe("ada@example.com");
    expect(lookup.setCookies.some((line) => line.startsWith("roundlist.session_token="))).toBe(true);
    const [row] = await database.db.select().from(sessions);
    expect(row?.updatedAt.getTime()).toBeGreaterThan(now - 60_000);
    expect(row?.createdAt.getTime()).toBe(now - 29 * DAY);

    // Used again the same day: nothing to refresh, nothing to write.
    const again = await session(cookie);
    expect(again.user?.email).toBe("ada@example.com");
    expect(again.setCookies.some((line) => line.startsWith("roundlist.session_token="))).toBe(false);
  });
});

describe("the admin role follows ADMIN_EMAILS on every request", () => {
  it("takes admin rights from a session once its address leaves ADMIN_EMAILS, and gives them back", async () => {
    const cookie = await signUpAndConfirm("boss@example.com");
    expect((await requireAdminWith(services, browser({ cookie }))).email).toBe("boss@example.com");

    const demoted = servicesWith({ ...config, ADMIN_EMAILS: ["someone-else@example.com"] });
    const denied = await requireAdminWith(demoted, browser({ cookie })).catch((error: unknown) => error);
    expect(denied).toMatchObject({ init: { status: 403 } });
    expect((await lookUpSession(demoted.auth, browser({ cookie }))).user?.isAdmin).toBe(false);
    const [boss] = await database.db.select().from(users).where(eq(users.email, "boss@example.com"));
    expect(boss?.role).toBe("user");

    expect((await requireAdminWith(services, browser({ cookie }))).email).toBe("boss@example.com");
    const [again] = await database.db.select().from(users).where(eq(users.email, "boss@example.com"));
    expect(again?.role).toBe("admin");
  });
});
