import { continentOf } from "../../core/continents";
import { INVESTOR_TYPES, type InvestorType } from "../../core/investor-match";
import { slugify } from "../../core/slug";
import { DEMO_CITIES, type DemoCity } from "./cities";
import { COMPOUND_FIRSTS, COMPOUND_SECONDS, NAME_ENDS, NAME_MIDDLES, NAME_STARTS } from "./names";
import { personNameIn } from "./person-name";
import { createRandom, type Random, weightedPicker } from "./random";

/** Investors the demo set holds when no count is given (decision 028). */
export const DEFAULT_DEMO_INVESTOR_COUNT = 3_000;
/** Seed used when none is given, so every fresh demo database holds the same investors. */
export const DEFAULT_DEMO_INVESTOR_SEED = 20_261_128;

export interface DemoInvestor {
  name: string;
  type: InvestorType;
  /** On the reserved `.example` TLD; null for most angels and a few firms. */
  website: string | null;
  city: string;
  region: string;
  country: string;
}

export interface GenerateInvestorsOptions {
  seed?: number;
  count?: number;
}

/** Shares of each type in percent: venture firms are most investors of startups' rounds, then angels. */
export const DEMO_INVESTOR_TYPE_SHARES: Readonly<Record<InvestorType, number>> = {
  venture_capital: 55,
  angel: 15,
  corporate_venture: 9,
  accelerator: 6,
  private_equity: 5,
  family_office: 5,
  government: 3,
  other: 2,
};

/** Share of each type with a website. */
const WEBSITE_RATE: Readonly<Record<InvestorType, number>> = {
  venture_capital: 0.97,
  angel: 0.12,
  corporate_venture: 0.95,
  accelerator: 0.98,
  private_equity: 0.98,
  family_office: 0.6,
  government: 1,
  other: 0.9,
};

/** Name patterns by type: {brand} an invented word, {surname}/{surname2} surnames of the HQ's country. */
const NAME_PATTERNS: Readonly<Record<Exclude<InvestorType, "angel">, readonly string[]>> = {
  venture_capital: [
    "{brand} Ventures",
    "{brand} Capital",
    "{brand} Partners",
    "{brand} Venture Partners",
    "{brand} VC",
    "{brand}",
    "{brand} Fund",
    "{surname} {surname2}",
    "{surname} Ventures",
    "{brand} Venture Capital",
    "{brand} Seed",
    "{brand} Growth",
  ],
  corporate_venture: [
    "{brand} Ventures",
    "{brand} Corporate Ventures",
    "{brand} Digital Ventures",
    "{brand} Innovation Fund",
    "{brand} Strategic Investments",
  ],
  accelerator: [
    "{brand} Accelerator",
    "{brand} Labs",
    "{brand} Startup Studio",
    "{brand} Launchpad",
    "{city} Founders Program",
  ],
  private_equity: [
    "{brand} Capital Partners",
    "{brand} Equity",
    "{brand} Growth Equity",
    "{surname} & Co.",
    "{surname} {surname2} Partners",
    "{brand} Investment Partners",
  ],
  family_office: [
    "{surname} Family Office",
    "{surname} Holdings",
    "{surname} Family Investments",
    "{brand} Family Capital",
  ],
  government: [
    "{city} Innovation Fund",
    "{brand} Development Bank",
    "{brand} Innovation Agency",
    "{city} Seed Fund",
    "{brand} Enterprise Fund",
  ],
  other: ["{brand} Bank", "{brand} Credit", "{brand} Lending", "{brand} Syndicate", "{brand} Angels"],
};

const pickType = weightedPicker(INVESTOR_TYPES, (type) => DEMO_INVESTOR_TYPE_SHARES[type]);
const pickCity = weightedPicker(DEMO_CITIES, (city) => city.weight);
const TLD = ".example";

