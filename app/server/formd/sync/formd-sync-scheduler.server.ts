// Decision 031 (4): the in-app schedule (FORMD_SYNC_DAILY, off by default). Like the alert digests (decision
// 017), it runs in the process that lives as long as the server: the single process or a cluster's primary.
// It looks every FORMD_SYNC_TICK_MS; a look with no day due asks EDGAR nothing, so the sync runs once a day
// in effect, and a day whose index EDGAR publishes late is picked up within the hour.
import { logger } from "../../logger.server";
import type { FormDSyncResult } from "./formd-sync.server";
import { SyncBusyError } from "./sync-state.server";

export const FORMD_SYNC_TICK_MS = 60 * 60_000;
/** The first look after start: after the start's own work, soon enough to resume a cut run. */
const FIRST_TICK_MS = 5 * 60_000;

/** Starts the schedule; gives back its stop (which also aborts a run under way). */
export function scheduleFormDSync(run: (signal: AbortSignal) => Promise<FormDSyncResult>): () => void {
  const controller = new AbortController();
  let timer: NodeJS.Timeout;
  const tick = async () => {
    try {
      const result = await run(controller.signal);
      if (result.days.length > 0)
        logger.info(
          {
            days: result.days.length,
            downloaded: result.downloaded,
            imported: result.imported,
            lastCompletedDay: result.lastCompletedDay,
          },
          "Form D sync run",
        );
    } catch (error) {
      if (controller.signal.aborted) return;
      if (error instanceof SyncBusyError) logger.info({ reason: error.message }, "Form D sync skipped");
      else logger.error({ err: error }, "the Form D sync failed; the next run resumes");
    }
    if (!controller.signal.aborted) timer = setTimeout(tick, FORMD_SYNC_TICK_MS).unref();
  };
  timer = setTimeout(tick, FIRST_TICK_MS).unref();
  return () => {
    controller.abort();
    clearTimeout(timer);
  };
}
