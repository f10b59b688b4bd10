import type { FormDFiling, FormDRejected, MappedFiling } from "../../../core/formd/filing";
import type { RejectedRow } from "../../imports/import-kit.server";

/**
 * decision 031: what a Form D reader hands the import, filing by filing: a filing with what it becomes
 * (`mapFiling`), or a row it could not read.
 */
export type FormDSourceItem = { filing: FormDFiling; mapped: MappedFiling } | FormDRejected;

/** A filing waiting in a batch: its line in its file (the kit's `row`), the filing and what it becomes. */
export interface FormDBatchRow {
  row: number;
  filing: FormDFiling;
  mapped: MappedFiling;
}

/**
 * A source item as the kit takes it: a batch row, or a rejected row whose reason starts with its file (the
 * kit's report has a line and a reason; a data set's six files and a folder's many files need the file too).
 */
export function batchRowOf(item: FormDSourceItem): FormDBatchRow | RejectedRow {
  if ("reason" in item) return { row: item.position.line, reason: `${item.position.file}: ${item.reason}` };
  return { row: item.filing.position.line, filing: item.filing, mapped: item.mapped };
}

/** The kit's rows of a reader's items, in their order. */
export async function* batchRowsOf(
  items: AsyncIterable<FormDSourceItem> | Iterable<FormDSourceItem>,
): AsyncGenerator<FormDBatchRow | RejectedRow> {
  for await (const item of items) yield batchRowOf(item);
}
