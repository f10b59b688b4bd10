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
  let band = 0;
  while (band < BAND_BOUNDS.length && usd >= (BAND_BOUNDS[band] as number)) band++;
  return band;
}

const BAND_BOUNDS = [1e6, 5e6, 20e6, 100e6, 500e6];

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
  return {
    industries: jaccard(a.industries, b.industries),
    sameStage: isSameKnown(a.stage, b.stage),
    sameCountry: isSameKnown(a.country, b.country),
    sameFundingBand: bandA !== null && bandA === fundingBand(b.fundingUsd),
    recency: recency(a.lastFundingDay, b.lastFundingDay),
  };
}

function isSameKnown(a: string | null, b: string | null): boolean {
  return a !== null && a === b;
}

function recency(dayA: number | null, dayB: number | null): number {
  return dayA === null || dayB === null ? 0 : recencyOfGap(Math.abs(dayA - dayB));
}

/** The recency part of two last rounds `days` apart: 1 on the same day, 0 at RECENCY_DAYS or more. */
export function recencyOfGap(days: number): number {
  return Math.max(0, 1 - days / RECENCY_DAYS);
}

/** The score of a pair, 0-115, rounded to 0.01 so that ties are ties on every machine. */
export function similarityScore(a: SimilarityProfile, b: SimilarityProfile): number {
  const bandA = fundingBand(a.fundingUsd);
  return weightedScore(
    jaccard(a.industries, b.industries),
    isSameKnown(a.stage, b.stage),
    isSameKnown(a.country, b.country),
    bandA !== null && bandA === fundingBand(b.fundingUsd),
    recency(a.lastFundingDay, b.lastFundingDay),
  );
}

/**
 * The score from the parts of a pair (similarityParts' fields, passed one by one so that the refresh, which
 * scores each company against a hundred or more candidates, builds no object per pair): the one formula.
 */
export function weightedScore(
  industries: number,
  sameStage: boolean,
  sameCountry: boolean,
  sameFundingBand: boolean,
  recencyPart: number,
): number {
  const score =
    WEIGHTS.industries * industries +
    (sameStage ? WEIGHTS.sameStage : 0) +
    (sameCountry ? WEIGHTS.sameCountry : 0) +
    (sameFundingBand ? WEIGHTS.sameFundingBand : 0) +
    WEIGHTS.recency * recencyPart;
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
 * The `limit` best of the scores offered to it, best first (compareScored), each id kept once: a sorted
 * array of at most `limit`, an offer that cannot enter is turned away with one comparison.
 */
export class BestScores {
  private readonly kept: Scored[] = [];

  constructor(private readonly limit: number) {}

  offer(id: number, score: number): void {
    const kept = this.kept;
    if (kept.length === this.limit && !isBetter(id, score, kept[kept.length - 1])) return;
    for (const item of kept) if (item.id === id) return;
    let at = kept.length;
    while (at > 0 && isBetter(id, score, kept[at - 1])) at--;
    kept.splice(at, 0, { id, score });
    if (kept.length > this.limit) kept.pop();
  }

  /**
   * Whether an offer of `score` could enter: false once the list is full and its last ranks before it. A
   * candidate whose score is at most `score` is then turned away too (the refresh prunes by it).
   */
  admits(id: number, score: number): boolean {
    const kept = this.kept;
    return kept.length < this.limit || isBetter(id, score, kept[kept.length - 1]);
  }

  /** What was kept, best first. */
  list(): Scored[] {
    return this.kept;
  }
}

/** Whether (id, score) ranks before `other` by compareScored (a missing other: no). */
function isBetter(id: number, score: number, other: Scored | undefined): boolean {
  return other !== undefined && (score > other.score || (score === other.score && id < other.id));
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
  const best = new BestScores(limit);
  for (const candidate of candidates) {
    if (candidate.id !== subject.id) best.offer(candidate.id, similarityScore(subject, candidate));
  }
  return best.list();
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
