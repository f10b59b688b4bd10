import { formatAmount } from "../../core/format";
import {
  type AcceptsEmerging,
  ASSET_CLASSES,
  type AssetClass,
  type GeoFocus,
  LP_REGIONS,
  LP_TYPES,
  type LpRegion,
  type LpType,
  lpRegionOf,
  lpTypeLabel,
  MAX_CHECK_SHARE_OF_AUM,
  type MfoModel,
  SECTOR_FOCUSES,
  type SectorFocus,
  STAGE_FOCUSES,
  type StageFocus,
} from "../../core/lp-types";
import { slugify } from "../../core/slug";
import { emailLocalPart } from "./email-local-part";
import { COMPOUND_FIRSTS, COMPOUND_SECONDS, FIRST_NAMES, LAST_NAMES } from "./names";
import { createRandom, type Random, weightedPicker } from "./random";

/** LPs the demo seed inserts when no count is given (docs/product.md#lps: "about 3,000"). */
export const DEFAULT_DEMO_LP_COUNT = 3_000;
/** Seed used when none is given, so every fresh demo database holds the same LPs. */
export const DEFAULT_DEMO_LP_SEED = 20_260_117;
/** Every generated website and email address lives under this reserved TLD (RFC 2606). */
export const DEMO_LP_TLD = ".example";

/** One generated LP: its row and, in order, its contacts and commitments (the seed adds the ids). */
export interface DemoLp {
  slug: string;
  name: string;
  type: LpType;
  city: string;
  region: string | null;
  country: string;
  website: string | null;
  websiteDomain: string | null;
  aumUsd: number | null;
  aumAsOf: string | null;
  checkMinUsd: number;
  checkMaxUsd: number;
  assetClasses: AssetClass[];
  stageFocus: StageFocus[];
  sectorFocus: SectorFocus[];
  geoFocus: GeoFocus[];
  acceptsEmerging: AcceptsEmerging;
  backsFirstTimeFunds: boolean;
  mfoModel: MfoModel | null;
  description: string;
  contacts: DemoLpContact[];
  commitments: DemoLpCommitment[];
}

export interface DemoLpContact {
  position: number;
  firstName: string;
  lastName: string;
  title: string;
  email: string;
  linkedin: string | null;
}

export interface DemoLpCommitment {
  fundName: string;
  vintage: number;
  amountUsd: number | null;
}

export interface GenerateLpsOptions {
  count: number;
  seed?: number;
  /** The demo's "now": AUM dates and vintages are before it. */
  today: Date;
}

const K = 1_000;
const M = 1_000_000;
const B = 1_000_000_000;

// ---------------------------------------------------------------------------------------------
// Types

interface Range {
  /** Median in USD; values are log-normal around it, drawn again when outside [minUsd, maxUsd]. */
  medianUsd: number;
  sigma: number;
  minUsd: number;
  maxUsd: number;
}

/** Chances (0-1) of each value, drawn independently. */
type Chances<T extends string> = Readonly<Record<T, number>>;

interface LpTypeProfile {
  /** Share of the demo set in percent (decision 015). */
  share: number;
  aum: Range;
  /** Share whose AUM is not disclosed (private money rarely says). */
  aumUndisclosed: number;
  /** The largest check it writes into one fund; the smallest is a fraction of it. */
  check: Range;
  /** Chance it accepts emerging managers (40% over the whole set, as the notes say). */
  acceptsEmerging: number;
  assetClasses: Chances<AssetClass>;
  stages: Chances<StageFocus>;
  /** Chance it has no sector preference. */
  generalist: number;
  /** Chance it invests globally rather than in named regions. */
  global: number;
  /** Chance it has a website (families and individuals often have none). */
  website: number;
  /** Weights of 1, 2 and 3 contacts. */
  contacts: readonly [number, number, number];
  /** Weights of 0 to 5 known commitments. */
  commitments: readonly [number, number, number, number, number, number];
  names: readonly string[];
  /**
   * AUM by name template where the name says how large the LP is: a city's firefighters' pension is not a
   * state teachers' fund. A template not listed draws from `aum`.
   */
  aumByName?: Readonly<Record<string, Range>>;
  titles: readonly string[];
}

// Asset class chances, by kind of investor: [venture, growth, buyout, credit, secondaries, co-investments,
// real estate, infrastructure, hedge funds].
function assets(...chances: [number, number, number, number, number, number, number, number, number]) {
  return Object.fromEntries(
    ASSET_CLASSES.map((slug, index) => [slug, chances[index] ?? 0]),
  ) as Chances<AssetClass>;
}
// Stage chances: [pre-seed, seed, early, growth, late].
function stages(...chances: [number, number, number, number, number]) {
  return Object.fromEntries(
    STAGE_FOCUSES.map((slug, index) => [slug, chances[index] ?? 0]),
  ) as Chances<StageFocus>;
}

const FAMILY_ASSETS = assets(0.92, 0.5, 0.35, 0.3, 0.15, 0.45, 0.5, 0.1, 0.3);
const INSTITUTION_ASSETS = assets(0.9, 0.55, 0.6, 0.35, 0.3, 0.25, 0.55, 0.25, 0.6);
const PENSION_ASSETS = assets(0.8, 0.6, 0.85, 0.7, 0.4, 0.45, 0.8, 0.7, 0.45);
const STANDARD_CONTACTS = [15, 25, 60] as const;
const STANDARD_COMMITMENTS = [15, 20, 22, 18, 15, 10] as const;

const SENIOR_INSTITUTION_TITLES = [
  "Chief Investment Officer",
  "Deputy Chief Investment Officer",
  "Director of Private Markets",
  "Senior Investment Officer, Private Equity",
  "Head of Venture Capital",
  "Investment Officer",
  "Senior Portfolio Manager",
  "Investment Analyst",
];

/**
 * AUM (log-normal, decision 015: SFO $100M-5B, MFO $0.5-50B, FoF $0.1-20B, endowments and
 * foundations $50M-50B, pensions $1-500B, SWF $10B-1T) and checks (HNWI $0.1-2M, FoF $2-25M, pensions
 * $25-250M, family offices $0.5-20M) by type. `satisfies` makes the table name every type exactly once.
 */
