import type { Readable } from "node:stream";
import { sql } from "drizzle-orm";
import { type LpColumns, resolveLpHeader } from "../../core/lp-import-columns";
import { parseLpRow } from "../../core/lp-import-row";
import type { Db } from "../db/database.server";
import { ImportFileError, ImportWriteError } from "../imports/import-errors";
import {
  type ImportKind,
  type ImportProgress,
  type ImportReport,
  type RunImportOptions,
  runImport,
} from "../imports/import-kit.server";
import { rootMessage } from "../imports/import-messages";
import { suppressionHash } from "../suppression/email-hash.server";
import { FileLps } from "./import/file-lps";
import {
  type LpBatchRow,
  type LpDuplicateRow,
  removeUnnamedContacts,
  SUPPRESSED_CONTACT_REASON,
  writeLpImportBatch,
} from "./import/lp-batch.server";
import { lpFileHeadProblem, lpHeaderProblem, tooManyLpsMessage } from "./import/lp-file-head.server";
import { importedLpFields, type LpValueKey, lpNameKey, lpValueDigests } from "./import/lp-keys";

export type { LpDuplicateRow };
// The LP import's public face: its kind for the import kit, and importLps for scripts and tests.
export { ImportFileError, ImportWriteError, lpFileHeadProblem, SUPPRESSED_CONTACT_REASON };

/** An LP import's own counts, beside the kit's (import_runs has a column for each). */
export interface LpContactCounts {
  /** Contacts inserted or changed (a contact the file names as it is stored is not rewritten). */
  contactsWritten: number;
  /** Stored contacts of matched LPs that the file's contacts replaced. */
  contactsRemoved: number;
}

/** Progress after each batch: the kit's counts (LPs for records) and the contacts written. */
export type LpImportProgress = ImportProgress & LpContactCounts;

export interface LpImportOptions extends Omit<RunImportOptions<LpContactCounts>, "maxFileRecords"> {
  /** The most LPs a file may name (what the import keeps per LP must fit a server's heap). Default: no limit. */
  maxFileLps?: number;
}

/**
 * An LP import's report, in the kit's shape so the console's runs record and show every kind alike:
 * `inserted`, `updated` and `unchanged` count LPs (each once, however many rows name it), `totalRows` rows.
 * An LP whose contacts the file changed counts as updated. `duplicates` are rows that add nothing to their
 * LP: a contact an earlier row of the LP named, or no contact.
 */
export type LpImportReport = ImportReport & LpContactCounts;

interface LpHeader {
  columns: LpColumns;
  fields: LpValueKey[];
}

/**
 * LP CSV files (the LP export's columns, lp-csv-columns.ts) as a kind of import (docs/decisions/015, 020):
 * one row per contact, the LP's columns repeated on each of its rows; a row without contact columns is an
 * LP without contacts. Rows of one LP may be anywhere in the file. An LP is a stored one with the same
 * website domain, else with the same name and country when either has no website; a matched LP's stored
 * contacts are replaced by the file's only when the file names at least one contact of it (matched by
 * address to keep their ids). Suppressed contacts are left out and counted, repeated contacts reported as
 * duplicates; unchanged LPs are not rewritten. Keeps ~200 bytes per LP the file names (file-lps.ts).
 */
export const LPS_IMPORT: ImportKind<LpHeader, LpBatchRow, FileLps, LpContactCounts> = {
  subject: "lps",
  name: "importLps",
  extraCounts: { contactsWritten: 0, contactsRemoved: 0 },
  headerProblem: lpHeaderProblem,
  readHeader(cells) {
    const { columns } = resolveLpHeader(cells);
    return { columns, fields: importedLpFields(columns) };
  },
  parseRow(cells, row, header, today) {
    const parsed = parseLpRow(cells, header.columns, today);
    if (!parsed.ok) return { reason: parsed.reason };
    const { lp, contact } = parsed;
    return {
      row,
      lp,
      contact,
      nameKey: lpNameKey(lp.name, lp.country),
      digests: lpValueDigests(lp, header.fields),
      emailHash: contact?.email ? suppressionHash(contact.email) : null,
    };
  },
  newFile: () => new FileLps(),
  tooManyMessage: tooManyLpsMessage,
  async writeBatch(db, rows, header, file, { dryRun }) {
    const counts = await writeLpImportBatch(db, rows, header.fields, header.columns, file, { dryRun });
    return {
      inserted: counts.inserted,
      updated: counts.updated,
      unchanged: counts.unchanged,
      rejected: counts.rejected,
      suppressed: counts.suppressedCount,
      duplicates: counts.duplicates,
      extra: { contactsWritten: counts.contactsWritten, contactsRemoved: 0 },
    };
  },
  // The stored contacts the file never named, of LPs whose contacts it named, go once it is read whole.
  finishFile: {
    async run(db, file, { dryRun }) {
      const { removed, nowUpdated } = await removeUnnamedContacts(db, file, { dryRun });
      return { extra: { contactsWritten: 0, contactsRemoved: removed }, nowUpdated };
    },
    failedMessage: (error) =>
      `Every row is saved, but removing the stored contacts the file does not name failed: ${rootMessage(error)}. ` +
      "Importing the same file again completes the import.",
  },
  analyze: sql`analyze lps, lp_contacts`,
};

/**
 * Imports an LP CSV file with the import kit: invalid rows are reported with their line and reason. With
 * `dryRun` the same reading, matching and classifying runs and nothing is written. Throws ImportFileError
 * (nothing written) when the file as a whole is unusable, ImportWriteError when a batch could not be saved.
 */
export async function importLps(
  db: Db,
  input: NodeJS.ReadableStream | Readable,
  { maxFileLps, ...options }: LpImportOptions = {},
): Promise<LpImportReport> {
  const { report } = await runImport(db, LPS_IMPORT, input, {
    ...options,
    ...(maxFileLps === undefined ? {} : { maxFileRecords: maxFileLps }),
  });
  return report;
}
