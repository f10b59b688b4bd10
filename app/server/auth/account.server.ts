import { eq } from "drizzle-orm";
import type { z } from "zod";
import type {
  changePasswordSchema,
  resetPasswordSchema,
  resetRequestSchema,
  signInSchema,
  signUpSchema,
} from "~/core/auth-forms";
import { fullName } from "~/core/auth-forms";
import { ACCOUNT_BANNED, AUTH_ERRORS } from "~/core/messages";
import type { Db } from "../db/database.server";
import { users } from "../db/schema";
import { recordAuthEvent } from "./audit.server";
import type { Auth } from "./auth.server";
import { type AuthCallResult, callAuth, messageOf } from "./auth-call.server";

/** docs/product.md#accounts: confirming lands on the site root, signed in; the flag there shows a toast. */
const CONFIRMED_CALLBACK = "/?confirmed=1";

export interface AccountServices {
  auth: Auth;
  db: Db;
}

export type AccountOutcome =
  | { ok: true; setCookies: string[] }
  | { ok: false; status: number; message: string; code?: string; fieldErrors?: Record<string, string> };

function failure(result: AuthCallResult, fallback: string): AccountOutcome {
  if (result.status === 429) return { ok: false, status: 429, message: AUTH_ERRORS.tooManyAttempts };
  const code = typeof result.body?.code === "string" ? result.body.code : undefined;
  if (code === "COMMON_PASSWORD" || code === "PASSWORD_TOO_SHORT" || code === "PASSWORD_TOO_LONG") {
    const message = messageOf(result, fallback);
    return { ok: false, status: 400, message, code, fieldErrors: { password: message } };
  }
  const status = Math.min(result.status, 500);
  return {
    ok: false,
    status,
    message: status >= 500 ? fallback : messageOf(result, fallback),
    ...(code ? { code } : {}),
  };
}

/** A validated sign-up form (signUpSchema's output); the optional fields may be left out. */
export type SignUpInput = Pick<z.output<typeof signUpSchema>, "email" | "password"> &
  Partial<Pick<z.output<typeof signUpSchema>, "firstName" | "lastName" | "heardAboutUs">>;

/**
 * Sign in with password (docs/product.md#accounts). Unknown email and wrong password get the same answer.
 * Besides the per-IP limit, each address has its own limit on failed sign-ins (sign-in-throttle.server.ts,
 * applied in better-auth's hooks): while it holds, the answer is a 429 naming the wait, for unknown addresses
 * too.
 */
export async function signIn(
  { auth, db }: AccountServices,
  request: Request,
  input: z.output<typeof signInSchema>,
): Promise<AccountOutcome> {
  const result = await callAuth(auth, request, "/sign-in/email", {
    email: input.email,
    password: input.password,
    // Where the confirmation link sent to an unconfirmed account leads.
    callbackURL: CONFIRMED_CALLBACK,
  });
  if (result.status === 200) {
    const user = result.body?.user as { id?: string } | undefined;
    await recordAuthEvent(db, { event: "sign_in", userId: user?.id ?? null, email: input.email, request });
    return { ok: true, setCookies: result.setCookies };
  }
  if (result.status === 403 && result.body?.code === "EMAIL_NOT_VERIFIED") {
    await recordAuthEvent(db, { event: "sign_in_unverified", email: input.email, request });
    return { ok: false, status: 403, code: "EMAIL_NOT_VERIFIED", message: AUTH_ERRORS.emailNotVerified };
  }
  if (result.status === 403 && result.body?.code === "ACCOUNT_BANNED") {
    await recordAuthEvent(db, { event: "sign_in_banned", email: input.email, request });
    return {
      ok: false,
      status: 403,
      code: "ACCOUNT_BANNED",
      message: messageOf(result, ACCOUNT_BANNED(null)),
    };
  }
  // Too many failed sign-ins for this address (any IP): refused before the password was checked.
  const throttled = result.status === 429 && result.body?.code === "SIGN_IN_THROTTLED";
  await recordAuthEvent(db, {
    event: result.status === 429 ? "rate_limited" : "sign_in_failed",
    email: input.email,
    request,
    details: throttled ? { path: "sign-in", limit: "account" } : { path: "sign-in" },
  });
  if (result.status === 401) return { ok: false, status: 401, message: AUTH_ERRORS.invalidCredentials };
  if (throttled) {
    return {
      ok: false,
      status: 429,
      code: "SIGN_IN_THROTTLED",
      message: messageOf(result, AUTH_ERRORS.tooManyAttempts),
    };
  }
  return failure(result, "Sign in failed. Please try again.");
}

/**
 * Sign up (docs/product.md#accounts): stores first_name, last_name, heard_about_us and sends the confirmation
 * email. An email that already has an account gets the very same answer (better-auth answers with a synthetic
 * user), so sign-up cannot be used to find out who is a customer.
 */