function brand(random: Random): string {
  if (random.chance(0.5)) {
    const start = random.pick(NAME_STARTS);
    const middle = start.length <= 2 || random.chance(0.4) ? random.pick(NAME_MIDDLES) : "";
    return start + middle + random.pick(NAME_ENDS);
  }
  const first = random.pick(COMPOUND_FIRSTS);
  let second = random.pick(COMPOUND_SECONDS);
  for (let attempt = 0; attempt < 3 && first.at(-1)?.toLowerCase() === second[0]; attempt++) {
    second = random.pick(COMPOUND_SECONDS);
  }
  return first + second;
}

function candidateName(random: Random, type: InvestorType, city: DemoCity): string {
  if (type === "angel") {
    const person = personNameIn(random, city.country);
    return `${person.firstName} ${person.lastName}`;
  }
  const pattern = random.pick(NAME_PATTERNS[type]);
  return pattern.replace(/\{(\w+)\}/g, (_, key: string) => {
    if (key === "city") return city.city;
    if (key === "surname" || key === "surname2") return personNameIn(random, city.country).lastName;
    return brand(random);
  });
}

const INITIALS = "ABCDEFGHJKLMNPRSTW";

/** A taken name made distinct: an angel gains a middle initial ("Ana M. Silva"), a firm its city, then a number. */
function distinctName(name: string, type: InvestorType, city: DemoCity, taken: ReadonlySet<string>): string {
  if (type === "angel") {
    const space = name.indexOf(" ");
    for (const initial of INITIALS) {
      const candidate = `${name.slice(0, space)} ${initial}. ${name.slice(space + 1)}`;
      if (!taken.has(candidate.toLowerCase())) return candidate;
    }
  }
  const base = type === "angel" ? name : `${name} ${city.city}`;
  if (!taken.has(base.toLowerCase())) return base;
  for (let suffix = 2; ; suffix++) {
    const candidate = `${base} ${suffix}`;
    if (!taken.has(candidate.toLowerCase())) return candidate;
  }
}

/**
 * The demo's investors, deterministic from the seed: types in believable shares, angels named as people of
 * their city, firms with websites on `.example`, headquarters in the demo's cities (so mostly the United
 * States, then Europe and Asia). No two share a name. How often each invests is the rounds' business
 * (generate-rounds.ts), by its place in this array.
 */
export function generateInvestors(options: GenerateInvestorsOptions = {}): DemoInvestor[] {
  const { seed = DEFAULT_DEMO_INVESTOR_SEED, count = DEFAULT_DEMO_INVESTOR_COUNT } = options;
  if (!Number.isSafeInteger(count) || count < 0) {
    throw new RangeError("generateInvestors: count must be a non-negative integer");
  }
  const random = createRandom(seed);
  const takenNames = new Set<string>();
  const takenSlugs = new Set<string>();
  const investors: DemoInvestor[] = [];
  while (investors.length < count) {
    const type = pickType(random);
    const city = pickCity(random);
    let name = candidateName(random, type, city);
    for (let attempt = 0; takenNames.has(name.toLowerCase()) && attempt < 8; attempt++) {
      name = candidateName(random, type, city);
    }
    if (takenNames.has(name.toLowerCase())) name = distinctName(name, type, city, takenNames);
    takenNames.add(name.toLowerCase());
    let website: string | null = null;
    if (random.chance(WEBSITE_RATE[type])) {
      let slug = slugify(name, "investor");
      for (let suffix = 2; takenSlugs.has(slug); suffix++) slug = `${slugify(name, "investor")}-${suffix}`;
      takenSlugs.add(slug);
      website = `https://${slug}${TLD}`;
    }
    investors.push({ name, type, website, city: city.city, region: city.region, country: city.country });
  }
  return investors;
}

/** Where an investor or a company sits, for who invests where: most money stays near home. */
export type InvestorRegion = "north_america" | "europe" | "asia" | "elsewhere";
export const INVESTOR_REGIONS: readonly InvestorRegion[] = ["north_america", "europe", "asia", "elsewhere"];

export function investorRegionOf(country: string): InvestorRegion {
  if (country === "United States" || country === "Canada") return "north_america";
  const continent = continentOf(country);
  if (continent === "Europe") return "europe";
  if (continent === "Asia" || continent === "Oceania") return "asia";
  return "elsewhere";
}