const PROFILES = {
  "single-family-office": {
    share: 25,
    aum: { medianUsd: 600 * M, sigma: 0.9, minUsd: 50 * M, maxUsd: 5 * B },
    aumUndisclosed: 0.08,
    check: { medianUsd: 3 * M, sigma: 0.6, minUsd: 500 * K, maxUsd: 15 * M },
    acceptsEmerging: 0.46,
    assetClasses: FAMILY_ASSETS,
    stages: stages(0.3, 0.6, 0.65, 0.45, 0.2),
    generalist: 0.45,
    global: 0.25,
    website: 0.6,
    contacts: [30, 40, 30],
    commitments: STANDARD_COMMITMENTS,
    names: [
      "{surname} Family Office",
      "{surname} Family Holdings",
      "{surname} Capital",
      "{brand} Family Office",
      "{surname} & Co. Family Office",
      "{brand} Private Investments",
      "{surname} Family Investments",
    ],
    titles: [
      "Chief Investment Officer",
      "Principal",
      "Managing Director",
      "Investment Director",
      "Director of Private Investments",
      "Chief Executive Officer",
      "Investment Associate",
    ],
  },
  "multi-family-office": {
    share: 12,
    aum: { medianUsd: 4 * B, sigma: 1.0, minUsd: 500 * M, maxUsd: 50 * B },
    aumUndisclosed: 0.04,
    check: { medianUsd: 6 * M, sigma: 0.6, minUsd: 1 * M, maxUsd: 25 * M },
    acceptsEmerging: 0.4,
    assetClasses: FAMILY_ASSETS,
    stages: stages(0.15, 0.4, 0.6, 0.55, 0.3),
    generalist: 0.45,
    global: 0.3,
    website: 0.97,
    contacts: STANDARD_CONTACTS,
    commitments: STANDARD_COMMITMENTS,
    names: [
      "{brand} Wealth Partners",
      "{brand} Family Office Group",
      "{brand} Multi-Family Office",
      "{surname} {surname2} Private Wealth",
      "{brand} Family Partners",
      "{brand} Private Office",
    ],
    titles: [
      "Chief Investment Officer",
      "Head of Private Markets",
      "Partner",
      "Director of Alternative Investments",
      "Managing Partner",
      "Senior Investment Analyst",
    ],
  },
  hnwi: {
    share: 14,
    aum: { medianUsd: 40 * M, sigma: 0.9, minUsd: 5 * M, maxUsd: 1 * B },
    aumUndisclosed: 0.15,
    check: { medianUsd: 400 * K, sigma: 0.6, minUsd: 100 * K, maxUsd: 2 * M },
    acceptsEmerging: 0.55,
    assetClasses: assets(0.95, 0.35, 0.15, 0.15, 0.05, 0.5, 0.45, 0.05, 0.25),
    stages: stages(0.7, 0.8, 0.5, 0.15, 0.05),
    generalist: 0.5,
    global: 0.1,
    website: 0.1,
    contacts: [75, 22, 3],
    commitments: [35, 30, 18, 10, 5, 2],
    // The individual is the LP: the name is a person's (the first contact).
    names: ["{person}"],
    titles: ["Chief of Staff", "Family Office Manager", "Investment Manager"],
  },
  "fund-of-funds": {
    share: 10,
    aum: { medianUsd: 1.5 * B, sigma: 1.1, minUsd: 100 * M, maxUsd: 20 * B },
    aumUndisclosed: 0.03,
    check: { medianUsd: 8 * M, sigma: 0.6, minUsd: 2 * M, maxUsd: 25 * M },
    acceptsEmerging: 0.55,
    assetClasses: assets(0.95, 0.45, 0.25, 0.1, 0.4, 0.5, 0.05, 0.05, 0.05),
    stages: stages(0.3, 0.65, 0.7, 0.4, 0.15),
    generalist: 0.5,
    global: 0.35,
    website: 1,
    contacts: STANDARD_CONTACTS,
    commitments: STANDARD_COMMITMENTS,
    names: [
      "{brand} Fund Partners",
      "{brand} Capital Partners",
      "{brand} Venture Partners",
      "{brand} Fund Investors",
      "{brand} Fund of Funds",
    ],
    titles: [
      "Managing Partner",
      "Partner",
      "Principal",
      "Vice President",
      "Head of Fund Investments",
      "Associate",
    ],
  },
  foundation: {
    share: 8,
    aum: { medianUsd: 500 * M, sigma: 1.2, minUsd: 50 * M, maxUsd: 50 * B },
    aumUndisclosed: 0.02,
    check: { medianUsd: 5 * M, sigma: 0.7, minUsd: 1 * M, maxUsd: 30 * M },
    acceptsEmerging: 0.35,
    assetClasses: INSTITUTION_ASSETS,
    stages: stages(0.1, 0.35, 0.65, 0.6, 0.3),
    generalist: 0.45,
    global: 0.5,
    website: 1,
    contacts: STANDARD_CONTACTS,
    commitments: STANDARD_COMMITMENTS,
    names: [
      "The {surname} Foundation",
      "{surname} Family Foundation",
      "{brand} Foundation",
      "{surname} Charitable Trust",
      "{brand} Community Foundation",
    ],
    aumByName: {
      "{surname} Family Foundation": { medianUsd: 150 * M, sigma: 0.9, minUsd: 50 * M, maxUsd: 3 * B },
      "{surname} Charitable Trust": { medianUsd: 200 * M, sigma: 0.9, minUsd: 50 * M, maxUsd: 5 * B },
      "{brand} Community Foundation": { medianUsd: 400 * M, sigma: 0.9, minUsd: 50 * M, maxUsd: 5 * B },
    },
    titles: SENIOR_INSTITUTION_TITLES,
  },
  endowment: {
    share: 6,
    aum: { medianUsd: 1 * B, sigma: 1.2, minUsd: 50 * M, maxUsd: 50 * B },
    aumUndisclosed: 0.01,
    check: { medianUsd: 10 * M, sigma: 0.7, minUsd: 2 * M, maxUsd: 50 * M },
    acceptsEmerging: 0.35,
    assetClasses: INSTITUTION_ASSETS,
    stages: stages(0.1, 0.35, 0.65, 0.6, 0.3),
    generalist: 0.45,
    global: 0.5,
    website: 1,
    contacts: STANDARD_CONTACTS,
    commitments: STANDARD_COMMITMENTS,
    names: [
      "{brand} University Endowment",
      "{brand} College Endowment",
      "{brand} Institute of Technology Endowment",
      "{surname} University Investment Office",
      "{brand} School Endowment Fund",
    ],
    aumByName: {
      "{brand} School Endowment Fund": { medianUsd: 150 * M, sigma: 0.8, minUsd: 50 * M, maxUsd: 2 * B },
      "{brand} College Endowment": { medianUsd: 500 * M, sigma: 0.9, minUsd: 50 * M, maxUsd: 5 * B },
    },
    titles: SENIOR_INSTITUTION_TITLES,
  },
  corporate: {
    share: 5,
    aum: { medianUsd: 500 * M, sigma: 1.0, minUsd: 50 * M, maxUsd: 10 * B },
    aumUndisclosed: 0.05,
    check: { medianUsd: 5 * M, sigma: 0.6, minUsd: 1 * M, maxUsd: 25 * M },
    acceptsEmerging: 0.3,
    assetClasses: assets(0.97, 0.35, 0.05, 0.05, 0.05, 0.3, 0.05, 0.05, 0.02),
    stages: stages(0.2, 0.55, 0.75, 0.45, 0.1),
    // A strategic investor backs funds in its own industry.
    generalist: 0.15,
    global: 0.4,
    website: 1,
    contacts: STANDARD_CONTACTS,
    commitments: STANDARD_COMMITMENTS,
    names: [
      "{brand} Ventures",
      "{brand} Corporate Ventures",
      "{brand} Strategic Investments",
      "{brand} Industries Venture Fund",
      "{brand} Group Innovation Fund",
    ],
    titles: [
      "Head of Corporate Development",
      "Managing Director, Corporate Ventures",
      "Vice President, Strategic Investments",
      "Investment Manager",
      "Director of Ecosystem Investments",
    ],
  },
  ria: {
    share: 6,
    aum: { medianUsd: 5 * B, sigma: 1.2, minUsd: 500 * M, maxUsd: 100 * B },
    aumUndisclosed: 0.02,
    check: { medianUsd: 5 * M, sigma: 0.7, minUsd: 1 * M, maxUsd: 25 * M },
    acceptsEmerging: 0.35,
    assetClasses: assets(0.8, 0.55, 0.5, 0.5, 0.3, 0.3, 0.5, 0.25, 0.55),
    stages: stages(0.1, 0.3, 0.55, 0.6, 0.4),
    generalist: 0.45,
    global: 0.3,
    website: 1,
    contacts: STANDARD_CONTACTS,
    commitments: STANDARD_COMMITMENTS,
    names: [
      "{brand} Asset Management",
      "{brand} Investment Advisors",
      "{brand} Wealth Advisors",
      "{brand} Capital Management",
      "{surname} & Partners Asset Management",
    ],
    titles: [
      "Chief Investment Officer",
      "Portfolio Manager",
      "Head of Alternatives",
      "Partner",
      "Senior Wealth Advisor",
      "Research Analyst, Private Markets",
    ],
  },
  "public-pension": {
    share: 4,
    aum: { medianUsd: 20 * B, sigma: 1.2, minUsd: 1 * B, maxUsd: 500 * B },
    aumUndisclosed: 0,
    check: { medianUsd: 75 * M, sigma: 0.6, minUsd: 25 * M, maxUsd: 250 * M },
    acceptsEmerging: 0.2,
    assetClasses: PENSION_ASSETS,
    stages: stages(0.02, 0.15, 0.45, 0.75, 0.55),
    generalist: 0.6,
    global: 0.55,
    website: 1,
    contacts: STANDARD_CONTACTS,
    commitments: STANDARD_COMMITMENTS,
    names: [
      "{brand} County Employees' Retirement System",
      "{brand} State Teachers' Retirement Fund",
      "{brand} Municipal Pension Fund",
      "{brand} Public Employees' Pension Plan",
      "{brand} Firefighters' and Police Pension Fund",
    ],
    aumByName: {
      "{brand} County Employees' Retirement System": {
        medianUsd: 8 * B,
        sigma: 0.9,
        minUsd: 1 * B,
        maxUsd: 80 * B,
      },
      "{brand} State Teachers' Retirement Fund": {
        medianUsd: 60 * B,
        sigma: 0.9,
        minUsd: 5 * B,
        maxUsd: 350 * B,
      },
      "{brand} Municipal Pension Fund": { medianUsd: 4 * B, sigma: 0.9, minUsd: 500 * M, maxUsd: 30 * B },
      "{brand} Public Employees' Pension Plan": {
        medianUsd: 40 * B,
        sigma: 1.0,
        minUsd: 3 * B,
        maxUsd: 500 * B,
      },
      "{brand} Firefighters' and Police Pension Fund": {
        medianUsd: 3 * B,
        sigma: 0.8,
        minUsd: 500 * M,
        maxUsd: 20 * B,
      },
    },
    titles: SENIOR_INSTITUTION_TITLES,
  },
  "corporate-pension": {
    share: 2,
    aum: { medianUsd: 8 * B, sigma: 1.1, minUsd: 1 * B, maxUsd: 200 * B },
    aumUndisclosed: 0.02,
    check: { medianUsd: 40 * M, sigma: 0.6, minUsd: 10 * M, maxUsd: 150 * M },
    acceptsEmerging: 0.15,
    assetClasses: PENSION_ASSETS,
    stages: stages(0.02, 0.15, 0.45, 0.75, 0.55),
    generalist: 0.6,
    global: 0.55,
    website: 1,
    contacts: STANDARD_CONTACTS,
    commitments: STANDARD_COMMITMENTS,
    names: [
      "{brand} Corporation Pension Plan",
      "{brand} Group Retirement Trust",
      "{brand} Industries Pension Fund",
      "{brand} Employees' Savings Plan",
    ],
    titles: SENIOR_INSTITUTION_TITLES,
  },
  insurance: {
    share: 3,
    aum: { medianUsd: 20 * B, sigma: 1.3, minUsd: 1 * B, maxUsd: 500 * B },
    aumUndisclosed: 0,
    check: { medianUsd: 40 * M, sigma: 0.7, minUsd: 10 * M, maxUsd: 200 * M },
    acceptsEmerging: 0.15,
    assetClasses: assets(0.65, 0.5, 0.75, 0.85, 0.35, 0.3, 0.75, 0.7, 0.3),
    stages: stages(0.02, 0.1, 0.35, 0.7, 0.6),
    generalist: 0.6,
    global: 0.45,
    website: 1,
    contacts: STANDARD_CONTACTS,
    commitments: STANDARD_COMMITMENTS,
    names: [
      "{brand} Life Insurance",
      "{brand} Mutual",
      "{brand} Re",
      "{brand} Assurance",
      "{brand} Insurance Group",
    ],
    titles: [
      "Chief Investment Officer",
      "Head of Alternative Investments",
      "Director, Private Equity",
      "Portfolio Manager",
      "Investment Analyst",
    ],
  },
  government: {
    share: 3,
    aum: { medianUsd: 10 * B, sigma: 1.2, minUsd: 1 * B, maxUsd: 200 * B },
    aumUndisclosed: 0.03,
    check: { medianUsd: 25 * M, sigma: 0.7, minUsd: 5 * M, maxUsd: 100 * M },
    // Development finance runs emerging-manager programmes.
    acceptsEmerging: 0.4,
    assetClasses: assets(0.9, 0.6, 0.35, 0.45, 0.1, 0.4, 0.2, 0.6, 0.05),
    stages: stages(0.35, 0.65, 0.6, 0.35, 0.1),
    generalist: 0.35,
    global: 0.05,
    website: 1,
    contacts: STANDARD_CONTACTS,
    commitments: STANDARD_COMMITMENTS,
    names: [
      "{brand} Development Finance Corporation",
      "{brand} Development Bank",
      "{brand} Innovation Agency",
      "{brand} Export and Investment Fund",
      "{brand} Regional Growth Fund",
    ],
    aumByName: {
      "{brand} Regional Growth Fund": { medianUsd: 1 * B, sigma: 0.8, minUsd: 100 * M, maxUsd: 10 * B },
      "{brand} Innovation Agency": { medianUsd: 2 * B, sigma: 0.9, minUsd: 200 * M, maxUsd: 20 * B },
    },
    titles: [
      "Head of Fund Investments",
      "Investment Officer, Funds",
      "Director of Venture Capital Programmes",
      "Senior Investment Officer",
      "Managing Director",
    ],
  },
  "sovereign-wealth": {
    share: 2,
    aum: { medianUsd: 80 * B, sigma: 1.1, minUsd: 10 * B, maxUsd: 900 * B },
    aumUndisclosed: 0,
    check: { medianUsd: 200 * M, sigma: 0.6, minUsd: 50 * M, maxUsd: 1 * B },
    acceptsEmerging: 0.15,
    assetClasses: assets(0.8, 0.75, 0.85, 0.6, 0.35, 0.7, 0.8, 0.8, 0.5),
    stages: stages(0.02, 0.1, 0.35, 0.75, 0.7),
    generalist: 0.6,
    global: 0.7,
    website: 1,
    contacts: STANDARD_CONTACTS,
    commitments: STANDARD_COMMITMENTS,
    names: [
      "{brand} Investment Authority",
      "{brand} Sovereign Fund",
      "{brand} Investment Corporation",
      "{brand} Future Fund",
      "{brand} State Holdings",
    ],
    titles: [
      "Head of Private Equity",
      "Director, Venture and Growth",
      "Senior Associate, Fund Investments",
      "Portfolio Manager",
      "Executive Director",
    ],
  },
} satisfies Record<LpType, LpTypeProfile>;

