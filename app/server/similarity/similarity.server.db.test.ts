import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { mostSimilar, type SimilarityProfile } from "~/core/similarity";
import { setUpTestDatabase } from "~tests/fixtures/database";
import { company } from "~tests/fixtures/factories";
import { queryRows } from "../db/query-rows.server";
import { companies } from "../db/schema";
import { getCompanyProfile } from "../directory/company-profile.server";
import { requestDoNotSell } from "../suppression/do-not-sell.server";
import { isChosenPair, similarCompanyIds } from "./similar-companies.server";
import { refreshSimilarities, SIMILAR_PER_COMPANY } from "./similarity-refresh.server";

const database = setUpTestDatabase();
const SECRET = "similarity-test-secret-0123456789abcdef";

async function idOf(slug: string): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    database.db,
    sql`select id from companies where slug = ${slug}`,
  );
  if (!row) throw new Error(`no company ${slug}`);
  return row.id;
}

/** Twelve SaaS companies in Berlin (Seed), four FinTech in Paris, two Biotech in Boston. */
async function seedSet() {
  const rows = [
    ...Array.from({ length: 12 }, (_, index) =>
      company(`Saas ${index}`, {
        slug: `saas-${index}`,
        industries: ["SaaS"],
        lastFundingType: "Seed",
        country: "Germany",
        city: "Berlin",
        lastFundingDate: `2026-0${(index % 9) + 1}-01`,
        email: `founder${index}@saas${index}.example`,
      }),
    ),
    ...Array.from({ length: 4 }, (_, index) =>
      company(`Fin ${index}`, {
        slug: `fin-${index}`,
        industries: ["FinTech"],
        lastFundingType: "Series A",
        country: "France",
      }),
    ),
    company("Bio 0", { slug: "bio-0", industries: ["Biotechnology"], country: "United States" }),
    company("Bio 1", { slug: "bio-1", industries: ["Biotechnology"], country: "United States" }),
  ];
  await database.db.insert(companies).values(rows);
}

describe("refreshSimilarities", () => {
  it("stores each company's most similar, best first, never itself, as the scoring rule ranks them", async () => {
    await seedSet();
    const result = await refreshSimilarities(database.db);
    expect(result).toMatchObject({ companies: 18, isCurrent: true });
    const subject = await idOf("saas-0");
    const ids = await similarCompanyIds(database.db, subject, SIMILAR_PER_COMPANY);
    expect(ids).toHaveLength(SIMILAR_PER_COMPANY);
    expect(ids?.map((item) => item.id)).not.toContain(subject);
    // The same ranking as scoring every other company directly (the set is small enough to be exact).
    const profiles = await queryRows<{
      id: number;
      industries: string[];
      stage: string;
      country: string;
      funding: number;
      day: number;
    }>(
      database.db,
      sql`select id, industries, last_funding_type as stage, country, coalesce(total_funding_amount_usd, last_funding_amount_usd)::float8 as funding, (last_funding_date - date '1970-01-01') as day from companies`,
    );
    const asProfile = (row: (typeof profiles)[number]): SimilarityProfile => ({
      id: row.id,
      industries: row.industries,
      stage: row.stage,
      country: row.country,
      fundingUsd: row.funding,
      lastFundingDay: row.day,
    });
    const self = profiles.find((row) => row.id === subject);
    const expected = mostSimilar(
      asProfile(self as (typeof profiles)[number]),
      profiles.map(asProfile),
      SIMILAR_PER_COMPANY,
    );
    expect(ids?.map((item) => item.id)).toEqual(expected.map((item) => item.id));
    expect(ids?.map((item) => item.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    // Biotech's only match is the other Biotech company.
    expect(await similarCompanyIds(database.db, await idOf("bio-0"), 6)).toEqual([
      { id: await idOf("bio-1"), rank: 1 },
    ]);
  });

  it("keeps one generation: a second refresh replaces the first", async () => {
    await seedSet();
    const first = await refreshSimilarities(database.db);
    const second = await refreshSimilarities(database.db);
    expect(second.generation).toBeGreaterThan(first.generation);
    const [row] = await queryRows<{ generations: number }>(
      database.db,
      sql`select count(distinct generation)::int as generations from company_similarities`,
    );
    expect(row?.generations).toBe(1);
  });

  it("leaves suppressed companies out when read, and has no list for a company added since", async () => {
    await seedSet();
    await refreshSimilarities(database.db);
    const subject = await idOf("saas-0");
    const before = ((await similarCompanyIds(database.db, subject, 6)) ?? []).map((item) => item.id);
    const [first] = await queryRows<{ email: string }>(
      database.db,
      sql`select email from companies where id = ${before[0] ?? 0}`,
    );
    await requestDoNotSell(database.db, first?.email ?? "", SECRET);
    const after = (await similarCompanyIds(database.db, subject, 6)) ?? [];
    expect(after.map((item) => item.id)).not.toContain(before[0]);
    expect(after).toHaveLength(6);
    // The ranks stay those of the refresh: the first visible one is now the second most similar.
    expect(after[0]?.rank).toBe(2);
    await database.db.insert(companies).values(
      company("Newcomer", {
        slug: "newcomer",
        industries: ["SaaS"],
        city: "Berlin",
        country: "Germany",
        lastFundingType: "Seed",
      }),
    );
    expect(await similarCompanyIds(database.db, await idOf("newcomer"), 6)).toBeNull();
    // The company page then falls back to its indexed rule rather than showing nothing.
    const profile = await getCompanyProfile(database.db, "newcomer", false);
    expect(profile?.related.length).toBeGreaterThan(0);
  });

  it("chooses a pair when either company has the other among its three most similar", async () => {
    await seedSet();
    await refreshSimilarities(database.db);
    const subject = await idOf("fin-0");
    const [best] = ((await similarCompanyIds(database.db, subject, 3)) ?? []).map((item) => item.id);
    expect(await isChosenPair(database.db, subject, best ?? 0)).toBe(true);
    expect(await isChosenPair(database.db, best ?? 0, subject)).toBe(true);
    expect(await isChosenPair(database.db, subject, await idOf("bio-0"))).toBe(false);
  });
});
