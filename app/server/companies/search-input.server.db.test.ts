/**
 * docs/product.md#security: hostile or unusual search input reaches the database as the search page, the count and the
 * export read it (parseSearchParams, then searchConditions), and never fails there: NUL and other control
 * characters, continent names that are Object.prototype keys, and text that differs from the stored text
 * only in case or Unicode normalisation.
 */
import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { parseSearchParams, type SearchState } from "~/core/search-params";
import { setUpTestDatabase } from "~tests/fixtures/database";
import { company } from "~tests/fixtures/factories";
import { queryRows } from "../db/query-rows.server";
import { companies } from "../db/schema";
import { readExportCriteria } from "../export/export-request.server";
import { streamCompaniesCsv } from "./export.server";
import { countMatches, invalidateSearchCounts, searchCompanies } from "./search.server";
import { searchConditions, whereClause } from "./search-filters.server";

const database = setUpTestDatabase();
const TODAY = new Date("2026-11-21T12:00:00Z");

beforeEach(async () => {
  invalidateSearchCounts();
  await database.db.insert(companies).values([
    company("İstanbul Labs", {
      headquartersLocation: "Istanbul, Istanbul, Turkey",
      city: "Istanbul",
      region: "Istanbul",
      country: "Turkey",
      industries: ["SaaS"],
      lastFundingType: "Seed",
    }),
    company("Zürich AG", {
      headquartersLocation: "Zürich, Zurich, Switzerland",
      city: "Zürich",
      region: "Zurich",
      country: "Switzerland",
      industries: ["SaaS"],
      lastFundingType: "Seed",
    }),
    company("Plain Co", { description: "nothing special" }),
  ]);
});

function stateOf(query: string): SearchState {
  return parseSearchParams(new URLSearchParams(query)).state;
}

async function names(state: SearchState): Promise<string[]> {
  const result = await searchCompanies(database.db, state, { canSeeEmails: true, today: TODAY });
  return result.companies.map((card) => card.organizationName).sort();
}

async function exportedRows(state: SearchState): Promise<number> {
  const exported = await streamCompaniesCsv(database, state, { today: TODAY });
  await new Response(exported.stream).arrayBuffer();
  const outcome = await exported.done;
  expect(outcome.status).toBe("complete");
  return outcome.rows;
}

const CONTROLS = ["\u0000", "\u0001", "\u0007", "\u001f", "\u007f", "\u0085", "\u009f"];
const PARAMS = ["q", "industry", "stage", "location", "amount", "date", "page"] as const;

describe("control characters in search and export parameters (docs/product.md#security)", () => {
  it.each(CONTROLS.map((char) => [`U+${char.codePointAt(0)?.toString(16).padStart(4, "0")}`, char]))(
    "%s in every parameter: search, count and export answer normally",
    async (_name, char) => {
      for (const param of PARAMS) {
        const value = { q: "zürich", industry: "SaaS", stage: "Seed", location: "country:Switzerland" }[
          param as string
        ];
        const params = new URLSearchParams({ [param]: `${char}${value ?? "x"}${char}` });
        const state = parseSearchParams(params).state;
        await expect(names(state)).resolves.toBeInstanceOf(Array);
        await expect(countMatches(database.db, searchConditions(state, TODAY))).resolves.toMatchObject({
          isApproximate: false,
        });
        await expect(exportedRows(state)).resolves.toBeTypeOf("number");
      }
    },
  );

  it("a NUL inside a value is dropped, so the rest of the value still filters", async () => {
    expect(await names(stateOf("q=z%00%C3%BCrich"))).toEqual(["Zürich AG"]);
    expect(await names(stateOf("industry=Saa%00S&location=country%3ASwitzer%00land"))).toEqual(["Zürich AG"]);
  });

  it("the export criteria (query string and JSON body) with NUL bytes give a normal export", async () => {
    const get = await readExportCriteria(
      new Request("http://localhost/api/export-csv?q=%00z%C3%BCrich&stage=Se%00ed&location=%00"),
    );
    expect(get.errors).toEqual([]);
    expect(await exportedRows(get.state)).toBe(1);
    const post = await readExportCriteria(
      new Request("http://localhost/api/export-csv", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          searchQuery: "\u0000istanbul\u0000",
          filters: { industry: "SaaS\u0000", fundingStage: "\u0000", location: "country:Turkey\u0000" },
        }),
      }),
    );
    expect(post.errors).toEqual([]);
    expect(await exportedRows(post.state)).toBe(1);
  });
});

