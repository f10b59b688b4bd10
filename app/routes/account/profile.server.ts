import { data, redirect } from "react-router";
import { z } from "zod";
import type { SubscriptionSummary } from "~/components/billing/subscription-section";
import { viewerAccess } from "~/core/access";
import { changePasswordSchema, fieldErrorsOf, profileSchema } from "~/core/auth-forms";
import { formatDate } from "~/core/format";
import { PROFILE_TOASTS, subscriptionCanceledToast } from "~/core/messages";
import { PLANS } from "~/core/plans";
import { getDb } from "~/server/app-database.server";
import { changePassword, deleteAccount, updateProfile } from "~/server/auth/account.server";
import { getAuthServices } from "~/server/auth/auth-services.server";
import { requireUser } from "~/server/auth/session.server";
import { BillingError, getBillingState, manageSubscription } from "~/server/billing/billing.server";
import type { SubscriptionRow } from "~/server/db/schema";
import { env } from "~/server/env.server";
import { listExportHistory } from "~/server/export/export-history.server";
import { flashCookie } from "~/server/flash.server";
import { readForm } from "~/server/read-body.server";
import { listSavedSearches } from "~/server/saved-searches/saved-searches.server";

/** The account page's four forms, told apart by their hidden `intent` field. */
export type ProfileIntent = "profile" | "password" | "manage" | "delete";

/** The signed-in user and their subscription, as the account page shows them. */
export async function loadProfile(request: Request) {
  const user = await requireUser(request);
  const db = await getDb();
  // The billing state and the export history of docs/product.md#export-history (newest first, each with its "Repeat" link) side by side.
  const [billing, exports] = await Promise.all([getBillingState(db, user), listExportHistory(db, user.id)]);
  // docs/product.md#lps: the LP plan is held beside a startup plan, so it is shown on its own (the newest one).
  const lps = billing.subscriptions.filter((row) => row.planId === "lps");
  const lpPlan = lps.find((row) => row.status === "active" || row.status === "trialing") ?? lps[0] ?? null;
  // docs/product.md#saved-searches: saved searches come with active access, as every /api/saved-searches call checks.
  const savedSearches = viewerAccess(user, billing.subscriptions).hasActiveAccess
    ? await listSavedSearches(db, user.id)
    : null;
  return {
    user,
    subscription: summaryOf(billing.primary),
    lpPlan: summaryOf(lpPlan),
    exports,
    savedSearches,
  };
}

function summaryOf(row: SubscriptionRow | null): SubscriptionSummary | null {
  if (!row) return null;
  return {
    planName: PLANS[row.planId].name,
    status: row.status,
    provider: row.provider,
    trialEnd: row.trialEnd?.toISOString() ?? null,
    currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
  };
}

function failed(
  intent: ProfileIntent,
  fieldErrors: Record<string, string | undefined>,
  error: string | null,
  status = 400,
) {
  return data({ intent, error, fieldErrors }, { status });
}

function redirectWithCookies(to: string, cookies: string[]) {
  const headers = new Headers();
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return redirect(to, { headers });
}

const deleteSchema = z.object({ password: z.string().min(1, "Enter your password to confirm") });

/**
 * The account page's action: edit the name, change the password, manage (cancel) the subscription, or
 * delete the account. Success redirects with a flash toast; a failure answers the form's field errors.
 */
export async function profileAction(request: Request) {
  const user = await requireUser(request);
  const form = Object.fromEntries(await readForm(request));
  const services = await getAuthServices();

  if (form.intent === "profile") {
    const parsed = profileSchema.safeParse(form);
    if (!parsed.success) return failed("profile", fieldErrorsOf(parsed.error), null);
    await updateProfile(services.db, request, user, parsed.data);
    return redirectWithCookies("/profile", [flashCookie(PROFILE_TOASTS.profileUpdated)]);
  }
  if (form.intent === "password") {
    const parsed = changePasswordSchema.safeParse(form);
    if (!parsed.success) return failed("password", fieldErrorsOf(parsed.error), null);
    const outcome = await changePassword(services, request, user.id, parsed.data);
    if (!outcome.ok)
      return failed(
        "password",
        outcome.fieldErrors ?? {},
        outcome.fieldErrors ? null : outcome.message,
        outcome.status,
      );
    return redirectWithCookies("/profile", [
      ...outcome.setCookies,
      flashCookie(PROFILE_TOASTS.passwordChanged),
    ]);
  }
  if (form.intent === "manage") {
    try {
      const outcome = await manageSubscription(services.db, env(), user.id);
      if (outcome.kind === "portal") return redirect(outcome.url);
      const until = outcome.endsAt ? formatDate(outcome.endsAt.toISOString()) : null;
      return redirectWithCookies("/profile", [flashCookie(subscriptionCanceledToast(until))]);
    } catch (error) {
      if (error instanceof BillingError) return failed("manage", {}, error.message, error.status);
      throw error;
    }
  }
  if (form.intent === "delete") {
    const parsed = deleteSchema.safeParse(form);
    if (!parsed.success) return failed("delete", fieldErrorsOf(parsed.error), null);
    const outcome = await deleteAccount(services, request, user.id, parsed.data.password);
    if (!outcome.ok)
      return failed(
        "delete",
        outcome.fieldErrors ?? {},
        outcome.fieldErrors ? null : outcome.message,
        outcome.status,
      );
    return redirectWithCookies("/", [...outcome.setCookies, flashCookie(PROFILE_TOASTS.accountDeleted)]);
  }
  return data({ intent: null, error: "Unknown request.", fieldErrors: {} }, { status: 400 });
}
