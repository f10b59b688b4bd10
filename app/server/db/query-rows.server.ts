import type { SQL } from "drizzle-orm";
import type { Db } from "./database.server";

/**
 * Runs raw SQL and returns its rows. Both drivers (PGlite and node-postgres) answer `execute` with an
 * object holding `rows`; Drizzle's shared type cannot say so, hence the one cast, kept here.
 */
export async function queryRows<T extends Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
