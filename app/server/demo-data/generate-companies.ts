import { continentOf } from "../../core/continents";
import { FUNDING_TYPES, type FundingType } from "../../core/funding-types";
import { formatLocation } from "../../core/location";
import { slugify } from "../../core/slug";
import type { NewCompanyRow } from "../db/schema";
import { DEMO_CITIES, type DemoCity, headquartersRegionsOf } from "./cities";
import {
  CROSS_CUTTING_TAGS,
  DEMO_INDUSTRIES,
  DEMO_THEMES,
  type DemoIndustry,
  type DemoTheme,
} from "./industries";
import {
  COMPOUND_FIRSTS,
  COMPOUND_SECONDS,
  CONTACT_MAILBOXES,
  CUSTOMER_DETAIL_TEMPLATES,
  DESCRIPTION_TEMPLATES,
  DESCRIPTORS_BY_THEME,
  DETAIL_TEMPLATES,
  DIGITAL_DESCRIPTORS,
  FIRST_NAMES,
  FOUNDER_TEMPLATES,
  FUNDING_TEMPLATES,
  FUNDING_TOTAL_TEMPLATES,
  GENERIC_DESCRIPTORS,
  LAST_NAMES,
  NAME_ENDS,
  NAME_MIDDLES,
  NAME_STARTS,
  PAIR_CUSTOMER_DETAIL_TEMPLATES,
  PAIR_DESCRIPTION_TEMPLATES,
  PAIR_DETAIL_TEMPLATES,
  ROLES_SOLO,
  ROLES_TEAM,
  SOLO_FOUNDER_TEMPLATES,
  TEAM_FOUNDER_TEMPLATES,
  UNDISCLOSED_FUNDING_TEMPLATES,
} from "./names";
import { createRandom, type Random, type WeightedPicker, weightedPicker } from "./random";
import { demoRoundAmount, demoRoundCurrency } from "./round-currency";

/** Rows the demo seed inserts when no count is given. */
export const DEFAULT_DEMO_COMPANY_COUNT = 17_555;
/** Seed used when none is given, so every fresh demo database holds the same companies. */
export const DEFAULT_DEMO_SEED = 20_250_101;
/** Last funding dates fall in the 3 years (1095 days) up to and including `today`. */
export const FUNDING_WINDOW_DAYS = 1095;
export const MIN_ROUND_USD = 250_000;
export const MAX_ROUND_USD = 500_000_000;
/** Total funding is capped so no demo startup out-raises the largest real ones by orders of magnitude. */
export const MAX_TOTAL_FUNDING_USD = 2_000_000_000;
/** Every generated website and email address lives under this reserved TLD (RFC 2606). */
export const DEMO_TLD = ".example";

export interface GenerateCompaniesOptions {
  count: number;
  seed?: number;
  /** The demo's "now": funding dates are spread over the window that ends on this UTC day. */
  today: Date;
}

// ---------------------------------------------------------------------------------------------
// Funding

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

interface Funding {
  type: FundingType;
  lastUsd: number | null;
  totalUsd: number | null;
}

function generateFunding(random: Random): Funding {
  const type = pickFundingType(random);
  const profile: FundingProfile = FUNDING_PROFILES[type];
  const last = roundSize(random, type, 0, 1);
  const lastUsd = profile.undisclosed || random.chance(UNDISCLOSED_AMOUNT_RATE) ? null : last.usd;
  const priorMean = ROUND_SIZE_CORRELATION * last.z;
  let total = lastUsd ?? 0;
  for (const [priorType, probability] of profile.priorRounds) {
    if (probability >= 1 || random.chance(probability)) {
      total += roundSize(random, priorType, priorMean, ROUND_SIZE_INDEPENDENCE).usd;
    }
  }
  return {
    type,
    lastUsd,
    // The cap never cuts below the last round: rounds are at most MAX_ROUND_USD.
    totalUsd: total === 0 ? null : Math.min(total, MAX_TOTAL_FUNDING_USD),
  };
}

// ---------------------------------------------------------------------------------------------
// Dates

const DAY_MS = 86_400_000;

