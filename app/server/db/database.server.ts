import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { env } from "../env.server";
import { logger } from "../logger.server";
import { ADVISORY_LOCKS } from "./advisory-locks.server";
import { lockDataDir } from "./data-dir-lock.server";
import * as schema from "./schema";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** Applies pending migrations (several processes may call it at once on a server: it takes a lock). */
  migrate(): Promise<void>;
  /** Throws when the database does not answer. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** postgres:// URL of a PostgreSQL server; without it, PGlite. */
  url?: string | undefined;
  /**
   * PGlite data directory; without it (or with "memory://"), an in-memory database (tests). A directory is
   * locked while open (data-dir-lock.server.ts): a second process opening it gets a DataDirInUseError.
   */
  dataDir?: string | undefined;
  /** Pool size for a server connection. */
  maxConnections?: number;
  /**
   * An in-memory PGlite starts as a copy of this data directory (a `dumpDataDir()` tarball) instead of an
   * empty initdb: the tests copy one migrated template per file (docs/decisions/023).
   */
  pgliteTemplate?: Blob | undefined;
  /** Told when a stale lock of a dead process is taken over (the app passes its logger). */
  onStaleLockTakenOver?: (message: string) => void;
}

/** Whether `db` is the embedded database (PGlite: one connection the whole process shares). */
export function isEmbedded(db: Db): boolean {
  return (db as unknown as { $client?: unknown }).$client instanceof PGlite;
}

const MIGRATION_LOCK_ID = ADVISORY_LOCKS.migration;

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.url) return openServer(options.url, options.maxConnections ?? 10);
  return openPglite(
    options.dataDir,
    options.onStaleLockTakenOver ?? ((message) => console.warn(message)),
    options.pgliteTemplate,
  );
}

async function openPglite(
  dataDir: string | undefined,
  onTakeOver: (message: string) => void,
  template: Blob | undefined,
): Promise<Database> {
  const onDisk = dataDir !== undefined && dataDir !== "" && !dataDir.startsWith("memory://");
  let lock: ReturnType<typeof lockDataDir> | undefined;
  if (onDisk) lock = lockDataDir(dataDir, { onTakeOver });
  let client: PGlite;
  try {
    client = await PGlite.create({
      ...(onDisk ? { dataDir: path.resolve(dataDir) } : {}),
      ...(template && !onDisk ? { loadDataDir: template } : {}),
      extensions: { pg_trgm },
    });
  } catch (error) {
    lock?.release();
    throw error;
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  let closed = false;
  return {
    db,
    kind: "pglite",
    async migrate() {
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: env().MIGRATIONS_DIR });
    },
    async ping() {
      if (closed) throw new Error("database is closed");
      await client.query("select 1");
    },
    async close() {
      if (closed) return;
      closed = true;
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

/**
 * docs/product.md#security: a connection the server drops (pg_terminate_backend, a restart, a failover) emits
 * 'error' on its pg client, and an 'error' event with no listener ends the process. The pool listens only
 * while a client is idle; a client checked out (a Drizzle transaction, the export's cursor, the migration
 * lock) had nobody listening. So every client gets a listener as it connects, for its whole life: the query
 * in flight (if any) fails on its own, the pool discards the broken client, and the loss is logged once.
 */
function watchConnections(pool: pg.Pool): void {
  pool.on("connect", (client) => {
    let reported = false;
    client.on("error", (error) => {
      if (reported) return;
      reported = true;
      // No request's line: the event fires in the context of whichever request opened the connection.
      logger.warn({ err: error, requestId: undefined }, "a database connection was lost");
    });
  });
  // The pool re-emits an idle client's error here: already logged by the client's own listener.
  pool.on("error", () => {});
}

async function openServer(url: string, max: number): Promise<Database> {
  // work_mem 16MB (PostgreSQL's default is 4MB): a search's bitmap of a broad trigram no longer turns
  // lossy, which made PostgreSQL recheck whole heap pages instead of the matching rows (measured in
  // decision 011). Per sort or hash node of a query, so 10 connections stay small.
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: 5_000,
    options: "-c work_mem=16MB",
  });
  watchConnections(pool);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: "postgres",
    async migrate() {
      const lockClient = await pool.connect();
      let broken: Error | undefined;
      try {
        await lockClient.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
        await migratePg(drizzlePg(pool, { schema }), { migrationsFolder: env().MIGRATIONS_DIR });
      } finally {
        await lockClient.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch((error: Error) => {
          broken = error;
        });
        // A connection that could not unlock is discarded (closing it frees the lock), never reused.
        lockClient.release(broken);
      }
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    async close() {
      await pool.end();
    },
  };
}
