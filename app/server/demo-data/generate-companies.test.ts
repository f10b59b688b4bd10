import { describe, expect, it } from "vitest";
import { summarize } from "../../core/company-summary";
import { CONTINENTS, continentOf } from "../../core/continents";
import { FUNDING_TYPES } from "../../core/funding-types";
import { UNKNOWN_REGION } from "../../core/location";
import { slugify } from "../../core/slug";
import type { NewCompanyRow } from "../db/schema";
import { DEMO_CITIES } from "./cities";
import { demoSummaryInput } from "./demo-summary";
import { emailLocalPart } from "./email-local-part";
import { type DemoCompany, generateCompanies } from "./generate-companies";
import { generateInvestors } from "./generate-investors";
import type { DemoPerson } from "./generate-people";
import type { DemoRound } from "./generate-rounds";
import { DEMO_INDUSTRIES, DEMO_THEMES, type DemoIndustry } from "./industries";
import { DESCRIPTORS_BY_THEME } from "./names";
import { hasOwnNameMix, NAMES_BY_ORIGIN } from "./people-names";
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
  return [...generateCompanies({ count, seed, today })].map((company) => company.row);
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
        (row.email !== null && !email.test(row.email ?? "")) ||
        (row.contactEmail !== null && !email.test(row.contactEmail ?? "")) ||
        (row.email !== null && !(row.email ?? "").endsWith(`@${row.websiteDomain}`)) ||
        (row.linkedin !== null && row.linkedin !== `https://www.linkedin.example/company/${row.slug}`),
    );
    expect(broken).toEqual([]);
  });

  it("folds names to ASCII mailbox parts", () => {
    expect(emailLocalPart("Zoë")).toBe("zoe");
    expect(emailLocalPart("O'Brien")).toBe("obrien");
    expect(emailLocalPart("Øvrebø")).toBe("ovrebo");
    expect(emailLocalPart("Yılmaz")).toBe("yilmaz");
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

  it("lists 1-3 founders and leaves the role empty for an untitled founder (shown 'Founder')", () => {
    const broken = violations(sample, (row) => {
      const founders = row.founders?.split(", ") ?? [];
      return founders.length < 1 || founders.length > 3;
    });
    expect(broken).toEqual([]);
    const noRole = sample.filter((row) => row.role === null).length;
    expect(noRole / SAMPLE_SIZE).toBeGreaterThan(0.15);
    expect(noRole / SAMPLE_SIZE).toBeLessThan(0.4);
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
      // A tagline starts with the offering: "Payment APIs for online merchants."
      const namesPrimary =
        primary.offerings.some((offering) => description.toLowerCase().includes(offering.toLowerCase())) ||
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

  it("gives totals that fit the stage: early stages stay small", () => {
    const broken = violations(sample, (row) => {
      const early = EARLY_STAGE_MAX_TOTAL[row.lastFundingType ?? ""];
      return early !== undefined && (row.totalFundingAmountUsd ?? 0) > early;
    });
    expect(broken).toEqual([]);
  });

  it("names several founders for many companies, all of them in Founders and in the description", () => {
    const teams = sample.filter((row) => (row.founders?.split(", ").length ?? 0) >= 2);
    expect(teams.length / SAMPLE_SIZE).toBeGreaterThan(0.25);
    const broken = violations(sample, (row) => {
      const founders = row.founders?.split(", ") ?? [];
      const full = row.fullDescription ?? "";
      const first = founders[0] ?? "<none>";
      return (
        new Set(founders).size !== founders.length ||
        // A founders sentence names the whole team, never only part of it.
        (full.includes(first) && !founders.every((founder) => full.includes(founder))) ||
        // "Co-Founder" only in a team, "Founder" only alone.
        (founders.length === 1 && (row.role ?? "").startsWith("Co-")) ||
        (founders.length > 1 && (row.role ?? "").startsWith("Founder"))
      );
    });
    expect(broken).toEqual([]);
    const described = teams.filter((row) =>
      row.fullDescription?.includes(row.founders?.split(", ")[0] ?? "<none>"),
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

  it("writes a one-sentence description under 200 characters and a full description of 1-5 sentences that starts with it", () => {
    const broken = violations(sample, (row) => {
      const description = row.description ?? "";
      const full = row.fullDescription ?? "";
      // Sentence ends are ". " followed by a capital; amounts like "$2.5M" do not match, and the
      // abbreviation in "St. Louis" is masked first.
      const sentences = full.replaceAll("St. ", "St ").split(/(?<=\.) (?=[A-Z])/).length;
      return (
        description.length === 0 ||
        description.length >= 200 ||
        !/^[A-Z0-9]/.test(description) ||
        !full.startsWith(description) ||
        /[{}]/.test(full) ||
        sentences < 1 ||
        sentences > 5
      );
    });
    expect(broken).toEqual([]);
  });

  it("varies the shape of descriptions: most open with the name, some with a tagline, the year or the city", () => {
    const opensWithName = sample.filter((row) => row.description?.startsWith(row.organizationName)).length;
    expect(opensWithName / SAMPLE_SIZE).toBeGreaterThan(0.6);
    expect(opensWithName / SAMPLE_SIZE).toBeLessThan(0.9);
    const shortOnly = sample.filter((row) => row.fullDescription === row.description).length;
    expect(shortOnly / SAMPLE_SIZE).toBeGreaterThan(0.03);
    expect(shortOnly / SAMPLE_SIZE).toBeLessThan(0.15);
    // No one follow-up sentence in every description (the old "keeps its main office in X").
    const sentenceCounts = new Map<string, number>();
    for (const row of sample.slice(0, 5000)) {
      const rest = skeleton(row, (row.fullDescription ?? "").slice((row.description ?? "").length));
      for (const sentence of rest.split(/(?<=\.) (?=[A-Z])/)) {
        if (sentence.trim() !== "")
          sentenceCounts.set(sentence.trim(), (sentenceCounts.get(sentence.trim()) ?? 0) + 1);
      }
    }
    expect(Math.max(...sentenceCounts.values()) / 5000).toBeLessThan(0.15);
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

describe("generateCompanies: rounds, investors and people (decision 028)", () => {
  const COMPANIES = 5_000;
  const investors = generateInvestors();
  const companies: DemoCompany[] = [
    ...generateCompanies({ count: COMPANIES, seed: 11, today: TODAY, investors }),
  ];
  const people = companies.flatMap((company) => company.people);

  const byRow = new Map(companies.map((company) => [company.row, company]));
  function broken(rule: (company: DemoCompany) => boolean): string[] {
    return violations([...byRow.keys()], (row) => rule(byRow.get(row) as DemoCompany));
  }

  it("is deterministic: the same seed gives the same rounds and people", () => {
    const again = [...generateCompanies({ count: 300, seed: 11, today: TODAY, investors })];
    expect(again).toEqual(companies.slice(0, 300));
  });

  it("climbs: equity series never go backwards, dates ascend, seed-stage rounds come before Series A", () => {
    const stage = (type: string) => SERIES.indexOf(type);
    expect(
      broken(({ rounds }) => {
        let highest = -1;
        let seenSeries = false;
        for (let index = 0; index < rounds.length; index++) {
          const round = rounds[index] as DemoRound;
          if (index > 0 && round.announcedOn <= (rounds[index - 1] as DemoRound).announcedOn) return true;
          const series = stage(round.fundingType);
          if (series >= 0) {
            if (series <= highest) return true;
            highest = series;
            seenSeries = true;
          }
          if (seenSeries && ["Pre-Seed", "Seed", "Angel"].includes(round.fundingType)) return true;
        }
        return false;
      }),
    ).toEqual([]);
    // A Series X company raised every series before X (EARLIER_SERIES).
    expect(
      broken(({ rounds }) => {
        const last = (rounds.at(-1) as DemoRound).fundingType;
        const types = new Set<string>(rounds.map((round) => round.fundingType));
        return (EARLIER_SERIES[last] ?? []).some((series) => !types.has(series));
      }),
    ).toEqual([]);
    const multiRound = companies.filter((company) => company.rounds.length >= 3).length;
    expect(multiRound / COMPANIES).toBeGreaterThan(0.2);
  });

  it("spaces equity series 12-30 months apart and bridges 4-11 months before the next round", () => {
    const days = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / DAY_MS;
    const gaps: number[] = [];
    expect(
      broken(({ rounds }) => {
        for (let index = 1; index < rounds.length; index++) {
          const gap = days(
            (rounds[index - 1] as DemoRound).announcedOn,
            (rounds[index] as DemoRound).announcedOn,
          );
          const pair = [
            (rounds[index - 1] as DemoRound).fundingType,
            (rounds[index] as DemoRound).fundingType,
          ];
          const bridge = pair.some((type) =>
            ["Convertible Note", "Debt Financing", "Grant", "Post-IPO Debt"].includes(type),
          );
          if (!bridge) gaps.push(gap);
          if (bridge ? gap < 120 || gap > 340 : gap < 360 || gap > 920) return true;
        }
        return false;
      }),
    ).toEqual([]);
    expect(median(gaps)).toBeGreaterThan(450);
    expect(median(gaps)).toBeLessThan(650);
    // Bridges and grants occur between the series, but rarely.
    const bridged = companies.filter((company) =>
      company.rounds
        .slice(0, -1)
        .some((round) => ["Convertible Note", "Debt Financing", "Grant"].includes(round.fundingType)),
    ).length;
    expect(bridged).toBeGreaterThan(20);
  });

  it("sizes every round within its type's bounds, leaves some undisclosed and converts by currency", () => {
    const rounds = companies.flatMap((company) => company.rounds);
    const outside = rounds.filter((round) => {
      const bounds = ROUND_BOUNDS[round.fundingType] ?? [MIN_ROUND_USD, MAX_ROUND_USD];
      return (
        round.amountUsd !== null &&
        (round.amountUsd < bounds[0] || round.amountUsd > bounds[1] || !Number.isInteger(round.amountUsd))
      );
    });
    expect(outside).toEqual([]);
    expect(
      rounds.filter(
        (round) => (round.amountUsd === null) !== (round.currency === null || round.amount === null),
      ),
    ).toEqual([]);
    const undisclosed = rounds.filter((round) => round.amountUsd === null).length / rounds.length;
    expect(undisclosed).toBeGreaterThan(0.03);
    expect(undisclosed).toBeLessThan(0.15);
  });

  it("takes the row's funding, contact and Founders fields from summarize over the rounds and people (decision 030)", () => {
    expect(
      broken(({ row, rounds, people }) => {
        const summary = summarize(demoSummaryInput(rounds, people));
        return (
          row.lastFundingDate !== summary.lastFundingDate ||
          row.lastFundingType !== summary.lastFundingType ||
          row.lastFundingAmountUsd !== summary.lastFundingAmountUsd ||
          row.lastFundingAmount !== summary.lastFundingAmount ||
          row.lastFundingCurrency !== summary.lastFundingCurrency ||
          row.totalFundingAmountUsd !== summary.totalFundingAmountUsd ||
          row.firstName !== summary.firstName ||
          row.lastName !== summary.lastName ||
          row.role !== summary.role ||
          row.email !== summary.email ||
          row.founders !== summary.founders ||
          summary.fundingRoundCount !== rounds.length
        );
      }),
    ).toEqual([]);
  });

  it("shows the latest round and the rounds' known total in the row's funding fields", () => {
    expect(
      broken(({ row, rounds }) => {
        const last = rounds.at(-1) as DemoRound;
        const known = rounds.filter((round) => round.amountUsd !== null);
        const total =
          known.length === 0 ? null : known.reduce((sum, round) => sum + (round.amountUsd ?? 0), 0);
        return (
          row.lastFundingDate !== last.announcedOn ||
          row.lastFundingType !== last.fundingType ||
          row.lastFundingAmountUsd !== last.amountUsd ||
          row.lastFundingAmount !== last.amount ||
          row.lastFundingCurrency !== last.currency ||
          row.totalFundingAmountUsd !== total
        );
      }),
    ).toEqual([]);
  });

  it("makes the primary contact the first person with an address, founders first, a CEO first, and lists the founders", () => {
    const rank = (person: DemoPerson, position: number) => [
      person.email === null ? 1 : 0,
      ["founder", "executive", "director", "other"].indexOf(person.roleKind),
      /\b(ceo|chief executive)\b/i.test(person.title ?? "") ? 0 : 1,
      position,
    ];
    expect(
      broken(({ row, people }) => {
        const ranked = people
          .map((person, position) => ({ person, key: rank(person, position) }))
          .sort((a, b) => {
            const at = a.key.findIndex((value, index) => value !== b.key[index]);
            return at === -1 ? 0 : (a.key[at] ?? 0) - (b.key[at] ?? 0);
          });
        const contact = ranked[0]?.person;
        const founders = people
          .filter((person) => person.roleKind === "founder")
          .map((p) => `${p.firstName} ${p.lastName}`);
        return (
          contact === undefined ||
          row.firstName !== contact.firstName ||
          row.lastName !== contact.lastName ||
          row.email !== contact.email ||
          row.role !== (contact.title ?? (contact.roleKind === "founder" ? null : "Executive")) ||
          row.founders !== founders.join(", ")
        );
      }),
    ).toEqual([]);
  });

  it("gives 1-3 founders, executives only from Series B on, no two people sharing a first name", () => {
    expect(
      broken(({ row, people }) => {
        const founders = people.filter((person) => person.roleKind === "founder");
        const executives = people.filter((person) => person.roleKind === "executive");
        const series = new Set(row.lastFundingType === null ? [] : [row.lastFundingType]);
        const early = ["Pre-Seed", "Seed", "Angel", "Series A"].some((type) => series.has(type));
        return (
          founders.length < 1 ||
          founders.length > 3 ||
          people.indexOf(founders.at(-1) as DemoPerson) !== founders.length - 1 ||
          (early && executives.length > 0) ||
          new Set(people.map((person) => person.firstName)).size !== people.length
        );
      }),
    ).toEqual([]);
    const late = companies.filter((company) =>
      ["Series C", "Series D", "Series E"].includes(company.row.lastFundingType ?? ""),
    );
    expect(late.length).toBeGreaterThan(50);
    expect(
      late.filter((company) => company.people.some((person) => person.roleKind === "executive")).length /
        late.length,
    ).toBeGreaterThan(0.9);
  });

  it("gives people their own addresses on the company's .example domain, one pattern per company, with gaps", () => {
    expect(
      broken(({ row, people }) => {
        const patterns = new Set<string>();
        for (const person of people) {
          if (person.email === null) continue;
          const [local, domain] = person.email.split("@");
          if (domain !== row.websiteDomain || !/^[a-z0-9]+(\.[a-z0-9]+)?$/.test(local ?? "")) return true;
          const first = emailLocalPart(person.firstName);
          const last = emailLocalPart(person.lastName);
          const pattern =
            local === `${first}.${last}`
              ? "first.last"
              : local === first
                ? "first"
                : local === `${first[0]}${last}`
                  ? "flast"
                  : "other";
          patterns.add(pattern);
        }
        const emails = people.flatMap((person) => (person.email === null ? [] : [person.email]));
        return patterns.has("other") || patterns.size > 1 || new Set(emails).size !== emails.length;
      }),
    ).toEqual([]);
    const withEmail = people.filter((person) => person.email !== null).length / people.length;
    const withLinkedin = people.filter((person) => person.linkedin !== null).length / people.length;
    expect(withEmail).toBeGreaterThan(0.7);
    expect(withEmail).toBeLessThan(0.85);
    expect(withLinkedin).toBeGreaterThan(0.6);
    expect(withLinkedin).toBeLessThan(0.8);
    expect(
      people.filter(
        (person) =>
          person.linkedin !== null &&
          !/^https:\/\/www\.linkedin\.example\/in\/[a-z0-9-]+$/.test(person.linkedin),
      ),
    ).toEqual([]);
    const companyPages = companies.filter((company) => company.row.linkedin !== null).length / COMPANIES;
    expect(companyPages).toBeGreaterThan(0.75);
    expect(companyPages).toBeLessThan(0.95);
    const contactEmails = companies.filter((company) => company.row.contactEmail !== null).length / COMPANIES;
    expect(contactEmails).toBeLessThan(0.95);
  });

  it("names people as the company's country does: a Japanese company's founders are mostly Japanese, a London team is mixed", () => {
    const japanese = new Set(NAMES_BY_ORIGIN.japanese.last);
    const japan = companies
      .filter((company) => company.row.country === "Japan")
      .flatMap((company) => company.people.filter((person) => person.roleKind === "founder"));
    expect(japan.length).toBeGreaterThan(30);
    expect(
      japan.filter((person) => japanese.has(person.lastName)).length / japan.length,
    ).toBeGreaterThanOrEqual(0.7);
    const anglo = new Set(NAMES_BY_ORIGIN.anglo.last);
    const london = companies
      .filter((company) => company.row.city === "London")
      .flatMap((company) => company.people);
    const britishShare = london.filter((person) => anglo.has(person.lastName)).length / london.length;
    expect(britishShare).toBeGreaterThan(0.45);
    expect(britishShare).toBeLessThan(0.85);
    // Every headquarters country has its own mix, not the default one.
    for (const country of new Set(DEMO_CITIES.map((city) => city.country))) {
      expect(hasOwnNameMix(country), country).toBe(true);
    }
  });

  it("draws investors with a long tail: the top 1% hold at least 15% of the links, the median investor a handful", () => {
    const links = new Array<number>(investors.length).fill(0);
    let total = 0;
    for (const company of companies) {
      for (const round of company.rounds) {
        const ids = round.investors.map((link) => link.investor);
        expect(new Set(ids).size).toBe(ids.length);
        expect(round.investors.filter((link) => link.isLead).length).toBeLessThanOrEqual(1);
        for (const id of ids) {
          expect(id >= 0 && id < investors.length).toBe(true);
          links[id] = (links[id] ?? 0) + 1;
          total++;
        }
      }
    }
    const sorted = [...links].sort((a, b) => b - a);
    const top = sorted.slice(0, Math.ceil(investors.length / 100)).reduce((sum, n) => sum + n, 0);
    expect(top / total).toBeGreaterThanOrEqual(0.15);
    expect(median(links)).toBeLessThanOrEqual(5);
    // Not every round names its investors.
    const rounds = companies.flatMap((company) => company.rounds);
    const unknown = rounds.filter((round) => round.investors.length === 0).length / rounds.length;
    expect(unknown).toBeGreaterThan(0.08);
    expect(unknown).toBeLessThan(0.35);
  });

  it("co-invests believably: later rounds bring back earlier investors, angels and accelerators early, private equity late", () => {
    const followOns = companies.filter((company) => {
      const seen = new Set<number>();
      let returned = false;
      for (const round of company.rounds) {
        for (const link of round.investors) if (seen.has(link.investor)) returned = true;
        for (const link of round.investors) seen.add(link.investor);
      }
      return returned;
    }).length;
    const multi = companies.filter(
      (company) => company.rounds.filter((round) => round.investors.length > 0).length >= 2,
    ).length;
    expect(followOns / multi).toBeGreaterThan(0.3);
    const shareOf = (types: string[], kinds: string[]) => {
      const links = companies.flatMap((company) =>
        company.rounds
          .filter((round) => types.includes(round.fundingType))
          .flatMap((round) => round.investors),
      );
      return (
        links.filter((link) => kinds.includes(investors[link.investor]?.type ?? "")).length / links.length
      );
    };
    const early = ["Pre-Seed", "Seed", "Angel"];
    const late = ["Series C", "Series D", "Series E", "Private Equity"];
    expect(shareOf(early, ["angel", "accelerator"])).toBeGreaterThan(
      3 * shareOf(late, ["angel", "accelerator"]),
    );
    expect(shareOf(late, ["private_equity"])).toBeGreaterThan(3 * shareOf(early, ["private_equity"]));
    // Most investors of a European company are European.
    const europe = companies
      .filter((company) => continentOf(company.row.country ?? "") === "Europe")
      .flatMap((company) => company.rounds.flatMap((round) => round.investors));
    const home = europe.filter(
      (link) => continentOf(investors[link.investor]?.country ?? "") === "Europe",
    ).length;
    expect(home / europe.length).toBeGreaterThan(0.5);
  });
});
