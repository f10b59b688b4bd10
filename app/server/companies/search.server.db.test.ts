import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { dateCutoff, dateOption } from "~/core/funding-filters";
import { EMPTY_SEARCH, type SearchState } from "~/core/search-params";
import { dateRangeWalk } from "~/core/search-plan";
import { writeWithoutVersionChange } from "~tests/fixtures/data-version";
import { setUpTestDatabase } from "~tests/fixtures/database";
import { company } from "~tests/fixtures/factories";
import { queryRows } from "../db/query-rows.server";
import { companies } from "../db/schema";
import { readDataVersion } from "./data-version.server";
import { countMatches, EXACT_COUNT_LIMIT, invalidateSearchCounts, searchCompanies } from "./search.server";
import { estimatedRowsSince } from "./search-count.server";
import { COVERED_TEXT_MAX_BYTES, searchSource } from "./search-source.server";

const database = setUpTestDatabase();
beforeEach(() => {
  invalidateSearchCounts();
});

const TODAY = new Date("2026-11-21T12:00:00Z");

async function names(state: Partial<SearchState>, canSeeEmails = true): Promise<string[]> {
  const result = await searchCompanies(
    database.db,
    { ...EMPTY_SEARCH, ...state },
    { canSeeEmails, today: TODAY },
  );
  return result.companies.map((card) => card.organizationName);
}

describe("text search (docs/product.md#search)", () => {
  beforeEach(async () => {
    await database.db.insert(companies).values([
      company("Quantix Labs", { description: "Robotics for WAREHOUSES" }),
      company("Northwind", {
        industryGroups: ["Health Care"],
        headquartersLocation: "Austin, Texas, United States",
      }),
      company("Acme", { firstName: "Grace", lastName: "Hopper" }),
      company("Percent Co", { description: "100% organic_growth" }),
      company("Hidden", { industries: ["Warehouses"], email: "x@hidden.example" }),
    ]);
  });

  it("matches case-insensitive substrings of name, description, industry groups, location and founder names", async () => {
    expect(await names({ q: "QUANTIX" })).toEqual(["Quantix Labs"]);
    expect(await names({ q: "warehouse" })).toEqual(["Quantix Labs"]);
    expect(await names({ q: "health ca" })).toEqual(["Northwind"]);
    expect(await names({ q: "austin, tex" })).toEqual(["Northwind"]);
    expect(await names({ q: "hopp" })).toEqual(["Acme"]);
    expect(await names({ q: "grace" })).toEqual(["Acme"]);
  });

  it("does not search other fields (industries is a filter, not text)", async () => {
    expect(await names({ q: "warehouses" })).toEqual(["Quantix Labs"]);
  });

  it("treats % and _ literally", async () => {
    expect(await names({ q: "100%" })).toEqual(["Percent Co"]);
    expect(await names({ q: "x_growth" })).toEqual([]);
    expect(await names({ q: "0% o" })).toEqual(["Percent Co"]);
    expect(await names({ q: "organic_g" })).toEqual(["Percent Co"]);
  });

  it("never matches across two fields", async () => {
    expect(await names({ q: "labs robotics" })).toEqual([]);
  });
});

