import { data, redirect } from "react-router";
import { z } from "zod";
import type {
  InvoiceSummary,
  SubscriptionControls,
  SubscriptionSummary,
  SwitchPreview,
} from "~/components/billing/subscription-section";
import { viewerAccess } from "~/core/access";
import { API_MESSAGES } from "~/core/api-keys";
import { changePasswordSchema, fieldErrorsOf, profileSchema } from "~/core/auth-forms";
import { formatDate } from "~/core/format";
import {
  PAYMENT_METHOD_TOAST,
  PROFILE_TOASTS,
  planSwitchedToast,
  subscriptionCanceledToast,
  subscriptionResumedToast,
} from "~/core/messages";
import { PLANS } from "~/core/plans";
import { invoiceTotals } from "~/core/proration";
import { demoCardLabel, formatUsd, type SwitchablePlanId } from "~/core/subscription-changes";
import { ApiKeyError, createApiKey, listApiKeys, revokeApiKey } from "~/server/api/api-keys.server";
import { getDb } from "~/server/app-database.server";
import { changePassword, deleteAccount, updateProfile } from "~/server/auth/account.server";
import { getAuthServices } from "~/server/auth/auth-services.server";
import { requireUser } from "~/server/auth/session.server";
import { BillingError, getBillingState } from "~/server/billing/billing.server";
import { demoSwitchLines } from "~/server/billing/demo-provider.server";
import { demoCardOf, demoCreditOf, listInvoices } from "~/server/billing/invoices.server";
import {
  type ControlContext,
  cancelSubscription,
  resumeSubscription,
  switchPlan,
  updatePaymentMethod,
} from "~/server/billing/subscription-control.server";
import type { Db } from "~/server/db/database.server";
import type { InvoiceRow, SubscriptionRow } from "~/server/db/schema";
import { env } from "~/server/env.server";
import { listExportHistory } from "~/server/export/export-history.server";
import { flashCookie } from "~/server/flash.server";
import { getMailer } from "~/server/mail/mailer.server";
import { readForm } from "~/server/read-body.server";
import { listSavedSearches } from "~/server/saved-searches/saved-searches.server";
import { loadWebhooks, WEBHOOK_INTENTS, webhookAction } from "./profile-webhooks.server";

/** The account page's forms, told apart by their hidden `intent` field. */
export type ProfileIntent = "profile" | "password" | "subscription" | "delete" | "api-key" | "webhook";

/** docs/product.md#plan-changes: the subscription section's forms, told apart by `intent`. */
const SUBSCRIPTION_INTENTS = ["cancel", "resume", "switch", "payment-method"] as const;

/** Keys come with access to any of the API's databases: a startup plan (a trial included) or the LP plan. */
function canUseApi(access: { hasActiveAccess: boolean; hasLpAccess: boolean }): boolean {
  return access.hasActiveAccess || access.hasLpAccess;
}

