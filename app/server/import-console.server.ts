import type { ImportSubject } from "~/core/import-runs";
import type { AdminActor } from "./admin/audit-log.server";
import { COMPANIES_IMPORT } from "./companies/import-companies.server";
import type { Db } from "./db/database.server";
import type { ImportRunRow } from "./db/schema";
import { FORMD_IMPORT } from "./formd/import-formd.server";
import * as runs from "./imports/import-runs.server";
import {
  kindUploadOptions,
  receiveUpload as receive,
  type StoredUpload,
} from "./imports/import-upload.server";
import { LPS_IMPORT } from "./lps/import-lps.server";
import { ROUNDS_IMPORT } from "./rounds/import-rounds.server";

/**
 * The kinds of import the console and the command line offer, by import_runs.subject (docs/decisions/020).
 * A new kind is its module's ImportKind here, a subject in core/import-runs.ts and, for its own counts,
 * columns of import_runs. The import kit (imports/) knows no kind: it is handed one.
 */
export const IMPORT_KINDS: runs.ImportKinds = {
  companies: COMPANIES_IMPORT,
  lps: LPS_IMPORT,
  rounds: ROUNDS_IMPORT,
  formd: FORMD_IMPORT,
};

/** The kind of a subject. */
export function importKindOf(subject: ImportSubject) {
  return IMPORT_KINDS[subject];
}

/**
 * The kit's receiveUpload, the file's name, type and start checked as the importer of `subject` (default
 * companies) takes them.
 */
export function receiveUpload(
  request: Request,
  { subject = "companies", ...options }: { subject?: ImportSubject; dir?: string; maxBytes?: number } = {},
): Promise<StoredUpload> {
  return receive(request, { ...options, ...kindUploadOptions(IMPORT_KINDS[subject]) });
}

/** The kit's startDryRun with the importer of `subject` (default companies). */
export function startDryRun(
  db: Db,
  actor: AdminActor,
  upload: StoredUpload,
  subject: ImportSubject = "companies",
): Promise<runs.StartedRun> {
  return runs.startDryRun(db, actor, upload, IMPORT_KINDS[subject]);
}

/** The kit's startCommit: the dry run's file, imported by the importer of its subject. */
export function startCommit(db: Db, actor: AdminActor, dryRunId: number): Promise<runs.StartedRun> {
  return runs.startCommit(db, actor, dryRunId, IMPORT_KINDS);
}

/** The kit's carryOutRun with the importer of the run's subject. */
export function carryOutRun(
  db: Db,
  run: ImportRunRow,
  filePath: string,
  options: Parameters<typeof runs.carryOutRun>[4] = {},
): Promise<runs.RunOutcome> {
  return runs.carryOutRun(db, IMPORT_KINDS[run.subject], run, filePath, options);
}
