import { createReadStream } from "node:fs";
import { access, readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { and, count, desc, eq, getTableColumns, inArray, isNotNull, lt, ne, sql } from "drizzle-orm";
import { ABANDONED_UPLOAD_MS, type ImportSubject, MAX_IMPORT_COMPANIES } from "~/core/import-runs";
import type { AdminActor } from "../admin/audit-log.server";
import { recordAdminAction } from "../admin/audit-log.server";
import { type Db, isEmbedded } from "../db/database.server";
import { type ImportRunRow, importRuns } from "../db/schema";
import { foregroundQuiet } from "../foreground-requests.server";
import { logger } from "../logger.server";
import { ImportFileError, ImportWriteError, type PartialImportReport } from "./import-errors";
import {
  type AnyImportKind,
  type ExtraCounts,
  type FileRecords,
  type ImportProgress,
  type ImportReport,
  type RunImportOptions,
  runImport,
  runImportOfRows,
} from "./import-kit.server";
import { type NewImportRun, recoverStaleRuns, releaseRun, startImportRun } from "./import-lock.server";
import { rootMessage } from "./import-messages";
import { deleteStoredUpload, importsDir, STORED_FOLDER, type StoredUpload } from "./import-upload.server";

/** The kinds of import the console and the command line offer, by import_runs.subject. */
export type ImportKinds = Readonly<Record<ImportSubject, AnyImportKind>>;

/** How often a running run says it is alive when no batch has finished (a batch waiting on a lock). */
const HEARTBEAT_MS = 15_000;

/** A request about a run that cannot be done now, with its status and the message for the admin. */
export class ImportRunRefused extends Error {
  override name = "ImportRunRefused";
  constructor(
    readonly status: 400 | 404 | 409,
    message: string,
  ) {
    super(message);
  }
}

/** A run started in the background: its row as it started, and its end (never rejects). */
export interface StartedRun {
  run: ImportRunRow;
  /** Settles once the run's row says done or failed (and, after an import, the similar companies are fresh). */
  finished: Promise<ImportRunRow>;
}

/**
 * Starts the dry run (docs/product.md#imports, decision 014) of an upload (every row read, checked, matched
 * and classified; nothing written) with `kind` in the background. Refused with ImportBusyError while another
 * import runs; the upload is then deleted.
 */
export async function startDryRun(
  db: Db,
  actor: AdminActor,
  upload: StoredUpload,
  kind: AnyImportKind,
): Promise<StartedRun> {
  let run: ImportRunRow;
  try {
    run = await startImportRun(db, {
      kind: "dry_run",
      subject: kind.subject,
      source: "console",
      actorId: actor.id,
      actorEmail: actor.email,
      fileName: upload.fileName,
      fileBytes: upload.fileBytes,
      storedPath: upload.storedPath,
      dryRunId: null,
    });
  } catch (error) {
    await deleteStoredUpload(upload.storedPath);
    throw error;
  }
  return { run, finished: carryOutInBackground(db, kind, run, upload.storedPath, actor) };
}

/**
 * Imports the very file a finished dry run checked (its stored copy), in the background, with
 * the kind of its subject. Refused (ImportRunRefused) when the dry run is not finished, its file is gone,
 * or it was imported already; with ImportBusyError while another import runs.
 */
export async function startCommit(
  db: Db,
  actor: AdminActor,
  dryRunId: number,
  kinds: ImportKinds,
): Promise<StartedRun> {
  const dryRun = await getImportRun(db, dryRunId);
  const storedPath = await committableFile(db, dryRun);
  const run = await startImportRun(db, {
    kind: "commit",
    // The file the dry run checked, with the importer that checked it.
    subject: dryRun.subject,
    source: "console",
    actorId: actor.id,
    actorEmail: actor.email,
    fileName: dryRun.fileName,
    fileBytes: dryRun.fileBytes,
    storedPath: null,
    dryRunId: dryRun.id,
  });
  // Logged before the first row is written: an import cut off by a crash is in the audit log too (its
  // outcome, "import.commit", is logged when it ends).
  await recordAdminAction(db, actor, {
    action: "import.start",
    targetType: "import",
    targetId: String(run.id),
    targetLabel: run.fileName,
    before: null,
    after: { status: "running", subject: run.subject, dryRun: dryRun.id },
  });
  return { run, finished: carryOutInBackground(db, kinds[run.subject], run, storedPath, actor) };
}

/** The stored file of a dry run that may be imported now, or why not. */
async function committableFile(db: Db, dryRun: ImportRunRow): Promise<string> {
  if (dryRun.kind !== "dry_run") throw new ImportRunRefused(400, "Only a dry run's file can be imported.");
  if (dryRun.status === "running") {
    throw new ImportRunRefused(409, "The dry run has not finished yet; import its rows once it has.");
  }
  if (dryRun.status === "failed") {
    throw new ImportRunRefused(400, "The dry run of this file failed, so it cannot be imported.");
  }
  const [imported] = await db
    .select({ id: importRuns.id })
    .from(importRuns)
    .where(and(eq(importRuns.dryRunId, dryRun.id), eq(importRuns.status, "done")))
    .limit(1);
  if (imported) {
    throw new ImportRunRefused(409, `This file was imported already (import #${imported.id}).`);
  }
  if (dryRun.discardedAt !== null) {
    throw new ImportRunRefused(409, "This file was discarded; upload it again to import it.");
  }
  if (dryRun.storedPath === null) {
    throw new ImportRunRefused(
      409,
      "This file is no longer kept (uploads are deleted after a day); upload it again.",
    );
  }
  try {
    await access(dryRun.storedPath);
  } catch {
    await db.update(importRuns).set({ storedPath: null }).where(eq(importRuns.id, dryRun.id));
    throw new ImportRunRefused(409, "The uploaded file is no longer on this server; upload it again.");
  }
  return dryRun.storedPath;
}

/**
 * Deletes the stored file of a dry run an admin decided not to import. Refused while an import
 * of it runs, and once it was imported or is gone.
 */
export async function discardDryRun(db: Db, dryRunId: number): Promise<ImportRunRow> {
  const dryRun = await getImportRun(db, dryRunId);
  if (dryRun.kind !== "dry_run" || dryRun.status === "running" || dryRun.storedPath === null) {
    throw new ImportRunRefused(409, "There is no file of this dry run to discard.");
  }
  const [importing] = await db
    .select({ id: importRuns.id })
    .from(importRuns)
    .where(and(eq(importRuns.dryRunId, dryRun.id), eq(importRuns.status, "running")))
    .limit(1);
  if (importing) throw new ImportRunRefused(409, "This file is being imported; it cannot be discarded now.");
  await deleteStoredUpload(dryRun.storedPath);
  const [discarded] = await db
    .update(importRuns)
    .set({ storedPath: null, discardedAt: new Date() })
    .where(eq(importRuns.id, dryRun.id))
    .returning();
  return discarded ?? dryRun;
}

/** One run with its report, or ImportRunRefused (404). */
export async function getImportRun(db: Db, id: number): Promise<ImportRunRow> {
  const [run] = Number.isSafeInteger(id)
    ? await db.select().from(importRuns).where(eq(importRuns.id, id)).limit(1)
    : [];
  if (!run) throw new ImportRunRefused(404, "There is no such import run.");
  return run;
}

/** A run in the history: everything but the kept rows. */
export type ImportRunSummary = Omit<ImportRunRow, "rejectedRows" | "duplicateRows">;

/** A page of the history of runs, newest first, with how many there are. */
export async function listImportRuns(
  db: Db,
  { page, size }: { page: number; size: number },
): Promise<{ rows: ImportRunSummary[]; total: number }> {
  const { rejectedRows: _rejected, duplicateRows: _duplicates, ...columns } = getTableColumns(importRuns);
  const [rows, [counted]] = await Promise.all([
    db
      .select(columns)
      .from(importRuns)
      .orderBy(desc(importRuns.createdAt), desc(importRuns.id))
      .limit(size)
      .offset((page - 1) * size),
    db.select({ total: count() }).from(importRuns),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/**
 * The run the imports page shows without being asked for one: the running one, else the newest dry run
 * whose file waits for a decision (import or discard), else none.
 */
export async function currentImportRun(db: Db): Promise<ImportRunRow | null> {
  await recoverStaleRuns(db);
  const [running] = await db.select().from(importRuns).where(eq(importRuns.status, "running")).limit(1);
  if (running) return running;
  const [waiting] = await db
    .select()
    .from(importRuns)
    .where(
      and(
        eq(importRuns.kind, "dry_run"),
        eq(importRuns.status, "done"),
        isNotNull(importRuns.storedPath),
        sql`not exists (select 1 from import_runs c where c.dry_run_id = ${importRuns.id} and c.status = 'done')`,
      ),
    )
    .orderBy(desc(importRuns.createdAt))
    .limit(1);
  return waiting ?? null;
}

/**
 * Deletes uploads nobody imported or discarded within ABANDONED_UPLOAD_MS, uploads of failed dry runs,
 * and files in the uploads directory that no run names (left by a crash mid-upload). Returns how many
 * files it deleted. Runs when the imports page is opened: cheap, and no timer to keep.
 */
export async function deleteAbandonedUploads(
  db: Db,
  now = new Date(),
  dir: string = importsDir(),
): Promise<number> {
  const before = new Date(now.getTime() - ABANDONED_UPLOAD_MS);
  const stale = await db
    .select({ id: importRuns.id, storedPath: importRuns.storedPath })
    .from(importRuns)
    .where(
      and(
        isNotNull(importRuns.storedPath),
        ne(importRuns.status, "running"),
        sql`(${importRuns.status} = 'failed' or ${lt(importRuns.createdAt, before)})`,
        // A dry run whose import is running keeps its file.
        sql`not exists (select 1 from import_runs c where c.dry_run_id = ${importRuns.id} and c.status = 'running')`,
      ),
    );
  for (const run of stale) if (run.storedPath) await deleteStoredUpload(run.storedPath);
  if (stale.length > 0) {
    await db
      .update(importRuns)
      .set({ storedPath: null })
      .where(
        inArray(
          importRuns.id,
          stale.map((run) => run.id),
        ),
      );
  }
  return stale.length + (await deleteUnnamedFiles(db, dir, before));
}

/**
 * Files (and folders of uploads kept under their own name) of the uploads directory older than `before` that
 * no run names (an upload cut off by a crash).
 */
async function deleteUnnamedFiles(db: Db, dir: string, before: Date): Promise<number> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return 0;
  }
  const kept = new Set(
    (
      await db
        .select({ storedPath: importRuns.storedPath })
        .from(importRuns)
        .where(isNotNull(importRuns.storedPath))
    ).flatMap((run) => {
      const stored = path.resolve(run.storedPath as string);
      return [stored, path.dirname(stored)];
    }),
  );
  let deleted = 0;
  for (const name of names) {
    const file = path.resolve(dir, name);
    if (kept.has(file)) continue;
    const info = await stat(file).catch(() => null);
    if (info === null || info.mtime >= before) continue;
    if (info.isDirectory() && STORED_FOLDER.test(name)) {
      await rm(file, { recursive: true, force: true });
      deleted++;
      continue;
    }
    if (!info.isFile()) continue;
    await deleteStoredUpload(file);
    deleted++;
  }
  return deleted;
}

/** The counts of a run's row, from an importer's report or progress, with the kind's own counts. */
function countsOf(kind: AnyImportKind, report: (ImportProgress | PartialImportReport) & ExtraCounts) {
  const isReport = "rejectedCount" in report;
  const extra: ExtraCounts = {};
  for (const key of Object.keys(kind.extraCounts) as Array<keyof ExtraCounts>) extra[key] = report[key] ?? 0;
  const rejected = isReport ? report.rejectedCount : report.rejected;
  const suppressed = isReport ? report.suppressedCount : report.suppressed;
  return {
    rowsRead: isReport ? report.totalRows : report.rowsRead,
    inserted: report.inserted,
    updated: report.updated,
    unchanged: report.unchanged,
    rejected: rejected - suppressed,
    suppressed,
    duplicates: isReport ? report.duplicateCount : report.duplicates,
    ...extra,
  };
}

/** What the audit log keeps of an import: its outcome and counts (the kind's own among them). */
function auditCounts(kind: AnyImportKind, run: ImportRunRow): Record<string, unknown> {
  const extra: Record<string, unknown> = {};
  for (const key of Object.keys(kind.extraCounts) as Array<keyof ExtraCounts>) extra[key] = run[key];
  return {
    status: run.status,
    subject: run.subject,
    dryRun: run.dryRunId,
    rows: run.rowsRead,
    new: run.inserted,
    updated: run.updated,
    unchanged: run.unchanged,
    rejected: run.rejected,
    suppressed: run.suppressed,
    duplicates: run.duplicates,
    ...extra,
  };
}

/** Writes a running run's progress, one update at a time, the latest counts winning. */
class ProgressWriter {
  private pending: Partial<ImportRunRow> | null = null;
  private writing: Promise<void> | null = null;
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly kind: AnyImportKind,
    private readonly runId: number,
    private readonly bytesRead: () => number,
  ) {}

  report(progress: ImportProgress & ExtraCounts): void {
    this.pending = countsOf(this.kind, progress);
    this.kick();
  }

  /** A heartbeat: the run is alive even though no batch finished. */
  beat(): void {
    this.pending ??= {};
    this.kick();
  }

  /** No more updates; waits for the one under way. */
  async close(): Promise<void> {
    this.closed = true;
    await this.writing;
  }

  private kick(): void {
    if (this.writing === null && !this.closed) this.writing = this.flush();
  }

  private async flush(): Promise<void> {
    while (this.pending !== null && !this.closed) {
      const values = this.pending;
      this.pending = null;
      try {
        await this.db
          .update(importRuns)
          .set({ ...values, bytesRead: this.bytesRead(), progressAt: new Date() })
          .where(and(eq(importRuns.id, this.runId), eq(importRuns.status, "running")));
      } catch (error) {
        // Progress is for the page; the run goes on (its end is written separately).
        logger.warn({ err: error, runId: this.runId }, "recording import progress failed");
      }
    }
    this.writing = null;
  }
}

/** How a carried-out run ended: its final row, the importer's report, and the error that stopped it. */
export interface RunOutcome {
  run: ImportRunRow;
  /** The kind's report (the kit's counts and the kind's own). */
  report: (ImportReport & ExtraCounts) | null;
  /** What the kind's matcher kept of the file (what it wrote), once every row was read. */
  file: FileRecords | null;
  error: unknown;
}

/**
 * Carries out a started run on `filePath` with `kind` (its subject's; the importer the command line
 * uses): a dry run, or the import, writing its progress to its row after each batch, then its report (or
 * why it failed) and, after an import by an admin, an entry in the admin audit log. Never throws: the
 * outcome says. `maxFileRecords` bounds the memory a file may take (the console's server has a heap cap):
 * the records (companies, LPs) it may name.
 */
export async function carryOutRun(
  db: Db,
  kind: AnyImportKind,
  run: ImportRunRow,
  filePath: string,
  {
    actor = null,
    onProgress,
    maxFileRecords,
    beforeEachWrite,
    analyzeLater,
  }: {
    actor?: AdminActor | null;
    onProgress?: (progress: ImportProgress & ExtraCounts) => void;
    maxFileRecords?: number;
    /** Awaited before each batch is written (RunImportOptions.beforeEachWrite). */
    beforeEachWrite?: () => Promise<void>;
    /** The statistics are refreshed by finishImport (RunImportOptions.analyzeLater). */
    analyzeLater?: boolean;
  } = {},
): Promise<RunOutcome> {
  const started = performance.now();
  // A kind that reads its own files (readRows) reports no bytes read until the end.
  const input = kind.readRows ? null : createReadStream(filePath);
  const progress = new ProgressWriter(db, kind, run.id, () => input?.bytesRead ?? 0);
  const heartbeat = setInterval(() => progress.beat(), HEARTBEAT_MS);
  heartbeat.unref();
  let imported: { report: ImportReport & ExtraCounts; file: FileRecords } | null = null;
  let failure: unknown = null;
  try {
    const options: RunImportOptions<ExtraCounts> = {
      dryRun: run.kind === "dry_run",
      ...(maxFileRecords === undefined ? {} : { maxFileRecords }),
      ...(beforeEachWrite === undefined ? {} : { beforeEachWrite }),
      ...(analyzeLater === undefined ? {} : { analyzeLater }),
      onProgress(step) {
        progress.report(step);
        onProgress?.(step);
      },
    };
    imported =
      input === null
        ? await runImportOfRows(db, kind, readRowsOf(kind, filePath), options)
        : await runImport(db, kind, input, options);
  } catch (error) {
    failure = error;
  } finally {
    clearInterval(heartbeat);
    input?.destroy();
    await progress.close();
  }
  const durationMs = Math.round(performance.now() - started);
  const report = imported?.report ?? null;
  const file = imported?.file ?? null;
  try {
    const ended =
      report !== null
        ? await recordDone(db, kind, run, filePath, report, durationMs, actor)
        : await recordFailed(db, kind, run, failure, durationMs, actor);
    return { run: ended, report, file, error: failure };
  } catch (error) {
    logger.error({ err: error, runId: run.id }, "recording the end of an import run failed");
    return { run, report, file, error: failure ?? error };
  } finally {
    releaseRun(run.id);
  }
}

/** The rows of a kind that reads its own files (carryOutRun checked it has readRows). */
function readRowsOf(kind: AnyImportKind, filePath: string) {
  if (!kind.readRows) throw new Error(`${kind.name} reads CSV files`);
  return kind.readRows(filePath);
}

async function recordDone(
  db: Db,
  kind: AnyImportKind,
  run: ImportRunRow,
  filePath: string,
  report: ImportReport & ExtraCounts,
  durationMs: number,
  actor: AdminActor | null,
): Promise<ImportRunRow> {
  const ended = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(importRuns)
      .set({
        ...countsOf(kind, report),
        status: "done",
        bytesRead: run.fileBytes,
        rejectedRows: report.rejected,
        duplicateRows: report.duplicates,
        finishedAt: new Date(),
        durationMs,
      })
      .where(eq(importRuns.id, run.id))
      .returning();
    if (!row) throw new Error(`import run ${run.id} vanished`);
    if (run.kind === "commit") {
      // The file is imported: its stored copy goes (below, once this is committed).
      if (run.dryRunId !== null) {
        await tx.update(importRuns).set({ storedPath: null }).where(eq(importRuns.id, run.dryRunId));
      }
      if (actor) await recordCommit(tx, kind, actor, row);
    }
    return row;
  });
  // An import of a dry run's file (not a command line's own file): the stored copy has served.
  if (run.kind === "commit" && run.dryRunId !== null) await deleteStoredUpload(filePath);
  return ended;
}

