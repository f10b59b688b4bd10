import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import {
  crlfPairs,
  csvLineBreaks,
  LineAccounting,
  skippedRowCsvLine,
  stripUncountedBreaks,
} from "./line-accounting";

describe("line counting helpers", () => {
  it("counts line breaks as csv-parse does: every \\r and every \\n", () => {
    expect(csvLineBreaks("plain")).toBe(0);
    expect(csvLineBreaks("a\r\nb\nc\r")).toBe(4);
  });

  it("counts \\r\\n pairs", () => {
    expect(crlfPairs("a\nb\r")).toBe(0);
    expect(crlfPairs("a\r\nb\r\n\r\n")).toBe(3);
  });

  it("strips the blank lines before a skipped row and one uncounted break after it", () => {
    expect(stripUncountedBreaks('\n\r\nx"y\n\n')).toBe('x"y\n');
    expect(stripUncountedBreaks("x")).toBe("x");
  });

  it("finds a skipped row's start line from the error's line count and the row's raw text", () => {
    // The row spans two lines ("\n" inside it) and csv-parse reports the line it stopped on, 9.
    expect(skippedRowCsvLine(9, '\n\nx"y\nz\n')).toBe(8);
  });
});

describe("LineAccounting", () => {
  it("gives the lines a text editor shows, whatever quoted cells span", () => {
    const text = 'h1,h2\r\n"a\r\nb",c\r\nd,e\r\n"x\ny",z\r\nlast,row\r\n';
    const lines = new LineAccounting();
    // With `info`, csv-parse gives each record with its counts (its sync typing does not say so).
    const records = parse(text, { info: true }) as unknown as Array<{
      record: string[];
      info: { lines: number };
    }>;
    expect(records.map(({ record, info }) => lines.recordLine(record, info.lines))).toEqual([1, 2, 4, 5, 7]);
  });

  it("shifts later rows by the \\r\\n pairs of the skipped rows before them", () => {
    const lines = new LineAccounting();
    expect(lines.recordLine(["a\r\nb"], 3)).toBe(1);
    expect(lines.skippedLine(4, 2)).toBe(3);
    expect(lines.recordLine(["c"], 9)).toBe(6);
  });
});
