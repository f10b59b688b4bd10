import { describe, expect, it } from "vitest";
import { CONTINENTS, continentOf } from "../../core/continents";
import { FUNDING_TYPES } from "../../core/funding-types";
import { UNKNOWN_REGION } from "../../core/location";
import { slugify } from "../../core/slug";
import type { NewCompanyRow } from "../db/schema";
import { DEMO_CITIES } from "./cities";
import { emailLocalPart, generateCompanies } from "./generate-companies";
import { DEMO_INDUSTRIES, DEMO_THEMES, type DemoIndustry } from "./industries";
import { DESCRIPTORS_BY_THEME } from "./names";
import { createRandom, weightedPicker } from "./random";

// A time late in the UTC day, so a generator that used local dates instead of UTC ones would drift.
const TODAY = new Date("2025-03-10T23:30:00Z");
const TODAY_UTC_MS = Date.UTC(2025, 2, 10);
const DAY_MS = 86_400_000;
// The product's rules, written out rather than imported, so changing a constant in the generator
// cannot quietly change what the tests accept.
const FUNDING_WINDOW_DAYS = 1095;
const MIN_ROUND_USD = 250_000;
const MAX_ROUND_USD = 500_000_000;
const MAX_TOTAL_FUNDING_USD = 2_000_000_000;
const K = 1_000;
const M = 1_000_000;
/** Sane sizes of one round by type: no $20M Pre-Seed, no $1M Series C. Other types: [250K, 500M]. */
const ROUND_BOUNDS: Readonly<Record<string, readonly [number, number]>> = {
  "Pre-Seed": [250 * K, 3 * M],
  Angel: [250 * K, 3 * M],
  Seed: [250 * K, 15 * M],
  "Series A": [2 * M, 60 * M],
  "Series B": [8 * M, 150 * M],
  "Series C": [15 * M, 300 * M],
  "Series D": [25 * M, 500 * M],
  "Series E": [40 * M, 500 * M],
  "Series F": [50 * M, 500 * M],
  "Series G": [75 * M, 500 * M],
  "Series H": [100 * M, 500 * M],
  "Convertible Note": [250 * K, 30 * M],
  "Equity Crowdfunding": [250 * K, 10 * M],
  Grant: [250 * K, 25 * M],
  "Private Equity": [5 * M, 500 * M],
  "Post-IPO Equity": [10 * M, 500 * M],
  "Post-IPO Debt": [10 * M, 500 * M],
};
const SERIES = [
  "Series A",
  "Series B",
  "Series C",
  "Series D",
  "Series E",
  "Series F",
  "Series G",
  "Series H",
];
/** The series a company must have raised before a round of this type, so its total includes them. */
const EARLIER_SERIES: Readonly<Record<string, readonly string[]>> = {
  ...Object.fromEntries(SERIES.map((type, index) => [type, SERIES.slice(0, index)])),
  "Private Equity": SERIES.slice(0, 3),
  "Post-IPO Equity": SERIES.slice(0, 4),
  "Post-IPO Debt": SERIES.slice(0, 4),
  "Secondary Market": SERIES.slice(0, 2),
};
/** The most an early-stage company can have raised in all: its round plus a Pre-Seed and an Angel. */
const EARLY_STAGE_MAX_TOTAL: Readonly<Record<string, number>> = {
  "Pre-Seed": 3 * M,
  Angel: 3 * M,
  Seed: 21 * M,
};
/**
 * The tags allowed outside a company's theme, by what its main industry sells: "SaaS" on a battery
 * maker or "Mobile Apps" on a drug developer would contradict the description.
 */
const CROSS_CUTTING_FITS: Readonly<Record<DemoIndustry["kind"], readonly string[]>> = {
  software: ["Artificial Intelligence (AI)", "SaaS", "Software"],
  app: ["Artificial Intelligence (AI)", "Software", "Mobile Apps"],
  service: ["Artificial Intelligence (AI)"],
  research: ["Artificial Intelligence (AI)"],
  product: [],
};