describe("filters (docs/product.md#filters)", () => {
  beforeEach(async () => {
    await database.db.insert(companies).values([
      company("SaaS Seed", {
        industries: ["SaaS"],
        industryGroups: ["Software"],
        lastFundingType: "Seed",
        lastFundingAmountUsd: 1_000_000,
        lastFundingDate: "2026-10-22",
        headquartersLocation: "Berlin, Berlin, Germany",
        city: "Berlin",
        region: "Berlin",
        country: "Germany",
      }),
      company("Group Only", {
        industries: ["Robotics"],
        industryGroups: ["SaaS"],
        lastFundingType: "Series A",
        lastFundingAmountUsd: 250_000_000,
        lastFundingDate: "2026-10-21",
        headquartersLocation: "Indianapolis, Indiana, United States",
        city: "Indianapolis",
        region: "Indiana",
        country: "United States",
      }),
      company("Big Round", {
        lastFundingType: "Series B",
        lastFundingAmountUsd: 249_999_999,
        lastFundingDate: "2025-01-01",
        headquartersLocation: "Bangalore, Karnataka, India",
        city: "Bangalore",
        region: "Karnataka",
        country: "India",
      }),
      company("Island", {
        lastFundingAmountUsd: 5_000_000,
        lastFundingDate: null,
        headquartersLocation: "Singapore, Singapore",
        city: "Singapore",
        region: "Unknown Region",
        country: "Singapore",
      }),
      company("Nowhere", {
        lastFundingAmountUsd: null,
        country: "Atlantis",
        city: "Poseidonia",
        region: "Deep",
      }),
    ]);
  });

  it("industry matches Industries or Industry Groups, exactly", async () => {
    expect(await names({ industry: ["SaaS"] })).toEqual(["SaaS Seed", "Group Only"]);
    expect(await names({ industry: ["Saa"] })).toEqual([]);
  });

  it("funding stage is an exact match", async () => {
    expect(await names({ stage: ["Seed"] })).toEqual(["SaaS Seed"]);
    expect(await names({ stage: ["seed"] })).toEqual([]);
  });

  it("'$250M+' is a minimum only and each range excludes its maximum", async () => {
    expect(await names({ amount: "250m-plus" })).toEqual(["Group Only"]);
    expect(await names({ amount: "200m-250m" })).toEqual(["Big Round"]);
    expect(await names({ amount: "1m-5m" })).toEqual(["SaaS Seed"]);
    expect(await names({ amount: "5m-10m" })).toEqual(["Island"]);
    // $250K - $1M (docs/product.md#filters): the $1M round is the next band's.
    expect(await names({ amount: "250k-1m" })).toEqual([]);
  });

  it("the date filter keeps rounds on or after the cutoff day", async () => {
    // 30 days before 2026-11-21 is 2026-10-22: included; 2026-10-21 is not.
    expect(await names({ date: "30d" })).toEqual(["SaaS Seed"]);
    expect(await names({ date: "1y" })).toEqual(["SaaS Seed", "Group Only", "Nowhere"]);
  });

  it("locations: continent, country, state and city, never by substring", async () => {
    expect(await names({ location: ["continent:Europe"] })).toEqual(["SaaS Seed"]);
    expect(await names({ location: ["continent:Asia"] })).toEqual(["Big Round", "Island"]);
    expect(await names({ location: ["continent:Other"] })).toEqual(["Nowhere"]);
    expect(await names({ location: ["country:India"] })).toEqual(["Big Round"]);
    expect(await names({ location: ["state:Indiana"] })).toEqual(["Group Only"]);
    expect(await names({ location: ["Singapore, Singapore"] })).toEqual(["Island"]);
    expect(await names({ location: ["Berlin, Berlin, Germany"] })).toEqual(["SaaS Seed"]);
  });

  it("counts a continent filter for real (docs/product.md#counts)", async () => {
    const result = await searchCompanies(
      database.db,
      { ...EMPTY_SEARCH, location: ["continent:Asia"] },
      { canSeeEmails: true, today: TODAY },
    );
    expect(result.total).toBe(2);
    expect(result.isTotalApproximate).toBe(false);
  });

  it("combines filters with text", async () => {
    expect(
      await names({ q: "seed", industry: ["SaaS"], location: ["country:Germany"], date: "90d" }),
    ).toEqual(["SaaS Seed"]);
    expect(await names({ q: "seed", location: ["country:India"] })).toEqual([]);
  });
});

