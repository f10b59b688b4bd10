import { desc, eq, sql } from "drizzle-orm";
import {
  EXPORT_HISTORY_LIMIT,
  type ExportDatabase,
  type ExportHistoryEntry,
  exportHistoryEntry,
} from "~/core/export-history";
import type { Db } from "../db/database.server";
import { exportHistory } from "../db/schema";
import type { ExportOutcome } from "../http/csv-stream.server";
import { logger } from "../logger.server";

/**
 * docs/product.md#export-history, export history: one row per export, written when its file starts (the criteria as the query
 * string its endpoint reads, the format, new leads only) and completed when the stream ends (the rows
 * written, how it ended). Like recordActivityDetails, a write here never slows or breaks the export: the
 * export does not wait for it, and a failure is logged.
 */

/** What an export records as it starts. */
export interface ExportHistoryStart {
  database: ExportDatabase;
  /** The criteria as the query string the same endpoint reads (core/export-history.ts). */
  query: string;
  /** A converter target's id, or null for Roundlist's CSV (or the LP export). */
  format: string | null;
  newOnly: boolean;
}

/** The started row's id, or null when it could not be written (logged). Never rejects. */
export function startExportHistory(
  db: Db,
  userId: string,
  start: ExportHistoryStart,
): Promise<number | null> {
  return db
    .insert(exportHistory)
    .values({ userId, ...start })
    .returning({ id: exportHistory.id })
    .then(([row]) => row?.id ?? null)
    .catch((error: unknown) => {
      logger.error({ err: error, userId, database: start.database }, "could not record the export's start");
      return null;
    });
}

/** Completes a started row with the stream's outcome. Never rejects. */
export async function finishExportHistory(
  db: Db,
  started: Promise<number | null>,
  outcome: ExportOutcome,
): Promise<void> {
  const id = await started;
  if (id === null) return;
  try {
    await db
      .update(exportHistory)
      // The database's clock, as created_at's.
      .set({ rowCount: outcome.rows, outcome: outcome.status, finishedAt: sql`now()` })
      .where(eq(exportHistory.id, id));
  } catch (error) {
    logger.error({ err: error, exportId: id }, "could not record the export's end");
  }
}

/**
 * A user's exports, newest first, as /profile lists them: each with its criteria in words and its repeat
 * URL (`/api/export-csv?<query>` or `/api/export-lps?<query>`, core/export-history.ts exportRepeatHref).
 */
export async function listExportHistory(
  db: Db,
  userId: string,
  limit = EXPORT_HISTORY_LIMIT,
): Promise<ExportHistoryEntry[]> {
  const rows = await db
    .select()
    .from(exportHistory)
    .where(eq(exportHistory.userId, userId))
    .orderBy(desc(exportHistory.createdAt), desc(exportHistory.id))
    .limit(limit);
  return rows.map(exportHistoryEntry);
}
