import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { CsvRecordReader } from "./csv-records";

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

describe("the converter's CSV reader (issue 18)", () => {
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
});
