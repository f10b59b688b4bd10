import { and, eq, lte } from "drizzle-orm";
import { BILLING_ERRORS } from "~/core/messages";
import { type CheckoutPlanId, PLANS, type PlanId } from "~/core/plans";
import { type InvoiceLine, switchInvoiceLines } from "~/core/proration";
import type { SwitchablePlanId } from "~/core/subscription-changes";
import type { Db } from "../db/database.server";
import {
  demoCheckoutSessions,
  type InvoiceRow,
  type SubscriptionRow,
  subscriptions,
  users,
} from "../db/schema";
import { writeDemoInvoice } from "./invoices.server";
import { addDays, addInterval } from "./periods";
import { snapshotFromRow } from "./subscription-snapshot";
import {
  type ApplyOptions,
  applySubscriptionSnapshot,
  currentSubscriptionLike,
  isTrialAvailable,
  listSubscriptions,
} from "./subscriptions.server";

/**
 * The demo payment provider (docs/product.md#plans): plays Stripe's part end to end when no Stripe key is set, and
 * changes subscriptions only through applySubscriptionSnapshot, like the Stripe webhooks.
 */

const CHECKOUT_LIFETIME_MS = 60 * 60 * 1000;

export class DemoCheckoutError extends Error {
  override name = "DemoCheckoutError";
}

export async function createDemoCheckout(
  db: Db,
  appUrl: string,
  user: { id: string; email: string },
  planId: CheckoutPlanId,
  now = new Date(),
): Promise<string> {
  const id = `demo_cs_${crypto.randomUUID().replaceAll("-", "")}`;
  await db.insert(demoCheckoutSessions).values({
    id,
    userId: user.id,
    planId,
    // A plan without a trial (the LP plan) starts paid whatever the person's trial history.
    withTrial: PLANS[planId].trialDays > 0 && (await isTrialAvailable(db, user.id, user.email)),
    expiresAt: new Date(now.getTime() + CHECKOUT_LIFETIME_MS),
  });
  return `${appUrl}/demo-checkout/${id}`;
}

export type DemoCheckout = typeof demoCheckoutSessions.$inferSelect;

/** The user's own open checkout session, or null (someone else's, expired, or already used). */
export async function getOpenDemoCheckout(db: Db, id: string, userId: string, now = new Date()) {
  const [session] = await db
    .select()
    .from(demoCheckoutSessions)
    .where(and(eq(demoCheckoutSessions.id, id), eq(demoCheckoutSessions.userId, userId)));
  if (session?.status !== "open" || session.expiresAt <= now) return null;
  return session;
}

/**
 * "Pay": starts the subscription (trialing when the person has not had a trial, else active). Refused
 * when a monthly, annual or lifetime plan became current since the checkout was opened (another tab paid
 * first): one person is never charged twice.
 */
export async function payDemoCheckout(
  db: Db,
  id: string,
  userId: string,
  now = new Date(),
): Promise<{ trialStarted: boolean }> {
  const session = await getOpenDemoCheckout(db, id, userId, now);
  if (!session) throw new DemoCheckoutError(BILLING_ERRORS.checkoutExpired);
  const plan = PLANS[session.planId];
  const trialEnd = session.withTrial ? addDays(now, plan.trialDays) : null;
  await settleDemoSubscriptions(db, userId, now);
  await db.transaction(async (tx) => {
    // The user's row is the lock: two tabs paying at once check and write one after the other.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
    if (currentSubscriptionLike(await listSubscriptions(tx, userId), session.planId)) {
      throw new DemoCheckoutError(BILLING_ERRORS.alreadySubscribed);
    }
    const closed = await tx
      .update(demoCheckoutSessions)
      .set({ status: "paid" })
      .where(and(eq(demoCheckoutSessions.id, id), eq(demoCheckoutSessions.status, "open")))
      .returning({ id: demoCheckoutSessions.id });
    if (closed.length === 0) throw new DemoCheckoutError(BILLING_ERRORS.checkoutUsed);
    const providerSubscriptionId = `demo_sub_${id.slice("demo_cs_".length)}`;
    const periodEnd = trialEnd ?? addInterval(now, plan.interval);
    // docs/product.md#plan-changes: like Stripe, a trial starts with an invoice of nothing, a paid plan with its price.
    await writeDemoInvoice(tx, {
      userId,
      providerSubscriptionId,
      lines: trialEnd ? [trialLine(session.planId)] : [planLine(session.planId)],
      periodStart: now,
      periodEnd,
      at: now,
    });
    await applySubscriptionSnapshot(tx, {
      userId,
      planId: session.planId,
      status: trialEnd ? "trialing" : "active",
      provider: "demo",
      providerSubscriptionId,
      providerCustomerId: `demo_cus_${userId}`,
      trialStart: trialEnd ? now : null,
      trialEnd,
      currentPeriodStart: now,
      currentPeriodEnd: periodEnd,
      cancelAtPeriodEnd: false,
      canceledAt: null,
      endedAt: null,
      observedAt: now,
    });
  });
  return { trialStarted: trialEnd !== null };
}