/** The FUNDING_WINDOW_DAYS dates ending on today's UTC date, as 'YYYY-MM-DD', newest first. */
function fundingDates(today: Date): string[] {
  const time = today.getTime();
  if (Number.isNaN(time)) throw new RangeError("generateCompanies: `today` is not a valid date");
  const todayUtc = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return Array.from({ length: FUNDING_WINDOW_DAYS }, (_, daysAgo) =>
    new Date(todayUtc - daysAgo * DAY_MS).toISOString().slice(0, 10),
  );
}

// ---------------------------------------------------------------------------------------------
// Industries

/** The main industry is drawn over all industries, so the overall mix follows their weights. */
const pickIndustry = weightedPicker(DEMO_INDUSTRIES, (industry) => industry.weight);
const pickIndustryCount = weightedPicker([1, 2, 3, 4, 5], (count) => [25, 30, 25, 12, 8][count - 1] ?? 0);
/** Share of companies that also get a tag fitting any theme ("SaaS", "Artificial Intelligence (AI)"). */
const CROSS_CUTTING_RATE = 0.15;
const MAX_INDUSTRIES = 5;

interface ThemePicker {
  size: number;
  pick: WeightedPicker<DemoIndustry>;
}

/** One weighted picker per theme, built once: the further industries of a company come from its theme. */
const pickerByTheme = new Map<DemoTheme, ThemePicker>();
for (const theme of Object.keys(DEMO_THEMES) as DemoTheme[]) {
  const members = DEMO_INDUSTRIES.filter((industry) => industry.theme === theme);
  if (members.length === 0) throw new Error(`demo industries: theme ${theme} has no industry`);
  pickerByTheme.set(theme, { size: members.length, pick: weightedPicker(members, (item) => item.weight) });
}

const industryByName = new Map(DEMO_INDUSTRIES.map((industry) => [industry.name, industry]));
/** The cross-cutting tags that cannot contradict what a company of this main industry sells. */
const crossTagsByIndustry = new Map(
  DEMO_INDUSTRIES.map((industry) => [
    industry,
    CROSS_CUTTING_TAGS[industry.kind].map((name) => {
      const tag = industryByName.get(name);
      if (tag === undefined) throw new Error(`demo industries: unknown cross-cutting tag ${name}`);
      return tag;
    }),
  ]),
);

/**
 * The main industry first, then up to 4 more of its theme (weighted), then rarely one cross-cutting
 * tag. Only the industries of the main one's theme are ever named in the description.
 */
function generateIndustries(random: Random): DemoIndustry[] {
  const primary = pickIndustry(random);
  const theme = pickerByTheme.get(primary.theme) as ThemePicker;
  const wanted = Math.min(pickIndustryCount(random), theme.size);
  const chosen: DemoIndustry[] = [primary];
  // Bounded retries: a repeat pick is skipped rather than looping on a heavy-weight industry.
  for (let attempt = 0; chosen.length < wanted && attempt < wanted * 4; attempt++) {
    const industry = theme.pick(random);
    if (!chosen.includes(industry)) chosen.push(industry);
  }
  const tags = crossTagsByIndustry.get(primary) ?? [];
  if (tags.length > 0 && chosen.length < MAX_INDUSTRIES && random.chance(CROSS_CUTTING_RATE)) {
    const tag = random.pick(tags);
    if (!chosen.includes(tag)) chosen.push(tag);
  }
  return chosen;
}

/** Union of the industries' groups in first-seen order (a plain loop: this runs once per row). */
function industryGroupsOf(industries: readonly DemoIndustry[]): string[] {
  const groups: string[] = [];
  for (const industry of industries) {
    for (const group of industry.groups) if (!groups.includes(group)) groups.push(group);
  }
  return groups;
}

/** Industry as it reads mid-sentence: "Health Care" -> "health care", but "FinTech" and "AI" keep their case. */
function industryPhrase(name: string): string {
  return name
    .replace(/\s*\(.*\)$/, "")
    .split(" ")
    .map((word) => (/^[A-Z][a-z]*(-[A-Z]?[a-z]+)*$/.test(word) ? word.toLowerCase() : word))
    .join(" ");
}

