import type Stripe from "stripe";
import { BILLING_ERRORS, billingChangeErrors } from "~/core/messages";
import { PLANS } from "~/core/plans";
import {
  type DemoCardId,
  demoCardLabel,
  isDemoCardId,
  isSwitchablePlanId,
  type SwitchablePlanId,
} from "~/core/subscription-changes";
import type { Db } from "../db/database.server";
import type { InvoiceRow, SubscriptionRow } from "../db/schema";
import { logger } from "../logger.server";
import type { Mailer } from "../mail/mailer.server";
import { type BillingConfig, BillingError, getBillingState } from "./billing.server";
import { withBillingLock } from "./billing-lock.server";
import { cancelDemoAtPeriodEnd, resumeDemo, switchDemoPlan } from "./demo-provider.server";
import { demoCardOf, setDemoCard } from "./invoices.server";
import {
  cancelStripeSubscriptionAtPeriodEnd,
  createStripePaymentMethodSession,
  resumeStripeSubscription,
  switchStripePrice,
} from "./stripe-checkout.server";
import { getStripe } from "./stripe-client.server";
import { priceToPlanFromConfig, snapshotFromStripeSubscription } from "./stripe-mapping";
import {
  type BillingNotice,
  changeCollector,
  mailBillingNotices,
  recordBillingNotices,
} from "./subscription-notices.server";
import { applySubscriptionSnapshot, stripeCustomerOf } from "./subscriptions.server";

/*
 * docs/product.md#plan-changes: the customer's own controls over their subscription (cancel at the period's end,
 * resume, switch between monthly and annual, the payment method). The server is the authority: each
 * action checks the state of the user's own subscription and refuses what does not apply with a 4xx and a
 * message (BillingError). Each change is recorded and emailed (subscription-notices.server.ts).
 */

export interface ControlContext {
  db: Db;
  config: BillingConfig;
  userId: string;
  mailer?: Mailer | undefined;
  /** The request, for the audit trail's IP and browser. */
  request?: Request | undefined;
  /** The app's Stripe client unless given (tests point one at a local server). */
  stripe?: Stripe | undefined;
  now?: Date;
}

/** The subscription the customer controls: their current monthly or annual plan, bought (not granted). */
async function controllable(ctx: ControlContext): Promise<SubscriptionRow> {
  const state = await getBillingState(ctx.db, { id: ctx.userId, isAdmin: false }, ctx.now);
  const row = state.primary;
  if (!row || (row.status !== "active" && row.status !== "trialing")) {
    throw new BillingError(BILLING_ERRORS.noSubscription, 400);
  }
  if (row.provider === "grant") throw new BillingError(BILLING_ERRORS.granted, 400);
  return row;
}

/** One change at a time per user (a double click, two tabs): the second is told, nothing runs twice. */
async function oneAtATime<T>(ctx: ControlContext, work: () => Promise<T>): Promise<T> {
  const result = await withBillingLock(ctx.db, ctx.userId, work);
  if (!result) throw new BillingError(billingChangeErrors.inProgress, 409);
  return result.value;
}

function stripeOf(ctx: ControlContext): Stripe {
  const stripe = ctx.stripe ?? getStripe();
  if (!stripe) throw new BillingError(BILLING_ERRORS.notConfigured, 503);
  return stripe;
}

/** A Stripe call that failed (network, Stripe's refusal): a 502 that says so, never a 500. */
async function callStripe<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof BillingError) throw error;
    logger.error({ err: error, what }, "a Stripe call for a subscription change failed");
    throw new BillingError(billingChangeErrors.providerFailed, 502);
  }
}

/**
 * Writes a change through `write` in one transaction with its audit record, then emails it. `write`
 * changes the subscription through applySubscriptionSnapshot with the collector's onWritten, so only a
 * write that changed something announces it.
 */
async function announced<T>(
  ctx: ControlContext,
  write: (tx: Db, onWritten: ReturnType<typeof changeCollector>["onWritten"]) => Promise<T>,
  extra: (value: T) => Partial<Extract<BillingNotice, { kind: "subscription" }>> = () => ({}),
): Promise<T> {
  const collector = changeCollector();
  let notices: BillingNotice[] = [];
  const value = await ctx.db.transaction(async (tx) => {
    const written = await write(tx, collector.onWritten);
    notices = collector.changes.map((change) => ({ kind: "subscription", change, ...extra(written) }));
    await recordBillingNotices(tx, ctx.userId, notices, ctx.request);
    return written;
  });
  await mailBillingNotices(ctx.db, ctx.mailer, ctx.userId, ctx.config.APP_URL, notices);
  return value;
}

/** A Stripe subscription as the API answered it, applied like a webhook's (and announced if it changed). */
async function applyStripeAnswer(ctx: ControlContext, subscription: Stripe.Subscription): Promise<void> {
  const snapshot = snapshotFromStripeSubscription(subscription, {
    userId: ctx.userId,
    observedAt: ctx.now ?? new Date(),
    priceToPlan: priceToPlanFromConfig(ctx.config),
  });
  if (!snapshot) return;
  await announced(ctx, (tx, onWritten) => applySubscriptionSnapshot(tx, snapshot, { onWritten }));
}

