// Decision 031 (4): one sync. From the day after the last completed one (first run: FORMD_SYNC_FIRST_RUN_DAYS
// back) to yesterday, it reads each day's EDGAR index, downloads every D and D/A filing's primary_doc.xml
// into {dir}/{cik}/{accession without dashes}/primary_doc.xml (a file already there is kept: a stopped run
// resumes where it stopped), then hands the folder to the import once, and only after the import returned
// records the days as completed.
import { mkdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import {
  accessionWithoutDashes,
  dailyIndexPath,
  formDEntries,
  parseDailyIndex,
  primaryDocPath,
} from "~/core/formd/daily-index";
import {
  completedThrough,
  DEFAULT_FIRST_RUN_DAYS,
  daysToSync,
  missingIndexIsFinal,
  utcDay,
} from "~/core/formd/sync-days";
import { createEdgarClient, type EdgarClient } from "./edgar-client.server";
import type { EdgarPacer } from "./edgar-pacer.server";
import { type SyncClock, systemClock } from "./sync-clock.server";
import { lockSyncFolder, readSyncState, writeSyncState } from "./sync-state.server";

export interface ImportFolderOptions {
  /** Read, check and match every filing; write nothing. */
  dryRun: boolean;
  signal?: AbortSignal;
}

/** What the import did, as whole numbers by name (printed by the command, logged by the schedule). */
export type ImportCounts = Record<string, number>;

/** The import the sync calls on its folder (the Form D writer, decision 031 section 3). */
export type ImportFolder = (folder: string, options: ImportFolderOptions) => Promise<ImportCounts>;

export interface FormDSyncOptions {
  baseUrl: string;
  /** EDGAR_USER_AGENT; the sync refuses to start without it. */
  userAgent: string | undefined;
  /** Where filings are downloaded, with the state file. */
  dir: string;
  importFolder: ImportFolder;
  /** Days a first run fetches (default DEFAULT_FIRST_RUN_DAYS). */
  firstRunDays?: number;
  /** Fetch the `days` days before today whatever was completed (what is already there is kept). */
  days?: number;
  /** Downloads, then asks the import for a dry run; the completed day does not move. */
  dryRun?: boolean;
  signal?: AbortSignal;
  clock?: SyncClock;
  pacer?: EdgarPacer;
  onProgress?: (line: string) => void;
}

export interface SyncedDay {
  day: string;
  /** Whether EDGAR has the day's index (none on weekends and holidays). */
  index: "found" | "missing";
  /** D and D/A filings the index lists. */
  filings: number;
  downloaded: number;
  /** Already in the folder (a resumed run). */
  kept: number;
  /** Listed, but EDGAR has no primary_doc.xml for them. */
  missingDocuments: number;
  /** Index lines that did not read. */
  rejectedLines: number;
}

export interface FormDSyncResult {
  dir: string;
  dryRun: boolean;
  days: SyncedDay[];
  downloaded: number;
  kept: number;
  /** The import's counts; null when there was nothing new to import. */
  imported: ImportCounts | null;
  lastCompletedDay: string | null;
}

export class FormDSyncConfigError extends Error {
  override name = "FormDSyncConfigError";
}

/** The refusal without a User-Agent (EDGAR asks every client to name itself). */
export const MISSING_USER_AGENT =
  'EDGAR_USER_AGENT is not set: EDGAR asks every client to name itself with a contact address. Set it, e.g. EDGAR_USER_AGENT="Roundlist ops@example.com"';

export async function runFormDSync(options: FormDSyncOptions): Promise<FormDSyncResult> {
  const userAgent = options.userAgent?.trim();
  if (!userAgent) throw new FormDSyncConfigError(MISSING_USER_AGENT);
  const clock = options.clock ?? systemClock;
  const progress = options.onProgress ?? (() => {});
  const { dir, signal } = options;
  const dryRun = options.dryRun ?? false;
  const client = createEdgarClient({
    baseUrl: options.baseUrl,
    userAgent,
    clock,
    pacer: options.pacer,
    onRetry: ({ url, status, attempt, waitMs }) =>
      progress(`EDGAR answered ${status ?? "nothing"} to ${url} (try ${attempt}): waiting ${waitMs} ms`),
  });

  const release = await lockSyncFolder(dir);
  try {
    const { lastCompletedDay } = await readSyncState(dir);
    const today = utcDay(clock.date());
    const days = daysToSync(
      options.days === undefined
        ? {
            lastCompleted: lastCompletedDay,
            today,
            firstRunDays: options.firstRunDays ?? DEFAULT_FIRST_RUN_DAYS,
          }
        : { lastCompleted: null, today, firstRunDays: options.days },
    );
    const synced: SyncedDay[] = [];
    const outcomes: Array<{ day: string; done: boolean }> = [];
    for (const day of days) {
      signal?.throwIfAborted();
      const result = await syncDay(client, dir, day, signal);
      synced.push(result);
      outcomes.push({ day, done: result.index === "found" || missingIndexIsFinal(day, today) });
      progress(describeDay(result));
    }
    const downloaded = sum(synced, "downloaded");
    const kept = sum(synced, "kept");
    const mark = completedThrough(lastCompletedDay, outcomes);
    const newDays = mark !== lastCompletedDay;

    let imported: ImportCounts | null = null;
    if (downloaded > 0 || newDays) {
      signal?.throwIfAborted();
      progress(`Importing ${dir}${dryRun ? " (dry run)" : ""}`);
      imported = await options.importFolder(dir, signal ? { dryRun, signal } : { dryRun });
    }
    if (!dryRun && newDays) await writeSyncState(dir, { lastCompletedDay: mark });
    return {
      dir,
      dryRun,
      days: synced,
      downloaded,
      kept,
      imported,
      lastCompletedDay: dryRun ? lastCompletedDay : mark,
    };
  } finally {
    await release();
  }
}

async function syncDay(
  client: EdgarClient,
  dir: string,
  day: string,
  signal: AbortSignal | undefined,
): Promise<SyncedDay> {
  const result: SyncedDay = {
    day,
    index: "missing",
    filings: 0,
    downloaded: 0,
    kept: 0,
    missingDocuments: 0,
    rejectedLines: 0,
  };
  const index = await client.get(dailyIndexPath(day), signal);
  if (!index.found) return result;
  result.index = "found";
  const parsed = parseDailyIndex(index.body.toString("latin1"));
  result.rejectedLines = parsed.rejected.length;
  const filings = formDEntries(parsed.entries);
  result.filings = filings.length;
  for (const filing of filings) {
    signal?.throwIfAborted();
    const target = path.join(
      dir,
      filing.cik,
      accessionWithoutDashes(filing.accessionNumber),
      "primary_doc.xml",
    );
    if (await exists(target)) {
      result.kept++;
      continue;
    }
    const document = await client.get(primaryDocPath(filing.cik, filing.accessionNumber), signal);
    if (!document.found) {
      result.missingDocuments++;
      continue;
    }
    await writeWhole(target, document.body);
    result.downloaded++;
  }
  return result;
}

/** Written beside, then renamed into place: a file in the folder is always whole. */
async function writeWhole(target: string, body: Buffer): Promise<void> {
  await mkdir(path.dirname(target), { recursive: true });
  const partial = `${target}.part`;
  try {
    await writeFile(partial, body);
    await rename(partial, target);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
    throw error;
  }
}

function sum(days: SyncedDay[], key: "downloaded" | "kept"): number {
  return days.reduce((total, day) => total + day[key], 0);
}

function describeDay(day: SyncedDay): string {
  if (day.index === "missing") return `${day.day}: no index on EDGAR (weekend, holiday or not yet published)`;
  const parts = [
    `${day.filings} Form D filings`,
    `${day.downloaded} downloaded`,
    `${day.kept} already there`,
  ];
  if (day.missingDocuments > 0) parts.push(`${day.missingDocuments} without primary_doc.xml`);
  if (day.rejectedLines > 0) parts.push(`${day.rejectedLines} index lines unread`);
  return `${day.day}: ${parts.join(", ")}`;
}