/** The demo set's share of each type, in percent (they add up to 100). */
export const DEMO_LP_TYPE_SHARES: Readonly<Record<LpType, number>> = Object.fromEntries(
  LP_TYPES.map((type) => [type, PROFILES[type].share]),
) as Record<LpType, number>;

const pickType = weightedPicker(LP_TYPES, (type) => PROFILES[type].share);
const pickContactCount = Object.fromEntries(
  LP_TYPES.map((type) => [type, weightedPicker([1, 2, 3], (n) => PROFILES[type].contacts[n - 1] ?? 0)]),
) as Record<LpType, (random: Random) => number>;
const pickCommitmentCount = Object.fromEntries(
  LP_TYPES.map((type) => [
    type,
    weightedPicker([0, 1, 2, 3, 4, 5], (n) => PROFILES[type].commitments[n] ?? 0),
  ]),
) as Record<LpType, (random: Random) => number>;

// ---------------------------------------------------------------------------------------------
// Places

interface LpCity {
  city: string;
  region: string | null;
  country: string;
  weight: number;
}

function place(city: string, region: string | null, country: string, weight: number): LpCity {
  return { city, region, country, weight };
}

/**
 * Where LPs sit: financial centres more than startup hubs (Greenwich and Geneva, not Palo Alto). Regions
 * are spelled as the companies' demo cities spell them; city-states have none.
 */
