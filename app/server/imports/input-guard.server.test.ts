import { Readable, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { describe, expect, it } from "vitest";
import { ImportFileError } from "./import-errors";
import { InputGuard, SNIFF_BYTES, sniff } from "./input-guard.server";

describe("sniff", () => {
  it("lets CSV text through, with or without a BOM, UTF-16 included", () => {
    expect(sniff(Buffer.from("Organization Name,Website\n"))).toBeNull();
    expect(sniff(Buffer.from("\ufeffa,b\n"))).toBeNull();
    expect(sniff(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from("a,b\n", "utf16le")]))).toBeNull();
  });

  it("calls a file with only blanks (or only a BOM) empty", () => {
    expect(sniff(Buffer.alloc(0))).toBe("The file is empty.");
    expect(sniff(Buffer.from(" \r\n\n"))).toBe("The file is empty.");
    expect(sniff(Buffer.from([0xef, 0xbb, 0xbf]))).toBe("The file is empty.");
  });

  it("refuses a workbook and binary data", () => {
    expect(sniff(Buffer.from("PK\x03\x04rest", "latin1"))).toMatch(/Excel workbook or a zip archive/);
    expect(sniff(Buffer.from([0x61, 0x00, 0x62]))).toBe("The file is not a CSV text file.");
  });
});

/** Runs `chunks` through a guard whose parser reports `records` rows so far; returns what came out. */
async function guarded(chunks: Buffer[], maxBytesWithoutRow: number, records = () => 0) {
  const parser = {
    get info() {
      return { records: records() };
    },
  };
  const guard = new InputGuard(parser, maxBytesWithoutRow);
  const out: Buffer[] = [];
  await pipeline(
    Readable.from(chunks),
    guard,
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        out.push(chunk);
        done();
      },
    }),
  );
  return { text: Buffer.concat(out).toString("latin1"), truncated: guard.truncated };
}

describe("InputGuard", () => {
  it("passes a small CSV through whole once it has sniffed it", async () => {
    expect(await guarded([Buffer.from("a,b\n"), Buffer.from("c,d\n")], 1024)).toEqual({
      text: "a,b\nc,d\n",
      truncated: false,
    });
  });

  it("fails an empty file before passing anything on", async () => {
    await expect(guarded([Buffer.from("  \n")], 1024)).rejects.toThrow(ImportFileError);
  });

  it("stops after maxBytesWithoutRow bytes without a record, ending with a tail that fails to parse", async () => {
    const head = Buffer.alloc(SNIFF_BYTES, "a");
    const result = await guarded(
      [head, Buffer.alloc(600, "b"), Buffer.alloc(600, "c"), Buffer.from("d")],
      1000,
    );
    expect(result.truncated).toBe(true);
    expect(result.text).toBe(`${"a".repeat(SNIFF_BYTES)}${"b".repeat(600)}x"x`);
  });

  it("keeps reading while records keep ending", async () => {
    let records = 0;
    const chunks = [
      Buffer.alloc(SNIFF_BYTES, "a"),
      ...Array.from({ length: 5 }, () => Buffer.alloc(600, "b")),
    ];
    const result = await guarded(chunks, 1000, () => records++);
    expect(result.truncated).toBe(false);
    expect(result.text).toHaveLength(SNIFF_BYTES + 3000);
  });
});
