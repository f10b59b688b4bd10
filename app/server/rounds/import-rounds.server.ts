import type { Readable } from "node:stream";
import { sql } from "drizzle-orm";
import { invalidateCatalog } from "../companies/catalog.server";
import type { Db } from "../db/database.server";
import { ImportFileError, ImportWriteError } from "../imports/import-errors";
import {
  type ImportKind,
  type ImportProgress,
  type ImportReport,
  type RunImportOptions,
  runImport,
} from "../imports/import-kit.server";
import { FileRounds } from "./import/file-rounds";
import {
  type RoundColumns,
  resolveRoundHeader,
  roundHeaderProblem,
  tooManyRoundsMessage,
} from "./import/round-columns";
import { parseRoundRow } from "./import/round-row";
import {
  type RoundBatchRow,
  unknownOrganizationReason,
  writeRoundsBatch,
} from "./import/write-rounds.server";

// The rounds import's public face: its kind for the import kit, and importRounds for scripts and tests.
export { FileRounds, ImportFileError, ImportWriteError, roundHeaderProblem, unknownOrganizationReason };

/** A rounds import's own counts, beside the kit's (import_runs has a column for each). */
export interface RoundCounts {
  /** Rounds inserted or changed (a round the file gives as it is stored is not rewritten). */
  roundsWritten: number;
  /** Investors no stored one matched, created (a dry run: that would be). */
  investorsCreated: number;
}

export type RoundImportProgress = ImportProgress & RoundCounts;
/** The kit's report: `inserted`, `updated`, `unchanged` count rounds, `totalRows` rows. */
export type RoundImportReport = ImportReport & RoundCounts;

export interface RoundImportOptions extends Omit<RunImportOptions<RoundCounts>, "maxFileRecords"> {
  /** The most rounds a file may name. Default: no limit. */
  maxFileRounds?: number;
}

/**
 * Crunchbase's funding-rounds CSV export as a kind of import (decision 030, docs/product.md#imports): one row
 * per round, of a company already stored (matched by website domain, else name); a round is the stored one
 * with its Crunchbase URL, else with its company, date and type, and is updated, never duplicated. Each
 * batch writes its rounds and their investors, then the touched companies' derived fields, in one
 * transaction (write-rounds.server.ts). Keeps ~100 bytes per round the file names (file-rounds.ts).
 */
export const ROUNDS_IMPORT: ImportKind<RoundColumns, RoundBatchRow, FileRounds, RoundCounts> = {
  subject: "rounds",
  name: "importRounds",
  extraCounts: { roundsWritten: 0, investorsCreated: 0 },
  headerProblem: roundHeaderProblem,
  readHeader: (cells) => resolveRoundHeader(cells).columns,
  parseRow(cells, row, columns, today) {
    const parsed = parseRoundRow(cells, columns, today);
    return parsed.ok ? { row, round: parsed.round } : { reason: parsed.reason };
  },
  newFile: () => new FileRounds(),
  tooManyMessage: tooManyRoundsMessage,
  // A company's rows go to one batch, so its derived fields are written once a file, however its rows are
  // spread (a file sorted by date spreads them over the whole file); a round's rows stay together with them.
  groupKeys: ({ round }) => [
    `n:${round.nameKey}`,
    ...(round.websiteDomain === null ? [] : [`d:${round.websiteDomain}`]),
    ...(round.sourceKey === null ? [] : [`u:${round.sourceKey}`]),
  ],
  async writeBatch(db, rows, _columns, file, { dryRun }) {
    const counts = await writeRoundsBatch(db, rows, file, { dryRun });
    return {
      inserted: counts.inserted,
      updated: counts.updated,
      unchanged: counts.unchanged,
      rejected: counts.rejected,
      suppressed: 0,
      duplicates: counts.duplicates,
      extra: { roundsWritten: counts.roundsWritten, investorsCreated: counts.investorsCreated },
    };
  },
  analyze: sql`analyze funding_rounds, round_investors, investors`,
  // The derived fields (last funding, totals) changed: this process drops its cached figures now.
  afterWrite: invalidateCatalog,
};

/**
 * Imports a funding-rounds CSV file with the import kit. With `dryRun` the same reading, matching and
 * classifying runs and nothing is written. Throws ImportFileError (nothing written) when the file as a whole
 * is unusable, ImportWriteError when a batch could not be saved.
 */
export async function importRounds(
  db: Db,
  input: NodeJS.ReadableStream | Readable,
  { maxFileRounds, ...options }: RoundImportOptions = {},
): Promise<RoundImportReport> {
  const { report } = await runImport(db, ROUNDS_IMPORT, input, {
    ...options,
    ...(maxFileRounds === undefined ? {} : { maxFileRecords: maxFileRounds }),
  });
  return report;
}
