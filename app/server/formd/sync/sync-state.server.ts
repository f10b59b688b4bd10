// Decision 031 (4): the sync's "completed through" day, in a small JSON file beside the downloads it describes
// (written to a temporary file, then renamed over the old one: never half-written), and the lock that keeps
// two syncs off one folder.
import { mkdir, open, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { isCalendarDate } from "~/core/formd/daily-index";

export const SYNC_STATE_FILE = "sync-state.json";
export const SYNC_LOCK_FILE = "sync.lock";

export interface SyncState {
  /** The last day whose filings were downloaded and imported (ISO), or null before the first run. */
  lastCompletedDay: string | null;
}

export class SyncStateError extends Error {
  override name = "SyncStateError";
}

export async function readSyncState(dir: string): Promise<SyncState> {
  const file = path.join(dir, SYNC_STATE_FILE);
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { lastCompletedDay: null };
    throw error;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new SyncStateError(
      `${file} is not JSON: fix or delete it (deleting it fetches the first run's days again)`,
    );
  }
  const day = (parsed as { lastCompletedDay?: unknown } | null)?.lastCompletedDay;
  if (day === null || (typeof day === "string" && isCalendarDate(day))) return { lastCompletedDay: day };
  throw new SyncStateError(`${file} has no lastCompletedDay as an ISO date: fix or delete it`);
}

export async function writeSyncState(dir: string, state: SyncState): Promise<void> {
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, SYNC_STATE_FILE);
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(state, null, 2)}\n`);
  await rename(temporary, file);
}

export class SyncBusyError extends Error {
  override name = "SyncBusyError";
}

/**
 * Takes the folder's lock (a file holding this process's id) and gives back its release. A lock left by a
 * process that no longer runs is taken over; one held by a live process refuses with SyncBusyError.
 */
export async function lockSyncFolder(dir: string): Promise<() => Promise<void>> {
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, SYNC_LOCK_FILE);
  for (let tries = 0; tries < 2; tries++) {
    try {
      const handle = await open(file, "wx");
      await handle.writeFile(String(process.pid));
      await handle.close();
      return () => rm(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number((await readFile(file, "utf8").catch(() => "")).trim());
      if (Number.isInteger(holder) && holder > 0 && isRunning(holder))
        throw new SyncBusyError(`another Form D sync (process ${holder}) is using ${dir}`);
      await rm(file, { force: true });
    }
  }
  throw new SyncBusyError(`could not take the lock ${file}`);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
