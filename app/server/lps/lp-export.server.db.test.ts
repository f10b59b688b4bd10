import { Readable } from "node:stream";
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { LP_CSV_COLUMNS } from "~/core/lp-csv-columns";
import { EMPTY_LP_SEARCH } from "~/core/lp-search-params";
import { setUpTestDatabase } from "~tests/fixtures/database";
import { lpContacts, lps } from "../db/schema";
import { seedLps } from "../demo-data/lp-seed.server";
import { importLps } from "./import-lps.server";
import { streamLpsCsv } from "./lp-export.server";

const database = setUpTestDatabase();
const TODAY = new Date("2026-11-25T12:00:00Z");

async function exportText(change: Partial<typeof EMPTY_LP_SEARCH> = {}): Promise<string> {
  const exported = await streamLpsCsv(database.db, { ...EMPTY_LP_SEARCH, ...change }, { today: TODAY });
  const text = await new Response(exported.stream).text();
  expect((await exported.done).status).toBe("complete");
  return text;
}

describe("the LP export (docs/product.md#lps)", () => {
  it("writes one row per contact, an LP without contacts as one row, in the view's order", async () => {
    await seedLps(database.db, { count: 60, today: TODAY });
    const [bare] = await database.db
      .insert(lps)
      .values({ slug: "bare", name: "Bare Trust", type: "foundation", aumUsd: 1 })
      .returning({ id: lps.id });
    expect(bare).toBeDefined();
    const [header, ...rows] = parse(await exportText({ sort: "aum-asc" }), { bom: true }) as string[][];
    expect(header).toEqual([...LP_CSV_COLUMNS]);
    const contacts = await database.db.select({ id: lpContacts.id }).from(lpContacts);
    expect(rows).toHaveLength(contacts.length + 1);
    // The smallest AUM first: the bare LP, with its contact columns empty.
    expect(rows[0]?.slice(0, 2)).toEqual(["Bare Trust", "Foundation"]);
    expect(rows[0]?.slice(18)).toEqual(["", "", "", "", ""]);
  });

  it("neutralises a formula in a cell", async () => {
    await database.db.insert(lps).values({ slug: "f", name: '=HYPERLINK("x")', type: "foundation" });
    const [, row] = parse(await exportText(), { bom: true }) as string[][];
    expect(row?.[0]?.startsWith("=")).toBe(false);
    expect(row?.[0]).toContain("HYPERLINK");
  });

  it("imports back unchanged: an exported file is an import file", async () => {
    await seedLps(database.db, { count: 80, today: TODAY });
    const report = await importLps(database.db, Readable.from([await exportText()]), {
      dryRun: true,
      today: TODAY,
    });
    expect(report.rejectedCount).toBe(0);
    expect(report).toMatchObject({ inserted: 0, updated: 0, unchanged: 80 });
  });
});