/** "a" or "an" before a word, by its first letter: "an AI company", "a FinTech company". */
function articleFor(word: string): string {
  return /^[AEIOUaeiou]/.test(word) ? "an" : "a";
}

const phraseByIndustry = new Map(
  DEMO_INDUSTRIES.map((industry) => [industry, industryPhrase(industry.name)]),
);
/** The industry as a noun: "focuses on medical devices", not "focuses on medical device". */
const topicByIndustry = new Map(
  DEMO_INDUSTRIES.map((industry) => [industry, industry.topic ?? industryPhrase(industry.name)]),
);
const articledPhraseByIndustry = new Map(
  DEMO_INDUSTRIES.map((industry) => {
    const phrase = industryPhrase(industry.name);
    return [industry, `${articleFor(phrase)} ${phrase}`];
  }),
);

/** Words of an industry's name and topic, with "SaaS" read as "software". */
function nameWords(industry: DemoIndustry): Set<string> {
  const text = `${industryPhrase(industry.name)} ${industry.topic ?? ""}`
    .toLowerCase()
    .replace("saas", "software");
  return new Set(text.split(/[\s-]+/).filter((word) => word.length > 2 && word !== "and"));
}

/**
 * Pairs of one theme whose names overlap ("Renewable Energy" and "Energy", "SaaS" and "Software"):
 * "a renewable energy and energy company" reads wrong, so such pairs are named by offering only.
 */
const overlappingNames = new Map<DemoIndustry, Set<DemoIndustry>>(
  DEMO_INDUSTRIES.map((industry) => {
    const words = nameWords(industry);
    const overlapping = DEMO_INDUSTRIES.filter(
      (other) =>
        other !== industry &&
        other.theme === industry.theme &&
        [...nameWords(other)].some((word) => words.has(word)),
    );
    return [industry, new Set(overlapping)];
  }),
);

interface IndustryDescriptors {
  /** Words that suit the industry's theme: "Health" for Health Care. */
  fitting: readonly string[];
  /** Generic words that do not contradict what it sells: no "Cloud" for a drug developer. */
  generic: readonly string[];
}

const descriptorsByIndustry = new Map<DemoIndustry, IndustryDescriptors>(
  DEMO_INDUSTRIES.map((industry) => [
    industry,
    {
      fitting: DESCRIPTORS_BY_THEME[industry.theme] ?? [],
      generic:
        industry.kind === "software" || industry.kind === "app"
          ? [...GENERIC_DESCRIPTORS, ...DIGITAL_DESCRIPTORS]
          : GENERIC_DESCRIPTORS,
    },
  ]),
);

// ---------------------------------------------------------------------------------------------
// Company names

function inventedWord(random: Random): string {
  const start = random.pick(NAME_STARTS);
  // Short consonant clusters ("Cl", "Tr") need a middle to make a word: "Cl" + "ar" + "ion".
  const middle = start.length <= 2 || random.chance(0.45) ? random.pick(NAME_MIDDLES) : "";
  return start + middle + random.pick(NAME_ENDS);
}

function compoundWord(random: Random): string {
  const first = random.pick(COMPOUND_FIRSTS);
  let second = random.pick(COMPOUND_SECONDS);
  // "Birdbird" and "Mossswitch" read badly: re-draw when the seam repeats a letter (bounded).
  for (let attempt = 0; attempt < 3 && first.at(-1)?.toLowerCase() === second[0]; attempt++) {
    second = random.pick(COMPOUND_SECONDS);
  }
  return first + second;
}

function descriptorFor(random: Random, industry: DemoIndustry, brand: string): string | null {
  const { fitting, generic } = descriptorsByIndustry.get(industry) as IndustryDescriptors;
  const descriptor = fitting.length > 0 && random.chance(0.6) ? random.pick(fitting) : random.pick(generic);
  // "Cloudbase Cloud" reads badly: skip a descriptor the brand already contains.
  return brand.toLowerCase().includes(descriptor.toLowerCase()) ? null : descriptor;
}