export async function cancelDemoCheckout(db: Db, id: string, userId: string): Promise<void> {
  await db
    .update(demoCheckoutSessions)
    .set({ status: "canceled" })
    .where(
      and(
        eq(demoCheckoutSessions.id, id),
        eq(demoCheckoutSessions.userId, userId),
        eq(demoCheckoutSessions.status, "open"),
      ),
    );
}

/** upgrade-trial on the demo provider: the trial ends now and the first paid period starts. */
export async function endDemoTrial(db: Db, row: SubscriptionRow, now = new Date()): Promise<void> {
  const periodEnd = addInterval(now, PLANS[row.planId].interval);
  await db.transaction(async (tx) => {
    await writeDemoInvoice(tx, {
      userId: row.userId,
      providerSubscriptionId: row.providerSubscriptionId,
      lines: [planLine(row.planId)],
      periodStart: now,
      periodEnd,
      at: now,
    });
    await applySubscriptionSnapshot(
      tx,
      snapshotFromRow(
        row,
        { status: "active", trialEnd: now, currentPeriodStart: now, currentPeriodEnd: periodEnd },
        now,
      ),
    );
  });
}

/** The invoice line of one period of a plan at its price. */
function planLine(planId: PlanId): InvoiceLine {
  const plan = PLANS[planId];
  return {
    description: `${plan.name} plan, one ${plan.interval ?? "period"}`,
    amountCents: plan.priceCents ?? 0,
  };
}

function trialLine(planId: PlanId): InvoiceLine {
  const plan = PLANS[planId];
  return { description: `${plan.name} plan, ${plan.trialDays}-day free trial`, amountCents: 0 };
}

/** Cancel on the demo provider: like Stripe's cancel_at_period_end, access lasts to the period's end. */
export async function cancelDemoAtPeriodEnd(
  db: Db,
  row: SubscriptionRow,
  now = new Date(),
  options: ApplyOptions = {},
): Promise<void> {
  await applySubscriptionSnapshot(
    db,
    snapshotFromRow(row, { cancelAtPeriodEnd: true, canceledAt: now }, now),
    options,
  );
}

/** Resume on the demo provider: the scheduled end is taken back, and the plan renews as before. */
export async function resumeDemo(
  db: Db,
  row: SubscriptionRow,
  now = new Date(),
  options: ApplyOptions = {},
): Promise<void> {
  await applySubscriptionSnapshot(
    db,
    snapshotFromRow(row, { cancelAtPeriodEnd: false, canceledAt: null }, now),
    options,
  );
}

/**
 * The invoice lines of switching `row`'s paid period (`periodStart` to `periodEnd`) to the plan `to` at
 * `at`: what switchDemoPlan bills and the switch dialog previews (decision 025).
 */
export function demoSwitchLines(
  row: Pick<SubscriptionRow, "planId">,
  periodStart: Date,
  periodEnd: Date,
  to: SwitchablePlanId,
  at: Date,
): ReturnType<typeof switchInvoiceLines> {
  const from = PLANS[row.planId];
  const target = PLANS[to];
  return switchInvoiceLines({
    fromPlanName: from.name,
    fromPriceCents: from.priceCents ?? 0,
    toPlanName: target.name,
    toPriceCents: target.priceCents ?? 0,
    periodStart,
    periodEnd,
    at,
  });
}

