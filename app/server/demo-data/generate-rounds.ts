import { FUNDING_TYPES, type FundingType } from "../../core/funding-types";
import type { InvestorType } from "../../core/investor-match";
import {
  type DemoInvestor,
  INVESTOR_REGIONS,
  type InvestorRegion,
  investorRegionOf,
} from "./generate-investors";
import { type Random, type WeightedPicker, weightedPicker } from "./random";
import { type DemoCurrency, demoRoundAmount } from "./round-currency";

export const MIN_ROUND_USD = 250_000;
export const MAX_ROUND_USD = 500_000_000;
/** Total funding is capped so no demo startup out-raises the largest real ones by orders of magnitude. */
export const MAX_TOTAL_FUNDING_USD = 2_000_000_000;

/** One round of a demo company, oldest first in its history (decision 028). */
export interface DemoRound {
  announcedOn: string;
  fundingType: FundingType;
  amountUsd: number | null;
  amount: number | null;
  currency: string | null;
  /** Index into generateInvestors' array; at most one lead. Empty when no investor is known. */
  investors: Array<{ investor: number; isLead: boolean }>;
}

interface FundingProfile {
  /** Relative frequency as a company's last round. */
  weight: number;
  /** Median round size in USD; sizes are log-normal around it. */
  medianUsd: number;
  sigma: number;
  /**
   * Sane bounds for one round of this type: no $40M Pre-Seed, no $1M Series D. A size drawn outside
   * is drawn again (a few times, then clamped), so the distribution is truncated, not piled up at a bound.
   */
  minUsd: number;
  maxUsd: number;
  /**
   * Earlier rounds the company probably raised, with the chance of each. The series before a
   * "Series X" round are certain, so its total includes them: a Series C company raised an A and a B.
   */
  priorRounds: readonly (readonly [FundingType, number])[];
  /** Rounds of this type rarely disclose an amount. */
  undisclosed?: true;
}

const SEED_PATH = [
  ["Pre-Seed", 0.3],
  ["Seed", 0.85],
] as const;
const seriesPath = (...series: FundingType[]) =>
  [...SEED_PATH, ...series.map((type) => [type, 1] as const)] as const;

const K = 1_000;
const M = 1_000_000;

/**
 * Stage mix of venture databases: seed-stage rounds are the most common, each later series rarer.
 * `satisfies` makes the table name every Crunchbase funding type exactly once.
 */
