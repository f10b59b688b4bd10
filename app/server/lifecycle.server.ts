import { closeDatabase, getDatabase } from "./db/connection.server";
import { env } from "./env.server";
import { logger } from "./logger.server";

/**
 * Called by server.mjs before it listens: validates configuration, then opens, migrates and (when
 * empty) seeds the database, so the first request never waits for that work.
 */
export async function prepareApp(): Promise<{ port: number; host: string }> {
  const config = env();
  await getDatabase();
  return { port: config.PORT, host: config.HOST };
}

/** Called on SIGTERM/SIGINT: PGlite must be closed or its files stay locked and the process hangs. */
export async function shutdownApp(): Promise<void> {
  await closeDatabase();
  logger.info("database closed");
}
