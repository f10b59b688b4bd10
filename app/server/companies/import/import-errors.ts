import type { ImportReport } from "../import-companies.server";

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
    readonly report: ImportReport,
    options: { cause: unknown },
  ) {
    super(message, options);
  }
}