export async function signUp(
  { auth, db }: AccountServices,
  request: Request,
  input: SignUpInput,
): Promise<AccountOutcome> {
  const result = await callAuth(auth, request, "/sign-up/email", {
    email: input.email,
    password: input.password,
    name: fullName(input.firstName, input.lastName) || input.email,
    firstName: input.firstName ?? null,
    lastName: input.lastName ?? null,
    heardAboutUs: input.heardAboutUs ?? null,
    callbackURL: CONFIRMED_CALLBACK,
  });
  if (result.status === 200) {
    await recordAuthEvent(db, { event: "sign_up", email: input.email, request });
    return { ok: true, setCookies: result.setCookies };
  }
  if (result.status === 429)
    await recordAuthEvent(db, { event: "rate_limited", email: input.email, request });
  return failure(result, "Sign up failed. Please try again.");
}

/** Sends a new confirmation link. Same answer whether or not the address has an account. */
export async function resendConfirmation(
  { auth, db }: AccountServices,
  request: Request,
  input: z.output<typeof resetRequestSchema>,
): Promise<AccountOutcome> {
  const result = await callAuth(auth, request, "/send-verification-email", {
    email: input.email,
    callbackURL: CONFIRMED_CALLBACK,
  });
  if (result.status === 200) {
    await recordAuthEvent(db, { event: "verification_resent", email: input.email, request });
    return { ok: true, setCookies: [] };
  }
  return failure(result, "We could not send the link. Please try again.");
}

/** The password reset email, linking to /reset-password. Same answer for unknown addresses. */
export async function requestPasswordReset(
  { auth, db }: AccountServices,
  request: Request,
  input: z.output<typeof resetRequestSchema>,
): Promise<AccountOutcome> {
  const result = await callAuth(auth, request, "/request-password-reset", {
    email: input.email,
    redirectTo: "/reset-password",
  });
  if (result.status === 200) {
    await recordAuthEvent(db, { event: "password_reset_requested", email: input.email, request });
    return { ok: true, setCookies: [] };
  }
  return failure(result, "Password reset failed. Please try again.");
}

/** Sets a new password with a reset token: single use, one hour, ends every session of the account. */
export async function resetPassword(
  { auth }: AccountServices,
  request: Request,
  input: z.output<typeof resetPasswordSchema>,
): Promise<AccountOutcome> {
  const result = await callAuth(auth, request, "/reset-password", {
    token: input.token,
    newPassword: input.password,
  });
  if (result.status === 200) return { ok: true, setCookies: result.setCookies };
  if (result.body?.code === "INVALID_TOKEN")
    return { ok: false, status: 400, message: AUTH_ERRORS.invalidResetLink };
  return failure(result, "Password reset failed. Please try again.");
}

/** Changes the password of the signed-in user and ends their other sessions. */
export async function changePassword(
  { auth, db }: AccountServices,
  request: Request,
  userId: string,
  input: z.output<typeof changePasswordSchema>,
): Promise<AccountOutcome> {
  const result = await callAuth(auth, request, "/change-password", {
    currentPassword: input.currentPassword,
    newPassword: input.password,
    revokeOtherSessions: true,
  });
  if (result.status === 200) {
    await recordAuthEvent(db, { event: "password_changed", userId, request });
    return { ok: true, setCookies: result.setCookies };
  }
  if (result.body?.code === "INVALID_PASSWORD") {
    return {
      ok: false,
      status: 400,
      message: AUTH_ERRORS.wrongCurrentPassword,
      fieldErrors: { currentPassword: AUTH_ERRORS.wrongCurrentPassword },
    };
  }
  const outcome = failure(result, "Your password could not be changed. Please try again.");
  return outcome;
}

/** Sign out: ends this session and clears its cookie. */
export async function signOut(
  { auth, db }: AccountServices,
  request: Request,
  userId: string | null,
): Promise<AccountOutcome> {
  const result = await callAuth(auth, request, "/sign-out", {});
  if (result.status === 200) {
    await recordAuthEvent(db, { event: "sign_out", userId, request });
    return { ok: true, setCookies: result.setCookies };
  }
  return failure(result, "Sign out failed. Please try again.");
}

/** Profile edit: first and last name (the display name follows). */
export async function updateProfile(
  db: Db,
  request: Request,
  user: { id: string; email: string },
  input: { firstName?: string | undefined; lastName?: string | undefined },
): Promise<void> {
  await db
    .update(users)
    .set({
      firstName: input.firstName ?? null,
      lastName: input.lastName ?? null,
      name: fullName(input.firstName, input.lastName) || user.email,
      updatedAt: new Date(),
    })
    .where(eq(users.id, user.id));
  await recordAuthEvent(db, { event: "profile_updated", userId: user.id, request });
}

/**
 * Deletes the account after checking its password: the user row goes, and with it (ON DELETE CASCADE)
 * sessions, credentials and activity. The audit line keeps no email.
 */
export async function deleteAccount(
  services: AccountServices,
  request: Request,
  userId: string,
  password: string,
): Promise<AccountOutcome> {
  const check = await callAuth(services.auth, request, "/verify-password", { password });
  if (check.status !== 200) {
    if (check.status === 429) return failure(check, AUTH_ERRORS.tooManyAttempts);
    return {
      ok: false,
      status: 400,
      message: "That password is not correct.",
      fieldErrors: { password: "That password is not correct." },
    };
  }
  const signedOut = await callAuth(services.auth, request, "/sign-out", {});
  await services.db.delete(users).where(eq(users.id, userId));
  await recordAuthEvent(services.db, { event: "account_deleted", request, details: { userId } });
  return { ok: true, setCookies: signedOut.setCookies };
}
