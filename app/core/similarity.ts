/**
 * docs/product.md#compare: how similar two companies are, one rule in one place. Used for a company page's related list
 * and to choose the company-vs-company pairs that are linked and listed in the sitemap. After fundup.ai's
 * published scoring (research notes [x]): industry overlap weighs most, then stage, country, funding band,
 * and how close in time their last rounds were.
 *
 * Pure and symmetric: score(a, b) === score(b, a).
 */

export const WEIGHTS = {
  /** Times the Jaccard index of the two industry sets (0-1). */
  industries: 50,
  sameStage: 25,
  sameCountry: 20,
  sameFundingBand: 10,
  /** Scaled down linearly to 0 at RECENCY_DAYS apart. */
  recency: 10,
} as const;

/** Last rounds this many days apart (or more) earn no recency points. */
export const RECENCY_DAYS = 365;

export interface SimilarityProfile {
  id: number;
  /** Industry ids (or names), without repeats. */
  industries: readonly (number | string)[];
  stage: string | null;
  country: string | null;
  /** Total funding in USD (the last round when the total is unknown), or null. */
  fundingUsd: number | null;
  /** The last round's date as whole days since 1970-01-01 (UTC), or null. */
  lastFundingDay: number | null;
}

/**
 * Funding bands, a factor of about 4-5 apart: under $1M, $1-5M, $5-20M, $20-100M, $100-500M, $500M and
 * more. Null when unknown: two unknowns are not "the same band".
 */
export function fundingBand(usd: number | null): number | null {
  if (usd === null || !Number.isFinite(usd) || usd <= 0) return null;
  const bounds = [1e6, 5e6, 20e6, 100e6, 500e6];
  let band = 0;
  while (band < bounds.length && usd >= (bounds[band] as number)) band++;
  return band;
}

/** |A ∩ B| / |A ∪ B| of two sets given as arrays without repeats; 0 when both are empty. */
export function jaccard(a: readonly (number | string)[], b: readonly (number | string)[]): number {
  if (a.length === 0 && b.length === 0) return 0;
  let shared = 0;
  for (const item of a) if (b.includes(item)) shared++;
  return shared / (a.length + b.length - shared);
}

export interface SimilarityParts {
  industries: number;
  sameStage: boolean;
  sameCountry: boolean;
  sameFundingBand: boolean;
  /** 0-1: 1 for rounds on the same day, 0 for RECENCY_DAYS or more apart (or a date unknown). */
  recency: number;
}

export function similarityParts(a: SimilarityProfile, b: SimilarityProfile): SimilarityParts {
  const bandA = fundingBand(a.fundingUsd);
  const days =
    a.lastFundingDay === null || b.lastFundingDay === null
      ? null
      : Math.abs(a.lastFundingDay - b.lastFundingDay);
  return {
    industries: jaccard(a.industries, b.industries),
    sameStage: a.stage !== null && a.stage === b.stage,
    sameCountry: a.country !== null && a.country === b.country,
    sameFundingBand: bandA !== null && bandA === fundingBand(b.fundingUsd),
    recency: days === null ? 0 : Math.max(0, 1 - days / RECENCY_DAYS),
  };
}

/** The score of a pair, 0-115, rounded to 0.01 so that ties are ties on every machine. */
export function similarityScore(a: SimilarityProfile, b: SimilarityProfile): number {
  const parts = similarityParts(a, b);
  const score =
    WEIGHTS.industries * parts.industries +
    (parts.sameStage ? WEIGHTS.sameStage : 0) +
    (parts.sameCountry ? WEIGHTS.sameCountry : 0) +
    (parts.sameFundingBand ? WEIGHTS.sameFundingBand : 0) +
    WEIGHTS.recency * parts.recency;
  return Math.round(score * 100) / 100;
}

export interface Scored {
  id: number;
  score: number;
}

/** Best first; equal scores by the smaller id, so every run ranks ties the same way. */
export function compareScored(a: Scored, b: Scored): number {
  return b.score - a.score || a.id - b.id;
}

/**
 * The `limit` most similar of `candidates` to `subject`, best first (compareScored), never the subject
 * itself, each candidate once.
 */
export function mostSimilar(
  subject: SimilarityProfile,
  candidates: Iterable<SimilarityProfile>,
  limit: number,
): Scored[] {
  const best: Scored[] = [];
  const seen = new Set<number>();
  for (const candidate of candidates) {
    if (candidate.id === subject.id || seen.has(candidate.id)) continue;
    seen.add(candidate.id);
    const scored = { id: candidate.id, score: similarityScore(subject, candidate) };
    if (best.length === limit && compareScored(scored, best[limit - 1] as Scored) >= 0) continue;
    best.push(scored);
    best.sort(compareScored);
    if (best.length > limit) best.pop();
  }
  return best;
}

/** Why two companies are paired, in words, from the same parts as the score (for the compare page). */
export function similarityReasons(
  parts: SimilarityParts,
  facts: { sharedIndustries: readonly string[]; stage: string | null; country: string | null },
): string[] {
  const reasons: string[] = [];
  if (facts.sharedIndustries.length > 0) {
    const list = facts.sharedIndustries.slice(0, 4).join(", ");
    reasons.push(`Both work in ${list}.`);
  }
  if (parts.sameStage && facts.stage) reasons.push(`Both last raised a ${facts.stage} round.`);
  if (parts.sameCountry && facts.country) reasons.push(`Both are headquartered in ${facts.country}.`);
  if (parts.sameFundingBand) reasons.push("They have raised similar amounts in total.");
  if (parts.recency >= 0.5) reasons.push("Their last rounds closed within six months of each other.");
  return reasons;
}
