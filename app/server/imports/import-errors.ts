/** What an import had done when a batch failed (import-kit.server.ts's ImportReport, without a kind's extra counts). */
export interface PartialImportReport {
  dryRun: boolean;
  inserted: number;
  updated: number;
  unchanged: number;
  rejected: Array<{ row: number; reason: string }>;
  rejectedCount: number;
  suppressedCount: number;
  duplicates: Array<{ row: number; firstRow: number }>;
  duplicateCount: number;
  totalRows: number;
  ms: number;
}

/** The file as a whole cannot be imported; thrown before anything is written. The message is for a person. */
export class ImportFileError extends Error {
  override name = "ImportFileError";
}

/**
 * Writing a batch failed (the database went away, a constraint the parser does not know about...).
 * Earlier batches are committed and counted in `report`; the failed batch was rolled back as a whole.
 * Importing the same file again finishes the job: re-runs converge.
 */
export class ImportWriteError extends Error {
  override name = "ImportWriteError";
  constructor(
    message: string,
    readonly report: PartialImportReport,
    options: { cause: unknown },
  ) {
    super(message, options);
  }
}
