import { describe, expect, it } from "vitest";
import { DEFAULT_WINDOWS, similarAll, similarityIndex } from "./similar-candidates";
import {
  BestScores,
  compareScored,
  fundingBand,
  jaccard,
  mostSimilar,
  RECENCY_DAYS,
  type SimilarityProfile,
  similarityParts,
  similarityReasons,
  similarityScore,
} from "./similarity";

function profile(id: number, fields: Partial<SimilarityProfile> = {}): SimilarityProfile {
  return {
    id,
    industries: ["SaaS"],
    stage: "Seed",
    country: "Germany",
    fundingUsd: 2_000_000,
    lastFundingDay: 20_000,
    ...fields,
  };
}

describe("the similarity score", () => {
  it("adds industry overlap, stage, country, funding band and recency", () => {
    expect(similarityScore(profile(1), profile(2))).toBe(50 + 25 + 20 + 10 + 10);
    expect(similarityScore(profile(1), profile(2, { industries: ["SaaS", "FinTech"] }))).toBe(
      25 + 25 + 20 + 10 + 10,
    );
    expect(
      similarityScore(
        profile(1),
        profile(2, {
          industries: ["Biotech"],
          stage: "Series A",
          country: "France",
          fundingUsd: 50e6,
          lastFundingDay: 20_000 + RECENCY_DAYS,
        }),
      ),
    ).toBe(0);
    expect(similarityScore(profile(1), profile(2, { lastFundingDay: 20_000 + RECENCY_DAYS / 2 }))).toBe(110);
  });

  it("is symmetric", () => {
    const pairs: Array<[SimilarityProfile, SimilarityProfile]> = [
      [
        profile(1, { industries: ["A", "B", "C"] }),
        profile(2, { industries: ["B"], stage: null, lastFundingDay: 19_800 }),
      ],
      [profile(3, { fundingUsd: null, country: null }), profile(4, { fundingUsd: 900_000 })],
    ];
    for (const [a, b] of pairs) expect(similarityScore(a, b)).toBe(similarityScore(b, a));
  });

  it("counts unknowns as no match, not as a match", () => {
    const parts = similarityParts(
      profile(1, { stage: null, country: null, fundingUsd: null, lastFundingDay: null }),
      profile(2, { stage: null, country: null, fundingUsd: null, lastFundingDay: null }),
    );
    expect(parts).toEqual({
      industries: 1,
      sameStage: false,
      sameCountry: false,
      sameFundingBand: false,
      recency: 0,
    });
  });

  it("bands funding by factors of about five", () => {
    expect([500_000, 1e6, 4.9e6, 5e6, 99e6, 100e6, 1e9].map(fundingBand)).toEqual([0, 1, 1, 2, 3, 4, 5]);
    expect(fundingBand(0)).toBeNull();
    expect(jaccard([], [])).toBe(0);
  });
});

describe("ranking", () => {
  it("never ranks the subject itself, and breaks ties by the smaller id", () => {
    const subject = profile(5);
    const ranked = mostSimilar(
      subject,
      [profile(9), profile(5), profile(7), profile(8, { stage: "Series A" }), profile(7)],
      3,
    );
    expect(ranked.map((item) => item.id)).toEqual([7, 9, 8]);
    expect([...ranked].sort(compareScored)).toEqual(ranked);
  });

  it("admits an offer while the list has room, then only one that ranks before its last (decision 020)", () => {
    const best = new BestScores(2);
    expect(best.admits(9, 0)).toBe(true);
    best.offer(4, 50);
    best.offer(6, 40);
    expect(best.admits(9, 40)).toBe(false);
    expect(best.admits(5, 40)).toBe(true);
    expect(best.admits(9, 40.01)).toBe(true);
    expect(best.admits(1, 39.99)).toBe(false);
  });

  it("finds each company's best matches among its buckets, the same on every run", () => {
    const profiles = [
      profile(1, { industries: [1, 2] }),
      profile(2, { industries: [1, 2] }),
      profile(3, { industries: [1], country: "France" }),
      profile(4, { industries: [3], stage: "Series B" }),
      profile(5, { industries: [2, 1], lastFundingDay: 19_000 }),
    ];
    const first = [...similarAll(profiles, 2)];
    expect(first[0]?.map((item) => item.id)).toEqual([2, 5]);
    expect(first[3]).toEqual([]);
    expect([...similarAll(profiles, 2)]).toEqual(first);
  });
});

