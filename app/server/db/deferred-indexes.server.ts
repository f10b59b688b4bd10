import { sql } from "drizzle-orm";
import pg from "pg";
import { takeTransactionLock } from "./advisory-locks.server";
import type { Db } from "./database.server";
import { queryRows } from "./query-rows.server";

/**
 * A first load into an empty table (decision 020): PostgreSQL builds an index over rows already written
 * several times faster than it updates it row by row, and a trigram index most of all. So the load drops the
 * table's secondary indexes that its own reads do not use, writes its rows, and builds them once at the end
 * (restoreDeferredIndexes). Only when the table is empty: no page loses a fast search over data it had.
 *
 * Each dropped index's definition is recorded (deferred_indexes) in the transaction that drops it, so a load
 * that dies half-way leaves the record, and the next process start builds the indexes back (migrate calls
 * restoreDeferredIndexes). Indexes that back a constraint (the primary key, unique slugs) are never dropped.
 */
export async function deferIndexesOfEmptyTable(
  db: Db,
  table: string,
  keep: readonly string[],
  /** Only these of the table's indexes (all but `keep` when absent). */
  only?: readonly string[],
): Promise<number> {
  try {
    return await db.transaction(async (tx) => {
      await takeTransactionLock(tx, "deferredIndexes");
      const indexes = await queryRows<{ name: string; definition: string }>(
        tx,
        sql`select i.indexname as name, i.indexdef as definition
            from pg_indexes i
            where i.schemaname = current_schema() and i.tablename = ${table}
              and i.indexname <> all(${sql.param([...keep])}::text[])
              and (${only === undefined} or i.indexname = any(${sql.param([...(only ?? [])])}::text[]))
              and not exists (
                select 1 from pg_constraint c
                where c.conindid = format('%I.%I', i.schemaname, i.indexname)::regclass
              )
            order by i.indexname`,
      );
      if (indexes.length === 0) return 0;
      for (const { name, definition } of indexes) {
        await tx.execute(
          sql`insert into deferred_indexes (name, table_name, definition) values (${name}, ${table}, ${definition})`,
        );
        await tx.execute(sql`drop index ${sql.identifier(name)}`);
      }
      // Checked after the drops, which lock the table against writers: nobody adds a row in between.
      const [held] = await queryRows<{ any: boolean }>(
        tx,
        sql`select exists (select 1 from ${sql.identifier(table)}) as any`,
      );
      if (held?.any) throw new TableNotEmpty();
      return indexes.length;
    });
  } catch (error) {
    if (error instanceof TableNotEmpty) return 0;
    throw error;
  }
}

/** Rolls the drops back: the table had rows. */
class TableNotEmpty extends Error {}

/**
 * Builds every index deferIndexesOfEmptyTable dropped and forgets its record, in one transaction (a failure
 * keeps every record for the next try). Two processes never build at once. With `connections` above one on
 * a server pool, the builds are shared among that many connections, each a transaction of its own, the
 * costliest first (buildLanes), while this transaction holds the lock: the database builds them side by
 * side on its cores. Returns how many and how long.
 */
export async function restoreDeferredIndexes(
  db: Db,
  { connections = 1 }: { connections?: number } = {},
): Promise<{ indexes: number; ms: number }> {
  const started = performance.now();
  const indexes = await db.transaction(async (tx) => {
    await takeTransactionLock(tx, "deferredIndexes");
    const deferred = await queryRows<{ name: string; definition: string }>(
      tx,
      sql`select name, definition from deferred_indexes order by name`,
    );
    if (deferred.length === 0) return 0;
    const definitions = deferred.map(({ definition }) => definition);
    const lanes = hasConnectionsToSpare(db) ? buildLanes(definitions, connections) : [definitions];
    if (lanes.length === 1) {
      await buildIndexes(tx, definitions);
    } else {
      // Indexes a lane built stay if another lane fails; the records stay too, and IF NOT EXISTS skips them.
      const built = await Promise.allSettled(
        lanes.map((lane) => db.transaction((laneTx) => buildIndexes(laneTx, lane))),
      );
      for (const lane of built) if (lane.status === "rejected") throw lane.reason;
    }
    await tx.execute(
      sql`delete from deferred_indexes where name = any(${sql.param(deferred.map(({ name }) => name))}::text[])`,
    );
    return deferred.length;
  });
  return { indexes, ms: Math.round(performance.now() - started) };
}

async function buildIndexes(tx: Db, definitions: readonly string[]): Promise<void> {
  // Sorting in memory: PostgreSQL's default (64MB) spills a trigram index of 100,000 rows to disk.
  await tx.execute(sql`set local maintenance_work_mem = '256MB'`);
  for (const definition of definitions) await tx.execute(sql.raw(ifNotExists(definition)));
}

/** Only a pool has other connections: PGlite has one, which the locking transaction holds. */
function hasConnectionsToSpare(db: Db): boolean {
  return (db as unknown as { $client?: unknown }).$client instanceof pg.Pool;
}

/**
 * Index definitions shared among at most `count` lanes of about equal cost, costliest first, each lane's in
 * the given order. A trigram index costs many times a b-tree or a plain GIN index to build (decision 020),
 * so it weighs as much as twenty of them.
 */
export function buildLanes(definitions: readonly string[], count: number): string[][] {
  const weightOf = (at: number) => (definitions[at]?.includes("gin_trgm_ops") ? 20 : 1);
  const lanes = Array.from({ length: Math.max(1, Math.min(count, definitions.length)) }, () => ({
    weight: 0,
    members: [] as number[],
  }));
  const costliestFirst = definitions.map((_, at) => at).sort((a, b) => weightOf(b) - weightOf(a) || a - b);
  for (const at of costliestFirst) {
    const lightest = lanes.reduce((best, lane) => (lane.weight < best.weight ? lane : best));
    lightest.weight += weightOf(at);
    lightest.members.push(at);
  }
  return lanes
    .filter((lane) => lane.members.length > 0)
    .map((lane) => lane.members.sort((a, b) => a - b).map((at) => definitions[at] as string));
}

/** `CREATE [UNIQUE] INDEX name ...` as pg_indexes gives it, made `... IF NOT EXISTS name ...`. */
export function ifNotExists(definition: string): string {
  return definition.replace(/^CREATE (UNIQUE )?INDEX (?!IF NOT EXISTS )/, "CREATE $1INDEX IF NOT EXISTS ");
}
