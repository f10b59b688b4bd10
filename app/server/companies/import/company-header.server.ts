import { fileHeadProblem } from "../../imports/file-head.server";
import { duplicateColumnsMessage, missingColumnText } from "../../imports/import-messages";
import { resolveHeader } from "../crunchbase-columns";

/** A Crunchbase header without a required column. */
export function missingColumnMessage(missing: string, headerCells: readonly string[]): string {
  return missingColumnText(missing, headerCells, "is it a Crunchbase CSV export?");
}

/** A file naming more companies than one import takes (ImportOptions.maxFileCompanies). */
export function tooManyCompaniesMessage(max: number): string {
  const shown = max.toLocaleString("en-US");
  return `The file names more than ${shown} companies, more than one import takes; split it into files of at most ${shown} rows.`;
}

/** Why a header row cannot be imported (no name column, two columns for one field), or null. */
export function headerProblem(cells: readonly string[]): string | null {
  const resolved = resolveHeader(cells);
  const [missing] = resolved.missingRequired;
  if (missing !== undefined) return missingColumnMessage(missing, cells);
  if (resolved.duplicate.length > 0) return duplicateColumnsMessage(resolved.duplicate);
  return null;
}

/** fileHeadProblem for a companies file: an upload of companies is refused with this before it is stored whole. */
export function companyFileHeadProblem(head: Buffer): string | null {
  return fileHeadProblem(head, headerProblem);
}
