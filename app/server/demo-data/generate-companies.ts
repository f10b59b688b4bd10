import { continentOf } from "../../core/continents";
import { FUNDING_TYPES, type FundingType } from "../../core/funding-types";
import { formatLocation } from "../../core/location";
import { slugify } from "../../core/slug";
import type { NewCompanyRow } from "../db/schema";
import { DEMO_CITIES, type DemoCity, headquartersRegionsOf } from "./cities";
import { DEMO_INDUSTRIES, type DemoIndustry } from "./industries";
import {
  COMPOUND_FIRSTS,
  COMPOUND_SECONDS,
  CONTACT_MAILBOXES,
  DESCRIPTION_TEMPLATES,
  DESCRIPTORS_BY_GROUP,
  DETAIL_TEMPLATES,
  FIRST_NAMES,
  GENERIC_DESCRIPTORS,
  LAST_NAMES,
  NAME_ENDS,
  NAME_MIDDLES,
  NAME_STARTS,
  PAIR_DETAIL_TEMPLATES,
  ROLES_SOLO,
  ROLES_TEAM,
} from "./names";
import { createRandom, type Random, weightedPicker } from "./random";

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
  /** Earlier rounds the company probably raised, with the chance of each. */
  priorRounds: readonly (readonly [FundingType, number])[];
  /** Rounds of this type rarely disclose an amount. */
  undisclosed?: true;
}

const SEED_PATH = [
  ["Pre-Seed", 0.3],
  ["Seed", 0.85],
] as const;
const seriesPath = (...series: FundingType[]) =>
  [...SEED_PATH, ...series.map((type) => [type, 0.9] as const)] as const;

/**
 * Stage mix of venture databases: seed-stage rounds are the most common, each later series rarer.
 * `satisfies` makes the table name every Crunchbase funding type exactly once.
 */
