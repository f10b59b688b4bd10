import { sql } from "drizzle-orm";
import type { Db } from "../../db/database.server";

/**
 * Serialises the batches of concurrent imports: each batch's SELECT-then-INSERT must see a settled table.
 * Do-not-sell requests take it too (suppression/do-not-sell.server.ts), so none slips between check and write.
 */
export const IMPORT_LOCK_ID = 72_420_119;

/** Takes the import lock until the end of the transaction `tx` belongs to. */
export async function takeImportLock(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK_ID})`);
}