function generate(count: number, seed = 7, today = TODAY): NewCompanyRow[] {
  return [...generateCompanies({ count, seed, today })];
}

/** Whole days between `date` ('YYYY-MM-DD') and TODAY's UTC date; 0 means today. */
function daysBeforeToday(date: string): number {
  return (TODAY_UTC_MS - Date.parse(`${date}T00:00:00Z`)) / DAY_MS;
}

const industryByName = new Map(DEMO_INDUSTRIES.map((industry) => [industry.name, industry]));
function industryOf(name: string): DemoIndustry {
  const industry = industryByName.get(name);
  if (industry === undefined) throw new Error(`unknown industry ${name}`);
  return industry;
}

/** A row's text with its own name, city, founders and amounts taken out: what two pages share if alike. */
function skeleton(row: NewCompanyRow, text: string): string {
  let result = text.replaceAll(row.organizationName, "<name>").replaceAll(row.city ?? "<none>", "<city>");
  for (const founder of row.founders?.split(", ") ?? []) result = result.replaceAll(founder, "<founder>");
  return result.replace(/\$[\d.]+[KMB]/g, "<amount>");
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

// One shared sample keeps the suite fast; each test reads a different property of it.
const SAMPLE_SIZE = 50_000;
const sample = generate(SAMPLE_SIZE);

/**
 * Slugs of the first rows breaking a rule. Checking 50,000 rows with one expect() each is slow,
 * and an empty list compared with toEqual([]) shows the offending rows when the rule breaks.
 */
function violations(rows: readonly NewCompanyRow[], broken: (row: NewCompanyRow) => boolean): string[] {
  const found: string[] = [];
  for (const row of rows) {
    if (broken(row)) found.push(row.slug);
    if (found.length === 5) break;
  }
  return found;
}

describe("random", () => {
  it("repeats a stream for the same seed and differs for another seed", () => {
    const draw = (seed: number) => {
      const random = createRandom(seed);
      return Array.from({ length: 20 }, () => random.next());
    };
    expect(draw(1)).toEqual(draw(1));
    expect(draw(1)).not.toEqual(draw(2));
    for (const value of draw(3)) {
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(1);
    }
  });

  it("keeps int() within its inclusive bounds and reaches both ends", () => {
    const random = createRandom(11);
    const seen = new Set(Array.from({ length: 2000 }, () => random.int(3, 6)));
    expect([...seen].sort()).toEqual([3, 4, 5, 6]);
  });

  it("picks in proportion to weights and never picks a zero weight", () => {
    const random = createRandom(5);
    const pick = weightedPicker(["rare", "never", "common"], (item) =>
      item === "common" ? 9 : item === "rare" ? 1 : 0,
    );
    const counts = { rare: 0, never: 0, common: 0 };
    for (let i = 0; i < 20_000; i++) counts[pick(random) as keyof typeof counts]++;
    expect(counts.never).toBe(0);
    expect(counts.common / 20_000).toBeGreaterThan(0.87);
    expect(counts.common / 20_000).toBeLessThan(0.93);
  });
});

describe("generateCompanies", () => {
  it("is deterministic for the same count, seed and today", () => {
    expect(generate(500)).toEqual(generate(500));
  });

  it("depends on the seed", () => {
    const names = (seed: number) => generate(50, seed).map((row) => row.organizationName);
    expect(names(1)).not.toEqual(names(2));
  });

  it("gives the same first rows whatever the count", () => {
    expect(generate(1000).slice(0, 200)).toEqual(generate(200));
  });

  it("yields exactly `count` rows and rejects a bad count or date", () => {
    expect(generate(0)).toHaveLength(0);
    expect(generate(37)).toHaveLength(37);
    expect(() => generate(-1)).toThrow(RangeError);
    expect(() => generate(1.5)).toThrow(RangeError);
    expect(() => generate(1, 7, new Date("not a date"))).toThrow(RangeError);
  });

  it("gives unique names, name keys and slugs, with slugs derived from the names", () => {
    const names = new Set(sample.map((row) => row.organizationName));
    const keys = new Set(sample.map((row) => row.nameKey));
    const slugs = new Set(sample.map((row) => row.slug));
    expect(names.size).toBe(SAMPLE_SIZE);
    expect(keys.size).toBe(SAMPLE_SIZE);
    expect(slugs.size).toBe(SAMPLE_SIZE);
    expect(violations(sample, (row) => row.slug !== slugify(row.organizationName))).toEqual([]);
    expect(violations(sample, (row) => row.nameKey !== row.organizationName.trim().toLowerCase())).toEqual(
      [],
    );
  });

  it("puts every website, domain and email under the reserved .example TLD", () => {
    const email = /^[a-z0-9]+(\.[a-z0-9]+)*@[a-z0-9-]+\.example$/;
    const broken = violations(
      sample,
      (row) =>
        !/^[a-z0-9-]+\.example$/.test(row.websiteDomain ?? "") ||
        // A DNS label holds at most 63 characters.
        (row.websiteDomain ?? "").length - ".example".length > 63 ||
        row.website !== `https://${row.websiteDomain}` ||
        !email.test(row.email ?? "") ||
        !email.test(row.contactEmail ?? "") ||
        !(row.email ?? "").endsWith(`@${row.websiteDomain}`) ||
        !new URL(row.linkedin ?? "").hostname.endsWith(".example"),
    );
    expect(broken).toEqual([]);
  });

  it("builds the founder email from the first founder's ASCII-folded name", () => {
    for (const row of sample.slice(0, 2000)) {
      const local = `${emailLocalPart(row.firstName ?? "")}.${emailLocalPart(row.lastName ?? "")}`;
      expect(row.email).toBe(`${local}@${row.websiteDomain}`);
      expect(row.founders?.startsWith(`${row.firstName} ${row.lastName}`)).toBe(true);
    }
    expect(emailLocalPart("Zoë")).toBe("zoe");
    expect(emailLocalPart("O'Brien")).toBe("obrien");
    expect(emailLocalPart("Øvrebø")).toBe("ovrebo");
  });

  it("records each round in its own currency: euros in the euro area, pounds in the United Kingdom, else dollars (docs/product.md#data)", () => {
    const disclosed = sample.filter((row) => typeof row.lastFundingAmountUsd === "number");
    const euroArea = new Set(
      "Austria Belgium Croatia Cyprus Estonia Finland France Germany Greece Ireland Italy Latvia Lithuania Luxembourg Malta Netherlands Portugal Slovakia Slovenia Spain".split(
        " ",
      ),
    );
    const broken = violations(disclosed, (row) => {
      const usd = row.lastFundingAmountUsd as number;
      const own = row.lastFundingAmount as number;
      const country = row.country ?? "";
      const currency = euroArea.has(country) ? "EUR" : country === "United Kingdom" ? "GBP" : "USD";
      if (row.lastFundingCurrency !== currency) return true;
      if (currency === "USD") return own !== usd;
      // A plausible rate's conversion (a euro near $1.08, a pound near $1.27), within 2%.
      const rate = currency === "EUR" ? 1.08 : 1.27;
      return Math.abs(own * rate - usd) / usd > 0.02;
    });
    expect(broken).toEqual([]);
    expect(disclosed.filter((row) => row.lastFundingCurrency === "EUR").length).toBeGreaterThan(50);
    expect(disclosed.filter((row) => row.lastFundingCurrency === "GBP").length).toBeGreaterThan(50);
  });

  it("keeps disclosed amounts within [250K, 500M], skewed to small rounds, in USD", () => {
    const disclosed = sample.filter((row) => typeof row.lastFundingAmountUsd === "number");
    const undisclosedRows = sample.filter((row) => typeof row.lastFundingAmountUsd !== "number");
    expect(
      violations(
        undisclosedRows,
        (row) => row.lastFundingAmount !== null || row.lastFundingCurrency !== null,
      ),
    ).toEqual([]);
    const broken = violations(disclosed, (row) => {
      const amount = row.lastFundingAmountUsd as number;
      return !Number.isInteger(amount) || amount < MIN_ROUND_USD || amount > MAX_ROUND_USD;
    });
    expect(broken).toEqual([]);
    const amounts = disclosed.map((row) => row.lastFundingAmountUsd as number);
    expect(median(amounts)).toBeLessThan(10_000_000);
    // Skewed, not just small: some large rounds exist too.
    expect(Math.max(...amounts)).toBeGreaterThan(100_000_000);
    const undisclosed = (SAMPLE_SIZE - amounts.length) / SAMPLE_SIZE;
    expect(undisclosed).toBeGreaterThan(0.01);
    expect(undisclosed).toBeLessThan(0.06);
  });

  it("sizes rounds by stage: Series C+ medians far above Seed and Pre-Seed", () => {
    const byType = (types: string[]) =>
      median(
        sample
          .filter(
            (row) =>
              types.includes(row.lastFundingType ?? "") && typeof row.lastFundingAmountUsd === "number",
          )
          .map((row) => row.lastFundingAmountUsd as number),
      );
    const early = byType(["Pre-Seed", "Seed"]);
    const late = byType(["Series C", "Series D", "Series E", "Series F", "Series G", "Series H"]);
    expect(late).toBeGreaterThan(early * 10);
  });

  it("keeps total funding at least the last round and at most the cap", () => {
    const withTotal = sample.filter((row) => typeof row.totalFundingAmountUsd === "number");
    const broken = violations(withTotal, (row) => {
      const total = row.totalFundingAmountUsd as number;
      const last = row.lastFundingAmountUsd;
      return (
        !Number.isInteger(total) ||
        total > MAX_TOTAL_FUNDING_USD ||
        (typeof last === "number" && total < last)
      );
    });
    expect(broken).toEqual([]);
    // Every disclosed round counts towards the total, and many companies raised earlier rounds too.
    const disclosedWithoutTotal = violations(
      sample,
      (row) => typeof row.lastFundingAmountUsd === "number" && typeof row.totalFundingAmountUsd !== "number",
    );
    expect(disclosedWithoutTotal).toEqual([]);
    const withPriorRounds = withTotal.filter(
      (row) => (row.totalFundingAmountUsd as number) > (row.lastFundingAmountUsd ?? 0),
    ).length;
    expect(withPriorRounds).toBeGreaterThan(SAMPLE_SIZE / 4);
  });

  it("uses Crunchbase funding types, with seed-stage rounds the most common", () => {
    const known = new Set<string>(FUNDING_TYPES);
    expect(violations(sample, (row) => !known.has(row.lastFundingType ?? ""))).toEqual([]);
    const counts = new Map<string, number>();
    for (const row of sample) {
      counts.set(row.lastFundingType ?? "", (counts.get(row.lastFundingType ?? "") ?? 0) + 1);
    }
    const share = (type: string) => (counts.get(type) ?? 0) / SAMPLE_SIZE;
    expect(share("Seed")).toBeGreaterThan(share("Series B"));
    expect(share("Series A")).toBeGreaterThan(share("Series C"));
    expect(share("Pre-Seed") + share("Seed") + share("Series A")).toBeGreaterThan(0.4);
    expect(counts.size).toBeGreaterThan(15);
  });

  it("spreads last funding dates over the 3 years up to today, including the last 30 days", () => {
    const broken = violations(sample, (row) => {
      const days = daysBeforeToday(row.lastFundingDate ?? "");
      return (
        !/^\d{4}-\d{2}-\d{2}$/.test(row.lastFundingDate ?? "") ||
        !Number.isInteger(days) ||
        days < 0 ||
        days >= FUNDING_WINDOW_DAYS
      );
    });
    expect(broken).toEqual([]);
    const days = sample.map((row) => daysBeforeToday(row.lastFundingDate ?? ""));
    const lastThirtyDays = days.filter((day) => day < 30).length;
    const oldest = Math.max(...days);
    // Uniform over 1095 days puts about 2.7% in the last 30.
    expect(lastThirtyDays / SAMPLE_SIZE).toBeGreaterThan(0.02);
    expect(lastThirtyDays / SAMPLE_SIZE).toBeLessThan(0.035);
    expect(oldest).toBeGreaterThan(FUNDING_WINDOW_DAYS - 10);
  });

  it("follows `today` for the date window", () => {
    const later = new Date(TODAY_UTC_MS + 400 * DAY_MS);
    const laterMs = Date.UTC(later.getUTCFullYear(), later.getUTCMonth(), later.getUTCDate());
    const dates = generate(3000, 7, later).map((row) => Date.parse(`${row.lastFundingDate}T00:00:00Z`));
    expect(Math.max(...dates)).toBeLessThanOrEqual(laterMs);
    expect(Math.min(...dates)).toBeGreaterThan(laterMs - FUNDING_WINDOW_DAYS * DAY_MS);
    expect(dates.some((date) => date > TODAY_UTC_MS)).toBe(true);
  });

  it("places companies on every continent with mapped countries and consistent locations", () => {
    expect(violations(sample, (row) => continentOf(row.country ?? "") === "Other")).toEqual([]);
    const continents = new Set(sample.map((row) => continentOf(row.country ?? "")));
    expect([...continents].sort()).toEqual([...CONTINENTS].sort());
    const badLocation = violations(sample, (row) =>
      row.region === UNKNOWN_REGION
        ? row.headquartersLocation !== `${row.city}, ${row.country}`
        : row.headquartersLocation !== `${row.city}, ${row.region}, ${row.country}`,
    );
    expect(badLocation).toEqual([]);
    const twoPart = sample.filter((row) => row.headquartersLocation?.split(", ").length === 2);
    expect(twoPart.length).toBeGreaterThan(0);
  });

  it("has the US dominate without monopolising", () => {
    const us = sample.filter((row) => row.country === "United States").length / SAMPLE_SIZE;
    expect(us).toBeGreaterThan(0.38);
    expect(us).toBeLessThan(0.55);
  });

  it("gives Bay Area companies Bay Area headquarters regions", () => {
    const sf = sample.find((row) => row.city === "San Francisco");
    expect(sf?.headquartersRegions).toContain("San Francisco Bay Area");
    const berlin = sample.find((row) => row.city === "Berlin");
    expect(berlin?.headquartersRegions).toContain("European Union (EU)");
  });

  it("tags 1-5 known industries and exactly the union of their groups", () => {
    const byName = new Map(DEMO_INDUSTRIES.map((industry) => [industry.name, industry]));
    const broken = violations(sample, (row) => {
      const industries = row.industries ?? [];
      const groups = row.industryGroups ?? [];
      const expected = new Set(
        industries.flatMap((name) => byName.get(name)?.groups ?? ["<unknown industry>"]),
      );
      return (
        industries.length < 1 ||
        industries.length > 5 ||
        new Set(industries).size !== industries.length ||
        groups.length !== expected.size ||
        !groups.every((group) => expected.has(group))
      );
    });
    expect(broken).toEqual([]);
  });

  it("lists 1-3 founders and leaves the role empty for roughly 30%", () => {
    const broken = violations(sample, (row) => {
      const founders = row.founders?.split(", ") ?? [];
      return founders.length < 1 || founders.length > 3 || founders[0] !== `${row.firstName} ${row.lastName}`;
    });
    expect(broken).toEqual([]);
    const noRole = sample.filter((row) => row.role === null).length;
    expect(noRole / SAMPLE_SIZE).toBeGreaterThan(0.25);
    expect(noRole / SAMPLE_SIZE).toBeLessThan(0.35);
  });

  it("draws a company's industries from its main industry's theme, plus at most one fitting cross-cutting tag", () => {
    const broken = violations(sample, (row) => {
      const [primary, ...rest] = (row.industries ?? []).map(industryOf);
      if (primary === undefined) return true;
      const outside = rest.filter((industry) => industry.theme !== primary.theme);
      if (outside.length === 0) return false;
      const [tag] = outside;
      return (
        outside.length > 1 ||
        tag !== rest.at(-1) ||
        !CROSS_CUTTING_FITS[primary.kind].includes(tag?.name ?? "")
      );
    });
    expect(broken).toEqual([]);
    // Several industries of one theme are common; cross-cutting tags are the exception.
    const sameTheme = sample.filter((row) => {
      const [primary, second] = (row.industries ?? []).map(industryOf);
      return second !== undefined && second.theme === primary?.theme;
    }).length;
    const tagged = sample.filter((row) => {
      const industries = (row.industries ?? []).map(industryOf);
      return industries.some((industry) => industry.theme !== industries[0]?.theme);
    }).length;
    expect(sameTheme / SAMPLE_SIZE).toBeGreaterThan(0.5);
    expect(tagged / SAMPLE_SIZE).toBeGreaterThan(0.03);
    expect(tagged / SAMPLE_SIZE).toBeLessThan(0.2);
  });

  it("describes the main industry and names no industry outside the company's theme", () => {
    const allOfferings = DEMO_INDUSTRIES.flatMap((industry) =>
      industry.offerings.map((offering) => ({ industry, offering })),
    );
    const broken = violations(sample.slice(0, 3000), (row) => {
      const industries = (row.industries ?? []).map(industryOf);
      const primary = industries[0] as DemoIndustry;
      const theme = industries.filter((industry) => industry.theme === primary.theme);
      const description = row.description ?? "";
      const primaryName = primary.name.replace(/\s*\(.*\)$/, "").toLowerCase();
      const namesPrimary =
        primary.offerings.some((offering) => description.includes(offering)) ||
        description.toLowerCase().includes(primaryName);
      // Words of the company's own industries ("messaging APIs") may contain another's offering ("APIs").
      const own = theme.flatMap((industry) => [...industry.offerings, ...industry.audiences]).join("|");
      const full = row.fullDescription ?? "";
      const foreign = allOfferings.some(
        ({ industry, offering }) =>
          !theme.includes(industry) && !own.includes(offering) && full.includes(` ${offering}`),
      );
      return !namesPrimary || foreign;
    });
    expect(broken).toEqual([]);
  });

  it("keeps each disclosed round within its type's bounds: no $20M Pre-Seed, no $1M Series C", () => {
    const broken = violations(sample, (row) => {
      const amount = row.lastFundingAmountUsd;
      const bounds = ROUND_BOUNDS[row.lastFundingType ?? ""];
      return typeof amount === "number" && bounds !== undefined && (amount < bounds[0] || amount > bounds[1]);
    });
    expect(broken).toEqual([]);
    // Each bounded type occurs, so the check above is not vacuous.
    const types = new Set(sample.map((row) => row.lastFundingType));
    for (const type of Object.keys(ROUND_BOUNDS)) expect(types, type).toContain(type);
  });

  it("gives totals that fit the stage: later series include the earlier ones, early stages stay small", () => {
    const minimum = (type: string) => ROUND_BOUNDS[type]?.[0] ?? MIN_ROUND_USD;
    const broken = violations(sample, (row) => {
      const type = row.lastFundingType ?? "";
      const total = row.totalFundingAmountUsd ?? 0;
      const earlier = EARLIER_SERIES[type] ?? [];
      const required =
        (row.lastFundingAmountUsd ?? 0) + earlier.reduce((sum, series) => sum + minimum(series), 0);
      const early = EARLY_STAGE_MAX_TOTAL[type];
      return total < Math.min(required, MAX_TOTAL_FUNDING_USD) || (early !== undefined && total > early);
    });
    expect(broken).toEqual([]);
  });

  it("names several founders for many companies, all of them in Founders and in the description", () => {
    const teams = sample.filter((row) => (row.founders?.split(", ").length ?? 0) >= 2);
    expect(teams.length / SAMPLE_SIZE).toBeGreaterThan(0.25);
    const broken = violations(sample, (row) => {
      const founders = row.founders?.split(", ") ?? [];
      const full = row.fullDescription ?? "";
      const lead = `${row.firstName} ${row.lastName}`;
      return (
        new Set(founders).size !== founders.length ||
        founders[0] !== lead ||
        // A founders sentence names the whole team, never only part of it.
        (full.includes(lead) && !founders.every((founder) => full.includes(founder))) ||
        // "Co-Founder" only in a team, "Founder" only alone.
        (founders.length === 1 && (row.role ?? "").startsWith("Co-")) ||
        (founders.length > 1 && (row.role ?? "").startsWith("Founder"))
      );
    });
    expect(broken).toEqual([]);
    const described = teams.filter((row) =>
      row.fullDescription?.includes(`${row.firstName} ${row.lastName}`),
    );
    expect(described.length).toBeGreaterThan(0);
  });

  it("varies descriptions: two pages seldom read the same once names, places, people and amounts are removed", () => {
    const rows = sample.slice(0, 2000);
    const descriptions = new Set(rows.map((row) => skeleton(row, row.description ?? "")));
    const full = new Set(rows.map((row) => skeleton(row, row.fullDescription ?? "")));
    expect(descriptions.size / rows.length).toBeGreaterThan(0.6);
    expect(full.size / rows.length).toBeGreaterThan(0.9);
  });

  it("writes a one-sentence description under 200 characters and a 2-4 sentence full description", () => {
    const broken = violations(sample, (row) => {
      const description = row.description ?? "";
      const full = row.fullDescription ?? "";
      // Sentence ends are ". " followed by a capital; amounts like "$2.5M" do not match, and the
      // abbreviation in "St. Louis" is masked first.
      const sentences = full.replaceAll("St. ", "St ").split(/(?<=\.) (?=[A-Z])/).length;
      return (
        description.length === 0 ||
        description.length >= 200 ||
        !description.startsWith(row.organizationName) ||
        !full.startsWith(description) ||
        /[{}]/.test(full) ||
        sentences < 2 ||
        sentences > 4
      );
    });
    expect(broken).toEqual([]);
  });

  it("leaves id and timestamps to the database", () => {
    for (const row of sample.slice(0, 100)) {
      expect(row).not.toHaveProperty("id");
      expect(row).not.toHaveProperty("createdAt");
      expect(row).not.toHaveProperty("updatedAt");
    }
  });
});

describe("demo reference data", () => {
  it("uses only countries that map to a continent, with real-looking weights", () => {
    for (const city of DEMO_CITIES) {
      expect(continentOf(city.country), city.country).not.toBe("Other");
      expect(city.weight).toBeGreaterThan(0);
    }
    expect(DEMO_CITIES.length).toBeGreaterThanOrEqual(150);
  });

  it("gives every theme industries and name descriptors, and every industry offerings and audiences", () => {
    for (const theme of Object.keys(DEMO_THEMES) as DemoIndustry["theme"][]) {
      expect(
        DEMO_INDUSTRIES.some((industry) => industry.theme === theme),
        theme,
      ).toBe(true);
      expect(DESCRIPTORS_BY_THEME[theme]?.length ?? 0, theme).toBeGreaterThan(0);
    }
    for (const industry of DEMO_INDUSTRIES) {
      expect(industry.offerings.length, industry.name).toBeGreaterThanOrEqual(2);
      expect(industry.audiences.length, industry.name).toBeGreaterThanOrEqual(2);
      expect(new Set(industry.audiences).size, industry.name).toBe(industry.audiences.length);
      // "builds an online marketplace" reads well, "its an online marketplace" does not: no articles.
      for (const offering of industry.offerings) expect(offering, industry.name).not.toMatch(/^(a|an|the) /);
    }
    for (const tags of Object.values(CROSS_CUTTING_FITS)) {
      for (const tag of tags) expect(industryByName.has(tag), tag).toBe(true);
    }
  });

  it("has no duplicate city entries or industries", () => {
    const cityKeys = DEMO_CITIES.map((city) => `${city.city}|${city.region}|${city.country}`);
    expect(new Set(cityKeys).size).toBe(cityKeys.length);
    const industryNames = DEMO_INDUSTRIES.map((industry) => industry.name);
    expect(new Set(industryNames).size).toBe(industryNames.length);
  });
});