async function recordFailed(
  db: Db,
  kind: AnyImportKind,
  run: ImportRunRow,
  failure: unknown,
  durationMs: number,
  actor: AdminActor | null,
): Promise<ImportRunRow> {
  const isFileProblem = failure instanceof ImportFileError;
  if (!isFileProblem && !(failure instanceof ImportWriteError)) {
    logger.error({ err: failure, runId: run.id }, "an import run failed");
  }
  const message =
    failure instanceof ImportFileError || failure instanceof ImportWriteError
      ? failure.message
      : `The import stopped: ${rootMessage(failure)}.`;
  const partial = failure instanceof ImportWriteError ? failure.report : null;
  // A dry run of a file that cannot be imported keeps nothing: the file goes.
  const dropsFile = run.kind === "dry_run" && isFileProblem && run.storedPath !== null;
  const ended = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(importRuns)
      .set({
        ...(partial ? countsOf(kind, partial) : {}),
        ...(partial ? { rejectedRows: partial.rejected, duplicateRows: partial.duplicates } : {}),
        status: "failed",
        error: message,
        finishedAt: new Date(),
        durationMs,
        ...(dropsFile ? { storedPath: null } : {}),
      })
      .where(eq(importRuns.id, run.id))
      .returning();
    if (!row) throw new Error(`import run ${run.id} vanished`);
    // Rows may have been written before it stopped: the admin's import is on record either way.
    if (run.kind === "commit" && actor) await recordCommit(tx, kind, actor, row);
    return row;
  });
  if (dropsFile && run.storedPath) await deleteStoredUpload(run.storedPath);
  return ended;
}