/** Profiles drawn by a seeded generator: few industries, stages and countries, so buckets overlap. */
function randomProfiles(count: number, seed: number): SimilarityProfile[] {
  let state = seed;
  const next = (below: number) => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    return (state >>> 8) % below;
  };
  const stages = ["Seed", "Series A", "Series B", null];
  const countries = ["Germany", "France", "United States", null];
  return Array.from({ length: count }, (_, at) => {
    const industries = [...new Set(Array.from({ length: 1 + next(3) }, () => next(6)))];
    return {
      id: 1 + at * 3,
      industries,
      stage: stages[next(stages.length)] ?? null,
      country: countries[next(countries.length)] ?? null,
      fundingUsd: next(5) === 0 ? null : 10 ** (5 + next(5)) * (1 + next(9)),
      lastFundingDay: next(6) === 0 ? null : 19_000 + next(800),
    };
  });
}

/**
 * The candidate rule of similar-candidates.ts written the plain way, as the oracle of its fast version: each
 * company's windows in its (industry, stage) buckets and its (main industry, country) bucket, in date order.
 */
function plainCandidates(profiles: readonly SimilarityProfile[], index: number): Set<number> {
  const subject = profiles[index] as SimilarityProfile;
  const dateOrder = (a: number, b: number) =>
    ((profiles[a] as SimilarityProfile).lastFundingDay ?? Number.NEGATIVE_INFINITY) -
      ((profiles[b] as SimilarityProfile).lastFundingDay ?? Number.NEGATIVE_INFINITY) ||
    (profiles[a] as SimilarityProfile).id - (profiles[b] as SimilarityProfile).id;
  const window = (inBucket: (profile: SimilarityProfile) => boolean, width: number) => {
    const bucket = profiles.flatMap((profile, at) => (inBucket(profile) ? [at] : [])).sort(dateOrder);
    const at = bucket.indexOf(index);
    return bucket.slice(Math.max(0, at - width), at + width + 1);
  };
  const candidates = new Set<number>();
  subject.industries.forEach((industry, position) => {
    const width = position === 0 ? DEFAULT_WINDOWS.mainStage : DEFAULT_WINDOWS.otherStage;
    for (const at of window((p) => p.industries.includes(industry) && p.stage === subject.stage, width))
      candidates.add(at);
    if (position === 0) {
      const inCountry = (p: SimilarityProfile) =>
        p.industries[0] === industry && p.country === subject.country;
      for (const at of window(inCountry, DEFAULT_WINDOWS.mainCountry)) candidates.add(at);
    }
  });
  return candidates;
}

describe("the similar companies of every company (decision 020)", () => {
  const profiles = randomProfiles(400, 7);

  it("are the best-scored of each company's candidate windows, as the plain rule finds them", () => {
    const fast = [...similarAll(profiles, 8)];
    profiles.forEach((subject, index) => {
      const candidates = [...plainCandidates(profiles, index)].map((at) => profiles[at] as SimilarityProfile);
      const expected = candidates
        .filter((candidate) => candidate.id !== subject.id)
        .map((candidate) => ({ id: candidate.id, score: similarityScore(subject, candidate) }))
        .sort(compareScored)
        .slice(0, 8);
      expect(fast[index]).toEqual(expected);
    });
    expect(fast.filter((best) => best.length === 8).length).toBeGreaterThan(300);
  });

  it("says which companies may list a changed one: every company whose windows hold it", () => {
    const index = similarityIndex(profiles);
    for (const changed of [0, 57, 399]) {
      const affected = index.affectedBy([changed]);
      profiles.forEach((_, other) => {
        if (plainCandidates(profiles, other).has(changed)) expect(affected.has(other)).toBe(true);
      });
    }
  });
});

describe("similarityReasons", () => {
  it("says in words what the score counted", () => {
    const parts = similarityParts(
      profile(1, { industries: ["SaaS", "AI"] }),
      profile(2, { industries: ["SaaS"] }),
    );
    expect(
      similarityReasons(parts, { sharedIndustries: ["SaaS"], stage: "Seed", country: "Germany" }),
    ).toEqual([
      "Both work in SaaS.",
      "Both last raised a Seed round.",
      "Both are headquartered in Germany.",
      "They have raised similar amounts in total.",
      "Their last rounds closed within six months of each other.",
    ]);
  });
});
