import { closeDatabase, databaseWasSeededAtStart, getDatabase, getDb } from "./app-database.server";
import { env } from "./env.server";
import { logger } from "./logger.server";
import { schedulePurges } from "./retention/purge.server";
import { startupNotes } from "./startup-notes.server";

let stopPurges: (() => void) | undefined;

/**
 * Called by server.mjs before it listens: validates configuration, then opens, migrates and (when
 * empty) seeds the database, so the first request never waits for that work.
 */
export async function prepareApp(): Promise<{ port: number; host: string; appUrl: string; notes: string[] }> {
  const config = env();
  await getDatabase();
  // The privacy policy's retention periods, kept by the running server (daily).
  stopPurges = schedulePurges(getDb);
  const notes = startupNotes(config, { isFirstStart: databaseWasSeededAtStart() });
  return { port: config.PORT, host: config.HOST, appUrl: config.APP_URL, notes };
}

/** Called on SIGTERM/SIGINT: PGlite must be closed or its files stay locked and the process hangs. */
export async function shutdownApp(): Promise<void> {
  stopPurges?.();
  await closeDatabase();
  logger.info("database closed");
}
