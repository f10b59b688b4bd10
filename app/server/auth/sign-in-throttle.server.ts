import { createHmac } from "node:crypto";
import { eq, lt, sql } from "drizzle-orm";
import type { Db } from "../db/database.server";
import { queryRows } from "../db/query-rows.server";
import { signInThrottles } from "../db/schema";

/**
 * docs/product.md#accounts: a per-account limit on failed sign-ins, on top of the per-IP limit (which an
 * attacker with many addresses gets around). After FREE_FAILURES failed sign-ins in a row for one email, each
 * further attempt waits 2^(n-5) seconds, at most MAX_BACKOFF_SECONDS: short enough that an attacker cannot
 * lock the owner out for long, and a password reset ends the wait at once. Unknown addresses are counted the
 * same way, so the answer never tells whether an account exists.
 */
export const FREE_FAILURES = 5;
export const MAX_BACKOFF_SECONDS = 15 * 60;
/** A streak whose last failure is this old no longer counts (and its row is deleted). */
export const STREAK_FORGOTTEN_AFTER_SECONDS = 24 * 60 * 60;

/** How long the next attempt waits after `failures` failed sign-ins in a row (0: no wait). */
export function backoffSeconds(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(2 ** (failures - FREE_FAILURES), MAX_BACKOFF_SECONDS);
}

export type ClaimResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface SignInThrottle {
  /**
   * Before a sign-in checks the password: either the attempt may go ahead, and it is counted as a failure
   * straight away (in one statement, so parallel attempts from many processes cannot slip past the limit
   * together), or the account must wait.
   */
  claim(email: string): Promise<ClaimResult>;
  /** The password was right (signed in, or refused only for an unconfirmed address): the streak ends. */
  clear(email: string): Promise<void>;
  /** The attempt ended before the password was judged (a bad request, a server error): uncount it. */
  release(email: string): Promise<void>;
}

export interface SignInThrottleDeps {
  db: Db;
  /** Keys the stored HMAC of the address, so the table holds no addresses. */
  secret: string;
  now: () => Date;
}

export function createSignInThrottle({ db, secret, now }: SignInThrottleDeps): SignInThrottle {
  const keyOf = (email: string) =>
    createHmac("sha256", secret).update(`sign-in-throttle:${email.trim().toLowerCase()}`).digest("hex");
  const table = signInThrottles;
  const free = sql.raw(String(FREE_FAILURES));
  const cap = sql.raw(String(MAX_BACKOFF_SECONDS));

  return {
    async claim(email) {
      const key = keyOf(email);
      const at = now();
      const forgottenBefore = new Date(at.getTime() - STREAK_FORGOTTEN_AFTER_SECONDS * 1000);
      const atParam = sql`${at.toISOString()}::timestamptz`;
      const forgottenParam = sql`${forgottenBefore.toISOString()}::timestamptz`;
      await db.delete(table).where(lt(table.lastFailedAt, forgottenBefore));
      const claimed = await queryRows<{ failures: number }>(
        db,
        sql`insert into sign_in_throttles as t (key, failures, last_failed_at)
            values (${key}, 1, ${atParam})
            on conflict (key) do update set
              failures = case when t.last_failed_at < ${forgottenParam} then 1 else t.failures + 1 end,
              last_failed_at = excluded.last_failed_at
            where t.failures < ${free}
              or t.last_failed_at < ${forgottenParam}
              or t.last_failed_at
                + make_interval(secs => least(power(2, t.failures - ${free}), ${cap})) <= ${atParam}
            returning t.failures`,
      );
      if (claimed.length > 0) return { allowed: true };
      const [row] = await db.select().from(table).where(eq(table.key, key));
      const waitUntil = row ? row.lastFailedAt.getTime() + backoffSeconds(row.failures) * 1000 : at.getTime();
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((waitUntil - at.getTime()) / 1000)) };
    },

    async clear(email) {
      await db.delete(table).where(eq(table.key, keyOf(email)));
    },

    async release(email) {
      await db
        .update(table)
        .set({ failures: sql`greatest(${table.failures} - 1, 0)` })
        .where(eq(table.key, keyOf(email)));
    },
  };
}
