import { type Database, openDatabase } from "../app/server/db/database.server";
import { ConfigError, env } from "../app/server/env.server";

/**
 * Opens and migrates the database the app is configured for (DATABASE_URL, else PGlite in DATA_DIR), for
 * command-line scripts. Exits with a clear message when the configuration is bad or PGlite is in use.
 */
export async function openAppDatabase(): Promise<Database> {
  try {
    const config = env();
    const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
    await database.migrate();
    return database;
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    const message = error instanceof Error ? error.message : String(error);
    fail(
      `Could not open the database: ${message}\n` +
        "With the embedded database, stop the app server first: only one process can open ./data at a time.",
    );
  }
}

export function fail(message: string): never {
  console.error(message);
  process.exit(1);
}
