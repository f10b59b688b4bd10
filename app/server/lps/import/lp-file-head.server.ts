import { LP_FIELD_HEADERS, resolveLpHeader } from "../../../core/lp-import-columns";
import { fileHeadProblem } from "../../imports/file-head.server";
import { duplicateColumnsMessage, missingColumnText } from "../../imports/import-messages";

/** Why a header row cannot be imported as an LP file (no LP Name or LP Type column, two columns for one field), or null. */
export function lpHeaderProblem(cells: readonly string[]): string | null {
  const resolved = resolveLpHeader(cells);
  const [missing] = resolved.missingRequired;
  if (missing !== undefined) {
    return missingColumnText(missing, cells, "is it an LP file (the columns of an LP export)?");
  }
  if (resolved.duplicate.length > 0) return duplicateColumnsMessage(resolved.duplicate);
  // An update writes only the file's columns: one end of the check range alone could pass the stored other
  // end (the database refuses min > max), so the two come together.
  const { checkMinUsd, checkMaxUsd } = resolved.columns;
  if ((checkMinUsd === undefined) !== (checkMaxUsd === undefined)) {
    const [has, lacks] =
      checkMinUsd !== undefined
        ? [checkMinUsd.header, LP_FIELD_HEADERS.checkMaxUsd]
        : [checkMaxUsd?.header ?? "", LP_FIELD_HEADERS.checkMinUsd];
    return `The file has a '${has}' column but no '${lacks}' column; give both check sizes or neither.`;
  }
  return null;
}

/** fileHeadProblem for an LP file: an upload of LPs is refused with this before it is stored whole. */
export function lpFileHeadProblem(head: Buffer): string | null {
  return fileHeadProblem(head, lpHeaderProblem);
}

/** A file naming more LPs than one import takes (LpImportOptions.maxFileLps). */
export function tooManyLpsMessage(max: number): string {
  const shown = max.toLocaleString("en-US");
  return `The file names more than ${shown} LPs, more than one import takes; split it into files of at most ${shown} LPs.`;
}