const FUNDING_PROFILES = {
  "Pre-Seed": { weight: 13, medianUsd: 500 * K, sigma: 0.6, minUsd: 250 * K, maxUsd: 3 * M, priorRounds: [] },
  Seed: {
    weight: 24,
    medianUsd: 2.5 * M,
    sigma: 0.7,
    minUsd: 250 * K,
    maxUsd: 15 * M,
    priorRounds: [
      ["Pre-Seed", 0.35],
      ["Angel", 0.15],
    ],
  },
  Angel: { weight: 5, medianUsd: 600 * K, sigma: 0.6, minUsd: 250 * K, maxUsd: 3 * M, priorRounds: [] },
  "Series A": {
    weight: 15,
    medianUsd: 12 * M,
    sigma: 0.6,
    minUsd: 2 * M,
    maxUsd: 60 * M,
    priorRounds: seriesPath(),
  },
  "Series B": {
    weight: 7,
    medianUsd: 30 * M,
    sigma: 0.6,
    minUsd: 8 * M,
    maxUsd: 150 * M,
    priorRounds: seriesPath("Series A"),
  },
  "Series C": {
    weight: 3.5,
    medianUsd: 55 * M,
    sigma: 0.6,
    minUsd: 15 * M,
    maxUsd: 300 * M,
    priorRounds: seriesPath("Series A", "Series B"),
  },
  "Series D": {
    weight: 1.6,
    medianUsd: 85 * M,
    sigma: 0.6,
    minUsd: 25 * M,
    maxUsd: 500 * M,
    priorRounds: seriesPath("Series A", "Series B", "Series C"),
  },
  "Series E": {
    weight: 0.7,
    medianUsd: 120 * M,
    sigma: 0.6,
    minUsd: 40 * M,
    maxUsd: 500 * M,
    priorRounds: seriesPath("Series A", "Series B", "Series C", "Series D"),
  },
  "Series F": {
    weight: 0.3,
    medianUsd: 150 * M,
    sigma: 0.6,
    minUsd: 50 * M,
    maxUsd: 500 * M,
    priorRounds: seriesPath("Series A", "Series B", "Series C", "Series D", "Series E"),
  },
  "Series G": {
    weight: 0.15,
    medianUsd: 200 * M,
    sigma: 0.5,
    minUsd: 75 * M,
    maxUsd: 500 * M,
    priorRounds: seriesPath("Series A", "Series B", "Series C", "Series D", "Series E", "Series F"),
  },
  "Series H": {
    weight: 0.07,
    medianUsd: 250 * M,
    sigma: 0.5,
    minUsd: 100 * M,
    maxUsd: 500 * M,
    priorRounds: seriesPath(
      "Series A",
      "Series B",
      "Series C",
      "Series D",
      "Series E",
      "Series F",
      "Series G",
    ),
  },
  "Venture - Series Unknown": {
    weight: 7,
    medianUsd: 4 * M,
    sigma: 1.0,
    minUsd: 250 * K,
    maxUsd: 150 * M,
    priorRounds: [["Seed", 0.6]],
  },
  "Convertible Note": {
    weight: 3,
    medianUsd: 1.5 * M,
    sigma: 0.8,
    minUsd: 250 * K,
    maxUsd: 30 * M,
    priorRounds: [
      ["Pre-Seed", 0.2],
      ["Seed", 0.5],
    ],
  },
  "Corporate Round": {
    weight: 1.5,
    medianUsd: 8 * M,
    sigma: 0.9,
    minUsd: 250 * K,
    maxUsd: 150 * M,
    priorRounds: [
      ["Seed", 0.6],
      ["Series A", 0.5],
    ],
  },
  "Debt Financing": {
    weight: 5,
    medianUsd: 8 * M,
    sigma: 1.1,
    minUsd: 250 * K,
    maxUsd: 300 * M,
    priorRounds: [
      ["Seed", 0.7],
      ["Series A", 0.6],
      ["Series B", 0.3],
    ],
  },
  "Equity Crowdfunding": {
    weight: 1.5,
    medianUsd: 700 * K,
    sigma: 0.6,
    minUsd: 250 * K,
    maxUsd: 10 * M,
    priorRounds: [["Seed", 0.4]],
  },
  Grant: {
    weight: 3,
    medianUsd: 500 * K,
    sigma: 0.8,
    minUsd: 250 * K,
    maxUsd: 25 * M,
    priorRounds: [
      ["Pre-Seed", 0.2],
      ["Seed", 0.3],
    ],
  },
  "Non-equity Assistance": {
    weight: 0.8,
    medianUsd: 300 * K,
    sigma: 0.4,
    minUsd: 250 * K,
    maxUsd: 2 * M,
    priorRounds: [],
    undisclosed: true,
  },
  "Private Equity": {
    weight: 1,
    medianUsd: 40 * M,
    sigma: 0.9,
    minUsd: 5 * M,
    maxUsd: 500 * M,
    priorRounds: seriesPath("Series A", "Series B", "Series C"),
  },
  "Post-IPO Equity": {
    weight: 0.5,
    medianUsd: 60 * M,
    sigma: 0.9,
    minUsd: 10 * M,
    maxUsd: 500 * M,
    priorRounds: seriesPath("Series A", "Series B", "Series C", "Series D"),
  },
  "Post-IPO Debt": {
    weight: 0.3,
    medianUsd: 80 * M,
    sigma: 0.9,
    minUsd: 10 * M,
    maxUsd: 500 * M,
    priorRounds: seriesPath("Series A", "Series B", "Series C", "Series D"),
  },
  "Secondary Market": {
    weight: 0.5,
    medianUsd: 25 * M,
    sigma: 0.9,
    minUsd: 1 * M,
    maxUsd: 500 * M,
    priorRounds: seriesPath("Series A", "Series B"),
  },
  Undisclosed: {
    weight: 1.2,
    medianUsd: 2 * M,
    sigma: 1.0,
    minUsd: 250 * K,
    maxUsd: 100 * M,
    priorRounds: [["Seed", 0.4]],
    undisclosed: true,
  },
} satisfies Record<FundingType, FundingProfile>;

