import { and, desc, eq, inArray, or } from "drizzle-orm";
import { type AccessFlags, accessFlags, type SubscriptionStatus } from "~/core/access";
import type { Db } from "../db/database.server";
import { billingCustomers, type SubscriptionRow, subscriptions, trialClaims, users } from "../db/schema";
import type { SubscriptionSnapshot } from "./subscription-snapshot";

export type ApplyResult = "inserted" | "updated" | "stale";

/**
 * Writes a subscription's state unless the stored state is newer (out-of-order webhooks never move a
 * subscription back), and records the person's trial the first time one starts.
 */
export async function applySubscriptionSnapshot(
  db: Db,
  snapshot: SubscriptionSnapshot,
): Promise<ApplyResult> {
  const values = {
    userId: snapshot.userId,
    planId: snapshot.planId,
    status: snapshot.status,
    provider: snapshot.provider,
    providerSubscriptionId: snapshot.providerSubscriptionId,
    providerCustomerId: snapshot.providerCustomerId,
    trialStart: snapshot.trialStart,
    trialEnd: snapshot.trialEnd,
    currentPeriodStart: snapshot.currentPeriodStart,
    currentPeriodEnd: snapshot.currentPeriodEnd,
    cancelAtPeriodEnd: snapshot.cancelAtPeriodEnd,
    canceledAt: snapshot.canceledAt,
    endedAt: snapshot.endedAt,
    providerStateAt: snapshot.observedAt,
  };
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: subscriptions.id, providerStateAt: subscriptions.providerStateAt })
      .from(subscriptions)
      .where(eq(subscriptions.providerSubscriptionId, snapshot.providerSubscriptionId))
      .for("update");
    if (existing && existing.providerStateAt > snapshot.observedAt) return "stale";
    if (existing) {
      await tx
        .update(subscriptions)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(subscriptions.id, existing.id));
    } else {
      await tx.insert(subscriptions).values({ id: crypto.randomUUID(), ...values });
    }
    if (snapshot.trialStart || snapshot.status === "trialing") await claimTrial(tx, snapshot.userId);
    return existing ? "updated" : "inserted";
  });
}

/** Records that this person (account and email) has had their trial. */
async function claimTrial(db: Db, userId: string): Promise<void> {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!user) return;
  await db
    .insert(trialClaims)
    .values({ email: user.email.toLowerCase(), userId })
    .onConflictDoNothing({ target: trialClaims.email });
}

/** One trial per person: false once the account, or anyone with its email, has started a trial. */
export async function isTrialAvailable(db: Db, userId: string, email: string): Promise<boolean> {
  const [claim] = await db
    .select({ email: trialClaims.email })
    .from(trialClaims)
    .where(or(eq(trialClaims.userId, userId), eq(trialClaims.email, email.toLowerCase())))
    .limit(1);
  return !claim;
}

export async function listSubscriptions(db: Db, userId: string): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptions.providerStateAt));
}

const CURRENT: SubscriptionStatus[] = ["active", "trialing"];

/** The subscription the account page shows: the current one, else the most recent. */
export function primarySubscription(rows: readonly SubscriptionRow[]): SubscriptionRow | null {
  const pro = rows.filter((row) => row.planId !== "lps");
  return pro.find((row) => CURRENT.includes(row.status)) ?? pro[0] ?? null;
}

/** spec 4's access flags for a user, from the database: the server's answer, never the client's. */
export async function getAccess(db: Db, userId: string): Promise<AccessFlags> {
  const [rows, [user]] = await Promise.all([
    db
      .select({ planId: subscriptions.planId, status: subscriptions.status })
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, CURRENT))),
    db.select({ role: users.role }).from(users).where(eq(users.id, userId)),
  ]);
  return accessFlags(rows, user?.role === "admin");
}

/** The user a Stripe customer belongs to, from an earlier checkout. */
export async function userIdForCustomer(db: Db, customerId: string): Promise<string | null> {
  const [row] = await db
    .select({ userId: subscriptions.userId })
    .from(subscriptions)
    .where(eq(subscriptions.providerCustomerId, customerId))
    .limit(1);
  if (row) return row.userId;
  const [customer] = await db
    .select({ userId: billingCustomers.userId })
    .from(billingCustomers)
    .where(eq(billingCustomers.stripeCustomerId, customerId));
  return customer?.userId ?? null;
}

/** Remembers a user's Stripe customer (checkout.session.completed), for the portal and later events. */
export async function rememberStripeCustomer(db: Db, userId: string, customerId: string): Promise<void> {
  await db
    .insert(billingCustomers)
    .values({ userId, stripeCustomerId: customerId })
    .onConflictDoUpdate({ target: billingCustomers.userId, set: { stripeCustomerId: customerId } });
}

export async function stripeCustomerOf(db: Db, userId: string): Promise<string | null> {
  const [customer] = await db
    .select({ id: billingCustomers.stripeCustomerId })
    .from(billingCustomers)
    .where(eq(billingCustomers.userId, userId));
  return customer?.id ?? null;
}
