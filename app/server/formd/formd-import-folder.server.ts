// Decision 031 (4): the one place the sync's import is named. The sync calls it on its download folder
// ({dir}/{cik}/{accession without dashes}/primary_doc.xml, beside sync-state.json and sync.lock) after each
// run that downloaded something or completed days: the Form D import (section 3) of that folder, recorded in
// the import history like any command-line import and refused while another import runs.
import path from "node:path";
import type { Db } from "../db/database.server";
import { carryOutRun, startCommandLineRun } from "../imports/import-runs.server";
import type { ImportFolder } from "./formd-sync.server";
import { FORMD_IMPORT, type FormDImportReport } from "./import-formd.server";

/** The counts a Form D import reports, under the names `--json` prints them (decision 031, section 3). */
export function formDJsonCounts(report: FormDImportReport): Record<string, number> {
  return {
    filingsRead: report.totalRows,
    companiesInserted: report.companiesInserted,
    companiesUpdated: report.companiesUpdated,
    roundsInserted: report.inserted,
    roundsUpdated: report.updated,
    peopleInserted: report.peopleWritten,
    fundsLeftOut: report.fundsLeftOut,
    testFilingsLeftOut: report.testsLeftOut,
    notOperatingLeftOut: report.notOperatingLeftOut,
    amendmentsApplied: report.amendmentsApplied,
    rejected: report.rejectedCount,
  };
}

/** The sync's import into the database `withDb` lends for the import's length. */
export function formDImportFolder(withDb: <T>(work: (db: Db) => Promise<T>) => Promise<T>): ImportFolder {
  return (folder, { dryRun }) =>
    withDb(async (db) => {
      const run = await startCommandLineRun(
        db,
        { fileName: path.basename(folder), fileBytes: 0 },
        "formd",
        dryRun ? "dry_run" : "commit",
      );
      const { report, error } = await carryOutRun(db, FORMD_IMPORT, run, folder);
      if (report === null) throw error;
      return formDJsonCounts(report as FormDImportReport);
    });
}
