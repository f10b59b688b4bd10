import { and, asc, eq, gt, lt, sql } from "drizzle-orm";
import { ADVISORY_LOCK_NAMESPACES } from "../db/advisory-locks.server";
import type { Db } from "../db/database.server";
import { publicFormHits } from "../db/schema";

export interface FormRateLimit {
  max: number;
  windowSeconds: number;
}

/** docs/product.md#public-pages: 5 submissions per hour per client IP, per form. */
export const PUBLIC_FORM_RATE_LIMIT: FormRateLimit = { max: 5, windowSeconds: 60 * 60 };

export type RateLimitVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** The namespace of these advisory locks (two-key form, so they never meet the importer's one-key lock). */
const FORM_LOCK_NAMESPACE = ADVISORY_LOCK_NAMESPACES.publicForm;

/**
 * Takes one of the IP's submissions for a form, or says when the next one is allowed. Kept in the database
 * (docs/architecture.md#stateless-servers), under a per-IP lock so parallel requests cannot all slip in.
 */
export async function takeFormSlot(
  db: Db,
  form: string,
  ipAddress: string,
  { now = new Date(), limit = PUBLIC_FORM_RATE_LIMIT }: { now?: Date; limit?: FormRateLimit } = {},
): Promise<RateLimitVerdict> {
  const windowStart = new Date(now.getTime() - limit.windowSeconds * 1000);
  const key = and(eq(publicFormHits.form, form), eq(publicFormHits.ipAddress, ipAddress));
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(${FORM_LOCK_NAMESPACE}, hashtext(${`${form}:${ipAddress}`}))`,
    );
    // Hits older than the window only ever need forgetting.
    await tx.delete(publicFormHits).where(and(key, lt(publicFormHits.createdAt, windowStart)));
    const hits = await tx
      .select({ at: publicFormHits.createdAt })
      .from(publicFormHits)
      .where(and(key, gt(publicFormHits.createdAt, windowStart)))
      .orderBy(asc(publicFormHits.createdAt))
      .limit(limit.max);
    const oldest = hits[0];
    if (hits.length >= limit.max && oldest) {
      const freedAt = oldest.at.getTime() + limit.windowSeconds * 1000;
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((freedAt - now.getTime()) / 1000)) };
    }
    await tx.insert(publicFormHits).values({ form, ipAddress, createdAt: now });
    return { allowed: true };
  });
}