/**
 * Cancel: the subscription ends at the end of the period paid for (or of the trial); access lasts until
 * then and the customer can resume until then. Returns that date.
 */
export async function cancelSubscription(ctx: ControlContext): Promise<{ endsAt: Date | null }> {
  return oneAtATime(ctx, async () => {
    const row = await controllable(ctx);
    if (row.cancelAtPeriodEnd) throw new BillingError(billingChangeErrors.alreadyCanceled, 409);
    if (row.provider === "stripe") {
      const stripe = stripeOf(ctx);
      const updated = await callStripe("cancel", () =>
        cancelStripeSubscriptionAtPeriodEnd(stripe, row.providerSubscriptionId),
      );
      await applyStripeAnswer(ctx, updated);
    } else {
      await announced(ctx, (tx, onWritten) => cancelDemoAtPeriodEnd(tx, row, ctx.now, { onWritten }));
    }
    return { endsAt: row.currentPeriodEnd };
  });
}

/** Resume: a cancellation scheduled for the period's end is taken back; the plan renews as before. */
export async function resumeSubscription(ctx: ControlContext): Promise<{ renewsAt: Date | null }> {
  return oneAtATime(ctx, async () => {
    const row = await controllable(ctx);
    if (!row.cancelAtPeriodEnd) throw new BillingError(billingChangeErrors.notCanceled, 409);
    if (row.provider === "stripe") {
      const stripe = stripeOf(ctx);
      const updated = await callStripe("resume", () =>
        resumeStripeSubscription(stripe, row.providerSubscriptionId),
      );
      await applyStripeAnswer(ctx, updated);
    } else {
      await announced(ctx, (tx, onWritten) => resumeDemo(tx, row, ctx.now, { onWritten }));
    }
    return { renewsAt: row.currentPeriodEnd };
  });
}

/**
 * Switch between the monthly and the annual plan, prorated as Stripe prorates (decision 025). Refused for
 * the plan the customer is on, and while a cancellation is scheduled (resume first: a switch would
 * otherwise start a new period only to end it). Returns the demo provider's invoice (Stripe's arrives
 * with invoice.paid).
 */
export async function switchPlan(
  ctx: ControlContext,
  to: unknown,
): Promise<{ planId: SwitchablePlanId; invoice: InvoiceRow | null }> {
  if (!isSwitchablePlanId(to)) throw new BillingError(BILLING_ERRORS.unknownPlan, 400);
  return oneAtATime(ctx, async () => {
    const row = await controllable(ctx);
    if (row.planId === to) throw new BillingError(billingChangeErrors.samePlan(PLANS[to].name), 409);
    if (!isSwitchablePlanId(row.planId)) throw new BillingError(BILLING_ERRORS.granted, 400);
    if (row.cancelAtPeriodEnd) throw new BillingError(billingChangeErrors.resumeFirst, 409);
    if (row.provider === "stripe") {
      const priceId = to === "monthly" ? ctx.config.STRIPE_PRICE_MONTHLY : ctx.config.STRIPE_PRICE_ANNUAL;
      if (!priceId) throw new BillingError(BILLING_ERRORS.notConfigured, 503);
      const stripe = stripeOf(ctx);
      const updated = await callStripe("switch", () =>
        switchStripePrice(stripe, row.providerSubscriptionId, priceId),
      );
      await applyStripeAnswer(ctx, updated);
      return { planId: to, invoice: null };
    }
    const invoice = await announced(
      ctx,
      (tx, onWritten) => switchDemoPlan(tx, row, to, ctx.now, { onWritten }),
      (written) => ({ invoice: written }),
    );
    return { planId: to, invoice };
  });
}

/**
 * The payment method: with Stripe, the customer portal's payment-method page (the change reaches us as
 * customer.updated, which announces it); with the demo provider, one of its labelled demo cards.
 */
export async function updatePaymentMethod(
  ctx: ControlContext,
  card: unknown,
): Promise<{ kind: "portal"; url: string } | { kind: "updated"; label: string }> {
  const row = await controllable(ctx);
  if (row.provider === "stripe") {
    const customer = row.providerCustomerId ?? (await stripeCustomerOf(ctx.db, ctx.userId));
    if (!customer) throw new BillingError(BILLING_ERRORS.noBillingAccount, 400);
    const stripe = stripeOf(ctx);
    const url = await callStripe("payment method", () =>
      createStripePaymentMethodSession(stripe, customer, `${ctx.config.APP_URL}/profile`),
    );
    return { kind: "portal", url };
  }
  if (!isDemoCardId(card)) throw new BillingError(billingChangeErrors.unknownCard, 400);
  return oneAtATime(ctx, async () => {
    if ((await demoCardOf(ctx.db, ctx.userId)) === card) {
      throw new BillingError(billingChangeErrors.sameCard, 409);
    }
    const label = demoCardLabel(card as DemoCardId);
    const notices: BillingNotice[] = [{ kind: "payment_method", label }];
    await ctx.db.transaction(async (tx) => {
      await setDemoCard(tx, ctx.userId, card, ctx.now);
      await recordBillingNotices(tx, ctx.userId, notices, ctx.request);
    });
    await mailBillingNotices(ctx.db, ctx.mailer, ctx.userId, ctx.config.APP_URL, notices);
    return { kind: "updated", label };
  });
}
