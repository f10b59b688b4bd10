import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/database.server";
import { billingLocks } from "../db/schema";

// A lock left by a crashed process is taken over after this long.
const STALE_AFTER_SECONDS = 120;

/**
 * Runs `work` holding a per-user lock shared by every app process (a row in billing_locks), or returns
 * null at once when another request holds it: docs/product.md#plans, only one trial upgrade may run at a time.
 */
export async function withBillingLock<T>(
  db: Db,
  userId: string,
  work: () => Promise<T>,
): Promise<{ value: T } | null> {
  const acquired = await db
    .insert(billingLocks)
    .values({ userId })
    .onConflictDoUpdate({
      target: billingLocks.userId,
      set: { acquiredAt: sql`now()` },
      setWhere: sql`${billingLocks.acquiredAt} < now() - make_interval(secs => ${STALE_AFTER_SECONDS})`,
    })
    .returning({ userId: billingLocks.userId });
  if (acquired.length === 0) return null;
  try {
    return { value: await work() };
  } finally {
    await db.delete(billingLocks).where(eq(billingLocks.userId, userId));
  }
}
