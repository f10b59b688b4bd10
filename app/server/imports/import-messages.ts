import type { CsvError } from "csv-parse";

/**
 * What an import tells a person: why a row was rejected and why a whole file was refused. Pure text, so
 * the wording can be checked without a database.
 */

export const EMPTY_FILE = "The file is empty.";

export const NOT_CSV_FIRST_LINE = "The file is not a CSV text file: its first line could not be read as CSV.";

/** A row csv-parse could not read. */
export function csvProblem(error: Pick<CsvError, "code" | "message">): string {
  switch (error.code) {
    case "INVALID_OPENING_QUOTE":
      return 'a cell contains a quote (") but does not start with one; quote the whole cell and double the quotes inside it';
    case "CSV_INVALID_CLOSING_QUOTE":
      return 'a quoted cell goes on after its closing quote; a quote inside a quoted cell must be doubled ("")';
    case "CSV_QUOTE_NOT_CLOSED":
      return "a quoted cell is never closed, so the rest of the file was read as this row";
    default:
      return `the row is not valid CSV (${error.message})`;
  }
}

/** The row at which reading stopped because no row ended within `maxBytes` bytes. */
export function cutOffReason(maxBytes: number): string {
  const size =
    maxBytes >= 1024 * 1024
      ? `${Math.round(maxBytes / 1024 / 1024)} MB`
      : `${Math.round(maxBytes / 1024)} kB`;
  return `no row ends within ${size} from here (most likely a quoted cell is never closed), so the rest of the file was not read`;
}

/** A header without a required column; `question` asks whether the file is what the import reads. */
export function missingColumnText(missing: string, headerCells: readonly string[], question: string): string {
  const found = headerCells.map((cell) => cell.trim()).filter((cell) => cell !== "");
  const list = found.length === 0 ? "none" : shortList(found);
  return `The file has no '${missing}' column; ${question} Found columns: ${list}.`;
}

export function duplicateColumnsMessage(duplicates: readonly string[]): string {
  return `The file has more than one column for the same field: ${shortList(duplicates)}. Remove the extra column.`;
}

/** Rows `first`-`last` (file lines) could not be saved; `cause` is what the database said. */
export function writeFailedMessage(first: number, last: number, cause: unknown): string {
  return (
    `Saving rows ${first}-${last} failed, so the import stopped there: ${rootMessage(cause)}. ` +
    "Earlier rows are saved; importing the same file again completes the import."
  );
}

/** Drizzle wraps a database error in one quoting the whole statement and its parameters; a person needs the cause. */
export function rootMessage(error: unknown): string {
  let current = error;
  while (current instanceof Error && current.cause instanceof Error) current = current.cause;
  return current instanceof Error ? current.message : String(current);
}

/** Up to 12 names, quoted and cut at 60 characters, then how many more. */
export function shortList(names: readonly string[]): string {
  const shown = names.slice(0, 12).map((name) => `'${name.length > 60 ? `${name.slice(0, 60)}…` : name}'`);
  return names.length > shown.length
    ? `${shown.join(", ")} and ${names.length - shown.length} more`
    : shown.join(", ");
}