/** A brand, often followed by a descriptor that fits the main industry: "Lumora AI", "Northwind Health". */
function candidateName(random: Random, industry: DemoIndustry): string {
  const brand = random.chance(0.6) ? inventedWord(random) : compoundWord(random);
  if (!random.chance(0.65)) return brand;
  const descriptor = descriptorFor(random, industry, brand);
  return descriptor === null ? brand : `${brand} ${descriptor}`;
}

const NAME_ATTEMPTS = 6;

/**
 * Picks a company name whose slug is not taken yet. A slug collision also catches names that
 * differ only in case or punctuation, so unique slugs imply unique names and name keys. After a
 * few fresh draws the name gets a city ("Quantix Labs Berlin"), then a number, which always ends.
 */
function uniqueName(
  random: Random,
  industry: DemoIndustry,
  cityName: string,
  takenSlugs: Set<string>,
): { name: string; slug: string } {
  let name = "";
  for (let attempt = 0; attempt < NAME_ATTEMPTS; attempt++) {
    name = candidateName(random, industry);
    const slug = slugify(name);
    if (!takenSlugs.has(slug)) return { name, slug };
  }
  const withCity = `${name} ${cityName}`;
  const citySlug = slugify(withCity);
  if (!takenSlugs.has(citySlug)) return { name: withCity, slug: citySlug };
  for (let suffix = 2; ; suffix++) {
    const numbered = `${withCity} ${suffix}`;
    const slug = slugify(numbered);
    if (!takenSlugs.has(slug)) return { name: numbered, slug };
  }
}

// ---------------------------------------------------------------------------------------------
// People and contact details

const FOLDED_LETTERS: Readonly<Record<string, string>> = {
  ø: "o",
  ł: "l",
  đ: "d",
  ß: "ss",
  æ: "ae",
  œ: "oe",
};

/** ASCII mailbox part of a name: "Zoë" -> "zoe", "O'Brien" -> "obrien", "Øvrebø" -> "ovrebo". */
export function emailLocalPart(name: string): string {
  return name
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[øłđßæœ]/g, (letter) => FOLDED_LETTERS[letter] ?? "")
    .replace(/[^a-z0-9]/g, "");
}

// Only a few hundred distinct names exist, so folding each once saves Unicode work on every row.
const foldedNames = new Map<string, string>();
function foldedName(name: string): string {
  let folded = foldedNames.get(name);
  if (folded === undefined) {
    folded = emailLocalPart(name);
    foldedNames.set(name, folded);
  }
  return folded;
}

interface Person {
  firstName: string;
  lastName: string;
}

const pickFounderCount = weightedPicker([1, 2, 3], (count) => [40, 40, 20][count - 1] ?? 0);

function generateFounders(random: Random): Person[] {
  const wanted = pickFounderCount(random);
  const founders: Person[] = [];
  while (founders.length < wanted) {
    const person = { firstName: random.pick(FIRST_NAMES), lastName: random.pick(LAST_NAMES) };
    const duplicate = founders.some(
      (f) => f.firstName === person.firstName && f.lastName === person.lastName,
    );
    if (!duplicate) founders.push(person);
  }
  return founders;
}

// ---------------------------------------------------------------------------------------------
// Descriptions

/** A template split once into literal text (even indexes) and placeholder names (odd indexes). */
type CompiledTemplate = readonly string[];

function compileTemplate(template: string): CompiledTemplate {
  return template.split(/\{(\w+)\}/);
}

/** Concatenation of precompiled parts: a regex replace per sentence was the generator's hot spot. */
function fillTemplate(parts: CompiledTemplate, values: Readonly<Record<string, string>>): string {
  let text = "";
  for (let index = 0; index < parts.length; index++) {
    const part = parts[index] as string;
    text += index % 2 === 0 ? part : (values[part] ?? `{${part}}`);
  }
  return text;
}

const DESCRIPTIONS = DESCRIPTION_TEMPLATES.map(compileTemplate);
/** Templates naming the second industry itself ({industry2}, {topic2}), not just its offering. */
function namesSecondIndustry(template: string): boolean {
  return /\{(industry2|topic2)\}/.test(template);
}
const PAIR_DESCRIPTIONS = {
  all: PAIR_DESCRIPTION_TEMPLATES.map(compileTemplate),
  byOffering: PAIR_DESCRIPTION_TEMPLATES.filter((template) => !namesSecondIndustry(template)).map(
    compileTemplate,
  ),
};
/** Share of companies with two industries of one theme whose first sentence names both. */
const PAIR_DESCRIPTION_RATE = 0.3;
const SHORTEST_DESCRIPTION = compileTemplate("{name} builds {offering} for {audience}.");

