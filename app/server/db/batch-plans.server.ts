import { sql } from "drizzle-orm";
import type { Db } from "./database.server";

/**
 * For the rest of an import batch's transaction: index probes rather than scans, and no JIT compilation.
 *
 * The batch's reads probe indexes with thousands of keys, which the planner prices above a scan of a table of
 * some 100,000 rows, and a scan costs several times more (a first load scanned its growing table once per
 * batch: decision 020). Turning scans off makes the planner add a fixed penalty of 10^10 to any plan that
 * still holds one (a temporary table, a table without the index), which passes `jit_above_cost`: such a
 * statement then compiles itself first (measured: 266 ms of JIT for an 8 ms update joining 6,000 addresses).
 * So JIT goes off with it.
 */
export async function preferIndexProbes(tx: Db): Promise<void> {
  await tx.execute(sql`select set_config('enable_seqscan', 'off', true), set_config('jit', 'off', true)`);
}