const LP_CITIES: Readonly<Record<LpRegion, readonly LpCity[]>> = {
  "north-america": [
    place("New York", "New York", "United States", 14),
    place("Greenwich", "Connecticut", "United States", 2),
    place("Stamford", "Connecticut", "United States", 1),
    place("Boston", "Massachusetts", "United States", 5),
    place("San Francisco", "California", "United States", 5),
    place("Menlo Park", "California", "United States", 2),
    place("Los Angeles", "California", "United States", 4),
    place("San Diego", "California", "United States", 1),
    place("Sacramento", "California", "United States", 0.6),
    place("Chicago", "Illinois", "United States", 4),
    place("Dallas", "Texas", "United States", 2.5),
    place("Houston", "Texas", "United States", 2),
    place("Austin", "Texas", "United States", 1.2),
    place("Miami", "Florida", "United States", 2),
    place("Palm Beach", "Florida", "United States", 1.5),
    place("Atlanta", "Georgia", "United States", 1.2),
    place("Denver", "Colorado", "United States", 1.2),
    place("Seattle", "Washington", "United States", 1.5),
    place("Minneapolis", "Minnesota", "United States", 1),
    place("Philadelphia", "Pennsylvania", "United States", 1.2),
    place("Pittsburgh", "Pennsylvania", "United States", 0.6),
    place("Washington", "District of Columbia", "United States", 1.2),
    place("Charlotte", "North Carolina", "United States", 0.8),
    place("St. Louis", "Missouri", "United States", 0.6),
    place("Columbus", "Ohio", "United States", 0.6),
    place("Salt Lake City", "Utah", "United States", 0.5),
    place("Nashville", "Tennessee", "United States", 0.6),
    place("Toronto", "Ontario", "Canada", 3),
    place("Montréal", "Quebec", "Canada", 1.2),
    place("Vancouver", "British Columbia", "Canada", 1),
    place("Calgary", "Alberta", "Canada", 0.5),
  ],
  europe: [
    place("London", "England", "United Kingdom", 12),
    place("Edinburgh", "Scotland", "United Kingdom", 1),
    place("Geneva", "Geneve", "Switzerland", 3),
    place("Zürich", "Zurich", "Switzerland", 3),
    place("Lausanne", "Vaud", "Switzerland", 0.8),
    place("Paris", "Ile-de-France", "France", 4),
    place("Frankfurt", "Hessen", "Germany", 2),
    place("Munich", "Bayern", "Germany", 2),
    place("Hamburg", "Hamburg", "Germany", 1.2),
    place("Berlin", "Berlin", "Germany", 1),
    place("Amsterdam", "Noord-Holland", "Netherlands", 2),
    place("Stockholm", "Stockholms Lan", "Sweden", 1.5),
    place("Copenhagen", "Hovedstaden", "Denmark", 1.2),
    place("Oslo", "Oslo", "Norway", 1.2),
    place("Helsinki", "Southern Finland", "Finland", 0.8),
    place("Madrid", "Comunidad de Madrid", "Spain", 1.2),
    place("Milan", "Lombardia", "Italy", 1.2),
    place("Luxembourg", null, "Luxembourg", 1.5),
    place("Dublin", "Dublin", "Ireland", 1),
    place("Brussels", "Brussels Hoofdstedelijk Gewest", "Belgium", 0.8),
    place("Vienna", "Wien", "Austria", 0.7),
    place("Lisbon", "Lisboa", "Portugal", 0.5),
    place("Monaco", null, "Monaco", 0.6),
    place("Vaduz", null, "Liechtenstein", 0.3),
  ],
  "asia-pacific": [
    place("Singapore", null, "Singapore", 6),
    place("Hong Kong", null, "Hong Kong", 5),
    place("Tokyo", "Tokyo", "Japan", 3),
    place("Sydney", "New South Wales", "Australia", 3),
    place("Melbourne", "Victoria", "Australia", 2),
    place("Seoul", "Seoul-t'ukpyolsi", "South Korea", 2),
    place("Shanghai", "Shanghai", "China", 1.5),
    place("Beijing", "Beijing", "China", 1.2),
    place("Mumbai", "Maharashtra", "India", 1.5),
    place("Taipei", "T'ai-pei", "Taiwan", 0.6),
    place("Auckland", "Auckland", "New Zealand", 0.6),
    place("Jakarta", "Jakarta Raya", "Indonesia", 0.5),
    place("Kuala Lumpur", "Kuala Lumpur", "Malaysia", 0.5),
  ],
  "middle-east": [
    place("Dubai", "Dubai", "United Arab Emirates", 4),
    place("Abu Dhabi", "Abu Dhabi", "United Arab Emirates", 3),
    place("Riyadh", "Ar Riyad", "Saudi Arabia", 2.5),
    place("Doha", "Ad Dawhah", "Qatar", 1.5),
    place("Kuwait City", "Al Asimah", "Kuwait", 1),
    place("Tel Aviv", "Tel Aviv", "Israel", 2),
    place("Manama", "Al Manamah", "Bahrain", 0.6),
    place("Muscat", "Masqat", "Oman", 0.5),
  ],
  "latin-america": [
    place("São Paulo", "Sao Paulo", "Brazil", 4),
    place("Mexico City", "Distrito Federal", "Mexico", 2.5),
    place("Santiago", "Region Metropolitana", "Chile", 1.5),
    place("Bogotá", "Distrito Especial", "Colombia", 1.2),
    place("Buenos Aires", "Distrito Federal", "Argentina", 1),
    place("Lima", "Lima", "Peru", 0.6),
  ],
  africa: [
    place("Johannesburg", "Gauteng", "South Africa", 3),
    place("Cape Town", "Western Cape", "South Africa", 2),
    place("Lagos", "Lagos", "Nigeria", 2),
    place("Nairobi", "Nairobi Area", "Kenya", 1.5),
    place("Cairo", "Al Qahirah", "Egypt", 1),
  ],
};

