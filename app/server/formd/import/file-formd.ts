import type { FileRecords } from "../../imports/import-kit.server";
import type { AccessionState, CompanyState } from "./formd-states";

/**
 * decision 031: what a Form D import keeps about its file between batches: the first line of each filing
 * (a filing read twice, from a folder holding the data set and its XML, is a duplicate), the companies it
 * wrote (their derived fields), and in a dry run the companies and rounds earlier batches would have written,
 * which the database does not hold. About 100 bytes a filing; a quarter holds some 20,000.
 */
export class FileFormD implements FileRecords {
  readonly firstRowOf = new Map<string, number>();
  readonly touchedCompanies = new Set<number>();
  /** A dry run's view of its earlier batches: companies by CIK, the accession numbers its rounds hold. */
  readonly dryCompanies = new Map<string, CompanyState>();
  readonly dryAccessions = new Map<string, AccessionState>();

  get size(): number {
    return this.firstRowOf.size;
  }
}