const FUNDING_PROFILES = {
  "Pre-Seed": { weight: 13, medianUsd: 500_000, sigma: 0.6, priorRounds: [] },
  Seed: {
    weight: 24,
    medianUsd: 2_500_000,
    sigma: 0.7,
    priorRounds: [
      ["Pre-Seed", 0.35],
      ["Angel", 0.15],
    ],
  },
  Angel: { weight: 5, medianUsd: 600_000, sigma: 0.6, priorRounds: [] },
  "Series A": { weight: 15, medianUsd: 12_000_000, sigma: 0.6, priorRounds: seriesPath() },
  "Series B": { weight: 7, medianUsd: 30_000_000, sigma: 0.6, priorRounds: seriesPath("Series A") },
  "Series C": {
    weight: 3.5,
    medianUsd: 55_000_000,
    sigma: 0.6,
    priorRounds: seriesPath("Series A", "Series B"),
  },
  "Series D": {
    weight: 1.6,
    medianUsd: 85_000_000,
    sigma: 0.6,
    priorRounds: seriesPath("Series A", "Series B", "Series C"),
  },
  "Series E": {
    weight: 0.7,
    medianUsd: 120_000_000,
    sigma: 0.6,
    priorRounds: seriesPath("Series A", "Series B", "Series C", "Series D"),
  },
  "Series F": {
    weight: 0.3,
    medianUsd: 150_000_000,
    sigma: 0.6,
    priorRounds: seriesPath("Series A", "Series B", "Series C", "Series D", "Series E"),
  },
  "Series G": {
    weight: 0.15,
    medianUsd: 200_000_000,
    sigma: 0.5,
    priorRounds: seriesPath("Series A", "Series B", "Series C", "Series D", "Series E", "Series F"),
  },
  "Series H": {
    weight: 0.07,
    medianUsd: 250_000_000,
    sigma: 0.5,
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
  "Venture - Series Unknown": { weight: 7, medianUsd: 4_000_000, sigma: 1.0, priorRounds: [["Seed", 0.6]] },
  "Convertible Note": {
    weight: 3,
    medianUsd: 1_500_000,
    sigma: 0.8,
    priorRounds: [
      ["Pre-Seed", 0.2],
      ["Seed", 0.5],
    ],
  },
  "Corporate Round": {
    weight: 1.5,
    medianUsd: 8_000_000,
    sigma: 0.9,
    priorRounds: [
      ["Seed", 0.6],
      ["Series A", 0.5],
    ],
  },
  "Debt Financing": {
    weight: 5,
    medianUsd: 8_000_000,
    sigma: 1.1,
    priorRounds: [
      ["Seed", 0.7],
      ["Series A", 0.6],
      ["Series B", 0.3],
    ],
  },
  "Equity Crowdfunding": { weight: 1.5, medianUsd: 700_000, sigma: 0.6, priorRounds: [["Seed", 0.4]] },
  Grant: {
    weight: 3,
    medianUsd: 500_000,
    sigma: 0.8,
    priorRounds: [
      ["Pre-Seed", 0.2],
      ["Seed", 0.3],
    ],
  },
  "Non-equity Assistance": {
    weight: 0.8,
    medianUsd: 300_000,
    sigma: 0.4,
    priorRounds: [],
    undisclosed: true,
  },
  "Private Equity": {
    weight: 1,
    medianUsd: 40_000_000,
    sigma: 0.9,
    priorRounds: seriesPath("Series A", "Series B", "Series C"),
  },
  "Post-IPO Equity": {
    weight: 0.5,
    medianUsd: 60_000_000,
    sigma: 0.9,
    priorRounds: seriesPath("Series A", "Series B", "Series C", "Series D"),
  },
  "Post-IPO Debt": {
    weight: 0.3,
    medianUsd: 80_000_000,
    sigma: 0.9,
    priorRounds: seriesPath("Series A", "Series B", "Series C", "Series D"),
  },
  "Secondary Market": {
    weight: 0.5,
    medianUsd: 25_000_000,
    sigma: 0.9,
    priorRounds: seriesPath("Series A", "Series B"),
  },
  Undisclosed: {
    weight: 1.2,
    medianUsd: 2_000_000,
    sigma: 1.0,
    priorRounds: [["Seed", 0.4]],
    undisclosed: true,
  },
} satisfies Record<FundingType, FundingProfile>;

/** Share of disclosed-type rounds whose amount is still unknown; with the undisclosed types ≈3% overall. */
const UNDISCLOSED_AMOUNT_RATE = 0.01;

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

function roundSize(random: Random, type: FundingType): number {
  const profile: FundingProfile = FUNDING_PROFILES[type];
  return roundAmount(random, random.logNormal(profile.medianUsd, profile.sigma));
}

interface Funding {
  type: FundingType;
  lastUsd: number | null;
  totalUsd: number | null;
}

function generateFunding(random: Random): Funding {
  const type = pickFundingType(random);
  const profile: FundingProfile = FUNDING_PROFILES[type];
  const lastUsd =
    profile.undisclosed || random.chance(UNDISCLOSED_AMOUNT_RATE) ? null : roundSize(random, type);
  let total = lastUsd ?? 0;
  for (const [priorType, probability] of profile.priorRounds) {
    if (random.chance(probability)) total += roundSize(random, priorType);
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

const pickIndustry = weightedPicker(DEMO_INDUSTRIES, (industry) => industry.weight);
const pickIndustryCount = weightedPicker([1, 2, 3, 4, 5], (count) => [25, 30, 25, 12, 8][count - 1] ?? 0);

function generateIndustries(random: Random): DemoIndustry[] {
  const wanted = pickIndustryCount(random);
  const chosen: DemoIndustry[] = [];
  // Bounded retries: a repeat pick is skipped rather than looping on a heavy-weight industry.
  for (let attempt = 0; chosen.length < wanted && attempt < wanted * 4; attempt++) {
    const industry = pickIndustry(random);
    if (!chosen.includes(industry)) chosen.push(industry);
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

const phraseByIndustry = new Map(
  DEMO_INDUSTRIES.map((industry) => [industry, industryPhrase(industry.name)]),
);
/** Name descriptors that suit an industry's own groups ("Health" for Health Care). */
const descriptorsByIndustry = new Map(
  DEMO_INDUSTRIES.map((industry) => [
    industry,
    industry.groups.flatMap((group) => DESCRIPTORS_BY_GROUP[group] ?? []),
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
  const fitting = descriptorsByIndustry.get(industry) ?? [];
  const descriptor =
    fitting.length > 0 && random.chance(0.6) ? random.pick(fitting) : random.pick(GENERIC_DESCRIPTORS);
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
const SHORTEST_DESCRIPTION = compileTemplate("{name} builds {offering} for {audience}.");
const SINGLE_DETAILS = DETAIL_TEMPLATES.map(compileTemplate);
const ALL_DETAILS = [...DETAIL_TEMPLATES, ...PAIR_DETAIL_TEMPLATES].map(compileTemplate);

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

function writeDescriptions(
  random: Random,
  input: DescriptionInput,
): { description: string; fullDescription: string } {
  const [primary, secondary = primary] = input.industries as [DemoIndustry, ...DemoIndustry[]];
  const continent = continentOf(input.city.country);
  const values: Record<string, string> = {
    name: input.name,
    city: input.city.city,
    country: countryPhrase(input.city.country),
    a: /^[AEIOU]/.test(input.city.city) ? "an" : "a",
    industry: phraseByIndustry.get(primary) ?? primary.name,
    industry2: phraseByIndustry.get(secondary) ?? secondary.name,
    offering: primary.offering,
    offering2: secondary.offering,
    audience: primary.audience,
    audience2: secondary.audience,
    // "across the Middle East", but "across Europe".
    continent: continent === "Middle East" ? "the Middle East" : continent,
  };
  let description = fillTemplate(random.pick(DESCRIPTIONS), values);
  // Long names and cities can overflow a wordy template; fall back to shorter ones.
  if (description.length > MAX_DESCRIPTION_LENGTH) description = fillTemplate(SHORTEST_DESCRIPTION, values);
  if (description.length > MAX_DESCRIPTION_LENGTH) description = `${input.name} builds ${primary.offering}.`;

  // Sentences naming a second industry only make sense when there is one.
  const details: (CompiledTemplate | string)[] =
    secondary === primary ? [...SINGLE_DETAILS] : [...ALL_DETAILS];
  details.push(
    input.founders.length === 1
      ? `It was founded by ${input.founders[0]} in ${input.city.city}.`
      : `It was founded by ${input.founders.slice(0, -1).join(", ")} and ${input.founders.at(-1)} in ${input.city.city}.`,
  );
  if (input.funding.lastUsd !== null) {
    details.push(`It most recently raised ${formatUsd(input.funding.lastUsd)} (${input.funding.type}).`);
  }
  // 1-3 distinct follow-up sentences after the description: 2-4 sentences in all.
  const sentences = [description];
  for (let wanted = random.int(1, 3); wanted > 0; wanted--) {
    const [detail] = details.splice(random.int(0, details.length - 1), 1);
    if (detail !== undefined)
      sentences.push(typeof detail === "string" ? detail : fillTemplate(detail, values));
  }
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
      lastFundingAmount: funding.lastUsd,
      lastFundingCurrency: funding.lastUsd === null ? null : "USD",
      lastFundingDate,
      lastFundingType: funding.type,
      totalFundingAmountUsd: funding.totalUsd,
    };
  }
}
