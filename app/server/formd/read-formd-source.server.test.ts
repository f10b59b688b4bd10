import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type FormDFixture, writePrimaryDocs, writeQuarterZip } from "~tests/fixtures/formd";
import { readFormDSource } from "./read-formd-source.server";
import type { FormDReadItem } from "./read-quarter.server";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "rl-formd-source-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function readAll(source: string): Promise<FormDReadItem[]> {
  const items: FormDReadItem[] = [];
  for await (const item of readFormDSource(source)) items.push(item);
  return items;
}

const filing = (n: number): FormDFixture => ({
  accessionNumber: `0001234567-26-00000${n}`,
  cik: "1234567",
  name: `Acme ${n}, Inc.`,
});

describe("readFormDSource (decision 031)", () => {
  it("reads a quarter zip, a single primary_doc.xml, and a folder of either", async () => {
    const zip = await writeQuarterZip(path.join(dir, "zips", "2026q3_d.zip"), [filing(1), filing(2)]);
    const [doc] = await writePrimaryDocs(path.join(dir, "edgar"), [filing(3), filing(4)], "edgar");
    await writePrimaryDocs(path.join(dir, "flat"), [filing(5)], "flat");
    const names = (items: FormDReadItem[]) => items.map((item) => item.filing?.accessionNumber);
    expect(names(await readAll(zip))).toEqual(["0001234567-26-000001", "0001234567-26-000002"]);
    expect(names(await readAll(doc ?? ""))).toEqual(["0001234567-26-000003"]);
    expect(names(await readAll(path.join(dir, "edgar")))).toEqual([
      "0001234567-26-000003",
      "0001234567-26-000004",
    ]);
    expect(names(await readAll(path.join(dir, "flat")))).toEqual(["0001234567-26-000005"]);
    // The whole folder: zips first, then filings.
    expect(names(await readAll(dir))).toEqual([
      "0001234567-26-000001",
      "0001234567-26-000002",
      "0001234567-26-000003",
      "0001234567-26-000004",
      "0001234567-26-000005",
    ]);
  });

  it("reports a filing of a folder it cannot read as a rejected row, and reads the rest", async () => {
    await writePrimaryDocs(dir, [filing(1)], "flat");
    const bad = path.join(dir, "0001234567-26-000009.xml");
    await writeFile(bad, "<not-xml");
    const items = await readAll(dir);
    expect(items.map((item) => item.filing?.accessionNumber ?? item.rejected?.position)).toEqual([
      "0001234567-26-000001",
      { file: bad, line: 1 },
    ]);
    expect(items[1]?.rejected?.accessionNumber).toBe("0001234567-26-000009");
  });

  it("refuses a path that is no Form D source, saying what is expected", async () => {
    await expect(readAll(path.join(dir, "missing.zip"))).rejects.toThrow("does not exist");
    const text = path.join(dir, "notes.txt");
    await writeFile(text, "hello");
    await expect(readAll(text)).rejects.toThrow(
      "notes.txt is not a Form D source: give a quarterly zip, a primary_doc.xml or a folder of them",
    );
    await rm(text);
    await expect(readAll(dir)).rejects.toThrow("holds no quarterly zip and no primary_doc.xml");
  });
});
