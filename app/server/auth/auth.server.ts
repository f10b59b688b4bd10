import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware, isAPIError } from "better-auth/api";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "~/core/auth-forms";
import { PRODUCT_NAME } from "~/core/brand";
import { ACCOUNT_BANNED, AUTH_ERRORS, SIGN_IN_THROTTLED } from "~/core/messages";
import { retryIn } from "~/core/public-forms";
import type { Db } from "../db/database.server";
import { isDatabaseUnavailable } from "../db/database-errors";
import { accounts, rateLimits, sessions, users, verifications } from "../db/schema";
import type { Env } from "../env.server";
import { logger } from "../logger.server";
import type { Mailer } from "../mail/mailer.server";
import { noteDatabaseUnavailable } from "../request-scope.server";
import { recordAuthEvent } from "./audit.server";
import { confirmationEmail, passwordResetEmail } from "./auth-emails";
import { CLIENT_IP_HEADER } from "./client-ip";
import { isCommonPassword } from "./common-passwords.server";
import { banOf, roleForEmail, syncRoleAndLastLogin } from "./roles.server";
import { createSignInThrottle } from "./sign-in-throttle.server";

export type AuthConfig = Pick<
  Env,
  | "APP_ENV"
  | "APP_URL"
  | "AUTH_SECRET"
  | "ADMIN_EMAILS"
  | "AUTH_RATE_LIMIT_MAX"
  | "AUTH_RATE_LIMIT_WINDOW_SECONDS"
>;

export interface AuthDeps {
  db: Db;
  config: AuthConfig;
  mailer: Mailer;
  /** The clock of the sign-in throttle and of the session limits (tests move it). Default: the system's. */
  now?: () => Date;
}

/** What our own checks around better-auth need from the deps an auth instance was made with. */
export interface AuthSettings {
  db: Db;
  config: AuthConfig;
  now: () => Date;
}

const settingsOfAuth = new WeakMap<object, AuthSettings>();

/** The database, configuration and clock `auth` was made with (createAuth records them). */
export function authSettingsOf(auth: object): AuthSettings {
  const settings = settingsOfAuth.get(auth);
  if (!settings) throw new Error("authSettingsOf: this auth instance was not made by createAuth");
  return settings;
}

export const AUTH_BASE_PATH = "/api/auth";
const DAY = 24 * 60 * 60;

const SIGN_IN_PATH = "/sign-in/email";

/** Paths whose body carries a new password; each is checked against the common-password list. */
const NEW_PASSWORD_FIELDS: Record<string, "password" | "newPassword"> = {
  "/sign-up/email": "password",
  "/reset-password": "newPassword",
  "/change-password": "newPassword",
};

/** The origins a browser may post from: the configured one, and its loopback twin outside production. */
function trustedOrigins(config: AuthConfig): string[] {
  const origins = [config.APP_URL];
  if (config.APP_ENV !== "production") {
    const url = new URL(config.APP_URL);
    if (url.hostname === "localhost") origins.push(config.APP_URL.replace("//localhost", "//127.0.0.1"));
    if (url.hostname === "127.0.0.1") origins.push(config.APP_URL.replace("//127.0.0.1", "//localhost"));
  }
  return origins;
}

/**
 * better-auth, configured for Roundlist: email + password with confirmation, database sessions
 * (revocable), database rate limits shared by every app process, and the ADMIN_EMAILS role.
 */
