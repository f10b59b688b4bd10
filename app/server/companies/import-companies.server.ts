import type { Readable } from "node:stream";
import { sql } from "drizzle-orm";
import type { Db } from "../db/database.server";
import { ImportFileError, ImportWriteError } from "../imports/import-errors";
import {
  type AfterImport,
  type DuplicateRow,
  type ImportKind,
  type ImportProgress,
  type ImportReport,
  type RejectedRow,
  type RunImportOptions,
  runImport,
} from "../imports/import-kit.server";
import { logger } from "../logger.server";
import { IN_SERVER_REFRESH_LIMIT, refreshSimilaritiesOf } from "../similarity/similarity-refresh.server";
import { suppressionHashes } from "../suppression/email-hash.server";
import { invalidateCatalog } from "./catalog.server";
import { type CrunchbaseColumns, resolveHeader } from "./crunchbase-columns";
import { type ImportedCompany, importedFields, parseCrunchbaseRow } from "./crunchbase-row";
import { companyDigest, investorsText } from "./import/company-changes";
import {
  companyFileHeadProblem,
  headerProblem,
  tooManyCompaniesMessage,
} from "./import/company-header.server";
import { FileCompanies } from "./import/file-companies";
import { type BatchRow, writeBatch } from "./import/write-batch.server";
import { countCompanies } from "./stats.server";

export type { DuplicateRow, ImportProgress, ImportReport, RejectedRow };
// The companies import's public face: its kind for the import kit, and importCompanies for scripts and tests.
export { companyFileHeadProblem, FileCompanies, ImportFileError, ImportWriteError };

export interface ImportOptions extends Omit<RunImportOptions<Record<never, number>>, "maxFileRecords"> {
  /**
   * The most companies a file may name: past this the import stops with an ImportFileError. What the
   * import keeps per company (file-companies.ts, ~300 bytes) then stays under a server's heap cap.
   * Default: no limit.
   */
  maxFileCompanies?: number;
}

/** A row whose founder or contact email is on the do-not-sell list is never imported. */
export const SUPPRESSED_REASON = "suppressed (do-not-sell request)";

interface CompaniesHeader {
  columns: CrunchbaseColumns;
  fields: Array<keyof ImportedCompany>;
}

/**
 * Crunchbase company CSV exports as a kind of import (docs/decisions/014, 020). A company is the same
 * company when it has the same website domain, or, when either side has no website, the same name; rows
 * apply in file order, so the last row about a company wins. Each valid row is new, updated or unchanged
 * (not rewritten); rows about a company an earlier row named are reported as duplicates. What it keeps
 * per company the file names: file-companies.ts.
 */
export const COMPANIES_IMPORT: ImportKind<CompaniesHeader, BatchRow, FileCompanies, Record<never, number>> = {
  subject: "companies",
  name: "importCompanies",
  extraCounts: {},
  headerProblem,
  readHeader(cells) {
    const { columns } = resolveHeader(cells);
    return { columns, fields: importedFields(columns) };
  },
  parseRow(cells, row, header, today) {
    const parsed = parseCrunchbaseRow(cells, header.columns, today);
    if (!parsed.ok) return { reason: parsed.reason };
    const { company, investors } = parsed;
    // Hashed and digested while parsing, off the write path.
    return {
      row,
      company,
      investors,
      emailHashes: suppressionHashes([company.email, company.contactEmail]),
      digest: companyDigest(company, header.fields, investorsText(investors)),
    };
  },
  newFile: () => new FileCompanies(),
  tooManyMessage: tooManyCompaniesMessage,
  async writeBatch(db, rows, header, file, { dryRun }) {
    const investors = header.columns.topInvestors !== undefined || header.columns.leadInvestors !== undefined;
    const counts = await writeBatch(db, rows, header.fields, file, { dryRun, investors });
    return {
      inserted: counts.inserted,
      updated: counts.updated,
      unchanged: counts.unchanged,
      rejected: counts.suppressedRows.map((row) => ({ row, reason: SUPPRESSED_REASON })),
      suppressed: counts.suppressedRows.length,
      duplicates: counts.duplicates,
    };
  },
  analyze: sql`analyze companies`,
  // Each committed batch changed the data version (other processes recount); this process drops its
  // cached figures now.
  afterWrite: invalidateCatalog,
  afterImport: (db, file, { inServer, runId }) =>
    inServer ? refreshInServer(db, file, runId) : refreshSimilarCompanies(db, file),
  // The indexes each batch's matching and slug allocation read stay (docs/decisions/020), and those that load
  // a company's rounds and people when a later row of the file updates it, and the rounds' unique source key
  // (decision 030).
  bulkLoad: {
    table: "companies",
    // And the one an address's status reaches its company by (migration 0031's trigger probes it).
    keepIndexes: ["companies_website_domain_idx", "companies_name_key_idx", "companies_email_lower_idx"],
    alsoTables: [
      { table: "people", keepIndexes: ["people_company_position_idx"] },
      {
        table: "funding_rounds",
        keepIndexes: ["funding_rounds_company_date_idx", "funding_rounds_source_key_idx"],
      },
      { table: "company_investors", keepIndexes: [] },
    ],
  },
};

/**
 * New and changed companies, and their neighbours, get their similar companies (pages keep the old ones
 * meanwhile): not the whole table (docs/decisions/020).
 */
async function refreshSimilarCompanies(db: Db, file: FileCompanies): Promise<AfterImport> {
  const result = await refreshSimilaritiesOf(db, file.writtenIds);
  return {
    summary: `Similar companies recomputed for ${result.companies.toLocaleString("en-US")} companies in ${(result.ms / 1000).toFixed(1)} s.`,
    ms: result.ms,
  };
}

/**
 * After a console import: as the command line does, when the table is small enough for the server's
 * memory (IN_SERVER_REFRESH_LIMIT); otherwise the log says to run `npm run similarity:refresh`. Never throws.
 */
async function refreshInServer(db: Db, file: FileCompanies, runId: number): Promise<AfterImport | null> {
  try {
    const companies = await countCompanies(db);
    if (companies > IN_SERVER_REFRESH_LIMIT) {
      logger.warn(
        { companies, runId },
        "similar companies not recomputed after the import (too many companies for the server): run `npm run similarity:refresh`",
      );
      return null;
    }
    const result = await refreshSimilaritiesOf(db, file.writtenIds);
    logger.info({ ...result, runId }, "recomputed the similar companies after an import");
    return { summary: "", ms: result.ms };
  } catch (error) {
    logger.error({ err: error, runId }, "recomputing the similar companies after an import failed");
    return null;
  }
}

/**
 * Imports a Crunchbase company CSV export with the import kit: validates each row, upserts valid ones in
 * batches (one transaction each) and reports the rest with their line numbers. With `dryRun` the same
 * reading, matching and classifying runs and nothing is written. An upload's web stream converts with
 * `Readable.fromWeb(file.stream())`. Throws ImportFileError (nothing written) when the file as a whole is
 * unusable, ImportWriteError when a batch could not be saved.
 */
export async function importCompanies(
  db: Db,
  input: NodeJS.ReadableStream | Readable,
  { maxFileCompanies, ...options }: ImportOptions = {},
): Promise<ImportReport> {
  const { report } = await runImport(db, COMPANIES_IMPORT, input, {
    ...options,
    ...(maxFileCompanies === undefined ? {} : { maxFileRecords: maxFileCompanies }),
  });
  return report;
}
