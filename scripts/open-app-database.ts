import { backfillRoundsAndPeople } from "../app/server/companies/rounds-backfill.server";
import { DataDirInUseError } from "../app/server/db/data-dir-lock.server";
import { type Database, openDatabase } from "../app/server/db/database.server";
import { restoreDeferredIndexes } from "../app/server/db/deferred-indexes.server";
import { ConfigError, env } from "../app/server/env.server";

/**
 * Opens and migrates the database the app is configured for (DATABASE_URL, else PGlite in DATA_DIR), for
 * command-line scripts. Exits with a clear message when the configuration is bad or the embedded database
 * is in use by another process (openDatabase locks its directory: one process at a time).
 */
export async function openAppDatabase(): Promise<Database> {
  let config: ReturnType<typeof env>;
  try {
    config = env();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  let database: Database | undefined;
  try {
    database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
    await database.migrate();
    // Indexes a first load set aside and never built back (it died half-way): built now (decision 020).
    const restored = await restoreDeferredIndexes(database.db);
    if (restored.indexes > 0) {
      console.log(`Built ${restored.indexes} indexes an interrupted first load had set aside.`);
    }
    // decision 030: companies stored before rounds and people existed get them once, before a script reads them.
    const backfilled = await backfillRoundsAndPeople(database.db);
    if (backfilled && backfilled.companies > 0) {
      console.log(
        `Gave ${backfilled.companies} stored companies their rounds and people (${backfilled.rounds} rounds, ${backfilled.people} people) in ${(backfilled.ms / 1000).toFixed(1)} s.`,
      );
    }
    return database;
  } catch (error) {
    await database?.close().catch(() => {});
    if (error instanceof DataDirInUseError) fail(error.message);
    fail(`Could not open the database: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * Closes the database: PGlite writes its last changes to disk then. A script reports success only after
 * this, and exits non-zero when it fails: nothing may report a write that did not persist.
 */
export async function closeAppDatabase(database: Database): Promise<void> {
  try {
    await database.close();
  } catch (error) {
    fail(
      `Could not close the database: ${error instanceof Error ? error.message : String(error)}\n` +
        "The changes may not have been saved.",
    );
  }
}

/**
 * Opens the app's database, runs `work`, and closes it (closeAppDatabase) before returning what `work`
 * returned, so that the caller prints its success message only once the writes are on disk. When `work`
 * throws, the database is closed as well as it can be and the error passed on.
 */
export async function withAppDatabase<T>(work: (database: Database) => Promise<T>): Promise<T> {
  const database = await openAppDatabase();
  let result: T;
  try {
    result = await work(database);
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }
  await closeAppDatabase(database);
  return result;
}

export function fail(message: string): never {
  console.error(message);
  process.exit(1);
}
