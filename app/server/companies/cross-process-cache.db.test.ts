/**
 * docs/product.md#security: counts agree across processes. Each "process" here has its own module instances (its
 * own in-process caches, which the other's invalidateCatalog() never reaches) and its own database handle
 * (tests/fixtures/second-process.ts). A write through A must show on B's next read, not 5 minutes later.
 */
import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { EMPTY_SEARCH, type SearchState } from "~/core/search-params";
import { crunchbaseRecord, csvStream, toCrunchbaseCsv } from "~tests/fixtures/crunchbase-csv";
import { setUpTestDatabase } from "~tests/fixtures/database";
import { company } from "~tests/fixtures/factories";
import { loadProcessModules, openSecondHandle, type SecondHandle } from "~tests/fixtures/second-process";
import type { Db } from "../db/database.server";
import { companies } from "../db/schema";

const TODAY = new Date("2026-11-21T12:00:00Z");
const database = setUpTestDatabase();

function processModules() {
  return loadProcessModules(async () => ({
    search: await import("./search.server"),
    catalog: await import("./catalog.server"),
    doNotSell: await import("../suppression/do-not-sell.server"),
    importer: await import("./import-companies.server"),
    seed: await import("../demo-data/seed.server"),
  }));
}

type Modules = Awaited<ReturnType<typeof processModules>>;

/** One app process: its modules and its database handle, with the reads a page does. */
function appProcess(modules: Modules, db: Db) {
  return {
    db,
    modules,
    async search(state: Partial<SearchState> = {}) {
      const result = await modules.search.searchCompanies(
        db,
        { ...EMPTY_SEARCH, ...state },
        { canSeeEmails: true, today: TODAY },
      );
      return { names: result.companies.map((card) => card.organizationName), total: result.total };
    },
    async homeTotal() {
      return (await modules.catalog.getHomeStats(db)).totalCompanies;
    },
    async industries() {
      return (await modules.catalog.getFilterOptions(db)).industries;
    },
  };
}

let second: SecondHandle;
let a: ReturnType<typeof appProcess>;
let b: ReturnType<typeof appProcess>;

beforeEach(async () => {
  second = await openSecondHandle(database);
  a = appProcess(await processModules(), database.db);
  b = appProcess(await processModules(), second.db);
  await database.db
    .insert(companies)
    .values([
      company("Quantix Labs", { email: "ann@quantix.example", industries: ["Robotics"] }),
      company("Northwind", { email: "bob@northwind.example", industries: ["Logistics"] }),
      company("Acme Robotics", { email: "cy@acme.example", industries: ["Robotics"] }),
    ]);
});

afterEach(async () => {
  await second.close();
});

describe("caches agree across processes (docs/product.md#security)", () => {
  it("models two processes: A's in-process invalidation does not reach B's caches", () => {
    expect(a.modules.catalog).not.toBe(b.modules.catalog);
    expect(a.modules.search).not.toBe(b.modules.search);
    expect(a.db).not.toBe(b.db);
  });

  it("a do-not-sell request through A changes B's next count, list and home figures at once", async () => {
    for (const reader of [a, b]) {
      expect(await reader.search()).toMatchObject({ total: 3 });
      expect(await reader.search({ q: "quantix" })).toEqual({ names: ["Quantix Labs"], total: 1 });
      expect(await reader.homeTotal()).toBe(3);
    }
    await a.modules.doNotSell.requestDoNotSell(a.db, "ann@quantix.example");
    for (const reader of [b, a]) {
      expect(await reader.search()).toEqual({ names: ["Acme Robotics", "Northwind"], total: 2 });
      expect(await reader.search({ q: "quantix" })).toEqual({ names: [], total: 0 });
      expect(await reader.homeTotal()).toBe(2);
    }
  });

  it("an import through A changes B's counts, home figures and filter options at once", async () => {
    expect(await b.search({ industry: ["Software"] })).toEqual({ names: [], total: 0 });
    expect(await b.homeTotal()).toBe(3);
    expect(await b.industries()).toEqual(["Logistics", "Robotics"]);
    const csv = toCrunchbaseCsv([crunchbaseRecord(1, { Industries: "Software" })]);
    const report = await a.modules.importer.importCompanies(a.db, csvStream(csv), { today: TODAY });
    expect(report.inserted).toBe(1);
    expect(await b.search({ industry: ["Software"] })).toMatchObject({ total: 1 });
    expect(await b.homeTotal()).toBe(4);
    expect(await b.industries()).toEqual(["Logistics", "Robotics", "Software"]);
  });

  it("a write that calls no invalidation at all (an admin edit) reaches every process", async () => {
    expect(await a.search({ industry: ["Logistics"] })).toMatchObject({ total: 1 });
    expect(await b.search({ industry: ["Logistics"] })).toMatchObject({ total: 1 });
    expect(await b.industries()).toEqual(["Logistics", "Robotics"]);
    await a.db.execute(
      sql`update companies set industries = '{Shipping}' where organization_name = 'Northwind'`,
    );
    for (const reader of [a, b]) {
      expect(await reader.search({ industry: ["Logistics"] })).toEqual({ names: [], total: 0 });
      expect(await reader.industries()).toEqual(["Robotics", "Shipping"]);
    }
    await a.db.execute(sql`delete from companies where organization_name = 'Acme Robotics'`);
    for (const reader of [a, b]) {
      expect(await reader.search()).toEqual({ names: ["Northwind", "Quantix Labs"], total: 2 });
      expect(await reader.homeTotal()).toBe(2);
    }
  });

  it("a seed through A shows on B at once", async () => {
    await database.db.execute(sql`delete from companies`);
    expect(await b.search()).toMatchObject({ total: 0 });
    expect(await b.homeTotal()).toBe(0);
    const seeded = await a.modules.seed.seedIfEmpty(a.db, { count: 20, today: TODAY });
    expect(seeded?.inserted).toBe(20);
    expect(await b.search()).toMatchObject({ total: 20 });
    expect(await b.homeTotal()).toBe(20);
  });
});
