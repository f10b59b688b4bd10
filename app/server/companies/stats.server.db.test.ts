import { beforeEach, describe, expect, it } from "vitest";
import { writeWithoutVersionChange } from "~tests/fixtures/data-version";
import { setUpTestDatabase } from "~tests/fixtures/database";
import { company } from "~tests/fixtures/factories";
import { companies } from "../db/schema";
import { getFilterOptions, getHomeStats, invalidateCatalog } from "./catalog.server";
import { countCompanies, daysBefore, loadFilterOptionRows, recentFundingSum } from "./stats.server";

const database = setUpTestDatabase();
beforeEach(() => {
  invalidateCatalog();
});

describe("daysBefore", () => {
  it("counts calendar days in UTC", () => {
    expect(daysBefore(new Date("2026-11-21T23:30:00Z"), 90)).toBe("2026-08-23");
    expect(daysBefore(new Date("2026-03-01T00:00:00Z"), 1)).toBe("2026-02-28");
  });
});

describe("countCompanies", () => {
  it("counts every company", async () => {
    expect(await countCompanies(database.db)).toBe(0);
    await database.db.insert(companies).values([company("A"), company("B"), company("C")]);
    expect(await countCompanies(database.db)).toBe(3);
  });
});

describe("recentFundingSum", () => {
  it("adds the rounds on or after the cutoff day and nothing else", async () => {
    const today = new Date("2026-11-21T12:00:00Z");
    await database.db
      .insert(companies)
      .values([
        company("On cutoff", { lastFundingDate: "2026-08-23", lastFundingAmountUsd: 1_000_000 }),
        company("Today", { lastFundingDate: "2026-11-21", lastFundingAmountUsd: 2_500_000 }),
        company("Day before cutoff", { lastFundingDate: "2026-08-22", lastFundingAmountUsd: 7_000_000 }),
        company("No amount", { lastFundingDate: "2026-10-01", lastFundingAmountUsd: null }),
        company("No date", { lastFundingDate: null, lastFundingAmountUsd: 9_000_000 }),
      ]);
    expect(await recentFundingSum(database.db, 90, today)).toBe(3_500_000);
  });

  it("is 0 with no rounds in the window", async () => {
    expect(await recentFundingSum(database.db, 90, new Date("2026-11-21T00:00:00Z"))).toBe(0);
  });
});

describe("filter options (docs/product.md#data)", () => {
  beforeEach(async () => {
    await database.db.insert(companies).values([
      company("One", {
        industries: ["SaaS", "FinTech"],
        industryGroups: ["Software", "Financial Services"],
        headquartersRegions: ["West Coast"],
        lastFundingType: "Seed",
        country: "United States",
        region: "California",
        city: "San Francisco",
      }),
      company("Two", {
        industries: ["SaaS", "Health Care"],
        lastFundingType: "Series A",
        country: "United States",
        region: "California",
        city: "Los Angeles",
      }),
      company("Three", {
        lastFundingType: "Seed",
        country: "Singapore",
        region: "Unknown Region",
        city: "Singapore",
      }),
      company("Four", { lastFundingType: null, country: "Atlantis", region: null, city: null }),
      company("Five", { country: null }),
    ]);
  });

  it("lists distinct sorted values", async () => {
    const rows = await loadFilterOptionRows(database.db);
    expect(rows.industries).toEqual(["FinTech", "Health Care", "SaaS"]);
    expect(rows.headquartersRegions).toEqual(["West Coast"]);
    expect(rows.fundingTypes).toEqual(["Seed", "Series A"]);
  });

  it("groups locations country -> region -> cities and countries by continent", async () => {
    const options = await getFilterOptions(database.db);
    expect(options.headquarters_locations_grouped).toEqual({
      Atlantis: { "Unknown Region": [] },
      Singapore: { "Unknown Region": ["Singapore"] },
      "United States": { California: ["Los Angeles", "San Francisco"] },
    });
    expect(options.continents).toEqual([
      { continent: "North America", countries: ["United States"] },
      { continent: "Asia", countries: ["Singapore"] },
      { continent: "Other", countries: ["Atlantis"] },
    ]);
  });
});

describe("getHomeStats", () => {
  it("serves cached figures until invalidated or the data version changes", async () => {
    await database.db.insert(companies).values([company("A")]);
    expect((await getHomeStats(database.db)).totalCompanies).toBe(1);
    // A write the data version does not see: only the cache can still say 1.
    await writeWithoutVersionChange(database.db, () => database.db.insert(companies).values([company("B")]));
    expect((await getHomeStats(database.db)).totalCompanies).toBe(1);
    invalidateCatalog();
    expect(await getHomeStats(database.db)).toMatchObject({ totalCompanies: 2, recentFundingDays: 90 });
    // Any ordinary write changes the data version: the next read reloads, no invalidation needed.
    await database.db.insert(companies).values([company("C")]);
    expect((await getHomeStats(database.db)).totalCompanies).toBe(3);
  });
});
