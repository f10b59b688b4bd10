import os from "node:os";
import { and, eq } from "drizzle-orm";
import { importBusyMessage, staleRunMessage } from "~/core/import-runs";
import { takeTransactionLock } from "../db/advisory-locks.server";
import type { Db } from "../db/database.server";
import { isUniqueViolation } from "../db/database-errors";
import { type ImportRunRow, importRuns } from "../db/schema";

/**
 * Two locks keep imports apart.
 *
 * The batch lock (ADVISORY_LOCKS.import, db/advisory-locks.server.ts) serialises the batches of concurrent
 * imports: each batch's SELECT-then-INSERT must see a settled table. Do-not-sell requests take it too
 * (suppression/do-not-sell.server.ts), so none slips between check and write.
 *
 * The run lock (decision 014) keeps whole imports apart, across server processes and `npm run import`: a run
 * is a row of import_runs, and a unique index admits one running row at a time, so a second import is
 * refused (ImportBusyError, saying which import runs) instead of interleaving its batches with the first.
 * A run whose process died (a restart mid-import) would hold it forever: such runs are found stale (their
 * process is gone, or they made no progress for STALE_RUN_MS) and marked failed before a run starts.
 */
/** Takes the import batch lock until the end of the transaction `tx` belongs to. */
export async function takeImportLock(tx: Db): Promise<void> {
  await takeTransactionLock(tx, "import");
}

/** Another import is running; the message says which and since when. */
export class ImportBusyError extends Error {
  override name = "ImportBusyError";
}

/** A running run that reported no progress (batches or heartbeats) for this long is taken for dead. */
export const STALE_RUN_MS = 3 * 60_000;

/** This process as import_runs.runner names it: host, pid and start time (a reused pid is told apart). */
export const RUNNER = `${os.hostname()}:${process.pid}:${Math.round(performance.timeOrigin)}`;

/**
 * Runs this process is carrying out now: a running row of this process that is not here is stale. Kept on
 * globalThis so a module reload (the dev server's) does not forget a run still under way.
 */
const shared = globalThis as { roundlistImportRuns?: { running: Set<number>; starting: number } };
shared.roundlistImportRuns ??= { running: new Set<number>(), starting: 0 };
const here = shared.roundlistImportRuns;

export type NewImportRun = Pick<
  typeof importRuns.$inferInsert,
  | "kind"
  | "source"
  | "actorId"
  | "actorEmail"
  | "fileName"
  | "fileBytes"
  | "storedPath"
  | "dryRunId"
  | "subject"
>;

/**
 * Starts an import run: recovers stale runs, then records this one as running, which is the run lock.
 * Throws ImportBusyError while another import runs. The caller carries the run out and must end it with
 * `releaseRun` once its row says done or failed.
 */
export async function startImportRun(db: Db, run: NewImportRun, now = new Date()): Promise<ImportRunRow> {
  await recoverStaleRuns(db, now);
  let started: ImportRunRow | undefined;
  // Until its id is known, a run of this process being inserted must not look stale to a recovery.
  here.starting++;
  try {
    [started] = await db
      .insert(importRuns)
      .values({ ...run, status: "running", runner: RUNNER, createdAt: now, progressAt: now })
      .returning();
    if (started) here.running.add(started.id);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw new ImportBusyError(await busyMessage(db));
  } finally {
    here.starting--;
  }
  if (!started) throw new Error("startImportRun: the insert returned no row");
  return started;
}

/** The run is over (its row is no longer running): it no longer counts as running in this process. */
export function releaseRun(id: number): void {
  here.running.delete(id);
}

/** The running import, if any (after recovering stale ones). */
export async function runningImport(db: Db, now = new Date()): Promise<ImportRunRow | null> {
  await recoverStaleRuns(db, now);
  const [row] = await db.select().from(importRuns).where(eq(importRuns.status, "running")).limit(1);
  return row ?? null;
}

/** Throws ImportBusyError when an import is running: a cheap check before accepting an upload. */
export async function assertNoImportRunning(db: Db, now = new Date()): Promise<void> {
  const running = await runningImport(db, now);
  if (running) throw new ImportBusyError(importBusyMessage(running));
}

/**
 * Marks failed every running run whose process is gone or that made no progress for STALE_RUN_MS.
 * Returns the runs it marked. The update names the progress it saw, so a run that just reported is kept.
 */
export async function recoverStaleRuns(db: Db, now = new Date()): Promise<ImportRunRow[]> {
  const running = await db.select().from(importRuns).where(eq(importRuns.status, "running"));
  const recovered: ImportRunRow[] = [];
  for (const run of running) {
    const silentMs = now.getTime() - run.progressAt.getTime();
    if (silentMs < STALE_RUN_MS && !isRunnerGone(run)) continue;
    const [marked] = await db
      .update(importRuns)
      .set({
        status: "failed",
        error: staleRunMessage(run),
        finishedAt: now,
        durationMs: Math.max(0, now.getTime() - run.createdAt.getTime()),
      })
      .where(
        and(
          eq(importRuns.id, run.id),
          eq(importRuns.status, "running"),
          eq(importRuns.progressAt, run.progressAt),
        ),
      )
      .returning();
    if (marked) recovered.push(marked);
  }
  return recovered;
}

/** Whether the process a run names is known to be gone: this one not running it, or a dead pid here. */
export function isRunnerGone(run: Pick<ImportRunRow, "id" | "runner">): boolean {
  if (run.runner === RUNNER) return !here.running.has(run.id) && here.starting === 0;
  const [host, pidText, started] = (run.runner ?? "").split(":");
  if (host !== os.hostname()) return false;
  const pid = Number(pidText);
  if (!Number.isInteger(pid) || pid <= 0) return false;
  // This pid, another start time: the process that ran it was replaced (a container restarts as pid 1).
  if (pid === process.pid) return started !== RUNNER.split(":")[2];
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ESRCH";
  }
}

async function busyMessage(db: Db): Promise<string> {
  const [running] = await db.select().from(importRuns).where(eq(importRuns.status, "running")).limit(1);
  // It finished between the refused insert and this read: the next attempt will go through.
  return running ? importBusyMessage(running) : importBusyMessage(null);
}
