import { type SQL, sql } from "drizzle-orm";

/**
 * Every PostgreSQL advisory lock the app takes, in one place (docs/decisions/020), so no two uses can share
 * an id by accident. The one-key ids are any constants, the same in every process of this app; the
 * two-key locks take a namespace as their first key, so they never meet a one-key lock. Imports nothing of
 * the app's (database.server.ts reads it), so it takes any object that executes SQL.
 */
export const ADVISORY_LOCKS = {
  /** Migrations: one process migrates a server database at a time (a session lock). */
  migration: 72_420_117,
  /** The demo companies: two processes starting on one empty server seed them once. */
  seed: 72_420_118,
  /**
   * The import batch lock: each import batch's read-then-write sees a settled table; do-not-sell requests and
   * the alert digests' window take it too (imports/import-lock.server.ts).
   */
  import: 72_420_119,
  /** The activity roll-ups, across app processes. */
  activityRollup: 72_420_130,
  /** The demo LPs: seeded once. */
  lpSeed: 72_420_131,
  /** Indexes a bulk load set aside: dropped or built by one process at a time (db/deferred-indexes.server.ts). */
  deferredIndexes: 72_420_132,
} as const;

/** Two-key locks: the namespace is the first key, the second is hashed from what is locked. */
export const ADVISORY_LOCK_NAMESPACES = {
  /** A public form's rate limit, per form and client IP. */
  publicForm: 7_207,
} as const;

export type AdvisoryLock = keyof typeof ADVISORY_LOCKS;

/** Takes a one-key lock until the end of the transaction `tx` belongs to. */
export async function takeTransactionLock(
  tx: { execute(query: SQL): PromiseLike<unknown> },
  lock: AdvisoryLock,
): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS[lock]})`);
}