/** Share of disclosed-type rounds whose amount is still unknown; with the undisclosed types ≈3% overall. */
const UNDISCLOSED_AMOUNT_RATE = 0.01;
/**
 * How strongly a company's earlier rounds follow the size of its last one: a company with a large
 * Series C probably had a large Series A too. 0 would make every round independent.
 */
const ROUND_SIZE_CORRELATION = 0.6;
const ROUND_SIZE_INDEPENDENCE = Math.sqrt(1 - ROUND_SIZE_CORRELATION ** 2);
const ROUND_SIZE_DRAWS = 4;

const pickFundingType = weightedPicker(FUNDING_TYPES, (type) => FUNDING_PROFILES[type].weight);

/** Rounds are announced in round figures ("$2.5M"); some are conversions from other currencies. */
function roundAmount(random: Random, usd: number): number {
  let amount: number;
  if (random.chance(0.15)) amount = Math.round(usd);
  else {
    const step =
      usd < 1_000_000 ? 50_000 : usd < 10_000_000 ? 100_000 : usd < 100_000_000 ? 1_000_000 : 5_000_000;
    amount = Math.round(usd / step) * step;
  }
  return Math.min(MAX_ROUND_USD, Math.max(MIN_ROUND_USD, amount));
}

interface RoundDraw {
  usd: number;
  /** The standard-normal draw behind the size, which the company's other rounds follow. */
  z: number;
}

/** A round of `type` whose log-size is normal with mean `mean` and deviation `deviation` (in sigmas). */
function roundSize(random: Random, type: FundingType, mean: number, deviation: number): RoundDraw {
  const profile: FundingProfile = FUNDING_PROFILES[type];
  let z = 0;
  let usd = profile.medianUsd;
  for (let draw = 0; draw < ROUND_SIZE_DRAWS; draw++) {
    z = mean + deviation * random.normal();
    usd = profile.medianUsd * Math.exp(profile.sigma * z);
    if (usd >= profile.minUsd && usd <= profile.maxUsd) break;
  }
  // Rounding may step just past a bound, and the last draw may have missed: clamp either way.
  const amount = Math.min(profile.maxUsd, Math.max(profile.minUsd, roundAmount(random, usd)));
  return { usd: amount, z };
}

/** Share of earlier rounds whose amount was never disclosed (seed rounds of years ago often were not). */
const PRIOR_UNDISCLOSED_RATE = 0.06;

// ---------------------------------------------------------------------------------------------
// Dates

const DAY_MS = 86_400_000;

function isoDay(dayNumber: number): string {
  return new Date(dayNumber * DAY_MS).toISOString().slice(0, 10);
}

/** Days between consecutive equity rounds: 12 to 30 months, most near a year and a half. */
function equityGapDays(random: Random): number {
  const months = Math.min(30, Math.max(12, 18 + 4.5 * random.normal()));
  return Math.round(months * 30.44);
}
/** A bridge (note, venture debt, grant) comes 4 to 11 months before the round after it. */
function bridgeGapDays(random: Random): number {
  return random.int(122, 335);
}

// ---------------------------------------------------------------------------------------------
// History

