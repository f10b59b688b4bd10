import { parse } from "csv-parse/sync";
import { NOT_CSV_FIRST_LINE } from "./import-messages";
import { sniff } from "./input-guard.server";

const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/**
 * Why a file whose first bytes are `head` cannot be imported, from those bytes alone: the importer's own
 * checks of an empty, binary or non-CSV start (sniff) and of the header row. An upload is refused with
 * this before it is stored whole. A header row not complete in `head` (or a UTF-16 file) is left to the
 * import itself, which checks it again. `problemOf` judges the header row: an import kind's
 * `headerProblem` (import-kit.server.ts), or the converter's.
 */
export function fileHeadProblem(
  head: Buffer,
  problemOf: (cells: readonly string[]) => string | null,
): string | null {
  const sniffed = sniff(head);
  if (sniffed !== null) return sniffed;
  if (head[0] === 0xff && head[1] === 0xfe) return null;
  const text = head.subarray(head.subarray(0, 3).equals(UTF8_BOM) ? 3 : 0).toString("utf8");
  // Spreadsheets may leave blank lines first; the importer skips them too.
  const start = text.search(/[^\r\n]/);
  const end = text.indexOf("\n", start);
  if (start < 0 || end < 0) return null;
  const line = text.slice(start, end).replace(/\r$/, "");
  // A quoted header cell with a line break in it: the line alone is not the whole row.
  if ((line.match(/"/g)?.length ?? 0) % 2 === 1) return null;
  let cells: string[];
  try {
    [cells = []] = parse(line, { relax_column_count: true }) as string[][];
  } catch {
    return NOT_CSV_FIRST_LINE;
  }
  return problemOf(cells);
}
