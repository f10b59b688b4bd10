import { sql } from "drizzle-orm";
import type { Db } from "../db/database.server";
import { queryRows } from "../db/query-rows.server";
import { readUnsubscribeToken } from "./unsubscribe-token.server";

export interface UnsubscribeTarget {
  savedSearchId: number;
  name: string;
  isOn: boolean;
}

/** The saved search an unsubscribe token names, or null (a bad token, or a search deleted since). */
export async function unsubscribeTarget(db: Db, token: unknown): Promise<UnsubscribeTarget | null> {
  const id = readUnsubscribeToken(token);
  if (id === null) return null;
  const [row] = await queryRows<{ name: string; alert: string }>(
    db,
    sql`select name, alert from saved_searches where id = ${id}`,
  );
  return row ? { savedSearchId: id, name: row.name, isOn: row.alert !== "off" } : null;
}

/**
 * Turns a saved search's alerts off at once: it is no longer due, and its digests not sent yet are
 * dropped (the delivery also checks the alert again before sending one it already claimed).
 */
export async function stopAlerts(db: Db, savedSearchId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`update saved_searches set alert = 'off', next_digest_at = null, updated_at = now()
          where id = ${savedSearchId}`,
    );
    await tx.execute(
      sql`update alert_digests set status = 'dropped', error = 'Unsubscribed before sending.'
          where saved_search_id = ${savedSearchId} and status = 'pending'`,
    );
  });
}
