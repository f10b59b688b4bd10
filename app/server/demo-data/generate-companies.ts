import { continentOf } from "../../core/continents";
import { formatLocation } from "../../core/location";
import { slugify } from "../../core/slug";
import type { NewCompanyRow } from "../db/schema";
import { DEMO_CITIES, type DemoCity, headquartersRegionsOf } from "./cities";
import { demoSummary } from "./demo-summary";
import { type DemoInvestor, generateInvestors, investorRegionOf } from "./generate-investors";
import { DEMO_LINKEDIN_ORIGIN, type DemoPerson, generatePeople } from "./generate-people";
import { type DemoRound, generateRounds, type InvestorPools, investorPools } from "./generate-rounds";
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
  FOUNDER_TEMPLATES,
  FUNDING_TEMPLATES,
  FUNDING_TOTAL_TEMPLATES,
  GENERIC_DESCRIPTORS,
  INVESTORS_TEMPLATES,
  NAME_ENDS,
  NAME_MIDDLES,
  NAME_STARTS,
  OPENING_TEMPLATES,
  PAIR_CUSTOMER_DETAIL_TEMPLATES,
  PAIR_DESCRIPTION_TEMPLATES,
  PAIR_DETAIL_TEMPLATES,
  SOLO_FOUNDER_TEMPLATES,
  TEAM_FOUNDER_TEMPLATES,
  UNDISCLOSED_FUNDING_TEMPLATES,
} from "./names";
import { createRandom, type Random, type WeightedPicker, weightedPicker } from "./random";
import { demoRoundCurrency } from "./round-currency";

/** Rows the demo seed inserts when no count is given. */
export const DEFAULT_DEMO_COMPANY_COUNT = 17_555;
/** Seed used when none is given, so every fresh demo database holds the same companies. */
export const DEFAULT_DEMO_SEED = 20_250_101;
/** Last funding dates fall in the 3 years (1095 days) up to and including `today`. */
export const FUNDING_WINDOW_DAYS = 1095;
export { MAX_ROUND_USD, MAX_TOTAL_FUNDING_USD, MIN_ROUND_USD } from "./generate-rounds";
/** Every generated website and email address lives under this reserved TLD (RFC 2606). */
export const DEMO_TLD = ".example";

export interface GenerateCompaniesOptions {
  count: number;
  seed?: number;
  /** The investors the rounds name, by index (default: generateInvestors() with its default seed). */
  investors?: readonly DemoInvestor[];
  /** The demo's "now": funding dates are spread over the window that ends on this UTC day. */
  today: Date;
}

// ---------------------------------------------------------------------------------------------
// Dates

const DAY_MS = 86_400_000;

/** The FUNDING_WINDOW_DAYS days ending on today's UTC date, as days since 1970-01-01, newest first. */
function fundingDays(today: Date): number[] {
  const time = today.getTime();
  if (Number.isNaN(time)) throw new RangeError("generateCompanies: `today` is not a valid date");
  const todayUtc = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()) / DAY_MS;
  return Array.from({ length: FUNDING_WINDOW_DAYS }, (_, daysAgo) => todayUtc - daysAgo);
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

/** What the funding sentence says: the last round and the total, as the row shows them. */
interface Funding {
  type: string;
  lastUsd: number | null;
  totalUsd: number | null;
}

interface DescriptionInput {
  name: string;
  city: DemoCity;
  industries: readonly DemoIndustry[];
  founders: readonly string[];
  funding: Funding;
  /** Investors to name ("Its investors include ..."): the latest round's lead first; may be empty. */
  investors: readonly string[];
  /** The year the company was founded: a little before its first round. */
  foundedYear: number;
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
  return fillTemplate(random.pick(templates), {
    founders: joinNames(input.founders),
    city: input.city.city,
    year: String(input.foundedYear),
  });
}

/** An audience of `industry` other than `taken` ("for clinics and clinics" reads wrong). */
function otherAudience(random: Random, industry: DemoIndustry, taken: string): string {
  const audience = random.pick(industry.audiences);
  return audience !== taken ? audience : (industry.audiences.find((other) => other !== taken) ?? audience);
}

