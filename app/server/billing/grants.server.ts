import { eq } from "drizzle-orm";
import { PLANS, type PlanId } from "~/core/plans";
import type { Db } from "../db/database.server";
import { users } from "../db/schema";
import { addInterval } from "./periods";
import { type ApplyResult, applySubscriptionSnapshot } from "./subscriptions.server";

export class GrantError extends Error {
  override name = "GrantError";
}

/** The grant provider's subscription id of a user's plan: one per user and plan, so granting again renews it. */
export function grantSubscriptionId(userId: string, planId: PlanId): string {
  return `grant_${userId}_${planId}`;
}

async function userIdOf(db: Db, email: string): Promise<string> {
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()));
  if (!user) throw new GrantError(`No account has the email ${email}.`);
  return user.id;
}

/**
 * An admin's grant of a plan (lifetime, lps, or a paid plan for free): an active subscription from the
 * "grant" provider, written by the one subscription writer; lifetime never ends, the others last one
 * billing interval. Granting again renews it. "stale" when the stored state is newer (nothing written).
 */
export async function grantPlanTo(
  db: Db,
  userId: string,
  planId: PlanId,
  now = new Date(),
): Promise<ApplyResult> {
  return applySubscriptionSnapshot(db, {
    userId,
    planId,
    status: "active",
    provider: "grant",
    providerSubscriptionId: grantSubscriptionId(userId, planId),
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
}

/** Ends a user's granted plan at once (the grant provider's subscription; a bought plan is not touched). */
export async function revokeGrantOf(
  db: Db,
  userId: string,
  planId: PlanId,
  now = new Date(),
): Promise<ApplyResult> {
  return applySubscriptionSnapshot(db, {
    userId,
    planId,
    status: "canceled",
    provider: "grant",
    providerSubscriptionId: grantSubscriptionId(userId, planId),
    providerCustomerId: null,
    trialStart: null,
    trialEnd: null,
    currentPeriodStart: now,
    currentPeriodEnd: now,
    cancelAtPeriodEnd: false,
    canceledAt: now,
    endedAt: now,
    // A hair later than any grant made at the same instant, so this state wins.
    observedAt: new Date(now.getTime() + 1),
  });
}

/** grantPlanTo for the account with this email (`npm run grant`, tests). */
export async function grantPlan(
  db: Db,
  email: string,
  planId: PlanId,
  now = new Date(),
): Promise<{ userId: string }> {
  const userId = await userIdOf(db, email);
  await grantPlanTo(db, userId, planId, now);
  return { userId };
}

/** revokeGrantOf for the account with this email. */
export async function revokeGrant(db: Db, email: string, planId: PlanId, now = new Date()): Promise<void> {
  await revokeGrantOf(db, await userIdOf(db, email), planId, now);
}