/** The signed-in user and their subscription, as the account page shows them. */
export async function loadProfile(request: Request) {
  const user = await requireUser(request);
  const db = await getDb();
  // The billing state and the export history of docs/product.md#export-history (newest first, each with its "Repeat" link) side by side.
  const [billing, exports, invoices] = await Promise.all([
    getBillingState(db, user),
    listExportHistory(db, user.id),
    listInvoices(db, user.id),
  ]);
  // docs/product.md#lps: the LP plan is held beside a startup plan, so it is shown on its own (the newest one).
  const lps = billing.subscriptions.filter((row) => row.planId === "lps");
  const lpPlan = lps.find((row) => row.status === "active" || row.status === "trialing") ?? lps[0] ?? null;
  // docs/product.md#saved-searches: saved searches come with active access, as every /api/saved-searches call checks.
  const access = viewerAccess(user, billing.subscriptions);
  const { hasActiveAccess } = access;
  const [savedSearches, apiKeys, webhooks] = await Promise.all([
    hasActiveAccess ? listSavedSearches(db, user.id) : null,
    // decision 033: the API serves the LP database too, so the LP plan alone is enough for keys.
    canUseApi(access) ? listApiKeys(db, user.id) : null,
    hasActiveAccess ? loadWebhooks(db, user.id) : null,
  ]);
  return {
    user,
    subscription: summaryOf(billing.primary),
    controls: await controlsOf(db, billing.primary),
    invoices: invoices.map(invoiceSummaryOf),
    lpPlan: summaryOf(lpPlan),
    exports,
    savedSearches,
    // decision 033: API keys come with active access, as every /api/v1 call checks.
    apiKeys,
    // decision 034: webhook and Slack endpoints of saved searches, and their delivery log.
    webhooks,
    // decision 032: bounce reports need active access, as every /api/email-bounces call checks.
    canReportBounces: hasActiveAccess,
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

/**
 * docs/product.md#plan-changes: what the customer can do with their plan, and what a switch would charge today:
 * worked out as the demo provider will charge it (decision 025); Stripe prices its own, to the second.
 */
async function controlsOf(db: Db, row: SubscriptionRow | null): Promise<SubscriptionControls | null> {
  if (!row || row.provider === "grant" || (row.status !== "active" && row.status !== "trialing")) return null;
  const switchTo = row.planId === "monthly" ? "pro" : row.planId === "pro" ? "monthly" : null;
  const demoCard = row.provider === "demo" ? await demoCardOf(db, row.userId) : null;
  return {
    switchTo: switchTo
      ? {
          planId: switchTo,
          planName: PLANS[switchTo].name,
          priceNote: PLANS[switchTo].priceNote,
          preview: switchTo && row.provider === "demo" ? await switchPreviewOf(db, row, switchTo) : null,
        }
      : null,
    demoCard,
    paymentMethod: demoCard ? demoCardLabel(demoCard) : null,
  };
}

async function switchPreviewOf(
  db: Db,
  row: SubscriptionRow,
  to: SwitchablePlanId,
): Promise<SwitchPreview | null> {
  if (row.status !== "active" || !row.currentPeriodStart || !row.currentPeriodEnd) return null;
  const lines = demoSwitchLines(row, row.currentPeriodStart, row.currentPeriodEnd, to, new Date());
  const totals = invoiceTotals(lines, await demoCreditOf(db, row.userId));
  return {
    lines: lines.map((line) => ({ description: line.description, amount: formatUsd(line.amountCents) })),
    creditApplied: totals.creditAppliedCents > 0 ? formatUsd(-totals.creditAppliedCents) : null,
    dueToday: formatUsd(totals.amountDueCents),
    creditLeft: totals.endingCreditCents > 0 ? formatUsd(totals.endingCreditCents) : null,
  };
}

function invoiceSummaryOf(row: InvoiceRow): InvoiceSummary {
  return {
    id: row.id,
    number: row.number,
    paidAt: row.paidAt.toISOString(),
    description: row.lines.map((line) => line.description).join("; "),
    amount:
      row.currency === "usd"
        ? formatUsd(row.amountPaidCents)
        : `${(row.amountPaidCents / 100).toFixed(2)} ${row.currency.toUpperCase()}`,
    receiptUrl: row.provider === "demo" ? `/invoices/${row.id}` : row.hostedInvoiceUrl,
    pdfUrl: row.invoicePdfUrl,
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
  if ((SUBSCRIPTION_INTENTS as readonly unknown[]).includes(form.intent)) {
    const ctx: ControlContext = {
      db: services.db,
      config: env(),
      userId: user.id,
      mailer: await getMailer(),
      request,
    };
    try {
      return await subscriptionAction(ctx, form);
    } catch (error) {
      if (error instanceof BillingError) return failed("subscription", {}, error.message, error.status);
      throw error;
    }
  }
  if (form.intent === "api-key-create" || form.intent === "api-key-revoke") {
    return apiKeyAction(services.db, user, form);
  }
  if ((WEBHOOK_INTENTS as readonly unknown[]).includes(form.intent)) {
    return webhookAction(services.db, user, form);
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

/**
 * decision 033: create an API key (answered with the key itself, the only time it is shown: never stored,
 * never in a loader's data) or revoke one. Keys need active access, as the API does.
 */
async function apiKeyAction(
  db: Db,
  user: { id: string; isAdmin: boolean },
  form: Record<string, FormDataEntryValue>,
) {
  const billing = await getBillingState(db, user);
  if (!canUseApi(viewerAccess(user, billing.subscriptions))) {
    return failed("api-key", {}, API_MESSAGES.noAccess, 403);
  }
  if (form.intent === "api-key-revoke") {
    const id = Number(form.keyId);
    if (!Number.isSafeInteger(id) || !(await revokeApiKey(db, user.id, id))) {
      return failed("api-key", {}, API_MESSAGES.unknownKey, 404);
    }
    return redirectWithCookies("/profile#api-keys-title", [
      flashCookie({ title: API_MESSAGES.keyRevoked, type: "success" }),
    ]);
  }
  try {
    const { key, view } = await createApiKey(db, user.id, typeof form.name === "string" ? form.name : "");
    return data({
      intent: "api-key" as const,
      error: null,
      fieldErrors: {},
      createdKey: { key, name: view.name },
    });
  } catch (error) {
    if (error instanceof ApiKeyError) return failed("api-key", { name: error.message }, null);
    throw error;
  }
}

/** docs/product.md#plan-changes: one change to the user's own subscription; success redirects with its toast. */
async function subscriptionAction(ctx: ControlContext, form: Record<string, FormDataEntryValue>) {
  const toProfile = (toast: Parameters<typeof flashCookie>[0]) =>
    redirectWithCookies("/profile", [flashCookie(toast)]);
  const dateOf = (date: Date | null) => (date ? formatDate(date.toISOString()) : null);
  switch (form.intent) {
    case "cancel":
      return toProfile(subscriptionCanceledToast(dateOf((await cancelSubscription(ctx)).endsAt)));
    case "resume":
      return toProfile(subscriptionResumedToast(dateOf((await resumeSubscription(ctx)).renewsAt)));
    case "switch": {
      const { planId, invoice } = await switchPlan(ctx, form.plan);
      const charged = invoice ? formatUsd(invoice.amountPaidCents) : null;
      return toProfile(planSwitchedToast(PLANS[planId].name, charged));
    }
    default: {
      const outcome = await updatePaymentMethod(ctx, form.card);
      if (outcome.kind === "portal") return redirect(outcome.url);
      return toProfile(PAYMENT_METHOD_TOAST);
    }
  }
}
