/**
 * docs/product.md#lps: the vocabulary of the limited-partners (LP) database. Every enumerated value is stored as a
 * kebab-case slug (the database columns and, later, the /lps URL parameters); the labels are what people
 * read. Lists are in the order a filter shows them. The database checks the stored values against these
 * lists (schema.ts), so changing a slug needs a migration.
 */
import { CONTINENTS, COUNTRIES_BY_CONTINENT, continentOf } from "./continents";

/** A slug with its label. */
export interface LpOption<Slug extends string = string> {
  slug: Slug;
  label: string;
}

/** The slugs of a list of options, typed as a non-empty tuple (what Drizzle's text enums take). */
type Slugs<Options extends readonly LpOption[]> = readonly [
  Options[number]["slug"],
  ...Options[number]["slug"][],
];

function slugsOf<const Options extends readonly [LpOption, ...LpOption[]]>(options: Options): Slugs<Options> {
  return options.map((option) => option.slug) as unknown as Slugs<Options>;
}

function labelIn(options: readonly LpOption[], slug: string): string | undefined {
  return options.find((option) => option.slug === slug)?.label;
}

/** The 13 LP types of docs/product.md#lps, the commonest first (decision 015, "The research behind the demo LPs"). */
export const LP_TYPE_OPTIONS = [
  { slug: "single-family-office", label: "Single-family office" },
  { slug: "multi-family-office", label: "Multi-family office" },
  { slug: "hnwi", label: "High-net-worth individual" },
  { slug: "fund-of-funds", label: "Fund of funds" },
  { slug: "foundation", label: "Foundation" },
  { slug: "endowment", label: "Endowment" },
  { slug: "corporate", label: "Corporate / strategic" },
  { slug: "ria", label: "RIA / asset manager" },
  { slug: "public-pension", label: "Public pension" },
  { slug: "corporate-pension", label: "Corporate pension" },
  { slug: "insurance", label: "Insurance company" },
  { slug: "government", label: "Government / development finance" },
  { slug: "sovereign-wealth", label: "Sovereign wealth fund" },
] as const satisfies readonly LpOption[];

export type LpType = (typeof LP_TYPE_OPTIONS)[number]["slug"];
export const LP_TYPES = slugsOf(LP_TYPE_OPTIONS);

/** What an LP commits to besides (or instead of) venture funds. */
export const ASSET_CLASS_OPTIONS = [
  { slug: "venture-capital", label: "Venture capital" },
  { slug: "growth-equity", label: "Growth equity" },
  { slug: "buyout", label: "Buyout" },
  { slug: "private-credit", label: "Private credit" },
  { slug: "secondaries", label: "Secondaries" },
  { slug: "co-investments", label: "Co-investments" },
  { slug: "real-estate", label: "Real estate" },
  { slug: "infrastructure", label: "Infrastructure" },
  { slug: "hedge-funds", label: "Hedge funds" },
] as const satisfies readonly LpOption[];

export type AssetClass = (typeof ASSET_CLASS_OPTIONS)[number]["slug"];
export const ASSET_CLASSES = slugsOf(ASSET_CLASS_OPTIONS);

/** The company stages of the funds an LP backs, earliest first. */
export const STAGE_FOCUS_OPTIONS = [
  { slug: "pre-seed", label: "Pre-seed" },
  { slug: "seed", label: "Seed" },
  { slug: "early", label: "Early stage (Series A)" },
  { slug: "growth", label: "Growth (Series B–C)" },
  { slug: "late", label: "Late stage (Series D+)" },
] as const satisfies readonly LpOption[];

export type StageFocus = (typeof STAGE_FOCUS_OPTIONS)[number]["slug"];
export const STAGE_FOCUSES = slugsOf(STAGE_FOCUS_OPTIONS);

/**
 * Sectors an LP prefers. An LP with no sector focus (an empty list) is a generalist: "generalist" is not a
 * value of its own, so a list never says both.
 */
export const SECTOR_FOCUS_OPTIONS = [
  { slug: "software", label: "Software & SaaS" },
  { slug: "ai", label: "AI & data" },
  { slug: "fintech", label: "Fintech" },
  { slug: "health", label: "Healthcare & life sciences" },
  { slug: "climate", label: "Climate & energy" },
  { slug: "consumer", label: "Consumer" },
  { slug: "deep-tech", label: "Deep tech" },
  { slug: "industrial", label: "Industrial & mobility" },
  { slug: "crypto", label: "Crypto & web3" },
  { slug: "education", label: "Education" },
] as const satisfies readonly LpOption[];

export type SectorFocus = (typeof SECTOR_FOCUS_OPTIONS)[number]["slug"];
export const SECTOR_FOCUSES = slugsOf(SECTOR_FOCUS_OPTIONS);

/**
 * World regions as LPs speak of them: both where an LP is based (lpRegionOf its headquarters country) and
 * where it invests (geo_focus, where "global" also occurs).
 */
export const LP_REGION_OPTIONS = [
  { slug: "north-america", label: "North America" },
  { slug: "europe", label: "Europe" },
  { slug: "asia-pacific", label: "Asia-Pacific" },
  { slug: "middle-east", label: "Middle East" },
  { slug: "latin-america", label: "Latin America" },
  { slug: "africa", label: "Africa" },
] as const satisfies readonly LpOption[];