/**
 * Follow-up sentences by whether the company has a second industry in its theme and whether its
 * audience are customers (not for drug developers, whose audience is patients).
 */
function detailsFor(pair: "none" | "all" | "byOffering", customers: boolean): readonly CompiledTemplate[] {
  const pairTemplates = [...PAIR_DETAIL_TEMPLATES, ...(customers ? PAIR_CUSTOMER_DETAIL_TEMPLATES : [])];
  return [
    ...DETAIL_TEMPLATES,
    ...(customers ? CUSTOMER_DETAIL_TEMPLATES : []),
    ...(pair === "none"
      ? []
      : pair === "all"
        ? pairTemplates
        : pairTemplates.filter((template) => !namesSecondIndustry(template))),
  ].map(compileTemplate);
}
const DETAILS = {
  none: { customers: detailsFor("none", true), patients: detailsFor("none", false) },
  all: { customers: detailsFor("all", true), patients: detailsFor("all", false) },
  byOffering: { customers: detailsFor("byOffering", true), patients: detailsFor("byOffering", false) },
} as const;

const SOLO_FOUNDERS = [...FOUNDER_TEMPLATES, ...SOLO_FOUNDER_TEMPLATES].map(compileTemplate);
const TEAM_FOUNDERS = [...FOUNDER_TEMPLATES, ...TEAM_FOUNDER_TEMPLATES].map(compileTemplate);
const FUNDING_SENTENCES = FUNDING_TEMPLATES.map(compileTemplate);
const FUNDING_TOTAL_SENTENCES = FUNDING_TOTAL_TEMPLATES.map(compileTemplate);
const UNDISCLOSED_FUNDING_SENTENCES = UNDISCLOSED_FUNDING_TEMPLATES.map(compileTemplate);
/** Share of companies with earlier rounds whose funding sentence also names the total. */
const FUNDING_TOTAL_RATE = 0.5;

const MAX_DESCRIPTION_LENGTH = 199;

function formatUsd(usd: number): string {
  if (usd >= 1_000_000_000) return `$${(usd / 1_000_000_000).toFixed(1).replace(/\.0$/, "")}B`;
  if (usd >= 1_000_000) return `$${(usd / 1_000_000).toFixed(1).replace(/\.0$/, "")}M`;
  return `$${Math.round(usd / 1000)}K`;
}

const COUNTRIES_WITH_THE = new Set([
  "Netherlands",
  "Philippines",
  "Czech Republic",
  "Bahamas",
  "Cayman Islands",
]);

/** Country as it reads after "in": "in the United States", "in the Netherlands", "in India". */
function countryPhrase(country: string): string {
  return country.startsWith("United ") || COUNTRIES_WITH_THE.has(country) ? `the ${country}` : country;
}

interface DescriptionInput {
  name: string;
  city: DemoCity;
  industries: readonly DemoIndustry[];
  founders: readonly string[];
  funding: Funding;
}