const MAX_DETAILS = 3;
/** Shares of full descriptions that name the founders, the investors and the funding. */
const FOUNDERS_SENTENCE_RATE = 0.35;
const FUNDING_SENTENCE_RATE = 0.3;
const INVESTORS_SENTENCE_RATE = 0.25;
/** Share of companies whose full description is the short one alone. */
const SHORT_ONLY_RATE = 0.08;
/** Share of descriptions that do not open with the company's name. */
const OTHER_OPENING_RATE = 0.3;
const OPENINGS = OPENING_TEMPLATES.map(compileTemplate);
const INVESTORS_SENTENCES = INVESTORS_TEMPLATES.map(compileTemplate);

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

  values.year = String(input.foundedYear);

  const pairing =
    secondary === null ? "none" : overlappingNames.get(primary)?.has(secondary) ? "byOffering" : "all";
  const namesBoth = pairing !== "none" && random.chance(PAIR_DESCRIPTION_RATE);
  // Most descriptions start with the name; some read as a tagline or open with the year or the city.
  const opening = namesBoth
    ? PAIR_DESCRIPTIONS[pairing]
    : random.chance(OTHER_OPENING_RATE)
      ? OPENINGS
      : DESCRIPTIONS;
  let description = capitalize(fillTemplate(random.pick(opening), values));
  // Long names and cities can overflow a wordy template; fall back to shorter ones.
  if (description.length > MAX_DESCRIPTION_LENGTH) description = fillTemplate(SHORTEST_DESCRIPTION, values);
  if (description.length > MAX_DESCRIPTION_LENGTH) description = `${input.name} builds ${offering}.`;

  // Some sources hold no more than the short description.
  if (random.chance(SHORT_ONLY_RATE)) return { description, fullDescription: description };

  // Sentences naming a second industry only make sense when there is one, and the description has not
  // named it already ("builds X and Y ... It also offers Y" repeats itself).
  const details =
    DETAILS[namesBoth ? "none" : pairing][primary.kind === "research" ? "patients" : "customers"];
  // 0-3 follow-up sentences after the description (2-5 sentences in all): what it does, then who founded
  // it, who backs it and its funding, in a varying order. The last three have fixed odds so a longer list
  // of details does not crowd out the sentences that set one company apart.
  const namesFounders = random.chance(FOUNDERS_SENTENCE_RATE);
  const namesFunding = hasFundingSentence(input.funding) && random.chance(FUNDING_SENTENCE_RATE);
  const namesInvestors = input.investors.length > 0 && random.chance(INVESTORS_SENTENCE_RATE);
  const extras = (namesFounders ? 1 : 0) + (namesFunding ? 1 : 0) + (namesInvestors ? 1 : 0);
  const detailCount = Math.max(random.int(1, MAX_DETAILS) - extras, extras === 0 ? 1 : 0);
  const sentences: string[] = [];
  // Distinct indexes, drawn with bounded retries rather than spliced from a copy: this runs once per row.
  const picked: number[] = [];
  for (let attempt = 0; picked.length < detailCount && attempt < 12; attempt++) {
    const index = random.int(0, details.length - 1);
    if (picked.includes(index)) continue;
    picked.push(index);
    sentences.push(fillTemplate(details[index] as CompiledTemplate, values));
  }
  const closing: string[] = [];
  if (namesFounders) closing.push(foundersSentence(random, input));
  if (namesInvestors) closing.push(investorsSentence(random, input.investors));
  if (namesFunding) closing.push(fundingSentence(random, input.funding));
  // Founders first or funding first, as writers differ.
  if (closing.length > 1 && random.chance(0.4)) closing.reverse();
  return { description, fullDescription: [description, ...sentences, ...closing].join(" ") };
}