export type LpRegion = (typeof LP_REGION_OPTIONS)[number]["slug"];
export const LP_REGIONS = slugsOf(LP_REGION_OPTIONS);

export const GEO_FOCUS_OPTIONS = [
  { slug: "global", label: "Global" },
  ...LP_REGION_OPTIONS,
] as const satisfies readonly LpOption[];

export type GeoFocus = (typeof GEO_FOCUS_OPTIONS)[number]["slug"];
export const GEO_FOCUSES = slugsOf(GEO_FOCUS_OPTIONS);

/** Whether an LP commits to emerging managers (Fund I-III): often not known, so three answers. */
export const ACCEPTS_EMERGING_OPTIONS = [
  { slug: "yes", label: "Yes" },
  { slug: "no", label: "No" },
  { slug: "unknown", label: "Unknown" },
] as const satisfies readonly LpOption[];

export type AcceptsEmerging = (typeof ACCEPTS_EMERGING_OPTIONS)[number]["slug"];
export const ACCEPTS_EMERGING_VALUES = slugsOf(ACCEPTS_EMERGING_OPTIONS);

/**
 * A multi-family office either decides for its families (discretionary) or advises them and they sign
 * (advisory): it decides whom a fund manager must convince (decision 015). Only for
 * multi-family offices.
 */
export const MFO_MODEL_OPTIONS = [
  { slug: "discretionary", label: "Discretionary" },
  { slug: "advisory", label: "Advisory" },
] as const satisfies readonly LpOption[];

export type MfoModel = (typeof MFO_MODEL_OPTIONS)[number]["slug"];
export const MFO_MODELS = slugsOf(MFO_MODEL_OPTIONS);

const lpTypeSet = new Set<string>(LP_TYPES);

export function isLpType(value: string): value is LpType {
  return lpTypeSet.has(value);
}

/** The label of an LP type; an unknown slug is shown as it is rather than hidden. */
export function lpTypeLabel(type: string): string {
  return labelIn(LP_TYPE_OPTIONS, type) ?? type;
}

/** The label of any LP value (asset class, stage, sector, region, ...), or the value itself when unknown. */
export function lpOptionLabel(options: readonly LpOption[], slug: string): string {
  return labelIn(options, slug) ?? slug;
}

/** Whether an MFO model may be stored for an LP of this type: only multi-family offices have one. */
export function hasMfoModel(type: LpType): boolean {
  return type === "multi-family-office";
}

/**
 * North America's countries of the continents mapping (core/continents) other than these are Latin America
 * or the Caribbean to an LP (Mexico City is a Latin American office, though docs/product.md#data files Mexico under North
 * America).
 */
const NORTH_AMERICA_PROPER = new Set(["united states", "canada", "bermuda"]);

/**
 * The region of an LP's headquarters country: continents as docs/product.md#data maps them, with Asia and Oceania joined
 * as Asia-Pacific and South America with Mexico, Central America and the Caribbean as Latin America.
 * Undefined for a country the continents mapping does not know.
 */
export function lpRegionOf(country: string): LpRegion | undefined {
  switch (continentOf(country)) {
    case "North America":
      return NORTH_AMERICA_PROPER.has(country.trim().toLowerCase()) ? "north-america" : "latin-america";
    case "Europe":
      return "europe";
    case "Asia":
    case "Oceania":
      return "asia-pacific";
    case "Middle East":
      return "middle-east";
    case "South America":
      return "latin-america";
    case "Africa":
      return "africa";
    default:
      return undefined;
  }
}

const countriesByLpRegion = new Map<string, string[]>();
for (const continent of CONTINENTS) {
  for (const country of COUNTRIES_BY_CONTINENT[continent]) {
    const region = lpRegionOf(country);
    if (region) countriesByLpRegion.set(region, [...(countriesByLpRegion.get(region) ?? []), country]);
  }
}

/**
 * The countries whose headquarters lie in an LP region (the /lps location filter), as the continents
 * mapping spells them; empty for an unknown region.
 */
export function countriesOfLpRegion(region: string): readonly string[] {
  return countriesByLpRegion.get(region) ?? [];
}

/**
 * Whether a check range is plausible for an LP of this size: the largest check at most `MAX_CHECK_SHARE_OF_AUM`
 * of its assets (no LP puts a fifth of itself into one fund) and the range the right way round. Unknown
 * values are not judged.
 */
export const MAX_CHECK_SHARE_OF_AUM = 0.1;

export function isPlausibleCheckRange(
  aumUsd: number | null,
  checkMinUsd: number | null,
  checkMaxUsd: number | null,
): boolean {
  if (checkMinUsd !== null && checkMinUsd < 0) return false;
  if (checkMaxUsd !== null && checkMaxUsd < 0) return false;
  if (checkMinUsd !== null && checkMaxUsd !== null && checkMinUsd > checkMaxUsd) return false;
  if (aumUsd !== null && checkMaxUsd !== null && checkMaxUsd > aumUsd * MAX_CHECK_SHARE_OF_AUM) return false;
  return true;
}