/**
 * Headquarters regions (decision 015: North America 55%, Europe 25%, Asia-Pacific 12%, Middle
 * East 5%, Latin America and Africa 3%). Sovereign wealth sits mostly in the Gulf and Asia instead, which
 * moves the whole set by under a point.
 */
const HQ_REGION_WEIGHTS: Readonly<Record<LpRegion, number>> = {
  "north-america": 55,
  europe: 25,
  "asia-pacific": 12,
  "middle-east": 5,
  "latin-america": 1.8,
  africa: 1.2,
};
const SOVEREIGN_HQ_REGION_WEIGHTS: Readonly<Record<LpRegion, number>> = {
  "north-america": 5,
  europe: 15,
  "asia-pacific": 35,
  "middle-east": 40,
  "latin-america": 3,
  africa: 2,
};

const pickHqRegion = weightedPicker(LP_REGIONS, (region) => HQ_REGION_WEIGHTS[region]);
const pickSovereignHqRegion = weightedPicker(LP_REGIONS, (region) => SOVEREIGN_HQ_REGION_WEIGHTS[region]);
const pickCityIn = Object.fromEntries(
  LP_REGIONS.map((region) => [region, weightedPicker(LP_CITIES[region], (city) => city.weight)]),
) as Record<LpRegion, (random: Random) => LpCity>;

