import { describe, expect, it } from "vitest";
import { NO_COUNTRY } from "~/core/admin-metrics";
import { CONTINENTS } from "~/core/continents";
import { EMPTY_SEARCH } from "~/core/search-params";
import { setUpTestDatabase } from "~tests/fixtures/database";
import { company } from "~tests/fixtures/factories";
import { countMatches } from "../companies/search.server";
import { searchConditions } from "../companies/search-filters.server";
import { companies, similarityState } from "../db/schema";
import { requestDoNotSell } from "../suppression/do-not-sell.server";
import { getDataHealth } from "./data-health.server";

const TODAY = new Date("2026-11-21T12:00:00Z");
const database = setUpTestDatabase();

describe("getDataHealth: coverage", () => {
  it("counts the searchable companies with a founder email, founders and LinkedIn; blanks are missing", async () => {
    await database.db.insert(companies).values([
      company("Full", {
        email: "a@full.example",
        founders: "Ann Lee",
        linkedin: "https://linkedin.example/a",
      }),
      company("Email only", { email: "b@email.example" }),
      company("Blank email", { email: "   ", founders: "Bo Chen", linkedin: "" }),
      company("Nothing"),
      // Hidden by do-not-sell: not part of any share.
      company("Hidden", {
        email: "gone@hidden.example",
        founders: "X",
        linkedin: "https://linkedin.example/x",
      }),
    ]);
    await requestDoNotSell(database.db, "gone@hidden.example");

    const health = await getDataHealth(database.db, TODAY);

    expect(health.companies).toBe(4);
    expect(health.withFounderEmail).toBe(2);
    expect(health.withFounders).toBe(2);
    expect(health.withLinkedin).toBe(1);
  });
});

describe("getDataHealth: freshness of the last round", () => {
  it("puts each company in one bucket by its last funding date, boundary days in the fresher bucket", async () => {
    const dated = (date: string | null) => company(`Round ${date}`, { lastFundingDate: date });
    await database.db
      .insert(companies)
      .values([
        dated("2026-12-01"),
        dated("2026-11-21"),
        dated("2026-10-22"),
        dated("2026-10-21"),
        dated("2026-08-23"),
        dated("2026-08-22"),
        dated("2025-11-21"),
        dated("2025-11-20"),
        dated("2001-01-01"),
        dated(null),
      ]);

    const { freshness, companies: total } = await getDataHealth(database.db, TODAY);

    expect(freshness).toEqual({ within30: 3, within90: 2, within365: 2, older: 2, none: 1 });
    expect(Object.values(freshness).reduce((sum, n) => sum + n, 0)).toBe(total);
  });
});

describe("getDataHealth: continents", () => {
  it("counts each continent exactly as the search's continent filter does", async () => {
    await database.db
      .insert(companies)
      .values([
        company("Berlin", { country: "Germany" }),
        company("Paris", { country: "France" }),
        company("Boston", { country: "United States" }),
        company("Austin", { country: "United States" }),
        company("Tokyo", { country: "Japan" }),
        company("Lagos", { country: "Nigeria" }),
        company("Nowhere", { country: "Atlantis" }),
        company("Lower case", { country: "germany" }),
        company("No country", { country: null }),
        company("Hidden Berlin", { country: "Germany", email: "gone@hidden.example" }),
      ]);
    await requestDoNotSell(database.db, "gone@hidden.example");

    const { continents } = await getDataHealth(database.db, TODAY);

    expect(continents).toEqual([
      { continent: "North America", companies: 2 },
      { continent: "Europe", companies: 2 },
      { continent: "Asia", companies: 1 },
      { continent: "Middle East", companies: 0 },
      { continent: "Oceania", companies: 0 },
      { continent: "South America", companies: 0 },
      { continent: "Africa", companies: 1 },
      { continent: "Other", companies: 2 },
      { continent: NO_COUNTRY, companies: 1 },
    ]);
    for (const name of [...CONTINENTS, "Other"]) {
      const search = await countMatches(
        database.db,
        searchConditions({ ...EMPTY_SEARCH, location: [`continent:${name}`] }, TODAY),
      );
      expect({ name, companies: search.total }).toEqual({
        name,
        companies: continents.find((row) => row.continent === name)?.companies,
      });
    }
  });
});

describe("getDataHealth: suppression, last change and similarity", () => {
  it("counts do-not-sell addresses and the companies they hide", async () => {
    await database.db
      .insert(companies)
      .values([
        company("One", { email: "gone@hidden.example" }),
        company("Two", { contactEmail: "gone@hidden.example" }),
        company("Kept", { email: "kept@example.com" }),
      ]);
    await requestDoNotSell(database.db, "gone@hidden.example");
    await requestDoNotSell(database.db, "gone@hidden.example");
    await requestDoNotSell(database.db, "nobody@nowhere.example");

    const health = await getDataHealth(database.db, TODAY);

    expect(health.suppression).toEqual({ addresses: 2, companiesHidden: 2 });
    expect(health.companies).toBe(1);
  });

  it("reads the newest company added and the newest change, and the last similarity refresh", async () => {
    const empty = await getDataHealth(database.db, TODAY);
    expect(empty.lastCompanyAdded).toBeNull();
    expect(empty.lastCompanyChange).toBeNull();
    expect(empty.similarity).toBeNull();

    await database.db.insert(companies).values([
      company("Old", {
        createdAt: new Date("2026-01-01T00:00:00Z"),
        updatedAt: new Date("2026-11-20T08:30:00Z"),
      }),
      company("Newer", {
        createdAt: new Date("2026-03-01T00:00:00Z"),
        updatedAt: new Date("2026-03-01T00:00:00Z"),
      }),
    ]);
    await database.db
      .insert(similarityState)
      .values({ generation: 3, companies: 2, refreshedAt: new Date("2026-11-19T04:00:00Z") });

    const health = await getDataHealth(database.db, TODAY);

    expect(health.lastCompanyAdded?.toISOString()).toBe("2026-03-01T00:00:00.000Z");
    expect(health.lastCompanyChange?.toISOString()).toBe("2026-11-20T08:30:00.000Z");
    expect(health.similarity).toEqual({ refreshedAt: new Date("2026-11-19T04:00:00Z"), companies: 2 });
  });
});
