import { eq } from "drizzle-orm";
import { PLANS, type PlanId } from "~/core/plans";
import type { Db } from "../db/database.server";
import { users } from "../db/schema";
import { addInterval } from "./periods";
import { applySubscriptionSnapshot } from "./subscriptions.server";

export class GrantError extends Error {
  override name = "GrantError";
}

/**
 * An admin's grant of a plan (lifetime, lps, or a paid plan for free): an active subscription from the
 * "grant" provider; lifetime never ends, the others last one billing interval. Granting again renews it.
 */
export async function grantPlan(
  db: Db,
  email: string,
  planId: PlanId,
  now = new Date(),
): Promise<{ userId: string }> {
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()));
  if (!user) throw new GrantError(`No account has the email ${email}.`);
  await applySubscriptionSnapshot(db, {
    userId: user.id,
    planId,
    status: "active",
    provider: "grant",
    providerSubscriptionId: `grant_${user.id}_${planId}`,
    providerCustomerId: null,
    trialStart: null,
    trialEnd: null,
    currentPeriodStart: now,
    currentPeriodEnd: planId === "lifetime" ? null : addInterval(now, PLANS[planId].interval ?? "year"),
    cancelAtPeriodEnd: false,
    canceledAt: null,
    endedAt: null,
    observedAt: now,
  });
  return { userId: user.id };
}

/** Ends a granted plan at once. */
export async function revokeGrant(db: Db, email: string, planId: PlanId, now = new Date()): Promise<void> {
  const { userId } = await grantPlan(db, email, planId, now);
  await applySubscriptionSnapshot(db, {
    userId,
    planId,
    status: "canceled",
    provider: "grant",
    providerSubscriptionId: `grant_${userId}_${planId}`,
    providerCustomerId: null,
    trialStart: null,
    trialEnd: null,
    currentPeriodStart: now,
    currentPeriodEnd: now,
    cancelAtPeriodEnd: false,
    canceledAt: now,
    endedAt: now,
    // A hair later than the grant above, so this state wins.
    observedAt: new Date(now.getTime() + 1),
  });
}