// Every city's country must map to its region, or the demo's regions would disagree with the search's.
for (const region of LP_REGIONS) {
  for (const city of LP_CITIES[region]) {
    if (lpRegionOf(city.country) !== region)
      throw new Error(`demo LP cities: ${city.city} is not in ${region}`);
  }
}

// ---------------------------------------------------------------------------------------------
// Amounts

/** Round figures: 1, 1.5, 2, 2.5, 3, 4, 5, 6, 7.5 times a power of ten. */
const NICE_STEPS = [1, 1.5, 2, 2.5, 3, 4, 5, 6, 7.5, 10];

/** The largest round figure not above `usd` (at least 1). */
export function roundFigureAtMost(usd: number): number {
  if (!(usd >= 1)) return 1;
  const power = 10 ** Math.floor(Math.log10(usd));
  let best = power;
  for (const step of NICE_STEPS) if (step * power <= usd) best = step * power;
  return Math.round(best);
}

/** The round figure nearest to `usd` on a log scale. */
export function roundFigure(usd: number): number {
  if (!(usd >= 1)) return 1;
  const power = 10 ** Math.floor(Math.log10(usd));
  let best = power;
  for (const step of NICE_STEPS) {
    if (Math.abs(Math.log(step * power) - Math.log(usd)) < Math.abs(Math.log(best) - Math.log(usd)))
      best = step * power;
  }
  return Math.round(best);
}

/** A log-normal draw within the range: drawn again a few times when outside it, then clamped. */
function drawInRange(random: Random, range: Range): number {
  let usd = range.medianUsd;
  for (let draw = 0; draw < 4; draw++) {
    usd = random.logNormal(range.medianUsd, range.sigma);
    if (usd >= range.minUsd && usd <= range.maxUsd) break;
  }
  return Math.min(range.maxUsd, Math.max(range.minUsd, usd));
}

/** AUM as reported: two significant figures ($1.2B, $450M). */
function reportedAum(usd: number): number {
  const power = 10 ** (Math.floor(Math.log10(usd)) - 1);
  return Math.round(usd / power) * power;
}

interface Checks {
  minUsd: number;
  maxUsd: number;
}

/**
 * The check range: the largest check from the type's range, at most MAX_CHECK_SHARE_OF_AUM of the AUM
 * (a small LP writes small checks), the smallest a fifth to a half of it.
 */
function drawChecks(random: Random, profile: LpTypeProfile, aumUsd: number | null): Checks {
  let maxUsd = roundFigure(drawInRange(random, profile.check));
  if (aumUsd !== null) maxUsd = Math.min(maxUsd, roundFigureAtMost(aumUsd * MAX_CHECK_SHARE_OF_AUM));
  const minUsd = Math.min(maxUsd, roundFigure(maxUsd * (0.2 + 0.3 * random.next())));
  return { minUsd, maxUsd };
}

// ---------------------------------------------------------------------------------------------
// Dates

const DAY_MS = 86_400_000;

/** The last 8 quarter ends at least 45 days before `today` (AUM is reported after the quarter closes). */
function quarterEnds(today: Date): string[] {
  const time = today.getTime();
  if (Number.isNaN(time)) throw new RangeError("generateLps: `today` is not a valid date");
  const latest = new Date(time - 45 * DAY_MS);
  // The quarter end on or before `latest`: the day before the first day of its quarter's next month.
  let year = latest.getUTCFullYear();
  let quarter = Math.floor(latest.getUTCMonth() / 3);
  const ends: string[] = [];
  while (ends.length < 8) {
    const end = new Date(Date.UTC(year, quarter * 3 + 3, 0));
    if (end.getTime() <= latest.getTime()) ends.push(end.toISOString().slice(0, 10));
    quarter -= 1;
    if (quarter < 0) {
      quarter = 3;
      year -= 1;
    }
  }
  return ends;
}

const pickQuarterIndex = weightedPicker(
  [0, 1, 2, 3, 4, 5, 6, 7],
  (index) => [30, 25, 15, 10, 8, 6, 4, 2][index] ?? 0,
);

// ---------------------------------------------------------------------------------------------
// Focus

function drawChances<T extends string>(random: Random, values: readonly T[], chances: Chances<T>): T[] {
  return values.filter((value) => random.chance(chances[value]));
}

const pickSector = weightedPicker(
  SECTOR_FOCUSES,
  (sector) =>
    ({
      software: 20,
      ai: 18,
      fintech: 14,
      health: 14,
      climate: 12,
      consumer: 8,
      "deep-tech": 7,
      industrial: 5,
      crypto: 3,
      education: 2,
    })[sector],
);
const pickSectorCount = weightedPicker([1, 2, 3], (count) => [45, 35, 20][count - 1] ?? 0);

function drawSectors(random: Random, profile: LpTypeProfile): SectorFocus[] {
  if (random.chance(profile.generalist)) return [];
  const wanted = pickSectorCount(random);
  const chosen = new Set<SectorFocus>();
  for (let attempt = 0; chosen.size < wanted && attempt < wanted * 4; attempt++)
    chosen.add(pickSector(random));
  // In the options' order, so one set of sectors always reads the same.
  return SECTOR_FOCUSES.filter((sector) => chosen.has(sector));
}

function drawGeoFocus(random: Random, profile: LpTypeProfile, home: LpRegion): GeoFocus[] {
  if (random.chance(profile.global)) return ["global"];
  const chosen = new Set<LpRegion>([home]);
  if (random.chance(0.35)) chosen.add(pickHqRegion(random));
  if (random.chance(0.1)) chosen.add(pickHqRegion(random));
  return LP_REGIONS.filter((region) => chosen.has(region));
}