/** Equity series after which a company may take a bridge: a note or venture debt between two series. */
const BRIDGE_RATE = { "Convertible Note": 0.1, "Debt Financing": 0.1, Grant: 0.06 } as const;
const SERIES_ORDER: readonly FundingType[] = FUNDING_TYPES.filter((type) => /^Series [A-Z]$/.test(type));

/**
 * The types of a company's rounds, oldest first, ending with `last`: the earlier rounds its profile names
 * (seed-stage ones by chance, the series before a "Series X" for certain), then, for companies past their
 * seed, sometimes a bridge between two series (a note or venture debt) or a grant early on.
 */
function historyTypes(random: Random, last: FundingType): FundingType[] {
  const profile: FundingProfile = FUNDING_PROFILES[last];
  const types: FundingType[] = [];
  for (const [priorType, probability] of profile.priorRounds) {
    if (probability >= 1 || random.chance(probability)) types.push(priorType);
  }
  const series =
    types.filter((type) => SERIES_ORDER.includes(type)).length + (SERIES_ORDER.includes(last) ? 1 : 0);
  if (series >= 2) {
    // A bridge after one of the series but the last: "Series A, Convertible Note, Series B".
    for (const bridge of ["Convertible Note", "Debt Financing"] as const) {
      if (!random.chance(BRIDGE_RATE[bridge])) continue;
      const seriesIndexes = types.flatMap((type, index) => (SERIES_ORDER.includes(type) ? [index] : []));
      if (seriesIndexes.length === 0) continue;
      const after = random.pick(seriesIndexes);
      types.splice(after + 1, 0, bridge);
    }
    if (types.length > 0 && random.chance(BRIDGE_RATE.Grant)) types.splice(1, 0, "Grant");
  }
  types.push(last);
  return types;
}

// ---------------------------------------------------------------------------------------------
// Investors

/** Which investors a round draws on, by its type. */
type RoundKind = "early" | "mid" | "late" | "grant" | "debt" | "assistance";
const ROUND_KINDS: readonly RoundKind[] = ["early", "mid", "late", "grant", "debt", "assistance"];

const KIND_OF_TYPE = {
  "Pre-Seed": "early",
  Seed: "early",
  Angel: "early",
  "Equity Crowdfunding": "early",
  "Convertible Note": "early",
  "Non-equity Assistance": "assistance",
  "Series A": "mid",
  "Series B": "mid",
  "Venture - Series Unknown": "mid",
  "Corporate Round": "mid",
  Undisclosed: "mid",
  "Series C": "late",
  "Series D": "late",
  "Series E": "late",
  "Series F": "late",
  "Series G": "late",
  "Series H": "late",
  "Private Equity": "late",
  "Post-IPO Equity": "late",
  "Secondary Market": "late",
  Grant: "grant",
  "Debt Financing": "debt",
  "Post-IPO Debt": "debt",
} as const satisfies Record<FundingType, RoundKind>;

/** How much each type of investor takes part in each kind of round: angels and accelerators early, PE late. */
const TYPE_FIT: Readonly<Record<InvestorType, Readonly<Record<RoundKind, number>>>> = {
  venture_capital: { early: 1, mid: 1.5, late: 1, grant: 0, debt: 0.3, assistance: 0 },
  angel: { early: 2.5, mid: 0.2, late: 0.02, grant: 0, debt: 0, assistance: 0 },
  corporate_venture: { early: 0.2, mid: 1, late: 0.8, grant: 0, debt: 0, assistance: 0 },
  accelerator: { early: 3, mid: 0.1, late: 0, grant: 0.3, debt: 0, assistance: 5 },
  private_equity: { early: 0, mid: 0.15, late: 2.5, grant: 0, debt: 0.5, assistance: 0 },
  family_office: { early: 0.4, mid: 0.6, late: 0.7, grant: 0, debt: 0.1, assistance: 0 },
  government: { early: 0.3, mid: 0.2, late: 0.1, grant: 5, debt: 0.5, assistance: 1 },
  other: { early: 0.3, mid: 0.2, late: 0.3, grant: 0.3, debt: 6, assistance: 0.2 },
};