/** "Its investors include Northwind Ventures and Ana Silva." */
function investorsSentence(random: Random, investors: readonly string[]): string {
  return fillTemplate(random.pick(INVESTORS_SENTENCES), { investors: joinNames(investors) });
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// ---------------------------------------------------------------------------------------------
// Rows

const pickCity = weightedPicker(DEMO_CITIES, (city) => city.weight);
const regionsByCity = new Map(DEMO_CITIES.map((city) => [city, headquartersRegionsOf(city)]));
/** Shares of companies with a known company LinkedIn page and a general contact address. */
export const COMPANY_LINKEDIN_RATE = 0.85;
export const CONTACT_EMAIL_RATE = 0.8;
/** Investors the full description names at most. */
const NAMED_INVESTORS = 3;
const SERIES = /^Series [A-Z]$/;

/** A demo company: its row, its rounds (oldest first) and its people (source order), decision 028. */
export interface DemoCompany {
  row: NewCompanyRow;
  rounds: DemoRound[];
  people: DemoPerson[];
}

/** The investors a description names: the latest round's lead first, then the latest rounds' others. */
function investorsToName(rounds: readonly DemoRound[], investors: readonly DemoInvestor[]): string[] {
  const named: string[] = [];
  for (let index = rounds.length - 1; index >= 0 && named.length < NAMED_INVESTORS; index--) {
    const round = rounds[index] as DemoRound;
    const ordered = [...round.investors].sort((a, b) => Number(b.isLead) - Number(a.isLead));
    for (const { investor } of ordered) {
      const name = investors[investor]?.name;
      if (name !== undefined && !named.includes(name) && named.length < NAMED_INVESTORS) named.push(name);
    }
  }
  return named;
}

let defaultInvestors: readonly DemoInvestor[] | undefined;
let defaultPools: InvestorPools | undefined;

/**
 * Synthetic companies for demos and load tests: realistic names, places, industries, round histories,
 * investors and people, but every website, email and LinkedIn address is under the reserved ".example"
 * TLD so nobody can be contacted. The row's Last Funding, Total Funding, contact and Founders fields are
 * the summary of the rounds and people (demo-summary.ts). Pure and deterministic: the same count, seed,
 * today and investors give the same companies, and a larger count gives the same first ones followed by more.
 */
export function* generateCompanies(options: GenerateCompaniesOptions): Generator<DemoCompany> {
  const { count, seed = DEFAULT_DEMO_SEED, today } = options;
  if (!Number.isSafeInteger(count) || count < 0) {
    throw new RangeError("generateCompanies: count must be a non-negative integer");
  }
  const lastDays = fundingDays(today);
  let investors = options.investors;
  let pools: InvestorPools;
  if (investors === undefined) {
    defaultInvestors ??= generateInvestors();
    defaultPools ??= investorPools(defaultInvestors);
    investors = defaultInvestors;
    pools = defaultPools;
  } else pools = investorPools(investors);
  const random = createRandom(seed);
  const takenSlugs = new Set<string>();

  for (let index = 0; index < count; index++) {
    const city = pickCity(random);
    const industries = generateIndustries(random);
    const industryGroups = industryGroupsOf(industries);
    const { name, slug } = uniqueName(random, industries[0] as DemoIndustry, city.city, takenSlugs);
    takenSlugs.add(slug);
    const domain = `${slug}${DEMO_TLD}`;

    const rounds = generateRounds(random, {
      lastDay: random.pick(lastDays),
      currency: demoRoundCurrency(city.country),
      region: investorRegionOf(city.country),
      pools,
    });
    const lastType = (rounds.at(-1) as DemoRound).fundingType;
    let seriesCount = 0;
    for (const round of rounds) if (SERIES.test(round.fundingType)) seriesCount++;
    const people = generatePeople(random, { country: city.country, domain, lastType, seriesCount });
    const summary = demoSummary(rounds, people);

    const firstYear = Number((rounds[0] as DemoRound).announcedOn.slice(0, 4));
    const { description, fullDescription } = writeDescriptions(random, {
      name,
      city,
      industries,
      founders: summary.founders?.split(", ") ?? [],
      funding: {
        type: summary.lastFundingType ?? lastType,
        lastUsd: summary.lastFundingAmountUsd,
        totalUsd: summary.totalFundingAmountUsd,
      },
      investors: investorsToName(rounds, investors),
      foundedYear: firstYear - random.int(0, 2),
    });

    yield {
      row: {
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
        contactEmail: random.chance(CONTACT_EMAIL_RATE)
          ? `${random.pick(CONTACT_MAILBOXES)}@${domain}`
          : null,
        website: `https://${domain}`,
        websiteDomain: domain,
        linkedin: random.chance(COMPANY_LINKEDIN_RATE) ? `${DEMO_LINKEDIN_ORIGIN}/company/${slug}` : null,
        ...summary,
      },
      rounds,
      people,
    };
  }
}