/**
 * A switch between the monthly and the annual plan on the demo provider, priced as Stripe prices it
 * (decision 025): a paid period ends now, the unused time is credited against the new plan's full price
 * on an invoice paid at once, and a new period starts; a trial goes on and turns into the new plan.
 * Returns the invoice (none during a trial). Call it inside a transaction.
 */
export async function switchDemoPlan(
  tx: Db,
  row: SubscriptionRow,
  to: SwitchablePlanId,
  now = new Date(),
  options: ApplyOptions = {},
): Promise<InvoiceRow | null> {
  if (row.status === "trialing" || !row.currentPeriodStart || !row.currentPeriodEnd) {
    await applySubscriptionSnapshot(tx, snapshotFromRow(row, { planId: to }, now), options);
    return null;
  }
  const periodEnd = addInterval(now, PLANS[to].interval);
  const invoice = await writeDemoInvoice(tx, {
    userId: row.userId,
    providerSubscriptionId: row.providerSubscriptionId,
    lines: demoSwitchLines(row, row.currentPeriodStart, row.currentPeriodEnd, to, now),
    periodStart: now,
    periodEnd,
    at: now,
  });
  await applySubscriptionSnapshot(
    tx,
    snapshotFromRow(row, { planId: to, currentPeriodStart: now, currentPeriodEnd: periodEnd }, now),
    options,
  );
  return invoice;
}

/**
 * What Stripe does on its clock, done when the user is next looked at: a canceled subscription ends at its
 * period end; a trial that ran out without a cancel turns into a paid period (the demo "card" succeeds).
 */
export async function settleDemoSubscriptions(db: Db, userId: string, now = new Date()): Promise<void> {
  const due = await db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        eq(subscriptions.provider, "demo"),
        lte(subscriptions.currentPeriodEnd, now),
      ),
    );
  await settleDemoRows(db, due, now);
}

/** A current demo subscription whose period has ended: settleDemoRows moves it on. */
export function isDemoPeriodOver(row: SubscriptionRow, now: Date): boolean {
  return (
    row.provider === "demo" &&
    (row.status === "active" || row.status === "trialing") &&
    row.currentPeriodEnd !== null &&
    row.currentPeriodEnd.getTime() <= now.getTime()
  );
}

/**
 * settleDemoSubscriptions on rows already read (a user's subscriptions, as getBillingState reads them):
 * true when one was settled, and the rows must be read again.
 */
export async function settleDemoRows(
  db: Db,
  rows: readonly SubscriptionRow[],
  now = new Date(),
): Promise<boolean> {
  const due = rows.filter((row) => isDemoPeriodOver(row, now));
  for (const row of due) {
    const periodEnd = row.currentPeriodEnd ?? now;
    if (row.cancelAtPeriodEnd) {
      await applySubscriptionSnapshot(
        db,
        snapshotFromRow(row, { status: "canceled", endedAt: periodEnd }, now),
      );
    } else {
      const nextEnd = addInterval(periodEnd, PLANS[row.planId].interval);
      await db.transaction(async (tx) => {
        let isFirstRenewal = false;
        await applySubscriptionSnapshot(
          tx,
          snapshotFromRow(
            row,
            { status: "active", currentPeriodStart: periodEnd, currentPeriodEnd: nextEnd },
            now,
          ),
          {
            // A concurrent settle of the same period found it renewed already: one invoice per renewal.
            onWritten: (before) => {
              isFirstRenewal = before?.currentPeriodEnd?.getTime() === periodEnd.getTime();
            },
          },
        );
        // docs/product.md#plan-changes: the renewal's invoice (a trial's end is the first paid one).
        if (isFirstRenewal) {
          await writeDemoInvoice(tx, {
            userId: row.userId,
            providerSubscriptionId: row.providerSubscriptionId,
            lines: [planLine(row.planId)],
            periodStart: periodEnd,
            periodEnd: nextEnd,
            at: periodEnd,
          });
        }
      });
    }
  }
  return due.length > 0;
}
