import { sql } from "drizzle-orm";
import type { Db } from "./database.server";
import { queryRows } from "./query-rows.server";

/**
 * `count` fresh ids of a table's identity, ascending: a writer that names rows before inserting them (the
 * demo seed, the companies import's rounds and people: decision 030) takes them first.
 */
export async function nextIds(db: Db, table: string, count: number): Promise<number[]> {
  if (count === 0) return [];
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select nextval(pg_get_serial_sequence(${table}, 'id'))::int as id from generate_series(1, ${count})`,
  );
  return rows.map((row) => row.id).sort((a, b) => a - b);
}
