import { describe, expect, it } from "vitest";
import { formD } from "~tests/fixtures/formd-filings";
import { batchRowOf, batchRowsOf } from "./formd-rows";

describe("decision 031: a reader's items as the import kit's rows", () => {
  it("a filing is a batch row at its line; a rejected one names its file, line and reason", async () => {
    const item = formD({ accession: "0001000001-26-000001", line: 12 });
    expect(batchRowOf(item)).toMatchObject({ row: 12, filing: { accessionNumber: "0001000001-26-000001" } });
    const rejected = {
      position: { file: "2026q1_d.zip:OFFERING.tsv", line: 40 },
      accessionNumber: null,
      reason: "TOTALAMOUNTSOLD is not a number",
    };
    expect(batchRowOf(rejected)).toEqual({
      row: 40,
      reason: "2026q1_d.zip:OFFERING.tsv: TOTALAMOUNTSOLD is not a number",
    });
    const rows = [];
    for await (const row of batchRowsOf([item, rejected])) rows.push(row.row);
    expect(rows).toEqual([12, 40]);
  });
});
