import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { EMPTY_LP_SEARCH, type LpSearchState } from "~/core/lp-search-params";
import { setUpTestDatabase } from "~tests/fixtures/database";
import { queryRows } from "../db/query-rows.server";
import { lpContacts, lps, type NewLpContactRow, type NewLpRow } from "../db/schema";
import { requestDoNotSell } from "../suppression/do-not-sell.server";
import { loadLpIndex } from "./lp-catalog.server";
import { lpFilterPanelData } from "./lp-facets.server";
import { countLps, LP_SAMPLE_SIZE, searchLps } from "./lp-search.server";

const database = setUpTestDatabase();
const SECRET = "test-secret-for-lp-do-not-sell-0123456789";

const M = 1_000_000;
const B = 1_000_000_000;

/** Crafted LPs, each built to sit on one side of a filter's boundary. */
const ROWS: Array<NewLpRow & { contacts?: Array<Omit<NewLpContactRow, "lpId">> }> = [
  {
    slug: "alder-family-office",
    name: "Alder Family Office",
    type: "single-family-office",
    city: "Austin",
    country: "United States",
    aumUsd: 100 * M, // exactly the "100m-1b" minimum
    checkMinUsd: 1 * M,
    checkMaxUsd: 5 * M,
    assetClasses: ["venture-capital"],
    stageFocus: ["seed"],
    sectorFocus: ["fintech"],
    acceptsEmerging: "yes",
    backsFirstTimeFunds: true,
    contacts: [
      { position: 0, firstName: "Maya", lastName: "Quill", title: "CIO", email: "maya.quill@alder.example" },
      { position: 1, firstName: "Owen", lastName: "Birch", email: "owen.birch@alder.example" },
    ],
  },
  {
    slug: "beech-endowment",
    name: "Beech University Endowment",
    type: "endowment",
    city: "London",
    country: "United Kingdom",
    aumUsd: 12 * B,
    checkMinUsd: 25 * M,
    checkMaxUsd: 100 * M,
    assetClasses: ["buyout", "venture-capital"],
    stageFocus: ["growth"],
    sectorFocus: [],
    acceptsEmerging: "no",
    contacts: [{ position: 0, firstName: "Ada", lastName: "Lindqvist", email: "ada@beech.example" }],
  },
  {
    slug: "cedar-foundation",
    name: "Cedar Foundation",
    type: "foundation",
    city: "Toronto",
    country: "Canada",
    aumUsd: 99 * M, // just under 100M
    checkMinUsd: null,
    checkMaxUsd: 500_000, // a range with no known minimum, wholly under $1M
    assetClasses: ["private-credit"],
    stageFocus: ["pre-seed", "seed"],
    sectorFocus: ["health", "climate"],
    acceptsEmerging: "unknown",
    contacts: [],
  },
  {
    slug: "dogwood-capital",
    name: "Dogwood Capital Partners",
    type: "fund-of-funds",
    city: "São Paulo",
    country: "Brazil",
    aumUsd: null, // undisclosed
    checkMinUsd: 5 * M, // touches the "1m-5m" range's excluded maximum
    checkMaxUsd: 10 * M,
    assetClasses: ["venture-capital", "secondaries"],
    stageFocus: ["early"],
    sectorFocus: ["fintech", "software"],
    acceptsEmerging: "yes",
    contacts: [{ position: 0, firstName: "Lucas", lastName: "Mendes", email: "lucas@dogwood.example" }],
  },
];

async function insertRows(): Promise<void> {
  for (const { contacts = [], ...lp } of ROWS) {
    const [row] = await database.db.insert(lps).values(lp).returning({ id: lps.id });
    if (!row) throw new Error("insert failed");
    if (contacts.length > 0)
      await database.db.insert(lpContacts).values(contacts.map((contact) => ({ ...contact, lpId: row.id })));
  }
}

async function slugsOf(change: Partial<LpSearchState>): Promise<string[]> {
  const result = await searchLps(database.db, { ...EMPTY_LP_SEARCH, ...change }, { hasLpAccess: true });
  expect(result.total).toBe(result.lps.length);
  return result.lps.map((lp) => lp.slug).sort();
}

beforeEach(insertRows);