function drawAcceptsEmerging(random: Random, profile: LpTypeProfile): AcceptsEmerging {
  if (random.chance(profile.acceptsEmerging)) return "yes";
  return random.chance(0.6) ? "no" : "unknown";
}

// ---------------------------------------------------------------------------------------------
// Names

function compoundWord(random: Random): string {
  const first = random.pick(COMPOUND_FIRSTS);
  let second = random.pick(COMPOUND_SECONDS);
  for (let attempt = 0; attempt < 3 && first.at(-1)?.toLowerCase() === second[0]; attempt++) {
    second = random.pick(COMPOUND_SECONDS);
  }
  return first + second;
}

interface Person {
  firstName: string;
  lastName: string;
}

function person(random: Random): Person {
  return { firstName: random.pick(FIRST_NAMES), lastName: random.pick(LAST_NAMES) };
}

function candidateName(random: Random, profile: LpTypeProfile, individual: Person): [string, string] {
  const template = random.pick(profile.names);
  const name = template.replace(/\{(\w+)\}/g, (_, key: string) => {
    if (key === "person") return `${individual.firstName} ${individual.lastName}`;
    if (key === "surname" || key === "surname2") return random.pick(LAST_NAMES);
    return compoundWord(random);
  });
  return [name, template];
}

interface LpName {
  name: string;
  slug: string;
  /** The name's template, which may size the LP (aumByName). */
  template: string;
  /** The person an individual LP (HNWI) is. */
  individual: Person;
}

/**
 * A name whose slug is free: a few fresh draws, then the city, then a number (which always ends). An
 * organisation's name takes the suffix, so two LPs never read alike; a person keeps their name (namesakes
 * exist) and only the slug does.
 */
function uniqueName(
  random: Random,
  profile: LpTypeProfile,
  type: LpType,
  city: string,
  takenSlugs: Set<string>,
): LpName {
  let name = "";
  let template = "";
  let individual = person(random);
  for (let attempt = 0; attempt < 6; attempt++) {
    if (attempt > 0) individual = person(random);
    [name, template] = candidateName(random, profile, individual);
    const slug = slugify(name, "lp");
    if (!takenSlugs.has(slug)) return { name, slug, individual, template };
  }
  for (let suffix = 1; ; suffix++) {
    const suffixed = suffix === 1 ? `${name} ${city}` : `${name} ${city} ${suffix}`;
    const slug = slugify(suffixed, "lp");
    if (!takenSlugs.has(slug)) return { name: type === "hnwi" ? name : suffixed, slug, individual, template };
  }
}

// ---------------------------------------------------------------------------------------------
// Contacts and commitments

const folded = new Map<string, string>();
function foldedName(name: string): string {
  let value = folded.get(name);
  if (value === undefined) {
    value = emailLocalPart(name);
    folded.set(name, value);
  }
  return value;
}

const HNWI_TITLES = ["Private Investor", "Angel Investor", "Founder and Private Investor"];

function drawContacts(
  random: Random,
  profile: LpTypeProfile,
  type: LpType,
  individual: Person,
  domain: string,
  index: number,
): DemoLpContact[] {
  const wanted = pickContactCount[type](random);
  const people: Person[] = type === "hnwi" ? [individual] : [];
  for (let attempt = 0; people.length < wanted && attempt < 10; attempt++) {
    const next = person(random);
    if (!people.some((other) => other.firstName === next.firstName && other.lastName === next.lastName))
      people.push(next);
  }
  const titles: string[] = [];
  return people.map((contact, position) => {
    let title = type === "hnwi" && position === 0 ? random.pick(HNWI_TITLES) : random.pick(profile.titles);
    // Two people of one LP rarely share a title: one re-draw.
    if (titles.includes(title)) title = random.pick(profile.titles);
    titles.push(title);
    const first = foldedName(contact.firstName) || "contact";
    const last = foldedName(contact.lastName) || "lp";
    return {
      position,
      firstName: contact.firstName,
      lastName: contact.lastName,
      title,
      email: `${first}.${last}@${domain}`,
      // A profile URL under the reserved TLD; the suffix keeps namesakes apart.
      linkedin: random.chance(0.85)
        ? `https://linkedin${DEMO_LP_TLD}/in/${first}-${last}-${(index * 3 + position).toString(36)}`
        : null,
    };
  });
}

const FUND_KINDS = ["Ventures", "Capital", "Venture Partners", "Seed Fund", "Growth Fund", "Partners"];
const ROMAN = ["I", "II", "III", "IV", "V", "VI", "VII"];

function drawCommitments(
  random: Random,
  type: LpType,
  checks: Checks,
  backsFirstTimeFunds: boolean,
  year: number,
): DemoLpCommitment[] {
  const count = pickCommitmentCount[type](random);
  const commitments: DemoLpCommitment[] = [];
  const typical = Math.sqrt(checks.minUsd * checks.maxUsd);
  for (let index = 0; index < count; index++) {
    const fundNumber = backsFirstTimeFunds && random.chance(0.4) ? 0 : random.int(0, ROMAN.length - 1);
    const amount = Math.min(
      checks.maxUsd,
      Math.max(checks.minUsd, roundFigure(random.logNormal(typical, 0.4))),
    );
    commitments.push({
      fundName: `${compoundWord(random)} ${random.pick(FUND_KINDS)} ${ROMAN[fundNumber]}`,
      // Recent vintages are the commonest: the last 12 years, weighted towards now.
      vintage: year - 1 - Math.floor(12 * random.next() ** 1.6),
      amountUsd: random.chance(0.15) ? null : amount,
    });
  }
  return commitments.sort((a, b) => b.vintage - a.vintage);
}

// ---------------------------------------------------------------------------------------------
// Descriptions

const COUNTRIES_WITH_THE = new Set([
  "United States",
  "United Kingdom",
  "United Arab Emirates",
  "Netherlands",
]);

