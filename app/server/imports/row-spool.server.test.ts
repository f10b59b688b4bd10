import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { RowSpool } from "./row-spool.server";

interface Row {
  row: number;
  keys: string[];
  text?: string;
}

async function batchesOf(rows: readonly Row[], batchSize: number): Promise<number[][]> {
  const spool = await RowSpool.create<Row>();
  try {
    for (const row of rows) await spool.add(row, row.keys);
    const batches: number[][] = [];
    for await (const batch of spool.batches(batchSize)) batches.push(batch.map((row) => row.row));
    return batches;
  } finally {
    await spool.dispose();
  }
}

describe("RowSpool (decision 030, each company once per file)", () => {
  it("puts rows sharing a key in one batch, in file order, groups in the order of their first row", async () => {
    const rows: Row[] = [
      { row: 2, keys: ["a"] },
      { row: 3, keys: ["b"] },
      { row: 4, keys: ["c"] },
      { row: 5, keys: ["a"] },
      { row: 6, keys: ["b"] },
      { row: 7, keys: ["a"] },
    ];
    expect(await batchesOf(rows, 3)).toEqual([
      [2, 5, 7],
      [3, 6, 4],
    ]);
  });

  it("ties groups together through a shared key, however late it comes", async () => {
    const rows: Row[] = [
      { row: 2, keys: ["n:acme"] },
      { row: 3, keys: ["n:other"] },
      { row: 4, keys: ["n:globex", "u:round-1"] },
      // The same round under the first company: the two companies' rows become one group.
      { row: 5, keys: ["n:acme", "u:round-1"] },
    ];
    expect(await batchesOf(rows, 2)).toEqual([[2, 4, 5], [3]]);
  });

  it("keeps a group larger than a batch whole, and a row without keys alone", async () => {
    const rows: Row[] = [
      { row: 2, keys: [] },
      { row: 3, keys: ["x"] },
      { row: 4, keys: ["x"] },
      { row: 5, keys: ["x"] },
      { row: 6, keys: [] },
    ];
    expect(await batchesOf(rows, 2)).toEqual([[2], [3, 4, 5], [6]]);
  });

  it("gives each row back as it was given, long and non-ASCII text included", async () => {
    const text = `Zürich \u00a0 ${"é".repeat(5_000)} "quoted"\n`;
    const spool = await RowSpool.create<Row>();
    await spool.add({ row: 2, keys: ["k"], text }, ["k"]);
    await spool.add({ row: 3, keys: ["k"] }, ["k"]);
    const batches: Row[][] = [];
    for await (const batch of spool.batches(10)) batches.push(batch);
    expect(batches).toEqual([
      [
        { row: 2, keys: ["k"], text },
        { row: 3, keys: ["k"] },
      ],
    ]);
    await spool.dispose();
  });

  it("deletes its file when disposed", async () => {
    const spool = await RowSpool.create<Row>();
    await spool.add({ row: 2, keys: [] }, []);
    const dir = spool.directory;
    expect(existsSync(dir)).toBe(true);
    await spool.dispose();
    expect(existsSync(dir)).toBe(false);
  });
});
