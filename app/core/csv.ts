import { PRODUCT_SHORT_NAME } from "./brand";

/**
 * docs/product.md#export: spreadsheet apps (Excel in particular) read a UTF-8 file as the local code page unless it starts
 * with a byte order mark, which turns accents into mojibake.
 */
export const UTF8_BOM = "\uFEFF";

/** RFC 4180 record separator. */
export const CSV_LINE_END = "\r\n";

/**
 * Cells starting with one of these are read as a formula (or as the start of one) by Excel, LibreOffice and
 * Google Sheets: the OWASP "CSV injection" list (=, +, -, @, tab, carriage return).
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * The field separators a file may use: RFC 4180's comma, and the semicolon that Excel expects in locales whose
 * decimal separator is a comma (most of continental Europe), so such a file opens in columns on a double click.
 */
export type CsvDelimiter = "," | ";";

/** A cell that needs RFC 4180 quoting: it holds a quote, a comma or a line break. */
const NEEDS_QUOTES = /[",\r\n]/;
/** Either of the above, in one test: most cells need neither (the export writes millions of them). */
const NEEDS_CARE = /^[=+\-@\t\r]|[",\r\n]/;
/**
 * The same two tests for a semicolon file. A comma is still quoted there: it costs nothing, and a tool that
 * guesses the separator from the first lines then never mistakes a comma in a value for one.
 */
const NEEDS_QUOTES_SEMICOLON = /[",;\r\n]/;
const NEEDS_CARE_SEMICOLON = /^[=+\-@\t\r]|[",;\r\n]/;

export type CsvValue = string | number | bigint | null | undefined;

/**
 * A cell a spreadsheet shows as text: a leading apostrophe makes the app treat what follows as a literal
 * (the OWASP recommendation), so `=HYPERLINK(...)` from an imported company description stays inert.
 */
export function neutralizeFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/**
 * One CSV field: null and undefined are empty; formulas neutralised; quoted per RFC 4180 when needed (a cell
 * holding the file's delimiter is quoted too).
 */
export function csvCell(value: CsvValue, delimiter: CsvDelimiter = ","): string {
  if (value === null || value === undefined) return "";
  const raw = typeof value === "string" ? value : String(value);
  const isComma = delimiter === ",";
  if (!(isComma ? NEEDS_CARE : NEEDS_CARE_SEMICOLON).test(raw)) return raw;
  const text = neutralizeFormula(raw);
  return (isComma ? NEEDS_QUOTES : NEEDS_QUOTES_SEMICOLON).test(text)
    ? `"${text.replaceAll('"', '""')}"`
    : text;
}

/** One CSV record, CRLF-terminated (RFC 4180), its fields separated by `delimiter` (a comma unless told). */
export function csvRow(values: readonly CsvValue[], delimiter: CsvDelimiter = ","): string {
  // A record of one empty field would be an empty line, which parsers skip: quote it so it stays a record.
  if (values.length === 1 && csvCell(values[0], delimiter) === "") return `""${CSV_LINE_END}`;
  return values.map((value) => csvCell(value, delimiter)).join(delimiter) + CSV_LINE_END;
}

/** docs/product.md#calls, export-csv: the product's short name, 'companies-', the ISO date (UTC) and '.csv'. */
export function exportFileName(date: Date, format?: string): string {
  return `${PRODUCT_SHORT_NAME}-companies-${date.toISOString().slice(0, 10)}${format ? `-${format}` : ""}.csv`;
}

/** The file name from a `Content-Disposition: attachment; filename="..."` header, if it names one. */
export function fileNameFromDisposition(header: string | null): string | null {
  const match = header?.match(/filename="([^"]+)"/);
  return match?.[1] ?? null;
}