function articled(phrase: string): string {
  return `${/^[aeiou]/i.test(phrase) && !/^(one|uni)/i.test(phrase) ? "an" : "a"} ${phrase}`;
}

function listPhrase(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

function typePhrase(type: LpType): string {
  const label = lpTypeLabel(type);
  // "an RIA / asset manager", but "a corporate / strategic investor".
  if (type === "ria") return "an RIA";
  if (type === "corporate") return "a corporate investor";
  if (type === "government") return "a government development finance institution";
  if (type === "public-pension" || type === "corporate-pension") return `a ${label.toLowerCase()} fund`;
  return articled(label.charAt(0).toLowerCase() + label.slice(1));
}

/** Stages as they read before "managers": "seed and early-stage managers". */
const STAGE_WORDS: Readonly<Record<StageFocus, string>> = {
  "pre-seed": "pre-seed",
  seed: "seed",
  early: "early-stage",
  growth: "growth-stage",
  late: "late-stage",
};

/** Sectors as they read mid-sentence: "software, AI and fintech". */
const SECTOR_WORDS: Readonly<Record<SectorFocus, string>> = {
  software: "software",
  ai: "AI",
  fintech: "fintech",
  health: "healthcare",
  climate: "climate",
  consumer: "consumer",
  "deep-tech": "deep tech",
  industrial: "industrial tech",
  crypto: "crypto",
  education: "education",
};

function describeLp(lp: Omit<DemoLp, "description" | "contacts" | "commitments">): string {
  const country = COUNTRIES_WITH_THE.has(lp.country) ? `the ${lp.country}` : lp.country;
  // "in Singapore", not "in Singapore, Singapore".
  const place = lp.city === lp.country ? lp.city : `${lp.city}, ${country}`;
  // An individual is "they"; an organisation "it".
  const [subject, possessive, verb] = lp.type === "hnwi" ? ["They", "Their", ""] : ["It", "Its", "s"];
  const sentences = [
    lp.aumUsd === null
      ? `${lp.name} is ${typePhrase(lp.type)} based in ${place}.`
      : `${lp.name} is ${typePhrase(lp.type)} based in ${place}, with about ${formatAmount(lp.aumUsd)} in assets.`,
    `${subject} commit${verb} ${formatAmount(lp.checkMinUsd)} to ${formatAmount(lp.checkMaxUsd)} per fund, mostly to ${listPhrase(lp.stageFocus.map((stage) => STAGE_WORDS[stage]))} managers.`,
  ];
  if (lp.sectorFocus.length > 0) {
    sentences.push(
      `${possessive} focus is ${listPhrase(lp.sectorFocus.map((sector) => SECTOR_WORDS[sector]))}.`,
    );
  }
  if (lp.backsFirstTimeFunds) sentences.push(`${subject} back${verb} first-time funds.`);
  else if (lp.acceptsEmerging === "yes") sentences.push(`${subject} back${verb} emerging managers.`);
  return sentences.join(" ");
}

// ---------------------------------------------------------------------------------------------
// Rows

/**
 * Synthetic LPs for demos and load tests: realistic types, sizes, places and focus, but every website and
 * email is under the reserved ".example" TLD so nobody can be contacted. Pure and deterministic: the same
 * count, seed and today give the same LPs, and a larger count gives the same first LPs followed by more.
 */
export function* generateLps(options: GenerateLpsOptions): Generator<DemoLp> {
  const { count, seed = DEFAULT_DEMO_LP_SEED, today } = options;
  if (!Number.isSafeInteger(count) || count < 0) {
    throw new RangeError("generateLps: count must be a non-negative integer");
  }
  const quarters = quarterEnds(today);
  const year = today.getUTCFullYear();
  const random = createRandom(seed);
  const takenSlugs = new Set<string>();

  for (let index = 0; index < count; index++) {
    const type = pickType(random);
    const profile: LpTypeProfile = PROFILES[type];
    const hqRegion = type === "sovereign-wealth" ? pickSovereignHqRegion(random) : pickHqRegion(random);
    const city = pickCityIn[hqRegion](random);
    const { name, slug, individual, template } = uniqueName(random, profile, type, city.city, takenSlugs);
    takenSlugs.add(slug);

    const domain = `${slug}${DEMO_LP_TLD}`;
    const hasWebsite = random.chance(profile.website);
    const aumUsd = random.chance(profile.aumUndisclosed)
      ? null
      : reportedAum(drawInRange(random, profile.aumByName?.[template] ?? profile.aum));
    const checks = drawChecks(random, profile, aumUsd);
    let stageFocus = drawChances(random, STAGE_FOCUSES, profile.stages);
    if (stageFocus.length === 0) stageFocus = ["early"];
    let assetClasses = drawChances(random, ASSET_CLASSES, profile.assetClasses);
    if (assetClasses.length === 0) assetClasses = ["venture-capital"];
    const acceptsEmerging = drawAcceptsEmerging(random, profile);
    const backsFirstTimeFunds =
      acceptsEmerging === "yes" ? random.chance(0.5) : acceptsEmerging === "unknown" && random.chance(0.1);

    const lp = {
      slug,
      name,
      type,
      city: city.city,
      region: city.region,
      country: city.country,
      website: hasWebsite ? `https://${domain}` : null,
      websiteDomain: hasWebsite ? domain : null,
      aumUsd,
      aumAsOf: aumUsd === null ? null : (quarters[pickQuarterIndex(random)] as string),
      checkMinUsd: checks.minUsd,
      checkMaxUsd: checks.maxUsd,
      assetClasses,
      stageFocus,
      sectorFocus: drawSectors(random, profile),
      geoFocus: drawGeoFocus(random, profile, hqRegion),
      acceptsEmerging,
      backsFirstTimeFunds,
      mfoModel:
        type === "multi-family-office"
          ? random.chance(0.55)
            ? ("discretionary" as const)
            : ("advisory" as const)
          : null,
    };
    yield {
      ...lp,
      description: describeLp(lp),
      contacts: drawContacts(random, profile, type, individual, domain, index),
      commitments: drawCommitments(random, type, checks, backsFirstTimeFunds, year),
    };
  }
}
