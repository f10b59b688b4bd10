import {
  groupRejectedRows,
  type ImportReportView,
  type ImportRunView,
  progressPercent,
} from "~/core/import-runs";
import type { ImportRunRow } from "../db/schema";
import type { ImportRunSummary } from "./import-runs.server";

/** Duplicate rows listed on the page; the count says how many there are. */
const DUPLICATES_SHOWN = 50;

/** A run as the page and the status endpoint show it. */
export function importRunView(run: ImportRunSummary | ImportRunRow): ImportRunView {
  return {
    id: run.id,
    kind: run.kind,
    status: run.status,
    subject: run.subject,
    source: run.source,
    actorEmail: run.actorEmail,
    fileName: run.fileName,
    fileBytes: run.fileBytes,
    bytesRead: run.bytesRead,
    percent: run.status === "done" ? 100 : progressPercent(run.bytesRead, run.fileBytes),
    rowsRead: run.rowsRead,
    inserted: run.inserted,
    updated: run.updated,
    unchanged: run.unchanged,
    rejected: run.rejected,
    suppressed: run.suppressed,
    duplicates: run.duplicates,
    contactsWritten: run.contactsWritten,
    contactsRemoved: run.contactsRemoved,
    roundsWritten: run.roundsWritten,
    investorsCreated: run.investorsCreated,
    companiesInserted: run.companiesInserted,
    companiesUpdated: run.companiesUpdated,
    peopleWritten: run.peopleWritten,
    fundsLeftOut: run.fundsLeftOut,
    testsLeftOut: run.testsLeftOut,
    notOperatingLeftOut: run.notOperatingLeftOut,
    amendmentsApplied: run.amendmentsApplied,
    error: run.error,
    createdAt: run.createdAt.toISOString(),
    finishedAt: run.finishedAt?.toISOString() ?? null,
    durationMs: run.durationMs,
    dryRunId: run.dryRunId,
    hasFile: run.storedPath !== null,
    discarded: run.discardedAt !== null,
  };
}

/** A run with its report (the kept rejected rows grouped by reason). */
export function importReportView(run: ImportRunRow): ImportReportView {
  const rejected = run.rejectedRows ?? [];
  return {
    ...importRunView(run),
    rejectedGroups: groupRejectedRows(rejected),
    rejectedKept: rejected.length,
    duplicateRows: (run.duplicateRows ?? []).slice(0, DUPLICATES_SHOWN),
  };
}