describe("continent names that are Object.prototype keys (docs/product.md#security)", () => {
  it.each(["toString", "__proto__", "constructor", "hasOwnProperty", "valueOf"])(
    "continent:%s matches nothing and does not throw",
    async (name) => {
      const state = stateOf(`location=continent%3A${encodeURIComponent(name)}`);
      expect(state.location).toEqual([`continent:${name}`]);
      expect(await names(state)).toEqual([]);
      expect((await countMatches(database.db, searchConditions(state, TODAY))).total).toBe(0);
      expect(await exportedRows(state)).toBe(0);
    },
  );

  it("real continents still match", async () => {
    expect(await names(stateOf("location=continent%3AEurope"))).toEqual(["Zürich AG"]);
    expect(await names(stateOf("location=continent%3AMiddle+East"))).toEqual(["İstanbul Labs"]);
  });
});

describe("text search ignores case and Unicode normalisation (docs/product.md#search)", () => {
  it.each([
    ["İSTANBUL", "İstanbul Labs"],
    ["ISTANBUL", "İstanbul Labs"],
    ["istanbul", "İstanbul Labs"],
    ["İstanbul", "İstanbul Labs"],
    ["zürich", "Zürich AG"],
    ["zu\\u0308rich", "Zürich AG"],
    ["ZÜRICH", "Zürich AG"],
    ["ZU\\u0308RICH", "Zürich AG"],
  ])("%j finds %s (search, count and export)", async (query, name) => {
    const q = JSON.parse(`"${query}"`) as string;
    const state = stateOf(new URLSearchParams({ q }).toString());
    expect(await names(state)).toEqual([name]);
    expect((await countMatches(database.db, searchConditions(state, TODAY))).total).toBe(1);
    expect(await exportedRows(state)).toBe(1);
  });

  it("stored search text is NFC even when the row was written decomposed", async () => {
    await database.db
      .insert(companies)
      .values(company("Mu\u0308nchen Robotics", { description: "Cafe\u0301" }));
    const [row] = await queryRows<{ nfc: boolean }>(
      database.db,
      sql`select search_text is nfc normalized as nfc from companies where organization_name like 'Mu%'`,
    );
    expect(row?.nfc).toBe(true);
    expect(await names(stateOf("q=M%C3%BCnchen"))).toEqual(["Mu\u0308nchen Robotics"]);
    expect(await names(stateOf("q=CAF%C3%89"))).toEqual(["Mu\u0308nchen Robotics"]);
  });

  it("%, _ and \\ stay literal when the database lowers the pattern", async () => {
    await database.db
      .insert(companies)
      .values(company("Percent Co", { description: "100% ORGANIC_GROWTH in C:\\DATA" }));
    expect(await names(stateOf("q=100%25+organic"))).toEqual(["Percent Co"]);
    expect(await names(stateOf("q=C_GROWTH"))).toEqual(["Percent Co"]);
    expect(await names(stateOf("q=cXgrowth"))).toEqual([]);
    expect(await names(stateOf("q=1%25"))).toEqual([]);
    expect(await names(stateOf("q=c%3A%5Cdata"))).toEqual(["Percent Co"]);
    expect(await names(stateOf("q=c%3A%5C%5Cdata"))).toEqual([]);
  });

  it("the text condition can still use the trigram index", async () => {
    // One transaction: on a server pool, SET LOCAL and EXPLAIN must share a connection.
    const plan = await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const condition = searchConditions(stateOf("q=%C4%B0STANBUL"), TODAY);
      const result = (await tx.execute(
        sql`explain select id from companies ${whereClause(condition)}`,
      )) as unknown as {
        rows: Array<Record<string, string>>;
      };
      return result.rows.map((line) => Object.values(line).join("")).join("\n");
    });
    expect(plan).toContain("companies_search_text_trgm_idx");
  });
});
