import {
  BestScores,
  fundingBand,
  recencyOfGap,
  type Scored,
  type SimilarityProfile,
  weightedScore,
} from "./similarity";

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

/** Date order within a bucket (unknown dates first), ties by id: on numbers read once from the profiles. */
function byDate(profiles: readonly SimilarityProfile[], idOf: Float64Array) {
  const dayOf = Float64Array.from(profiles, (profile) => profile.lastFundingDay ?? Number.NEGATIVE_INFINITY);
  return (a: number, b: number) =>
    (dayOf[a] as number) - (dayOf[b] as number) || (idOf[a] as number) - (idOf[b] as number);
}

/** One bucket a company draws candidates from: where it sits in it, and how far it looks each side. */
interface Window {
  bucket: Bucket;
  /** The company's position in the bucket (in date order). */
  at: number;
  /** Neighbours on each side it takes as candidates. */
  width: number;
  /** A (industry, stage) bucket; else the (main industry, country) one. */
  isStage: boolean;
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

/**
 * Builds the candidate buckets of `profiles` once, for best() of any of them. Each company's windows (its
 * buckets, its place in each) and funding band are found here, so best() touches only numbers and arrays:
 * the refresh calls it for every company (decision 020).
 */
export function similarityIndex(
  profiles: readonly SimilarityProfile[],
  windows: CandidateWindows = DEFAULT_WINDOWS,
): SimilarityIndex {
  const stageBuckets = new Map<string, Bucket>();
  const countryBuckets = new Map<string, Bucket>();
  const windowsOf: Window[][] = profiles.map(() => []);
  const join = (
    buckets: Map<string, Bucket>,
    key: string,
    index: number,
    width: number,
    isStage: boolean,
  ) => {
    let bucket = buckets.get(key);
    if (!bucket) {
      bucket = [];
      buckets.set(key, bucket);
    }
    bucket.push(index);
    (windowsOf[index] as Window[]).push({ bucket, at: -1, width, isStage });
  };
  profiles.forEach((profile, index) => {
    profile.industries.forEach((industry, position) => {
      const isMain = position === 0;
      join(
        stageBuckets,
        bucketKey(industry, profile.stage),
        index,
        isMain ? windows.mainStage : windows.otherStage,
        true,
      );
      if (isMain)
        join(countryBuckets, bucketKey(industry, profile.country), index, windows.mainCountry, false);
    });
  });
  const idOf = Float64Array.from(profiles, (profile) => profile.id);
  const order = byDate(profiles, idOf);
  // Each bucket in date order, and where each company sits in it.
  for (const buckets of [stageBuckets, countryBuckets]) {
    for (const bucket of buckets.values()) {
      bucket.sort(order);
      bucket.forEach((index, at) => {
        for (const window of windowsOf[index] as Window[]) if (window.bucket === bucket) window.at = at;
      });
    }
  }
  // The parts of the score as numbers, compared without touching strings or profile objects: stage and
  // country as small integers (-1: unknown), the funding band (-1: unknown), the last round's day (NaN:
  // unknown), the ids, and the industries as small integers, each profile's run in one flat array.
  const stageOf = smallIntegers(profiles, (profile) => profile.stage);
  const countryOf = smallIntegers(profiles, (profile) => profile.country);
  const bandOf = Int8Array.from(profiles, (profile) => fundingBand(profile.fundingUsd) ?? -1);
  const dayOf = Float64Array.from(profiles, (profile) => profile.lastFundingDay ?? Number.NaN);
  const { starts, industries } = industryRuns(profiles);
  // seen[other] === visit: `other` was scored already in this call of best().
  const seen = new Int32Array(profiles.length);
  let visit = 0;
  const widest = Math.max(windows.mainStage, windows.otherStage);
  return {
    best(index, limit) {
      const id = idOf[index] as number;
      const stage = stageOf[index] as number;
      const country = countryOf[index] as number;
      const band = bandOf[index] as number;
      const day = dayOf[index] as number;
      const from = starts[index] as number;
      const count = (starts[index + 1] as number) - from;
      const best = new BestScores(limit);
      visit++;
      seen[index] = visit;
      for (const { bucket, at, width } of windowsOf[index] as Window[]) {
        const to = Math.min(bucket.length, at + width + 1);
        for (let position = Math.max(0, at - width); position < to; position++) {
          const other = bucket[position] as number;
          if (seen[other] === visit) continue;
          seen[other] = visit;
          const otherId = idOf[other] as number;
          if (otherId === id) continue;
          const gap = Math.abs(day - (dayOf[other] as number));
          const sameStage = stage >= 0 && stage === stageOf[other];
          const sameCountry = country >= 0 && country === countryOf[other];
          const sameBand = band >= 0 && band === bandOf[other];
          const recency = Number.isNaN(gap) ? 0 : recencyOfGap(gap);
          const otherFrom = starts[other] as number;
          const otherCount = (starts[other + 1] as number) - otherFrom;
          // The score grows with the industry overlap, which is at most the smaller set over the larger:
          // a candidate that could not enter the list even with that overlap is not compared further.
          const most = count < otherCount ? count / otherCount : otherCount / count;
          if (!best.admits(otherId, weightedScore(most, sameStage, sameCountry, sameBand, recency))) continue;
          let shared = 0;
          for (let a = from; a < from + count; a++) {
            const industry = industries[a];
            for (let b = otherFrom; b < otherFrom + otherCount; b++) {
              if (industries[b] === industry) {
                shared++;
                break;
              }
            }
          }
          // jaccard() on the small integers: the same division.
          const overlap = count === 0 && otherCount === 0 ? 0 : shared / (count + otherCount - shared);
          best.offer(otherId, weightedScore(overlap, sameStage, sameCountry, sameBand, recency));
        }
      }
      return best.list();
    },
    affectedBy(indices) {
      const affected = new Set<number>();
      for (const index of indices) {
        affected.add(index);
        // Another company lists this one from its own window, which may be its main industry's (wider).
        for (const { bucket, at, isStage } of windowsOf[index] ?? []) {
          const width = isStage ? widest : windows.mainCountry;
          const to = Math.min(bucket.length, at + width + 1);
          for (let position = Math.max(0, at - width); position < to; position++)
            affected.add(bucket[position] as number);
        }
      }
      return affected;
    },
  };
}

/**
 * Each profile's industries as small integers (equal values equal, as jaccard() compares them), profile
 * `i`'s at industries[starts[i]] up to industries[starts[i + 1]].
 */
function industryRuns(profiles: readonly SimilarityProfile[]): {
  starts: Int32Array;
  industries: Int32Array;
} {
  const numbers = new Map<number | string, number>();
  const starts = new Int32Array(profiles.length + 1);
  let total = 0;
  profiles.forEach((profile, at) => {
    starts[at] = total;
    total += profile.industries.length;
  });
  starts[profiles.length] = total;
  const industries = new Int32Array(total);
  let next = 0;
  for (const profile of profiles) {
    for (const industry of profile.industries) {
      let number = numbers.get(industry);
      if (number === undefined) {
        number = numbers.size;
        numbers.set(industry, number);
      }
      industries[next++] = number;
    }
  }
  return { starts, industries };
}

/** Each profile's value of `field` as a small integer, equal values equal; -1 for null. */
function smallIntegers(
  profiles: readonly SimilarityProfile[],
  field: (profile: SimilarityProfile) => string | null,
): Int32Array {
  const numbers = new Map<string, number>();
  return Int32Array.from(profiles, (profile) => {
    const value = field(profile);
    if (value === null) return -1;
    let number = numbers.get(value);
    if (number === undefined) {
      number = numbers.size;
      numbers.set(value, number);
    }
    return number;
  });
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
