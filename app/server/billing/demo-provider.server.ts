import { and, eq, lte } from "drizzle-orm";
import { BILLING_ERRORS } from "~/core/messages";
import { type CheckoutPlanId, PLANS } from "~/core/plans";
import type { Db } from "../db/database.server";
import { demoCheckoutSessions, type SubscriptionRow, subscriptions, users } from "../db/schema";
import { addDays, addInterval } from "./periods";
import { snapshotFromRow } from "./subscription-snapshot";
import {
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
    await applySubscriptionSnapshot(tx, {
      userId,
      planId: session.planId,
      status: trialEnd ? "trialing" : "active",
      provider: "demo",
      providerSubscriptionId: `demo_sub_${id.slice("demo_cs_".length)}`,
      providerCustomerId: `demo_cus_${userId}`,
      trialStart: trialEnd ? now : null,
      trialEnd,
      currentPeriodStart: now,
      currentPeriodEnd: trialEnd ?? addInterval(now, plan.interval),
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
  await applySubscriptionSnapshot(
    db,
    snapshotFromRow(
      row,
      {
        status: "active",
        trialEnd: now,
        currentPeriodStart: now,
        currentPeriodEnd: addInterval(now, PLANS[row.planId].interval),
      },
      now,
    ),
  );
}

/** Cancel on the demo provider: like Stripe's cancel_at_period_end, access lasts to the period's end. */
export async function cancelDemoAtPeriodEnd(db: Db, row: SubscriptionRow, now = new Date()): Promise<void> {
  await applySubscriptionSnapshot(
    db,
    snapshotFromRow(row, { cancelAtPeriodEnd: true, canceledAt: now }, now),
  );
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
      const interval = PLANS[row.planId].interval;
      await applySubscriptionSnapshot(
        db,
        snapshotFromRow(
          row,
          {
            status: "active",
            currentPeriodStart: periodEnd,
            currentPeriodEnd: addInterval(periodEnd, interval),
          },
          now,
        ),
      );
    }
  }
  return due.length > 0;
}