describe("LP search filters (docs/product.md#lps), each on crafted rows", () => {
  it("type: any of the chosen types", async () => {
    expect(await slugsOf({ type: ["endowment"] })).toEqual(["beech-endowment"]);
    expect(await slugsOf({ type: ["endowment", "foundation"] })).toEqual([
      "beech-endowment",
      "cedar-foundation",
    ]);
  });

  it("headquarters: a region is its countries (Brazil is Latin America), a country is itself", async () => {
    expect(await slugsOf({ location: ["region:north-america"] })).toEqual([
      "alder-family-office",
      "cedar-foundation",
    ]);
    expect(await slugsOf({ location: ["region:latin-america"] })).toEqual(["dogwood-capital"]);
    expect(await slugsOf({ location: ["country:United Kingdom", "country:Canada"] })).toEqual([
      "beech-endowment",
      "cedar-foundation",
    ]);
    expect(await slugsOf({ location: ["region:africa"] })).toEqual([]);
  });

  it("AUM: a range includes its minimum, excludes its maximum, and an undisclosed AUM is in none", async () => {
    expect(await slugsOf({ aum: "100m-1b" })).toEqual(["alder-family-office"]);
    expect(await slugsOf({ aum: "under-100m" })).toEqual(["cedar-foundation"]);
    expect(await slugsOf({ aum: "10b-100b" })).toEqual(["beech-endowment"]);
    expect(await slugsOf({ aum: "100b-plus" })).toEqual([]);
  });

  it("check size: the LP's range overlaps the chosen one; a range with one known end is judged by it", async () => {
    // [1M, 5M] overlaps; Dogwood's [5M, 10M] only touches 5M, which the range excludes.
    expect(await slugsOf({ check: "1m-5m" })).toEqual(["alder-family-office"]);
    expect(await slugsOf({ check: "5m-25m" })).toEqual(["alder-family-office", "dogwood-capital"]);
    expect(await slugsOf({ check: "under-1m" })).toEqual(["cedar-foundation"]);
    // Beech writes up to $100M, which "$100M+" includes (its minimum); "$25M - $100M" holds it too.
    expect(await slugsOf({ check: "100m-plus" })).toEqual(["beech-endowment"]);
    expect(await slugsOf({ check: "25m-100m" })).toEqual(["beech-endowment"]);
  });

  it("asset class, stage and sector focus: any of the chosen values", async () => {
    expect(await slugsOf({ asset: ["venture-capital"] })).toEqual([
      "alder-family-office",
      "beech-endowment",
      "dogwood-capital",
    ]);
    expect(await slugsOf({ asset: ["private-credit", "secondaries"] })).toEqual([
      "cedar-foundation",
      "dogwood-capital",
    ]);
    expect(await slugsOf({ stage: ["seed"] })).toEqual(["alder-family-office", "cedar-foundation"]);
    expect(await slugsOf({ sector: ["fintech"] })).toEqual(["alder-family-office", "dogwood-capital"]);
    // A generalist (no sector focus) names no sector, so a sector filter leaves it out.
    expect(await slugsOf({ sector: ["software", "health"] })).toEqual([
      "cedar-foundation",
      "dogwood-capital",
    ]);
  });

  it("accepts emerging managers and backs first-time funds: only the known yes", async () => {
    expect(await slugsOf({ emerging: "yes" })).toEqual(["alder-family-office", "dogwood-capital"]);
    expect(await slugsOf({ firstTime: "yes" })).toEqual(["alder-family-office"]);
  });

  it("filters combine with AND across filters", async () => {
    expect(
      await slugsOf({ asset: ["venture-capital"], emerging: "yes", location: ["region:north-america"] }),
    ).toEqual(["alder-family-office"]);
  });

  it("text: name, city and the contacts' names, whatever the case; a removed contact's name stops matching", async () => {
    expect(await slugsOf({ q: "cedar" })).toEqual(["cedar-foundation"]);
    expect(await slugsOf({ q: "LONDON" })).toEqual(["beech-endowment"]);
    expect(await slugsOf({ q: "owen birch" })).toEqual(["alder-family-office"]);
    expect(await slugsOf({ q: "são" })).toEqual(["dogwood-capital"]);
    expect(await slugsOf({ q: "100%" })).toEqual([]);
    await database.db.execute(sql`delete from lp_contacts where email = 'owen.birch@alder.example'`);
    expect(await slugsOf({ q: "owen birch" })).toEqual([]);
  });
});

