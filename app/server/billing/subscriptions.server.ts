import { and, desc, eq, inArray, or } from "drizzle-orm";
import { type AccessFlags, accessFlags, type SubscriptionStatus } from "~/core/access";
import { isProPlan, type PlanId } from "~/core/plans";
import type { Db } from "../db/database.server";
import { billingCustomers, type SubscriptionRow, subscriptions, trialClaims, users } from "../db/schema";
import type { SubscriptionSnapshot } from "./subscription-snapshot";

export type ApplyResult = "inserted" | "updated" | "stale";

/**
 * Where a status lies in a subscription's life (Stripe's order: incomplete -> trialing -> active ->
 * past_due -> unpaid -> canceled). Decides between two states stamped with the same time: the one
 * further along wins, so a tie never moves a subscription back (decision 004).
 */
const LIFECYCLE_RANK: Record<SubscriptionStatus, number> = {
  incomplete: 0,
  trialing: 1,
  active: 2,
  past_due: 3,
  paused: 3,
  unpaid: 4,
  canceled: 5,
  incomplete_expired: 5,
};

export interface ApplyOptions {
  /**
   * Called, holding the row's lock, when the stored state has the same time as the snapshot (Stripe
   * stamps events in whole seconds, so two events of one second cannot be ordered by time): returns the
   * provider's current state to write instead, or null to keep the stored one. Without it, the status
   * further along in LIFECYCLE_RANK wins.
   */
  resolveTie?: () => Promise<SubscriptionSnapshot | null>;
  /**
   * Called, holding the row's lock, after the snapshot was written, with the state stored before it (null
   * for a new row): docs/product.md#plan-changes, the writer that made a change is the one that announces it.
   */
  onWritten?: (before: SubscriptionRow | null, written: SubscriptionSnapshot) => void;
}

/**
 * Writes a subscription's state unless the stored state is newer (out-of-order webhooks never move a
 * subscription back; on a tie, see ApplyOptions), and records the person's trial the first time one
 * starts.
 */
export async function applySubscriptionSnapshot(
  db: Db,
  given: SubscriptionSnapshot,
  options: ApplyOptions = {},
): Promise<ApplyResult> {
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.providerSubscriptionId, given.providerSubscriptionId))
      .for("update");
    let snapshot = given;
    if (existing) {
      const stored = existing.providerStateAt.getTime();
      const observed = given.observedAt.getTime();
      if (stored > observed) return "stale";
      if (stored === observed) {
        if (options.resolveTie) {
          const current = await options.resolveTie();
          if (current?.providerSubscriptionId !== given.providerSubscriptionId) return "stale";
          // Still stamped with the tied time: any later event is applied over it as usual.
          snapshot = { ...current, observedAt: given.observedAt };
        } else if (LIFECYCLE_RANK[given.status] < LIFECYCLE_RANK[existing.status]) {
          return "stale";
        }
      }
    }
    await writeSnapshot(tx, existing?.id ?? null, snapshot);
    options.onWritten?.(existing ?? null, snapshot);
    return existing ? "updated" : "inserted";
  });
}

async function writeSnapshot(tx: Db, existingId: string | null, snapshot: SubscriptionSnapshot) {
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
  if (existingId) {
    await tx
      .update(subscriptions)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(subscriptions.id, existingId));
  } else {
    await tx.insert(subscriptions).values({ id: crypto.randomUUID(), ...values });
  }
  if (snapshot.trialStart || snapshot.status === "trialing") await claimTrial(tx, snapshot.userId);
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

/**
 * The user's subscription that gives pro access now (docs/product.md#access: monthly, pro or lifetime, active or
 * trialing), if any: while there is one, a checkout would charge the person twice.
 */
export function currentProSubscription(rows: readonly SubscriptionRow[]): SubscriptionRow | null {
  return rows.find((row) => accessFlags([row], false).hasProAccess) ?? null;
}

/**
 * The current subscription that buying `planId` would duplicate: a pro-access one for the startup plans,
 * a current LP plan for the LP plan (docs/product.md#lps: the two databases are bought separately).
 */
export function currentSubscriptionLike(
  rows: readonly SubscriptionRow[],
  planId: PlanId,
): SubscriptionRow | null {
  if (isProPlan(planId)) return currentProSubscription(rows);
  return rows.find((row) => row.planId === planId && accessFlags([row], false).hasLpAccess) ?? null;
}

/** The access flags (docs/product.md#access) for a user, from the database: the server's answer, never the client's. */
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