/** Most money stays near home; American firms invest abroad more than others invest in America. */
function regionFit(investor: InvestorRegion, company: InvestorRegion): number {
  if (investor === company) return 1;
  return investor === "north_america" ? 0.2 : 0.08;
}

/**
 * Long tail: an investor's pull falls with its place in the array as 1/(rank + 10), so a few firms are in
 * thousands of rounds of a million companies and most in a handful (decision 028). Angels, however famous,
 * write fewer cheques than firms.
 */
function popularity(index: number, type: InvestorType): number {
  return (type === "angel" ? 0.3 : 1) / (index + 10);
}

/** Chance a round of each kind names its investors at all. */
const KNOWN_INVESTORS_RATE: Readonly<Record<RoundKind, number>> = {
  early: 0.75,
  mid: 0.88,
  late: 0.85,
  grant: 0.5,
  debt: 0.45,
  assistance: 0.9,
};
const pickInvestorCount: Readonly<Record<RoundKind, WeightedPicker<number>>> = {
  early: weightedPicker([1, 2, 3, 4, 5], (n) => [35, 30, 20, 10, 5][n - 1] ?? 0),
  mid: weightedPicker([1, 2, 3, 4, 5, 6], (n) => [15, 25, 25, 18, 10, 7][n - 1] ?? 0),
  late: weightedPicker([1, 2, 3, 4, 5, 6], (n) => [12, 20, 25, 20, 13, 10][n - 1] ?? 0),
  grant: weightedPicker([1, 2], (n) => (n === 1 ? 85 : 15)),
  debt: weightedPicker([1, 2], (n) => (n === 1 ? 80 : 20)),
  assistance: weightedPicker([1], () => 1),
};
/** Chance a round with investors names a lead. */
const LEAD_RATE: Readonly<Record<RoundKind, number>> = {
  early: 0.7,
  mid: 0.9,
  late: 0.9,
  grant: 0,
  debt: 0.3,
  assistance: 0,
};
/** Chance each further seat of a round goes to an investor of the company's earlier rounds (a follow-on). */
const FOLLOW_ON_RATE = 0.4;
/** Chance the lead is an existing investor (an insider round). */
const INSIDER_LEAD_RATE = 0.15;

/** Investors by the kind of round and the company's region, each weighted by pull, fit and distance. */
export interface InvestorPools {
  readonly count: number;
  pick(kind: RoundKind, region: InvestorRegion, random: Random): number | undefined;
}

export function investorPools(investors: readonly DemoInvestor[]): InvestorPools {
  const pickers = new Map<string, WeightedPicker<number>>();
  const regions = investors.map((investor) => investorRegionOf(investor.country));
  for (const kind of ROUND_KINDS) {
    for (const region of INVESTOR_REGIONS) {
      const weighted: { index: number; weight: number }[] = [];
      investors.forEach((investor, index) => {
        const weight =
          popularity(index, investor.type) *
          TYPE_FIT[investor.type][kind] *
          regionFit(regions[index] as InvestorRegion, region);
        if (weight > 0) weighted.push({ index, weight });
      });
      if (weighted.length === 0) continue;
      const pickEntry = weightedPicker(weighted, (entry) => entry.weight);
      pickers.set(`${kind}|${region}`, (random) => pickEntry(random).index);
    }
  }
  return {
    count: investors.length,
    pick: (kind, region, random) => pickers.get(`${kind}|${region}`)?.(random),
  };
}

