import { parse } from "csv-parse/sync";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CSV_LINE_END,
  csvCell,
  csvRow,
  exportFileName,
  fileNameFromDisposition,
  neutralizeFormula,
  UTF8_BOM,
} from "./csv";

const FORMULA_CHARACTERS = ["=", "+", "-", "@", "\t", "\r"];

/** Strings made mostly of the characters CSV and spreadsheets treat specially, plus some accents. */
const trickyText = fc.string({
  unit: fc.constantFrom('"', ",", "\r", "\n", "=", "+", "-", "@", "\t", "'", " ", "a", "Z", "é", "ü", "0"),
  maxLength: 12,
});
/** Any text at all, including astral characters. */
const anyText = fc.oneof(trickyText, fc.string({ unit: "binary", maxLength: 30 }));
const anyValue = fc.oneof(
  anyText,
  fc.constant(null),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

function parseCsv(text: string | Buffer): string[][] {
  return parse(text, { bom: true, relax_quotes: false, skip_empty_lines: false }) as string[][];
}

function expected(value: string | number | null): string {
  return value === null ? "" : neutralizeFormula(String(value));
}

describe("csvCell (RFC 4180 and formula neutralising)", () => {
  it("leaves plain text alone", () => {
    expect(csvCell("Acme Robotics")).toBe("Acme Robotics");
    expect(csvCell("Zürich, Switzerland")).toBe('"Zürich, Switzerland"');
    expect(csvCell(1_500_000)).toBe("1500000");
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
  });

  it("quotes quotes, commas and line breaks, doubling the quotes", () => {
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell("line\nbreak")).toBe('"line\nbreak"');
    expect(csvCell("line\r\nbreak")).toBe('"line\r\nbreak"');
  });

  it("puts an apostrophe before a cell that would start a formula", () => {
    expect(csvCell('=HYPERLINK("http://evil.example","x")')).toBe(
      '"\'=HYPERLINK(""http://evil.example"",""x"")"',
    );
    expect(csvCell("+1 555 0100")).toBe("'+1 555 0100");
    expect(csvCell("-2+3")).toBe("'-2+3");
    expect(csvCell("@SUM(A1:A2)")).toBe("'@SUM(A1:A2)");
    expect(csvCell("\t=1")).toBe("'\t=1");
    expect(csvCell("\r=1")).toBe('"\'\r=1"');
    expect(csvCell("=1,2")).toBe('"\'=1,2"');
    // Only the first character counts: a formula character later on is harmless.
    expect(csvCell("a=b")).toBe("a=b");
    expect(csvCell("'=already quoted")).toBe("'=already quoted");
  });
});

describe("csvRow", () => {
  it("joins cells with commas and ends the record with CRLF", () => {
    expect(csvRow(["a", null, 3, "x,y"])).toBe('a,,3,"x,y"\r\n');
  });

  it("keeps a record of one empty field from becoming a skipped empty line", () => {
    expect(parseCsv(csvRow([""]))).toEqual([[""]]);
    expect(parseCsv(csvRow([null]))).toEqual([[""]]);
  });
});

describe("the semicolon delimiter (docs/product.md#converter: Excel in European locales)", () => {
  it("joins with semicolons and quotes a cell holding one", () => {
    expect(csvRow(["a", "b;c", null, 3], ";")).toBe('a;"b;c";;3\r\n');
    expect(csvCell("x;y", ";")).toBe('"x;y"');
    // A comma is quoted as well, so a tool guessing the separator is never misled.
    expect(csvCell("Zürich, Switzerland", ";")).toBe('"Zürich, Switzerland"');
    expect(csvCell("=1;2", ";")).toBe('"\'=1;2"');
  });

  it("leaves the comma default unchanged (a semicolon needs no quotes there)", () => {
    expect(csvCell("a;b")).toBe("a;b");
    expect(csvRow(["a;b", "c"])).toBe("a;b,c\r\n");
  });

  it("any row round-trips through a parser told the delimiter", () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(anyValue, fc.string({ unit: fc.constantFrom(";", "a", '"', "\n", "=") })), {
          minLength: 1,
          maxLength: 8,
        }),
        (values) => {
          const parsed = parse(csvRow(values, ";"), {
            delimiter: ";",
            relax_quotes: false,
            skip_empty_lines: false,
          });
          expect(parsed).toEqual([values.map(expected)]);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe("properties (docs/product.md#export: safe output)", () => {
  it("any row round-trips through a CSV parser (formula cells gain only the apostrophe)", () => {
    fc.assert(
      fc.property(fc.array(anyValue, { minLength: 1, maxLength: 8 }), (values) => {
        expect(parseCsv(csvRow(values))).toEqual([values.map(expected)]);
      }),
      { numRuns: 500 },
    );
  });

  it("a whole file (BOM, several records) encoded as UTF-8 parses back to the same table", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }).chain((width) =>
          fc.array(fc.array(anyText, { minLength: width, maxLength: width }), {
            minLength: 1,
            maxLength: 10,
          }),
        ),
        (rows) => {
          const text = UTF8_BOM + rows.map((row) => csvRow(row)).join("");
          const bytes = Buffer.from(new TextEncoder().encode(text));
          expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
          expect(parseCsv(bytes)).toEqual(rows.map((row) => row.map(expected)));
        },
      ),
      { numRuns: 200 },
    );
  });

  it("no exported cell can start a formula", () => {
    fc.assert(
      fc.property(fc.array(anyValue, { minLength: 1, maxLength: 8 }), (values) => {
        for (const cell of parseCsv(csvRow(values))[0] ?? []) {
          expect(FORMULA_CHARACTERS.some((character) => cell.startsWith(character))).toBe(false);
        }
      }),
      { numRuns: 500 },
    );
  });

  it("removing the added apostrophe gives the original text back", () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const [cell] = parseCsv(csvRow([text, "x"]))[0] ?? [];
        const added = FORMULA_CHARACTERS.some((character) => text.startsWith(character));
        expect(added ? cell?.slice(1) : cell).toBe(text);
      }),
      { numRuns: 500 },
    );
  });
});

describe("exportFileName (docs/product.md#calls)", () => {
  it("is the short name, 'companies-', the ISO date (UTC) and '.csv'", () => {
    expect(exportFileName(new Date("2026-11-21T23:30:00Z"))).toBe("roundlist-companies-2026-11-21.csv");
    expect(exportFileName(new Date("2027-01-02T00:00:00Z"))).toBe("roundlist-companies-2027-01-02.csv");
  });

  it("is read back from a Content-Disposition header", () => {
    expect(fileNameFromDisposition('attachment; filename="roundlist-companies-2026-11-21.csv"')).toBe(
      "roundlist-companies-2026-11-21.csv",
    );
    expect(fileNameFromDisposition("attachment")).toBeNull();
    expect(fileNameFromDisposition(null)).toBeNull();
  });

  it("records end with CRLF", () => {
    expect(CSV_LINE_END).toBe("\r\n");
  });
});