export function createAuth({ db, config, mailer, now = () => new Date() }: AuthDeps) {
  const attemptLimit = { window: config.AUTH_RATE_LIMIT_WINDOW_SECONDS, max: config.AUTH_RATE_LIMIT_MAX };
  const throttle = createSignInThrottle({ db, secret: config.AUTH_SECRET, now });
  const auth = betterAuth({
    appName: PRODUCT_NAME,
    baseURL: config.APP_URL,
    basePath: AUTH_BASE_PATH,
    secret: config.AUTH_SECRET,
    trustedOrigins: trustedOrigins(config),
    telemetry: { enabled: false },
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: {
        user: users,
        session: sessions,
        account: accounts,
        verification: verifications,
        rateLimit: rateLimits,
      },
    }),
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      autoSignIn: false,
      resetPasswordTokenExpiresIn: 60 * 60,
      // A reset proves control of the inbox, not of the sessions: end all of them.
      revokeSessionsOnPasswordReset: true,
      async sendResetPassword({ user, url }) {
        await mailer.send(passwordResetEmail(user.email, url));
      },
      async onPasswordReset({ user }, request) {
        // The owner proved control of the inbox: whatever an attacker's failures built up ends here.
        await throttle.clear(user.email);
        await recordAuthEvent(db, { event: "password_reset", userId: user.id, email: user.email, request });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: DAY,
      async sendVerificationEmail({ user, url }) {
        await mailer.send(confirmationEmail(user.email, url));
      },
      async afterEmailVerification(user, request) {
        await recordAuthEvent(db, { event: "email_verified", userId: user.id, email: user.email, request });
      },
    },
    user: {
      additionalFields: {
        firstName: { type: "string", required: false, input: true },
        lastName: { type: "string", required: false, input: true },
        heardAboutUs: { type: "string", required: false, input: true },
        role: { type: "string", required: false, input: false, defaultValue: "user" },
        lastLogin: { type: "date", required: false, input: false },
        adminGranted: { type: "boolean", required: false, input: false, defaultValue: false },
        bannedAt: { type: "date", required: false, input: false },
        // The results' view (cards or table, decision 011), read with the session for /search and /lps.
        searchView: { type: "string", required: false, input: false },
      },
    },
    session: {
      expiresIn: 30 * DAY,
      updateAge: DAY,
    },
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 100,
      customRules: {
        "/sign-in/email": attemptLimit,
        "/sign-up/email": attemptLimit,
        "/request-password-reset": attemptLimit,
        "/reset-password": attemptLimit,
        "/send-verification-email": attemptLimit,
        "/change-password": attemptLimit,
      },
    },
    advanced: {
      cookiePrefix: "roundlist",
      useSecureCookies: config.APP_ENV === "production",
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
      // better-auth skips origin checks when NODE_ENV is "test"; we want them everywhere, tests included.
      disableOriginCheck: false,
      disableCSRFCheck: false,
      // server.mjs sets this header from the socket (or a trusted proxy's X-Forwarded-For) on every request.
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    databaseHooks: {
      user: {
        create: {
          async before(user) {
            return { data: { ...user, role: roleForEmail(user.email, config.ADMIN_EMAILS) } };
          },
        },
      },
      session: {
        create: {
          // Decision 013: a banned account gets no session, after its password was checked (so the reason is
          // shown only to whoever knows the password), and is told why.
          async before(session) {
            const ban = await banOf(db, session.userId);
            if (ban) {
              throw new APIError("FORBIDDEN", {
                message: ACCOUNT_BANNED(ban.reason),
                code: "ACCOUNT_BANNED",
              });
            }
          },
          async after(session) {
            await syncRoleAndLastLogin(db, session.userId, config.ADMIN_EMAILS);
          },
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const field = NEW_PASSWORD_FIELDS[ctx.path];
        const password: unknown = field ? ctx.body?.[field] : undefined;
        if (typeof password === "string" && isCommonPassword(password)) {
          throw new APIError("BAD_REQUEST", { message: AUTH_ERRORS.commonPassword, code: "COMMON_PASSWORD" });
        }
        // The per-account throttle, here rather than in our form action so that better-auth's own
        // /api/auth/sign-in/email obeys it too. A throttled attempt never reaches the password check.
        const email: unknown = ctx.body?.email;
        if (ctx.path === SIGN_IN_PATH && typeof email === "string") {
          const claim = await throttle.claim(email);
          if (!claim.allowed) {
            throw new APIError(
              "TOO_MANY_REQUESTS",
              { message: SIGN_IN_THROTTLED(retryIn(claim.retryAfterSeconds)), code: "SIGN_IN_THROTTLED" },
              { "Retry-After": String(claim.retryAfterSeconds) },
            );
          }
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        const email: unknown = ctx.body?.email;
        if (ctx.path !== SIGN_IN_PATH || typeof email !== "string") return;
        // The claim counted this attempt as a failure; settle it now that the answer is known.
        const returned: unknown = ctx.context.returned;
        if (!isAPIError(returned) || returned.body?.code === "EMAIL_NOT_VERIFIED") {
          await throttle.clear(email);
        } else if (returned.statusCode !== 401) {
          await throttle.release(email);
        }
      }),
    },
    logger: {
      level: "info",
      log(level, message, ...args) {
        const err = args.find((arg) => arg instanceof Error);
        // better-auth answers a failed query with an error of its own ("Failed to get session"): the
        // request is still one that lost its database (answered 503, database-unavailable.server.ts).
        if (isDatabaseUnavailable(err)) noteDatabaseUnavailable();
        logger[level]({ source: "better-auth", ...(err ? { err } : {}) }, message);
      },
    },
  });
  settingsOfAuth.set(auth, { db, config, now });
  return auth;
}

export type Auth = ReturnType<typeof createAuth>;