describe("text with a stage: the short and long texts' parts (migration 0025, searchSource)", () => {
  const longDescription = `Orbital freight ${"for ground stations and launch partners ".repeat(60)}`;

  beforeEach(async () => {
    await database.db
      .insert(companies)
      .values([
        company("Orbit Short", { lastFundingType: "Seed", description: "Orbital freight" }),
        company("Orbit Long", { lastFundingType: "Seed", description: longDescription }),
        company("Orbit Series A", { lastFundingType: "Series A", description: longDescription }),
        company("Plain Seed", { lastFundingType: "Seed", description: "Payroll" }),
      ]);
    await database.db.execute(sql`analyze companies`);
  });

  it("finds a match in either part exactly once, on the small and the large table's paths", async () => {
    const [long] = await queryRows<{ bytes: number }>(
      database.db,
      sql`select octet_length(search_text) as bytes from companies where organization_name = 'Orbit Long'`,
    );
    expect(long?.bytes).toBeGreaterThan(COVERED_TEXT_MAX_BYTES);
    for (const smallTableRows of [undefined, 0]) {
      for (const state of [
        { q: "orbital", stage: ["Seed"] },
        { q: "orbital", stage: ["Seed", "Series A"], page: 2, size: 1 },
        { q: "ground stations", stage: ["Seed"], date: "1y" },
      ] as Array<Partial<SearchState>>) {
        invalidateSearchCounts();
        const full = { ...EMPTY_SEARCH, ...state };
        const result = await searchCompanies(database.db, full, {
          canSeeEmails: true,
          today: TODAY,
          smallTableRows,
        });
        // The same search without the stage reads the table itself: the stage's share of it must be equal.
        invalidateSearchCounts();
        const whole = await searchCompanies(
          database.db,
          { ...full, stage: [], page: 1, size: 100 },
          { canSeeEmails: true, today: TODAY, smallTableRows },
        );
        const expected = whole.companies.filter((card) => full.stage.includes(card.lastFundingType ?? ""));
        expect(result.total, JSON.stringify(state)).toBe(expected.length);
        expect(result.isTotalApproximate).toBe(false);
        const start = (result.page - 1) * full.size;
        expect(result.companies.map((card) => card.organizationName)).toEqual(
          expected.slice(start, start + full.size).map((card) => card.organizationName),
        );
      }
    }
    expect(await names({ q: "orbital", stage: ["Seed"] })).toEqual(["Orbit Long", "Orbit Short"].sort());
  });

  it("a page past the last match, read in one pass over a small window, comes back as the last page", async () => {
    // On the large table's path the small window is read in one pass; past the last match that pass finds
    // no row, and the plan is chosen again without it (decision 021): the count, then the last page.
    const state: SearchState = { ...EMPTY_SEARCH, q: "orbital", stage: ["Seed", "Series A"], page: 9 };
    const options = { canSeeEmails: true, today: TODAY };
    const small = await searchCompanies(database.db, state, options);
    invalidateSearchCounts();
    // -1: no table counts as small, whatever size the planner's cached figure gives this one.
    const large = await searchCompanies(database.db, state, { ...options, smallTableRows: -1 });
    expect(small).toMatchObject({ page: 1, total: 3, isTotalApproximate: false });
    expect(large).toEqual(small);
  });

  it("the covering index is usable for the short texts' part: its predicate is the one the query spells", async () => {
    // Plans other than index scans switched off (in one transaction: one connection), so the plan shows
    // which indexes PostgreSQL may use for each part: a partial index only when the query implies its predicate.
    const text = await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_bitmapscan = off`);
      const plan = await queryRows<{ "QUERY PLAN": string }>(
        tx,
        sql`explain select count(*) from ${searchSource({ q: "orbital", stage: ["Seed"] })}
            where companies.last_funding_type = 'Seed' and companies.search_text like '%orbital%'`,
      );
      return plan.map((row) => row["QUERY PLAN"]).join("\n");
    });
    expect(text).toContain("companies_stage_date_text_idx");
    expect(text).toContain("companies_stage_date_long_text_idx");
  });
});

describe("order, paging and counts", () => {
  it("orders by last funding date descending, nulls last, then a stable tie-breaker", async () => {
    await database.db
      .insert(companies)
      .values([
        company("Old", { lastFundingDate: "2020-01-01" }),
        company("None", { lastFundingDate: null }),
        company("New A", { lastFundingDate: "2026-05-01" }),
        company("New B", { lastFundingDate: "2026-05-01" }),
      ]);
    expect(await names({})).toEqual(["New B", "New A", "Old", "None"]);
  });

  it("pages by 50 with an exact total, and clamps a page past the end", async () => {
    const rows = Array.from({ length: 120 }, (_, index) =>
      company(`Company ${String(index).padStart(3, "0")}`, {
        lastFundingDate: `2025-${String((index % 12) + 1).padStart(2, "0")}-01`,
      }),
    );
    await database.db.insert(companies).values(rows);
    const first = await searchCompanies(database.db, EMPTY_SEARCH, { canSeeEmails: true, today: TODAY });
    const third = await searchCompanies(
      database.db,
      { ...EMPTY_SEARCH, page: 3 },
      { canSeeEmails: true, today: TODAY },
    );
    const beyond = await searchCompanies(
      database.db,
      { ...EMPTY_SEARCH, page: 9 },
      { canSeeEmails: true, today: TODAY },
    );
    expect([first.total, first.pageCount, first.companies.length]).toEqual([120, 3, 50]);
    expect(third.companies).toHaveLength(20);
    expect(beyond.page).toBe(3);
    const everyone = new Set(
      [
        ...first.companies,
        ...(
          await searchCompanies(
            database.db,
            { ...EMPTY_SEARCH, page: 2 },
            { canSeeEmails: true, today: TODAY },
          )
        ).companies,
        ...third.companies,
      ].map((card) => card.id),
    );
    expect(everyone.size).toBe(120);
  });

  it("the selective and the broad query shapes give the same page", async () => {
    const rows = Array.from({ length: 300 }, (_, index) =>
      company(index % 3 === 0 ? `Alpha ${index}` : `Beta ${index}`, {
        lastFundingDate: `2024-${String((index % 12) + 1).padStart(2, "0")}-${String((index % 27) + 1).padStart(2, "0")}`,
      }),
    );
    await database.db.insert(companies).values(rows);
    const selective = await names({ q: "alpha" });
    const [expected] = await queryRows<{ names: string[] }>(
      database.db,
      sql`select array_agg(organization_name order by last_funding_date desc nulls last, id desc) as names
          from (select * from companies where organization_name ilike 'alpha%' order by last_funding_date desc nulls last, id desc limit 50) s`,
    );
    expect(selective).toEqual(expected?.names);
  });

  it("the large-table path (sample, then count and page side by side) gives the same answers", async () => {
    // Three years of rounds up to TODAY's month, so the date filters keep a window of them.
    const rows = Array.from({ length: 400 }, (_, index) =>
      company(index % 4 === 0 ? `Gamma ${index}` : `Delta ${index}`, {
        lastFundingDate: `${2024 + (index % 3)}-${String((index % 11) + 1).padStart(2, "0")}-${String((index % 28) + 1).padStart(2, "0")}`,
      }),
    );
    await database.db.insert(companies).values(rows);
    await database.db.execute(sql`analyze companies`);
    for (const state of [
      { q: "gamma" },
      { q: "delta", page: 2 },
      {},
      { page: 99 },
      { sort: "amount-desc", page: 2 },
      { q: "gamma", sort: "total-asc" },
      // A date window: with the count cached, the newest rows of the window are walked (dateRangeWalk).
      { q: "delta", date: "1y" },
      { q: "delta", date: "90d", page: 2 },
      { date: "180d" },
    ] as Array<Partial<SearchState>>) {
      const full = { ...EMPTY_SEARCH, ...state };
      invalidateSearchCounts();
      const small = await searchCompanies(database.db, full, { canSeeEmails: true, today: TODAY });
      invalidateSearchCounts();
      const large = await searchCompanies(database.db, full, {
        canSeeEmails: true,
        today: TODAY,
        smallTableRows: 0,
      });
      expect(large.companies.map((card) => card.id)).toEqual(small.companies.map((card) => card.id));
      expect([large.page, large.pageCount]).toEqual([small.page, small.pageCount]);
      // Below the exact-count limit the large path counts exactly too; with no filter it uses the table size.
      if (full.q) expect(large).toMatchObject({ total: small.total, isTotalApproximate: false });
      // Again with the count cached (the next visit): the cached total steers the page, not a new sample.
      const again = await searchCompanies(database.db, full, {
        canSeeEmails: true,
        today: TODAY,
        smallTableRows: 0,
      });
      expect(again).toEqual(large);
    }
  });

  it("walks a date window's newest rows when its matches are dense there, for the same pages", async () => {
    // 2,000 rounds over three years, three in four of them 'Delta': a year's window holds about 650 rows.
    const rows = Array.from({ length: 2_000 }, (_, index) =>
      company(index % 4 === 0 ? `Gamma ${index}` : `Delta ${index}`, {
        lastFundingDate: new Date(TODAY.getTime() - index * 13 * 3_600_000).toISOString().slice(0, 10),
      }),
    );
    await database.db.insert(companies).values(rows);
    await database.db.execute(sql`analyze companies`);
    const state: SearchState = { ...EMPTY_SEARCH, q: "delta", date: "1y" };
    const options = { canSeeEmails: true, today: TODAY, smallTableRows: 0 };
    invalidateSearchCounts();
    const first = await searchCompanies(database.db, state, options);
    // The precondition: with this count cached, page 1 is found by walking the window (dateRangeWalk).
    const year = dateOption("1y");
    if (!year) throw new Error("no 1y date option");
    const cutoff = dateCutoff(year, TODAY);
    const window = await estimatedRowsSince(database.db, await readDataVersion(database.db), cutoff);
    expect(dateRangeWalk(50, first.total, window, 2_000)).not.toBeNull();
    for (const page of [1, 2, 3]) {
      invalidateSearchCounts();
      const small = await searchCompanies(
        database.db,
        { ...state, page },
        { canSeeEmails: true, today: TODAY },
      );
      const walked = await searchCompanies(database.db, { ...state, page }, options);
      expect(walked.companies.map((card) => card.id)).toEqual(small.companies.map((card) => card.id));
      expect(walked.total).toBe(small.total);
    }
  });

  it("counts exactly on a small table, beyond the exact-count limit too", async () => {
    await database.db.execute(sql`
      insert into companies (slug, organization_name, name_key, last_funding_date)
      select 'bulk-' || n, 'Bulk ' || n, 'bulk ' || n, date '2025-01-01' + (n % 300)
      from generate_series(1, ${EXACT_COUNT_LIMIT + 50}) as n`);
    await database.db.execute(sql`analyze companies`);
    expect(await countMatches(database.db, undefined)).toMatchObject({
      total: EXACT_COUNT_LIMIT + 50,
      isApproximate: false,
    });
  });
});

describe("count cache (decision 005: 5-minute search data cache)", () => {
  it("reuses a count for other pages of the same search until invalidated or the data version changes", async () => {
    const search = () => searchCompanies(database.db, EMPTY_SEARCH, { canSeeEmails: true, today: TODAY });
    await database.db.insert(companies).values([company("A"), company("B")]);
    const first = await search();
    // A write the data version does not see: only the cache can still say 2.
    await writeWithoutVersionChange(database.db, () => database.db.insert(companies).values([company("C")]));
    const cached = await searchCompanies(
      database.db,
      { ...EMPTY_SEARCH, page: 1 },
      { canSeeEmails: true, today: TODAY },
    );
    expect([first.total, cached.total]).toEqual([2, 2]);
    invalidateSearchCounts();
    expect((await search()).total).toBe(3);
    // Any ordinary write changes the data version: the next search recounts, no invalidation needed.
    await database.db.insert(companies).values([company("D")]);
    expect((await search()).total).toBe(4);
  });
});

describe("masking on the server (docs/product.md#masking)", () => {
  it("sends full emails only to callers with access", async () => {
    await database.db
      .insert(companies)
      .values([
        company("A", { email: "jane.doe@acme.example", role: null }),
        company("B", { email: "jo@b.example", role: "CEO" }),
      ]);
    const masked = await searchCompanies(database.db, EMPTY_SEARCH, { canSeeEmails: false, today: TODAY });
    expect(masked.companies.map((card) => [card.email, card.isEmailMasked, card.role])).toEqual([
      ["j*@b.example", true, "CEO"],
      ["j******e@acme.example", true, "Founder"],
    ]);
    expect(JSON.stringify(masked)).not.toContain("jane.doe");
    const full = await searchCompanies(database.db, EMPTY_SEARCH, { canSeeEmails: true, today: TODAY });
    expect(full.companies.map((card) => card.email)).toEqual(["jo@b.example", "jane.doe@acme.example"]);
  });
});