async function recordCommit(
  tx: Db,
  kind: AnyImportKind,
  actor: AdminActor,
  run: ImportRunRow,
): Promise<void> {
  await recordAdminAction(tx, actor, {
    action: "import.commit",
    targetType: "import",
    targetId: String(run.id),
    targetLabel: run.fileName,
    before: null,
    after: auditCounts(kind, run),
  });
}

/** The longest a batch of a console run waits for the requests in flight (foreground-requests.server.ts). */
const REQUESTS_FIRST_MAX_WAIT_MS = 1_000;

/**
 * Carries a console run out without the request waiting for it (a large file takes tens of seconds; figures
 * in decision 014): the page polls the run's row. After an import that wrote records, the kind's follow-up
 * runs (the companies': the similar companies of what it touched, when the server's memory allows), as the
 * command line does.
 */
function carryOutInBackground(
  db: Db,
  kind: AnyImportKind,
  run: ImportRunRow,
  filePath: string,
  actor: AdminActor,
): Promise<ImportRunRow> {
  return (async () => {
    const outcome = await carryOutRun(db, kind, run, filePath, {
      actor,
      maxFileRecords: MAX_IMPORT_COMPANIES,
      // On the embedded database the pages wait on the import's transactions: each batch waits for the
      // requests in flight first, a second at most (decision 031, §5).
      ...(isEmbedded(db) ? { beforeEachWrite: () => foregroundQuiet(REQUESTS_FIRST_MAX_WAIT_MS) } : {}),
    });
    const wrote = outcome.report !== null && outcome.report.inserted + outcome.report.updated > 0;
    if (run.kind === "commit" && wrote && outcome.file !== null && kind.afterImport) {
      await kind.afterImport(db, outcome.file, { inServer: true, runId: run.id });
    }
    return outcome.run;
  })().catch((error: unknown) => {
    logger.error({ err: error, runId: run.id }, "an import run failed unexpectedly");
    return run;
  });
}

