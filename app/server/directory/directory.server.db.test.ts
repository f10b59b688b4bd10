import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { EMPTY_SEARCH } from "~/core/search-params";
import { MAX_COMPANY_SLUG_LENGTH } from "~/core/slug";
import { setUpTestDatabase } from "~tests/fixtures/database";
import { company } from "~tests/fixtures/factories";
import { ensureCompanyGraphs } from "../companies/rounds-backfill.server";
import { countMatches } from "../companies/search.server";
import { searchConditions } from "../companies/search-filters.server";
import { companies } from "../db/schema";
import { requestDoNotSell } from "../suppression/do-not-sell.server";
import { getCompanyProfile, RELATED_COMPANIES } from "./company-profile.server";
import { getDirectoryCatalog, invalidateDirectoryCatalog } from "./directory-catalog.server";
import { cityMembers, industryMembers, letterPage, listPage } from "./directory-lists.server";

const database = setUpTestDatabase();
const SECRET = "directory-test-secret-0123456789abcdef";

beforeEach(() => {
  invalidateDirectoryCatalog();
});

const austin = { city: "Austin", region: "Texas", country: "United States" };

async function seedDirectory() {
  await database.db.insert(companies).values([
    company("Alpha", {
      ...austin,
      industries: ["SaaS"],
      industryGroups: ["Software"],
      totalFundingAmountUsd: 5_000_000,
    }),
    company("Beta", {
      ...austin,
      industries: ["FinTech"],
      industryGroups: ["Financial Services"],
      totalFundingAmountUsd: 7_000_000,
    }),
    company("Gamma", {
      ...austin,
      region: "Unknown Region",
      industries: ["SaaS"],
      industryGroups: ["Software"],
      totalFundingAmountUsd: null,
    }),
    // A city name shared by two countries: two pages.
    company("Delta", {
      city: "Cambridge",
      region: "Massachusetts",
      country: "United States",
      industries: ["Biotechnology"],
    }),
    company("Epsilon", {
      city: "Cambridge",
      region: "England",
      country: "United Kingdom",
      industries: ["Biotechnology"],
    }),
    company("9 Labs", {
      city: "Berlin",
      country: "Germany",
      industries: ["Software"],
      industryGroups: ["Software"],
    }),
    company("Hidden", {
      ...austin,
      industries: ["SaaS"],
      industryGroups: ["Software"],
      email: "gone@hidden.example",
      totalFundingAmountUsd: 100_000_000,
    }),
  ]);
  await requestDoNotSell(database.db, "gone@hidden.example", SECRET);
}

describe("the directory catalog", () => {
  it("counts each city in its country, across regions, and sums total funding, never a suppressed company", async () => {
    await seedDirectory();
    const catalog = await getDirectoryCatalog(database.db);
    const austinPage = catalog.citiesBySlug.get("austin-united-states");
    expect(austinPage).toMatchObject({
      city: "Austin",
      country: "United States",
      companies: 3,
      totalFundingUsd: 12_000_000,
    });
    // Two regions ("Texas" and "Unknown Region"): the search link cannot name one.
    expect(austinPage?.region).toBeNull();
    expect(catalog.citiesBySlug.get("cambridge-united-states")?.companies).toBe(1);
    expect(catalog.citiesBySlug.get("cambridge-united-kingdom")?.companies).toBe(1);
    expect(catalog.citiesBySlug.get("cambridge-united-kingdom")?.region).toBe("England");
    expect(catalog.totalCompanies).toBe(6);
  });

  it("counts industries and industry groups as the search's industry filter does", async () => {
    await seedDirectory();
    const catalog = await getDirectoryCatalog(database.db);
    for (const name of ["SaaS", "Software", "FinTech", "Financial Services", "Biotechnology"]) {
      const entry = catalog.industriesByName.get(name);
      const counted = await countMatches(
        database.db,
        searchConditions({ ...EMPTY_SEARCH, industry: [name] }, new Date()),
      );
      expect(entry?.companies, name).toBe(counted.total);
    }
    // "Software" is an industry of one company and the group of three others: each counts once.
    expect(catalog.industriesByName.get("Software")?.companies).toBe(3);
    expect(catalog.industriesBySlug.get("financial-services")?.name).toBe("Financial Services");
  });

  it("counts letters by slug, digits under 0-9", async () => {
    await seedDirectory();
    const letters = new Map(
      (await getDirectoryCatalog(database.db)).letters.map((entry) => [entry.letter, entry.companies]),
    );
    expect(letters.get("a")).toBe(1);
    expect(letters.get("0-9")).toBe(1);
    expect(letters.has("h")).toBe(false);
  });

  it("follows the data version: a do-not-sell request shows at once", async () => {
    await seedDirectory();
    expect((await getDirectoryCatalog(database.db)).citiesBySlug.get("austin-united-states")?.companies).toBe(
      3,
    );
    await database.db.update(companies).set({ email: "alpha@alpha.example" }).where(eqName("Alpha"));
    await requestDoNotSell(database.db, "alpha@alpha.example", SECRET);
    expect((await getDirectoryCatalog(database.db)).citiesBySlug.get("austin-united-states")?.companies).toBe(
      2,
    );
  });
});

