/**
 * A small seeded pseudo-random generator for the demo data. Math.random cannot be seeded, and
 * the demo data must be reproducible: the same seed gives the same companies on every machine.
 */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  /** True with probability `p`. */
  chance(p: number): boolean;
  /** A uniformly chosen item of a non-empty list. */
  pick<T>(items: readonly T[]): T;
  /** A standard normal variate (mean 0, standard deviation 1). */
  normal(): number;
  /** A log-normal variate whose median is `median` and whose log has standard deviation `sigma`. */
  logNormal(median: number, sigma: number): number;
}

/**
 * mulberry32: 32 bits of state, fast, and good enough for synthetic data (it is not for secrets).
 * Using one stream for everything keeps the output a pure function of the seed.
 */
export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  // Box-Muller yields normals in pairs; the second one is kept for the next call.
  let spareNormal: number | null = null;

  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };

  const normal = (): number => {
    if (spareNormal !== null) {
      const value = spareNormal;
      spareNormal = null;
      return value;
    }
    // 1 - next() lies in (0, 1], so the logarithm stays finite.
    const radius = Math.sqrt(-2 * Math.log(1 - next()));
    const angle = 2 * Math.PI * next();
    spareNormal = radius * Math.sin(angle);
    return radius * Math.cos(angle);
  };

  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (p) => next() < p,
    pick: (items) => {
      if (items.length === 0) throw new Error("pick: empty list");
      return items[Math.floor(next() * items.length)] as (typeof items)[number];
    },
    normal,
    logNormal: (median, sigma) => median * Math.exp(sigma * normal()),
  };
}

/** Picks items in proportion to their weights. */
export type WeightedPicker<T> = (random: Random) => T;

/**
 * Builds the cumulative weights once, so each pick is a binary search rather than a scan:
 * the generator picks from lists of a few hundred items millions of times.
 */
export function weightedPicker<T>(items: readonly T[], weightOf: (item: T) => number): WeightedPicker<T> {
  const cumulative: number[] = [];
  let total = 0;
  for (const item of items) {
    const weight = weightOf(item);
    if (!(weight >= 0) || !Number.isFinite(weight))
      throw new Error("weightedPicker: weights must be finite and >= 0");
    total += weight;
    cumulative.push(total);
  }
  if (total <= 0) throw new Error("weightedPicker: no positive weight");

  return (random) => {
    const target = random.next() * total;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((cumulative[middle] as number) > target) high = middle;
      else low = middle + 1;
    }
    return items[low] as T;
  };
}
