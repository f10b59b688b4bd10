// Decision 031 (4): the Form D sync's public face, used by `npm run formd:sync` and the server's lifecycle.
// The import it calls is handed in (ImportFolder): formd-import-folder.server.ts names the real one.
import type { Env } from "../env.server";
import { formDSyncDir } from "../env.server";
import {
  type FormDSyncOptions,
  type FormDSyncResult,
  type ImportFolder,
  runFormDSync,
} from "./sync/formd-sync.server";
import { scheduleFormDSync } from "./sync/formd-sync-scheduler.server";

export { EdgarRequestError } from "./sync/edgar-client.server";
export {
  FormDSyncConfigError,
  type FormDSyncOptions,
  type FormDSyncResult,
  type ImportCounts,
  type ImportFolder,
  type ImportFolderOptions,
  MISSING_USER_AGENT,
  runFormDSync,
  type SyncedDay,
} from "./sync/formd-sync.server";
export { SyncBusyError, SyncStateError } from "./sync/sync-state.server";

type SyncConfig = Pick<
  Env,
  "EDGAR_BASE_URL" | "EDGAR_USER_AGENT" | "FORMD_SYNC_DIR" | "FORMD_SYNC_FIRST_RUN_DAYS" | "DATA_DIR"
>;

/** The sync's options as the configuration sets them; `extra` adds the command's flags. */
export function formDSyncOptions(
  config: SyncConfig,
  importFolder: ImportFolder,
  extra: Partial<Pick<FormDSyncOptions, "days" | "dryRun" | "signal" | "onProgress">> = {},
): FormDSyncOptions {
  return {
    baseUrl: config.EDGAR_BASE_URL,
    userAgent: config.EDGAR_USER_AGENT,
    dir: formDSyncDir(config),
    firstRunDays: config.FORMD_SYNC_FIRST_RUN_DAYS,
    importFolder,
    ...extra,
  };
}

/** The in-app schedule (FORMD_SYNC_DAILY), running the same sync as the command. */
export function scheduleFormDSyncFromConfig(config: SyncConfig, importFolder: ImportFolder): () => void {
  return scheduleFormDSync(
    (signal): Promise<FormDSyncResult> => runFormDSync(formDSyncOptions(config, importFolder, { signal })),
  );
}
