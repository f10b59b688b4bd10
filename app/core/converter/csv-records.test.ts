import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { CsvRecordReader, CsvRecordTooLong, MAX_RECORD_CHARS } from "./csv-records";

function readAll(text: string, chunks: number[], delimiter: "," | ";" = ","): string[][] {
  const reader = new CsvRecordReader(delimiter);
  const records: string[][] = [];
  let at = 0;
  for (const size of chunks) {
    records.push(...reader.push(text.slice(at, at + size)));
    at += size;
  }
  records.push(...reader.push(text.slice(at)));
  records.push(...reader.end());
  return records;
}

const SAMPLES = [
  "a,b,c\r\n1,2,3\r\n",
  'name,note\n"Smith, John","said ""hi""\nthen left"\nx,\n',
  '\uFEFFh1,h2\n\n"",z\n\nlast,row',
  'a,b\r\n"multi\r\nline",2\r\n"end"',
  'single\n"q"\n',
  ",,\n,,\n",
];

describe("the converter's CSV reader", () => {
  it("reads what csv-parse reads, however the text is cut into chunks", () => {
    for (const sample of SAMPLES) {
      const expected = parse(sample, {
        bom: true,
        skip_empty_lines: true,
        relax_column_count: true,
      }) as string[][];
      for (let cut = 0; cut <= sample.length; cut += 1) {
        expect(readAll(sample, [cut]), `${JSON.stringify(sample)} cut at ${cut}`).toEqual(expected);
      }
      expect(
        readAll(
          sample,
          Array.from({ length: sample.length }, () => 1),
        ),
      ).toEqual(expected);
    }
  });

  it("reads semicolon files, keeps a stray quote as text, and counts an unclosed quote as broken", () => {
    expect(readAll("a;b\n1,5;x\n", [], ";")).toEqual([
      ["a", "b"],
      ["1,5", "x"],
    ]);
    expect(readAll('5" screen,ok\n', [])).toEqual([['5" screen', "ok"]]);
    const reader = new CsvRecordReader();
    expect(reader.push('a,b\n"open,')).toEqual([["a", "b"]]);
    expect(reader.end()).toEqual([]);
    expect(reader.broken).toBe(1);
  });

  it("reads a long file cut into large chunks, quotes and separators inside fields included", () => {
    const line = 'Acme Robotics,"A, quoted ""description""",https://acme.example,ada@acme.example\n';
    const records = readAll(line.repeat(50_000), [65_536, 65_536, 65_536]);
    expect(records).toHaveLength(50_000);
    expect(new Set(records.map((record) => JSON.stringify(record)))).toEqual(
      new Set([
        JSON.stringify([
          "Acme Robotics",
          'A, quoted "description"',
          "https://acme.example",
          "ada@acme.example",
        ]),
      ]),
    );
  });

  it("examines each character a bounded number of times while a record stays open across chunks", () => {
    // A field that never ends, just under the record limit, in the 64 KB chunks a file stream gives: the
    // reader used to copy and rescan the open record at every chunk (work growing with the square).
    const length = MAX_RECORD_CHARS - 10;
    for (const open of [
      `a,b\n"${"x".repeat(length)}`,
      `a,b\n${"x".repeat(length)}`,
      `"${'""'.repeat(length / 2)}`,
    ]) {
      for (const chunkSize of [1, 7, 65_536]) {
        if (chunkSize === 1 && open.length > 100_000) continue;
        const reader = new CsvRecordReader();
        let pushed = 0;
        for (let at = 0; at < open.length; at += chunkSize) {
          const chunk = open.slice(at, at + chunkSize);
          reader.push(chunk);
          pushed += chunk.length;
        }
        reader.end();
        expect(reader.scanned, `${open.slice(0, 8)} in chunks of ${chunkSize}`).toBeLessThanOrEqual(
          4 * pushed,
        );
      }
    }
    const small = `a,b\n"${"x".repeat(50_000)}`;
    const reader = new CsvRecordReader();
    for (const char of small) reader.push(char);
    expect(reader.scanned).toBeLessThanOrEqual(4 * small.length);
  });

  it("reads a record of the longest length accepted, and refuses a longer one by its number", () => {
    const longest = `h\n"${"x".repeat(MAX_RECORD_CHARS - 3)}"\n`;
    expect(readAll(longest, [65_536, 65_536])[1]?.[0]).toHaveLength(MAX_RECORD_CHARS - 3);
    for (const runaway of [
      `h\n"${"x".repeat(MAX_RECORD_CHARS)}`,
      `h\nok\n${"x".repeat(MAX_RECORD_CHARS + 1)}\nnext`,
      `h\n"a""${",".repeat(MAX_RECORD_CHARS)}"\n`,
    ]) {
      for (const chunks of [[], [65_536, 65_536, 65_536]]) {
        let error: unknown = null;
        try {
          readAll(runaway, chunks);
        } catch (thrown) {
          error = thrown;
        }
        expect(error).toBeInstanceOf(CsvRecordTooLong);
        expect((error as CsvRecordTooLong).record).toBe(runaway.includes("ok") ? 3 : 2);
      }
    }
  });

  it("joins a CRLF cut between two chunks, and a quote doubled across the cut", () => {
    const reader = new CsvRecordReader();
    expect(reader.push("a,b\r")).toEqual([["a", "b"]]);
    expect(reader.push('\n"x"')).toEqual([]);
    expect(reader.push('"y",z\n')).toEqual([['x"y', "z"]]);
    expect(reader.end()).toEqual([]);
  });
});