function eqName(name: string) {
  return eq(companies.organizationName, name);
}

describe("directory lists", () => {
  it("lists a city page's members: the search filter's companies of that city in that country", async () => {
    await seedDirectory();
    const items = await listPage(database.db, cityMembers("Austin", "United States"), 3, 1, "city-index");
    expect(items.map((item) => item.name).sort()).toEqual(["Alpha", "Beta", "Gamma"]);
    const cambridge = await listPage(
      database.db,
      cityMembers("Cambridge", "United Kingdom"),
      1,
      1,
      "city-index",
    );
    expect(cambridge.map((item) => item.name)).toEqual(["Epsilon"]);
    // No email, no founder: nothing a visitor may not see.
    expect(Object.keys(items[0] ?? {}).sort()).toEqual([
      "description",
      "lastFundingAmountUsd",
      "lastFundingDate",
      "lastFundingType",
      "location",
      "name",
      "slug",
    ]);
  });

  it("lists an industry page's members exactly as the search's industry filter", async () => {
    await seedDirectory();
    const items = await listPage(database.db, industryMembers("Software"), 3, 1, "date-walk");
    expect(items.map((item) => item.name).sort()).toEqual(["9 Labs", "Alpha", "Gamma"]);
  });

  it("pages an A-Z letter by slug, 50 a page, without suppressed companies", async () => {
    const rows = Array.from({ length: 55 }, (_, index) =>
      company(`Acme ${String(index).padStart(2, "0")}`, { slug: `acme-${String(index).padStart(2, "0")}` }),
    );
    await database.db
      .insert(companies)
      .values([...rows, company("Hidden A", { slug: "a-hidden", email: "h@a.example" })]);
    await requestDoNotSell(database.db, "h@a.example", SECRET);
    const first = await letterPage(database.db, "a", 1);
    const second = await letterPage(database.db, "a", 2);
    expect(first).toHaveLength(50);
    expect(first[0]?.slug).toBe("acme-00");
    expect(second.map((item) => item.slug)).toEqual(["acme-50", "acme-51", "acme-52", "acme-53", "acme-54"]);
    expect(
      (await getDirectoryCatalog(database.db)).letters.find((entry) => entry.letter === "a")?.companies,
    ).toBe(55);
  });
});

