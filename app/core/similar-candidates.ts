import { compareScored, mostSimilar, type Scored, type SimilarityProfile } from "./similarity";

/**
 * docs/product.md#compare: the most similar companies of every company, without scoring every pair (a million companies
 * are 5 x 10^11 pairs). The best scores need shared industries, so candidates come from buckets of
 * companies that share one: for each of a company's industries, its neighbours in last-round date within
 * the bucket of that industry and its stage, and within the bucket of that industry and its country (the
 * other two large terms of the score; neighbours in date also earn the recency points). Every candidate is
 * then scored by the one rule (similarity.ts). Pure: the refresh job feeds it the companies and stores what
 * it returns.
 */

export interface CandidateWindows {
  /** Neighbours on each side in a company's (main industry, stage) bucket. */
  mainStage: number;
  /** ... in its (main industry, country) bucket. */
  mainCountry: number;
  /** ... in the (industry, stage) bucket of each of its other industries. */
  otherStage: number;
}

export const DEFAULT_WINDOWS: CandidateWindows = { mainStage: 40, mainCountry: 25, otherStage: 10 };

type Bucket = number[];

function bucketKey(industry: number | string, other: string | null): string {
  return `${industry}\u0000${other ?? ""}`;
}

function byDate(profiles: readonly SimilarityProfile[]) {
  return (a: number, b: number) => {
    const dayA = profiles[a]?.lastFundingDay ?? Number.NEGATIVE_INFINITY;
    const dayB = profiles[b]?.lastFundingDay ?? Number.NEGATIVE_INFINITY;
    return dayA - dayB || (profiles[a]?.id ?? 0) - (profiles[b]?.id ?? 0);
  };
}

/** The candidate buckets of a set of profiles: each company's most similar, and who may list whom. */
export interface SimilarityIndex {
  /** The profile at `index`'s `limit` most similar others, best first (ties by smaller id). */
  best(index: number, limit: number): Scored[];
  /**
   * The profiles whose candidates may include any of `indices` (a superset: every profile within the widest
   * window of theirs in a bucket they share), the given ones among them. After those companies change,
   * only these can rank differently.
   */
  affectedBy(indices: Iterable<number>): Set<number>;
}

/** Builds the candidate buckets of `profiles` once, for best() of any of them. */
export function similarityIndex(
  profiles: readonly SimilarityProfile[],
  windows: CandidateWindows = DEFAULT_WINDOWS,
): SimilarityIndex {
  const stageBuckets = new Map<string, Bucket>();
  const countryBuckets = new Map<string, Bucket>();
  const add = (buckets: Map<string, Bucket>, key: string, index: number) => {
    const bucket = buckets.get(key);
    if (bucket) bucket.push(index);
    else buckets.set(key, [index]);
  };
  profiles.forEach((profile, index) => {
    profile.industries.forEach((industry, position) => {
      add(stageBuckets, bucketKey(industry, profile.stage), index);
      if (position === 0) add(countryBuckets, bucketKey(industry, profile.country), index);
    });
  });
  const order = byDate(profiles);
  // Each bucket in date order, and where each company sits in it.
  const positions = new Map<string, Map<number, number>>();
  for (const buckets of [stageBuckets, countryBuckets]) {
    for (const [key, bucket] of buckets) {
      bucket.sort(order);
      if (bucket.length > 1)
        positions.set(
          `${buckets === stageBuckets ? "s" : "c"}${key}`,
          new Map(bucket.map((index, at) => [index, at])),
        );
    }
  }
  const neighbours = (
    kind: "s" | "c",
    buckets: Map<string, Bucket>,
    key: string,
    index: number,
    width: number,
  ) => {
    const bucket = buckets.get(key);
    const at = positions.get(`${kind}${key}`)?.get(index);
    if (!bucket || at === undefined) return [];
    return bucket.slice(Math.max(0, at - width), at + width + 1);
  };
  const widest = Math.max(windows.mainStage, windows.otherStage);
  return {
    best(index, limit) {
      const profile = profiles[index] as SimilarityProfile;
      const candidates = new Set<number>();
      profile.industries.forEach((industry, position) => {
        const width = position === 0 ? windows.mainStage : windows.otherStage;
        for (const other of neighbours("s", stageBuckets, bucketKey(industry, profile.stage), index, width))
          candidates.add(other);
        if (position === 0) {
          for (const other of neighbours(
            "c",
            countryBuckets,
            bucketKey(industry, profile.country),
            index,
            windows.mainCountry,
          )) {
            candidates.add(other);
          }
        }
      });
      const scored = mostSimilar(
        profile,
        [...candidates].map((other) => profiles[other] as SimilarityProfile),
        limit,
      );
      return scored.sort(compareScored);
    },
    affectedBy(indices) {
      const affected = new Set<number>();
      for (const index of indices) {
        affected.add(index);
        const profile = profiles[index];
        if (profile === undefined) continue;
        profile.industries.forEach((industry, position) => {
          // Another company lists this one from its own window, which may be its main industry's (wider).
          for (const other of neighbours(
            "s",
            stageBuckets,
            bucketKey(industry, profile.stage),
            index,
            widest,
          ))
            affected.add(other);
          if (position === 0) {
            const key = bucketKey(industry, profile.country);
            for (const other of neighbours("c", countryBuckets, key, index, windows.mainCountry))
              affected.add(other);
          }
        });
      }
      return affected;
    },
  };
}

/**
 * For each profile, its `limit` most similar others, best first (ties by smaller id), as
 * `[profile index, scored list]` in the order of `profiles`.
 */
export function* similarAll(
  profiles: readonly SimilarityProfile[],
  limit: number,
  windows: CandidateWindows = DEFAULT_WINDOWS,
): Generator<Scored[]> {
  const index = similarityIndex(profiles, windows);
  for (let at = 0; at < profiles.length; at++) yield index.best(at, limit);
}
