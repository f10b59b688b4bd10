import { sql } from "drizzle-orm";
import type { CompanyProfile } from "~/core/company-profile";
import { pairSplits } from "~/core/compare";
import { type SimilarityParts, similarityParts, similarityReasons } from "~/core/similarity";
import type { Db } from "../db/database.server";
import { queryRows } from "../db/query-rows.server";
import { getCompanyProfile } from "../directory/company-profile.server";
import { isChosenPair } from "../similarity/similar-companies.server";

/** The two visible companies a compare URL names, as written in it; null when no reading names two. */
export async function findPair(db: Db, param: string): Promise<[string, string] | null> {
  const splits = pairSplits(param);
  if (splits.length === 0) return null;
  const slugs = [...new Set(splits.flat())];
  const rows = await queryRows<{ slug: string }>(
    db,
    sql`select slug from companies where slug = any(${sql.param(slugs)}::text[]) and not suppressed`,
  );
  const found = new Set(rows.map((row) => row.slug));
  return splits.find(([a, b]) => found.has(a) && found.has(b)) ?? null;
}

export interface CompanyPair {
  a: CompanyProfile;
  b: CompanyProfile;
  parts: SimilarityParts;
  sharedIndustries: string[];
  reasons: string[];
  /** Chosen by the similarity rule (either is among the other's three most similar): linked and indexed. */
  isChosen: boolean;
}

function toDay(date: string | null): number | null {
  return date ? Math.floor(Date.parse(`${date.slice(0, 10)}T00:00:00Z`) / 86_400_000) : null;
}

function similarityProfile(company: CompanyProfile) {
  return {
    id: company.id,
    industries: company.industries.map((industry) => industry.name),
    stage: company.lastFundingType,
    country: company.country,
    fundingUsd: company.totalFundingAmountUsd ?? company.lastFundingAmountUsd,
    lastFundingDay: toDay(company.lastFundingDate),
  };
}

/** Both companies' public profiles (masked per access), what they share and whether the pair is chosen. */
export async function getCompanyPair(
  db: Db,
  slugs: [string, string],
  canSeeEmails: boolean,
): Promise<CompanyPair | null> {
  const [a, b] = await Promise.all(
    slugs.map((slug) => getCompanyProfile(db, slug, canSeeEmails, { withRelated: false })),
  );
  if (!a || !b) return null;
  const parts = similarityParts(similarityProfile(a), similarityProfile(b));
  const names = new Set(b.industries.map((industry) => industry.name));
  const sharedIndustries = a.industries.map((industry) => industry.name).filter((name) => names.has(name));
  return {
    a,
    b,
    parts,
    sharedIndustries,
    reasons: similarityReasons(parts, {
      sharedIndustries,
      stage: a.lastFundingType,
      country: a.country,
    }),
    isChosen: await isChosenPair(db, a.id, b.id),
  };
}
