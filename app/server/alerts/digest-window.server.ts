import { sql } from "drizzle-orm";
import type { Db } from "../db/database.server";
import { queryRows } from "../db/query-rows.server";
import { takeImportLock } from "../imports/import-lock.server";

/**
 * docs/product.md#alerts: where a digest run's window ends, so that no company is missed or listed twice.
 *
 * A digest lists the companies whose round_recorded_at falls in (the last run's end, this run's end]. A
 * company written by a transaction that has not committed yet when the run reads would be missed for good
 * if its time fell before the end: the next window starts after it. So the end is read under the import's
 * batch lock (import-lock.server.ts), which every writer of companies' rounds holds until it commits (the
 * import's batches, do-not-sell): a batch that wrote before the end has committed by the time the lock is
 * granted, so its rows are visible to the run; a batch that writes after it takes the lock afterwards and
 * stamps its rows with clock_timestamp() (migration 0024's default and trigger), later than the end. now()
 * would not do: it is a transaction's start, which can precede a wait for the lock.
 */
export async function digestWindowEnd(db: Db): Promise<Date> {
  return db.transaction(async (tx) => {
    await takeImportLock(tx);
    const [row] = await queryRows<{ end: Date | string }>(tx, sql`select clock_timestamp() as "end"`);
    if (!row) throw new Error("clock_timestamp() returned no row");
    return new Date(row.end);
  });
}