function roundInvestors(
  random: Random,
  kind: RoundKind,
  region: InvestorRegion,
  pools: InvestorPools,
  earlier: readonly number[],
): Array<{ investor: number; isLead: boolean }> {
  if (pools.count === 0 || !random.chance(KNOWN_INVESTORS_RATE[kind])) return [];
  const wanted = pickInvestorCount[kind](random);
  const chosen: number[] = [];
  const hasLead = random.chance(LEAD_RATE[kind]);
  for (let seat = 0, attempt = 0; chosen.length < wanted && attempt < wanted * 4; attempt++) {
    const insider =
      earlier.length > 0 &&
      (seat === 0 ? hasLead && random.chance(INSIDER_LEAD_RATE) : random.chance(FOLLOW_ON_RATE));
    const investor = insider ? random.pick(earlier) : pools.pick(kind, region, random);
    if (investor === undefined || chosen.includes(investor)) continue;
    chosen.push(investor);
    seat++;
  }
  return chosen.map((investor, index) => ({ investor, isLead: hasLead && index === 0 }));
}

// ---------------------------------------------------------------------------------------------
// Rounds

function isBridge(type: FundingType): boolean {
  return type === "Convertible Note" || type === "Grant" || KIND_OF_TYPE[type] === "debt";
}

export interface RoundsInput {
  /** The last round's date: inside the funding window the company row shows. */
  lastDay: number;
  currency: DemoCurrency;
  region: InvestorRegion;
  pools: InvestorPools;
}

/**
 * A company's rounds, oldest first: a climbing history (pre-seed or seed, then Series A, B, ...) with 12-30
 * months between series, sizes log-normal by stage and following each other (a large Series C had a large A),
 * some undisclosed, a bridge now and then, and investors drawn by stage and region, earlier ones following on.
 * The total of known amounts never passes MAX_TOTAL_FUNDING_USD: an earlier round that would is undisclosed.
 */
export function generateRounds(random: Random, input: RoundsInput): DemoRound[] {
  const last = pickFundingType(random);
  const lastProfile: FundingProfile = FUNDING_PROFILES[last];
  const lastDraw = roundSize(random, last, 0, 1);
  const lastUsd = lastProfile.undisclosed || random.chance(UNDISCLOSED_AMOUNT_RATE) ? null : lastDraw.usd;
  const types = historyTypes(random, last);
  const priorMean = ROUND_SIZE_CORRELATION * lastDraw.z;

  // Sizes and dates are drawn newest first, so the cap and the window follow from the last round.
  const amounts: (number | null)[] = new Array(types.length);
  const days: number[] = new Array(types.length);
  amounts[types.length - 1] = lastUsd;
  days[types.length - 1] = input.lastDay;
  let total = lastUsd ?? 0;
  for (let index = types.length - 2; index >= 0; index--) {
    const type = types[index] as FundingType;
    const profile: FundingProfile = FUNDING_PROFILES[type];
    const usd = roundSize(random, type, priorMean, ROUND_SIZE_INDEPENDENCE).usd;
    const disclosed =
      !profile.undisclosed && !random.chance(PRIOR_UNDISCLOSED_RATE) && total + usd <= MAX_TOTAL_FUNDING_USD;
    amounts[index] = disclosed ? usd : null;
    if (disclosed) total += usd;
    const next = types[index + 1] as FundingType;
    // Notes, venture debt and grants sit close to the round before or after them.
    const bridge = isBridge(type) || isBridge(next);
    days[index] = (days[index + 1] as number) - (bridge ? bridgeGapDays(random) : equityGapDays(random));
  }

  const rounds: DemoRound[] = [];
  const earlier: number[] = [];
  for (let index = 0; index < types.length; index++) {
    const type = types[index] as FundingType;
    const usd = amounts[index] ?? null;
    const investors = roundInvestors(random, KIND_OF_TYPE[type], input.region, input.pools, earlier);
    for (const { investor } of investors) if (!earlier.includes(investor)) earlier.push(investor);
    rounds.push({
      announcedOn: isoDay(days[index] as number),
      fundingType: type,
      amountUsd: usd,
      amount: demoRoundAmount(usd, input.currency),
      currency: usd === null ? null : input.currency,
      investors,
    });
  }
  return rounds;
}
