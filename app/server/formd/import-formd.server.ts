import { sql } from "drizzle-orm";
import { formDUploadHeadProblem } from "../../core/formd/upload-file";
import type { FormDCounts } from "../../core/import-runs";
import { invalidateCatalog } from "../companies/catalog.server";
import type { Db } from "../db/database.server";
import { ImportFileError, ImportWriteError } from "../imports/import-errors";
import {
  type ImportKind,
  type ImportProgress,
  type ImportReport,
  type RejectedRow,
  type RunImportOptions,
  runImportOfRows,
} from "../imports/import-kit.server";
import { FileFormD } from "./import/file-formd";
import { batchRowsOf, type FormDBatchRow, type FormDSourceItem } from "./import/formd-rows";
import { readFormDSource } from "./import/formd-source.server";
import { writeFormDBatch } from "./import/write-formd-batch.server";

/** A Form D import's own counts, beside the kit's (import_runs has a column for each). */
export type { FormDCounts };
// The Form D import's public face: its kind for the import kit, and importFormD for scripts and tests.
export { FileFormD, type FormDSourceItem, ImportFileError, ImportWriteError };

export type FormDImportProgress = ImportProgress & FormDCounts;
/**
 * The kit's report: `totalRows` counts the filings read (rejected ones too), `inserted` the filings that made
 * a round, `updated` those that changed a round or company, `unchanged` those stored as they are; funds,
 * TEST filings and issuers not operating are counted apart and in none of them.
 */
export type FormDImportReport = ImportReport & FormDCounts;

/** Form D files are not CSV: the kit's CSV reading never meets them (readRows), but says so if asked. */
const NOT_CSV = "SEC Form D files are data sets (.zip) or filings' XML, not CSV.";

/**
 * SEC Form D filings as a kind of import (decision 031, section 3). Rows are filings a reader produced
 * (`readRows`: readFormDSource, the one place the readers are wired), one transaction a batch
 * (write-formd-batch.server.ts). Keeps ~100 bytes a filing (file-formd.ts).
 */
export const FORMD_IMPORT: ImportKind<null, FormDBatchRow, FileFormD, FormDCounts> = {
  subject: "formd",
  name: "importFormD",
  extraCounts: {
    companiesInserted: 0,
    companiesUpdated: 0,
    peopleWritten: 0,
    fundsLeftOut: 0,
    testsLeftOut: 0,
    notOperatingLeftOut: 0,
    amendmentsApplied: 0,
  },
  headerProblem: () => NOT_CSV,
  readHeader: () => null,
  parseRow: () => ({ reason: NOT_CSV }),
  readRows: (filePath) => batchRowsOf(readFormDSource(filePath)),
  // The console's upload (decision 031, section 3): a quarterly zip, or one filing's XML named after it.
  uploads: {
    contentTypes: [
      "application/zip",
      "application/x-zip-compressed",
      "application/xml",
      "text/xml",
      "application/octet-stream",
    ],
    headProblem: formDUploadHeadProblem,
  },
  newFile: () => new FileFormD(),
  tooManyMessage: (max) =>
    `The files hold more than ${max.toLocaleString("en-US")} filings: import them in parts.`,
  async writeBatch(db, rows, _header, file, { dryRun }) {
    const { inserted, updated, unchanged, duplicates, ...extra } = await writeFormDBatch(db, rows, file, {
      dryRun,
    });
    return { inserted, updated, unchanged, rejected: [], suppressed: 0, duplicates, extra };
  },
  analyze: sql`analyze companies, funding_rounds, people, formd_filings`,
  // The derived fields (last funding, totals) and new companies changed: this process drops its cached figures.
  afterWrite: invalidateCatalog,
};

/**
 * Imports Form D filings (a reader's items, or rows already turned into the kit's) with the import kit. With
 * `dryRun` the same matching and classifying runs and nothing is written. Throws ImportWriteError when a
 * batch could not be saved.
 */
export async function importFormD(
  db: Db,
  items: AsyncIterable<FormDSourceItem> | Iterable<FormDSourceItem>,
  options: RunImportOptions<FormDCounts> = {},
): Promise<{ report: FormDImportReport; file: FileFormD }> {
  return runImportOfRows(
    db,
    FORMD_IMPORT,
    batchRowsOf(items) as AsyncIterable<FormDBatchRow | RejectedRow>,
    options,
  );
}