/**
 * For `npm run import` (and `npm run import:lps`, which may also ask for a dry run): the run of a file given
 * on the command line (no stored copy, no admin).
 */
export async function startCommandLineRun(
  db: Db,
  file: { fileName: string; fileBytes: number },
  subject: ImportSubject = "companies",
  kind: ImportRunRow["kind"] = "commit",
): Promise<ImportRunRow> {
  const run: NewImportRun = {
    kind,
    subject,
    source: "command_line",
    actorId: null,
    actorEmail: null,
    fileName: file.fileName,
    fileBytes: file.fileBytes,
    storedPath: null,
    dryRunId: null,
  };
  return startImportRun(db, run);
}

/** The newest import of a dry run's file (running, done or failed), if any. */
export async function importOfDryRun(
  db: Db,
  dryRunId: number,
): Promise<{ id: number; status: ImportRunRow["status"] } | null> {
  const [commit] = await db
    .select({ id: importRuns.id, status: importRuns.status })
    .from(importRuns)
    .where(eq(importRuns.dryRunId, dryRunId))
    .orderBy(desc(importRuns.createdAt), desc(importRuns.id))
    .limit(1);
  return commit ?? null;
}

/** deleteAbandonedUploads for a page load: a failure is logged, never the page's. */
export async function tidyUploads(db: Db): Promise<void> {
  try {
    const deleted = await deleteAbandonedUploads(db);
    if (deleted > 0) logger.info({ deleted }, "deleted abandoned import uploads");
  } catch (error) {
    logger.warn({ err: error }, "deleting abandoned import uploads failed");
  }
}
