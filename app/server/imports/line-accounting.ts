/**
 * File line numbers for import reports. csv-parse counts every "\r" and every "\n" as a line break, so a
 * "\r\n" inside a quoted cell counts as two lines where a text editor counts one; it also reports where a
 * record ends, not where it starts. These functions turn its figures into the line a person sees a row
 * start on (the header is line 1).
 */

/** Line breaks the way csv-parse counts them: every "\r" and every "\n". */
export function csvLineBreaks(text: string): number {
  if (!text.includes("\n") && !text.includes("\r")) return 0;
  let count = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === 10 || code === 13) count++;
  }
  return count;
}

export function crlfPairs(text: string): number {
  if (!text.includes("\r\n")) return 0;
  return text.split("\r\n").length - 1;
}

/**
 * A skipped row's raw text starts with the blank lines before it and may end with a line break csv-parse
 * has not counted yet; neither is part of the row's own span.
 */
export function stripUncountedBreaks(raw: string): string {
  return raw.replace(/^[\r\n]+/, "").replace(/[\r\n]$/, "");
}

/** The line a row csv-parse skipped starts on, as csv-parse counts lines, from the error's line count and the row's raw text. */
export function skippedRowCsvLine(errorLines: number, raw: string): number {
  return errorLines - csvLineBreaks(stripUncountedBreaks(raw));
}

/**
 * Keeps the difference between csv-parse's line count and a text editor's (the "\r\n" pairs inside quoted
 * cells so far). Rows must be passed in file order, records and skipped rows alike.
 */
export class LineAccounting {
  private offset = 0;

  /** The line a parsed record starts on, from csv-parse's line count after it (`info.lines`). */
  recordLine(cells: readonly string[], linesAfter: number): number {
    const line = linesAfter - cells.reduce((sum, cell) => sum + csvLineBreaks(cell), 0) - this.offset;
    this.offset += cells.reduce((sum, cell) => sum + crlfPairs(cell), 0);
    return line;
  }

  /** The line a skipped row starts on, from its csv-parse start line and the "\r\n" pairs of its raw text. */
  skippedLine(csvLine: number, rawCrlfPairs: number): number {
    const line = csvLine - this.offset;
    this.offset += rawCrlfPairs;
    return line;
  }
}