describe("getCompanyProfile", () => {
  it("masks every person's address for a viewer without access and shows it to one with access (docs/product.md#masking)", async () => {
    const [stored] = await database.db
      .insert(companies)
      .values(
        company("Acme Robotics", {
          slug: "acme-robotics",
          ...austin,
          firstName: "Ada",
          lastName: "Lovelace",
          role: "CEO",
          founders: "Ada Lovelace, Alan Turing",
          email: "ada@acme.example",
          industries: ["Robotics"],
          industryGroups: ["Hardware"],
        }),
      )
      .returning({ id: companies.id });
    // decision 030: a company written by its fields alone gets its people from them.
    await ensureCompanyGraphs(database.db, [stored?.id ?? 0], SECRET);
    const masked = await getCompanyProfile(database.db, "acme-robotics", false);
    // decision 032: each person carries its row's id (a bounce report names it) and its address's status.
    expect(masked?.people).toEqual([
      {
        id: expect.any(Number),
        name: "Ada Lovelace",
        title: "CEO",
        kind: "founder",
        email: "a*a@acme.example",
        isEmailMasked: true,
        emailStatus: { status: null, checkedAt: null, source: null },
      },
      {
        id: expect.any(Number),
        name: "Alan Turing",
        title: "Founder",
        kind: "founder",
        email: null,
        isEmailMasked: false,
        emailStatus: null,
      },
    ]);
    expect(JSON.stringify(masked)).not.toContain("ada@acme.example");
    const full = await getCompanyProfile(database.db, "acme-robotics", true);
    expect(full?.people[0]).toMatchObject({ email: "ada@acme.example", isEmailMasked: false });
    expect(full?.cityLink).toEqual({ name: "Austin", path: "/directory/cities/austin-united-states" });
    expect(full?.industries).toEqual([{ name: "Robotics", path: "/directory/industries/robotics" }]);
  });

  it("shows a company stored without people (an import since the backfill) as its fields say, masked the same way (decision 030)", async () => {
    await database.db.insert(companies).values(
      company("Late Import", {
        slug: "late-import",
        firstName: "Grace",
        lastName: "Hopper",
        role: null,
        founders: "Grace Hopper, Mary Jackson",
        email: "grace@late.example",
      }),
    );
    const masked = await getCompanyProfile(database.db, "late-import", false);
    // decision 032: read from the company's fields, no person has a row id.
    expect(masked?.people).toEqual([
      {
        id: null,
        name: "Grace Hopper",
        title: "Founder",
        kind: "founder",
        email: "g***e@late.example",
        isEmailMasked: true,
      },
      {
        id: null,
        name: "Mary Jackson",
        title: "Founder",
        kind: "founder",
        email: null,
        isEmailMasked: false,
      },
    ]);
    expect(JSON.stringify(masked)).not.toContain("grace@late.example");
    const full = await getCompanyProfile(database.db, "late-import", true);
    expect(full?.people[0]).toMatchObject({ email: "grace@late.example", isEmailMasked: false });
  });

  it("answers a path no slug can be without asking the database (docs/decisions/018)", async () => {
    // Stored by hand, longer than any slug the app makes: a lookup would find it; the bound refuses first.
    const tooLong = "a".repeat(MAX_COMPANY_SLUG_LENGTH + 1);
    await database.db
      .insert(companies)
      .values([
        company("Long", { slug: tooLong }),
        company("Odd", { slug: "Odd_Slug" }),
        company("Longest", { slug: "b".repeat(MAX_COMPANY_SLUG_LENGTH) }),
      ]);
    expect(await getCompanyProfile(database.db, tooLong, true)).toBeNull();
    expect(await getCompanyProfile(database.db, "Odd_Slug", true)).toBeNull();
    expect(await getCompanyProfile(database.db, `x${"-vs".repeat(5_000)}`, true)).toBeNull();
    expect(await getCompanyProfile(database.db, "b".repeat(MAX_COMPANY_SLUG_LENGTH), true)).not.toBeNull();
  });

  it("has no page for an unknown slug or a suppressed company", async () => {
    await database.db.insert(companies).values(company("Gone", { slug: "gone", email: "x@gone.example" }));
    expect(await getCompanyProfile(database.db, "gone", true)).not.toBeNull();
    await requestDoNotSell(database.db, "x@gone.example", SECRET);
    expect(await getCompanyProfile(database.db, "gone", true)).toBeNull();
    expect(await getCompanyProfile(database.db, "never-was", true)).toBeNull();
  });

  it("relates six companies of its main industry, its city first, never itself or a suppressed one", async () => {
    const sameCity = Array.from({ length: 4 }, (_, index) =>
      company(`City Peer ${index}`, {
        ...austin,
        industries: ["SaaS"],
        lastFundingType: "Series A",
        lastFundingDate: `2026-0${index + 1}-01`,
      }),
    );
    const sameStage = Array.from({ length: 4 }, (_, index) =>
      company(`Stage Peer ${index}`, {
        city: "Boston",
        country: "United States",
        industries: ["SaaS"],
        lastFundingType: "Seed",
      }),
    );
    await database.db.insert(companies).values([
      company("Subject", { slug: "subject", ...austin, industries: ["SaaS"], lastFundingType: "Seed" }),
      ...sameCity,
      ...sameStage,
      company("Other Industry", { ...austin, industries: ["FinTech"], lastFundingType: "Seed" }),
      company("Hidden Peer", {
        ...austin,
        industries: ["SaaS"],
        email: "peer@hidden.example",
        lastFundingDate: "2026-09-01",
      }),
    ]);
    await requestDoNotSell(database.db, "peer@hidden.example", SECRET);
    const related = (await getCompanyProfile(database.db, "subject", false))?.related ?? [];
    expect(related).toHaveLength(RELATED_COMPANIES);
    expect(related.slice(0, 4).map((item) => item.name)).toEqual([
      "City Peer 3",
      "City Peer 2",
      "City Peer 1",
      "City Peer 0",
    ]);
    expect(related.slice(4).every((item) => item.name.startsWith("Stage Peer"))).toBe(true);
    expect(related.map((item) => item.name)).not.toContain("Hidden Peer");
  });
});