/** "Ana Silva", "Ana Silva and Li Wei", "Ana Silva, Li Wei and Tom Berg". */
function joinNames(names: readonly string[]): string {
  return names.length === 1 ? (names[0] as string) : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

function hasFundingSentence(funding: Funding): boolean {
  return funding.lastUsd !== null || funding.totalUsd !== null;
}

/** The funding sentence; only called when hasFundingSentence(funding). */
function fundingSentence(random: Random, funding: Funding): string {
  const values = {
    type: funding.type,
    amount: funding.lastUsd === null ? "" : formatUsd(funding.lastUsd),
    total: funding.totalUsd === null ? "" : formatUsd(funding.totalUsd),
  };
  if (funding.lastUsd === null) return fillTemplate(random.pick(UNDISCLOSED_FUNDING_SENTENCES), values);
  // The total is named only when it differs in print: "$2.5M in total, most recently $2.5M" reads wrong.
  const namesTotal =
    funding.totalUsd !== null && values.total !== values.amount && random.chance(FUNDING_TOTAL_RATE);
  return fillTemplate(random.pick(namesTotal ? FUNDING_TOTAL_SENTENCES : FUNDING_SENTENCES), values);
}

/** "It was founded by Ana Silva and Li Wei in Lagos." */
function foundersSentence(random: Random, input: DescriptionInput): string {
  const templates = input.founders.length === 1 ? SOLO_FOUNDERS : TEAM_FOUNDERS;
  return fillTemplate(random.pick(templates), { founders: joinNames(input.founders), city: input.city.city });
}

/** An audience of `industry` other than `taken` ("for clinics and clinics" reads wrong). */
function otherAudience(random: Random, industry: DemoIndustry, taken: string): string {
  const audience = random.pick(industry.audiences);
  return audience !== taken ? audience : (industry.audiences.find((other) => other !== taken) ?? audience);
}

const MAX_DETAILS = 3;
/** Shares of full descriptions that name the founders and the funding. */
const FOUNDERS_SENTENCE_RATE = 0.35;
const FUNDING_SENTENCE_RATE = 0.35;

function writeDescriptions(
  random: Random,
  input: DescriptionInput,
): { description: string; fullDescription: string } {
  const primary = input.industries[0] as DemoIndustry;
  // Only an industry of the main one's theme is named: a cross-cutting tag never is.
  const candidate = input.industries[1];
  const secondary = candidate !== undefined && candidate.theme === primary.theme ? candidate : null;
  const continent = continentOf(input.city.country);
  const offering = random.pick(primary.offerings);
  const audience = random.pick(primary.audiences);
  const values: Record<string, string> = {
    name: input.name,
    city: input.city.city,
    country: countryPhrase(input.city.country),
    a: articleFor(input.city.city),
    anIndustry: articledPhraseByIndustry.get(primary) ?? primary.name,
    industry: phraseByIndustry.get(primary) ?? primary.name,
    topic: topicByIndustry.get(primary) ?? primary.name,
    offering,
    audience,
    // "across the Middle East", but "across Europe".
    continent: continent === "Middle East" ? "the Middle East" : continent,
  };
  if (secondary !== null) {
    values.industry2 = phraseByIndustry.get(secondary) ?? secondary.name;
    values.topic2 = topicByIndustry.get(secondary) ?? secondary.name;
    values.offering2 = random.pick(secondary.offerings);
    values.audience2 = otherAudience(random, secondary, audience);
  }

  const pairing =
    secondary === null ? "none" : overlappingNames.get(primary)?.has(secondary) ? "byOffering" : "all";
  const namesBoth = pairing !== "none" && random.chance(PAIR_DESCRIPTION_RATE);
  let description = fillTemplate(random.pick(namesBoth ? PAIR_DESCRIPTIONS[pairing] : DESCRIPTIONS), values);
  // Long names and cities can overflow a wordy template; fall back to shorter ones.
  if (description.length > MAX_DESCRIPTION_LENGTH) description = fillTemplate(SHORTEST_DESCRIPTION, values);
  if (description.length > MAX_DESCRIPTION_LENGTH) description = `${input.name} builds ${offering}.`;

  // Sentences naming a second industry only make sense when there is one, and the description has not
  // named it already ("builds X and Y ... It also offers Y" repeats itself).
  const details =
    DETAILS[namesBoth ? "none" : pairing][primary.kind === "research" ? "patients" : "customers"];
  // 1-3 follow-up sentences after the description (2-4 sentences in all): what it does, then who
  // founded it, then its funding. The last two have fixed odds so a longer list of details does not
  // crowd out the sentences that set one company apart.
  const namesFounders = random.chance(FOUNDERS_SENTENCE_RATE);
  const namesFunding = hasFundingSentence(input.funding) && random.chance(FUNDING_SENTENCE_RATE);
  const extras = (namesFounders ? 1 : 0) + (namesFunding ? 1 : 0);
  const detailCount = Math.max(random.int(1, MAX_DETAILS) - extras, extras === 0 ? 1 : 0);
  const sentences = [description];
  // Distinct indexes, drawn with bounded retries rather than spliced from a copy: this runs once per row.
  const picked: number[] = [];
  for (let attempt = 0; picked.length < detailCount && attempt < 12; attempt++) {
    const index = random.int(0, details.length - 1);
    if (picked.includes(index)) continue;
    picked.push(index);
    sentences.push(fillTemplate(details[index] as CompiledTemplate, values));
  }
  if (namesFounders) sentences.push(foundersSentence(random, input));
  if (namesFunding) sentences.push(fundingSentence(random, input.funding));
  return { description, fullDescription: sentences.join(" ") };
}

// ---------------------------------------------------------------------------------------------
// Rows

const pickCity = weightedPicker(DEMO_CITIES, (city) => city.weight);
const regionsByCity = new Map(DEMO_CITIES.map((city) => [city, headquartersRegionsOf(city)]));
const ROLE_NULL_RATE = 0.3;

/**
 * Synthetic companies for demos and load tests: realistic names, places, industries and rounds,
 * but every website and email is under the reserved ".example" TLD so nobody can be contacted.
 * Pure and deterministic: the same count, seed and today give the same rows, and a larger count
 * gives the same first rows followed by more.
 */
export function* generateCompanies(options: GenerateCompaniesOptions): Generator<NewCompanyRow> {
  const { count, seed = DEFAULT_DEMO_SEED, today } = options;
  if (!Number.isSafeInteger(count) || count < 0) {
    throw new RangeError("generateCompanies: count must be a non-negative integer");
  }
  const dates = fundingDates(today);
  const random = createRandom(seed);
  const takenSlugs = new Set<string>();

  for (let index = 0; index < count; index++) {
    const city = pickCity(random);
    const industries = generateIndustries(random);
    const industryGroups = industryGroupsOf(industries);
    const { name, slug } = uniqueName(random, industries[0] as DemoIndustry, city.city, takenSlugs);
    takenSlugs.add(slug);

    const founders = generateFounders(random);
    const lead = founders[0] as Person;
    const founderNames = founders.map((founder) => `${founder.firstName} ${founder.lastName}`);
    const roles = founders.length === 1 ? ROLES_SOLO : ROLES_TEAM;
    const role = random.chance(ROLE_NULL_RATE) ? null : random.pick(roles);

    const funding = generateFunding(random);
    const roundCurrency = demoRoundCurrency(city.country);
    const lastFundingDate = random.pick(dates);
    const domain = `${slug}${DEMO_TLD}`;
    const localPart = `${foldedName(lead.firstName) || "founder"}.${foldedName(lead.lastName) || "team"}`;
    const { description, fullDescription } = writeDescriptions(random, {
      name,
      city,
      industries,
      founders: founderNames,
      funding,
    });

    yield {
      slug,
      organizationName: name,
      nameKey: name.trim().toLowerCase(),
      description,
      fullDescription,
      industries: industries.map((industry) => industry.name),
      industryGroups,
      headquartersLocation: formatLocation(city.city, city.region, city.country),
      // A copy, so a caller editing one row's array cannot change other rows from the same city.
      headquartersRegions: [...(regionsByCity.get(city) ?? [])],
      city: city.city,
      region: city.region,
      country: city.country,
      firstName: lead.firstName,
      lastName: lead.lastName,
      founders: founderNames.join(", "),
      role,
      email: `${localPart}@${domain}`,
      contactEmail: `${random.pick(CONTACT_MAILBOXES)}@${domain}`,
      website: `https://${domain}`,
      websiteDomain: domain,
      linkedin: `https://linkedin${DEMO_TLD}/company/${slug}`,
      lastFundingAmountUsd: funding.lastUsd,
      lastFundingAmount: demoRoundAmount(funding.lastUsd, roundCurrency),
      lastFundingCurrency: funding.lastUsd === null ? null : roundCurrency,
      lastFundingDate,
      lastFundingType: funding.type,
      totalFundingAmountUsd: funding.totalUsd,
    };
  }
}