describe("LP search results", () => {
  it("orders by AUM (unknown last) or name, either way, and pages without repeats", async () => {
    const order = async (sort: LpSearchState["sort"]) =>
      (await searchLps(database.db, { ...EMPTY_LP_SEARCH, sort }, { hasLpAccess: true })).lps.map(
        (lp) => lp.slug,
      );
    expect(await order("aum-desc")).toEqual([
      "beech-endowment",
      "alder-family-office",
      "cedar-foundation",
      "dogwood-capital",
    ]);
    expect(await order("aum-asc")).toEqual([
      "cedar-foundation",
      "alder-family-office",
      "beech-endowment",
      "dogwood-capital",
    ]);
    expect(await order("name-asc")).toEqual([
      "alder-family-office",
      "beech-endowment",
      "cedar-foundation",
      "dogwood-capital",
    ]);
    expect(await order("name-desc")).toEqual([
      "dogwood-capital",
      "cedar-foundation",
      "beech-endowment",
      "alder-family-office",
    ]);
    const pages = [];
    for (const page of [1, 2]) {
      const result = await searchLps(
        database.db,
        { ...EMPTY_LP_SEARCH, size: 25, page },
        { hasLpAccess: true },
      );
      pages.push(...result.lps.map((lp) => lp.slug));
      expect(result.pageCount).toBe(1);
    }
    // Page 2 of a one-page result is clamped to page 1.
    expect(pages.slice(4)).toEqual(pages.slice(0, 4));
  });

  it("carries every contact in order, full emails for LP access, masked on the server otherwise", async () => {
    const full = await searchLps(database.db, { ...EMPTY_LP_SEARCH, q: "alder" }, { hasLpAccess: true });
    expect(
      full.lps[0]?.contacts.map((contact) => [contact.name, contact.email, contact.isEmailMasked]),
    ).toEqual([
      ["Maya Quill", "maya.quill@alder.example", false],
      ["Owen Birch", "owen.birch@alder.example", false],
    ]);
    const sample = await searchLps(database.db, { ...EMPTY_LP_SEARCH, q: "alder" }, { hasLpAccess: false });
    const emails = sample.lps.flatMap((lp) => lp.contacts.map((contact) => contact.email));
    expect(emails).toContain("m********l@alder.example");
    expect(JSON.stringify(sample)).not.toMatch(/maya\.quill@|owen\.birch@|ada@|lucas@/);
  });

  it("answers anyone without LP access with the sample, whatever was asked", async () => {
    const sample = await searchLps(
      database.db,
      { ...EMPTY_LP_SEARCH, q: "cedar", type: ["foundation"], page: 3, size: 100 },
      { hasLpAccess: false },
    );
    expect(sample.isSample).toBe(true);
    expect(sample.pageSize).toBe(LP_SAMPLE_SIZE);
    expect(sample.page).toBe(1);
    expect(sample.total).toBe(ROWS.length);
    expect(sample.lps.map((lp) => lp.slug)).toEqual([
      "beech-endowment",
      "alder-family-office",
      "cedar-foundation",
      "dogwood-capital",
    ]);
  });

  it("counts follow the data at once: a new LP is counted on the next search", async () => {
    expect(await countLps(database.db, EMPTY_LP_SEARCH)).toBe(ROWS.length);
    await database.db.insert(lps).values({ slug: "elm", name: "Elm Trust", type: "foundation" });
    expect(await countLps(database.db, EMPTY_LP_SEARCH)).toBe(ROWS.length + 1);
  });

  it("option counts: each filter's options counted under the other filters", async () => {
    const panel = await lpFilterPanelData(database.db, {
      ...EMPTY_LP_SEARCH,
      type: ["endowment"],
      emerging: "yes",
    });
    // The type facet ignores the type filter but keeps "emerging": Alder (single-family) and Dogwood (FoF).
    expect(panel.facets.type.counts).toEqual({ "single-family-office": 1, "fund-of-funds": 1 });
    // The others apply both: no emerging endowment exists.
    expect(panel.facets.asset.counts).toEqual({});
    expect(panel.countries).toEqual(["Brazil", "Canada", "United Kingdom", "United States"]);
    const all = await lpFilterPanelData(database.db, EMPTY_LP_SEARCH);
    expect(all.facets.location.counts).toMatchObject({
      "region:north-america": 2,
      "country:Canada": 1,
      "region:latin-america": 1,
    });
    expect(all.facets.asset.counts["venture-capital"]).toBe(3);
  });
});

describe("do-not-sell covers LP contacts (docs/product.md#lps)", () => {
  it("deletes every contact with the address, whatever its case, and the LP stays", async () => {
    const outcome = await requestDoNotSell(database.db, " Maya.Quill@ALDER.example ", SECRET);
    expect(outcome.lpContactsRemoved).toBe(1);
    const result = await searchLps(database.db, { ...EMPTY_LP_SEARCH, q: "alder" }, { hasLpAccess: true });
    expect(result.lps[0]?.contacts.map((contact) => contact.email)).toEqual(["owen.birch@alder.example"]);
    expect(await slugsOf({ q: "maya quill" })).toEqual([]);
    const [left] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from lp_contacts where lower(email) = 'maya.quill@alder.example'`,
    );
    expect(left?.n).toBe(0);
  });
});

describe("the LP index (decision 015)", () => {
  it("loads every LP in the database's name order, batch after batch, names repeated or not", async () => {
    await database.db
      .insert(lps)
      .values(
        [
          "Zeta Trust",
          "alder family office",
          "ALDER FAMILY OFFICE",
          "Ärzte Stiftung",
          "Alder Family Office",
        ].map((name, n) => ({ slug: `extra-${n}`, name, type: "foundation" as const })),
      );
    const expected = await queryRows<{ id: number }>(
      database.db,
      sql`select id from lps order by lower(name) collate "C", id`,
    );
    for (const batch of [1, 2, 3, 1_000]) {
      const index = await loadLpIndex(database.db, "test", batch);
      expect([...index.ids], `batch ${batch}`).toEqual(expected.map((row) => row.id));
    }
  });
});
