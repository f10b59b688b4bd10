/**
 * docs/product.md#lps: the /lps view, kept in the URL like /search's (url-values.ts reads both the same way):
 * `/lps?q=&type=&location=&asset=&stage=&sector=&aum=&check=&emerging=&first_time=&sort=&size=&page=`.
 * Type, location and the three focus filters take several values (repeated parameters, OR within a filter,
 * AND across filters); the rest take one. Enumerated values are lp-types.ts slugs.
 */
import { formatCount } from "./format";
import {
  ASSET_CLASS_OPTIONS,
  LP_REGION_OPTIONS,
  LP_TYPE_OPTIONS,
  type LpOption,
  lpOptionLabel,
  SECTOR_FOCUS_OPTIONS,
  STAGE_FOCUS_OPTIONS,
} from "./lp-types";
import {
  cleanValue,
  PAGE_SIZE,
  type PageSize,
  readList,
  readPage,
  readPageSize,
  readQuery,
  type SearchParamError,
} from "./url-values";

/** A USD range a filter offers: includes its minimum, excludes its maximum (null: no maximum). */
export interface UsdRange {
  value: string;
  label: string;
  min: number;
  max: number | null;
}

const M = 1_000_000;
const B = 1_000_000_000;

/** Assets under management, by the sizes an emerging manager sorts LPs into. */
export const AUM_OPTIONS = [
  { value: "under-100m", label: "Under $100M", min: 0, max: 100 * M },
  { value: "100m-1b", label: "$100M - $1B", min: 100 * M, max: B },
  { value: "1b-10b", label: "$1B - $10B", min: B, max: 10 * B },
  { value: "10b-100b", label: "$10B - $100B", min: 10 * B, max: 100 * B },
  { value: "100b-plus", label: "$100B+", min: 100 * B, max: null },
] as const satisfies readonly UsdRange[];

/**
 * The check a manager asks an LP for. An LP matches when its check range overlaps the one chosen (it writes
 * some check inside it).
 */
export const CHECK_OPTIONS = [
  { value: "under-1m", label: "Under $1M", min: 0, max: M },
  { value: "1m-5m", label: "$1M - $5M", min: M, max: 5 * M },
  { value: "5m-25m", label: "$5M - $25M", min: 5 * M, max: 25 * M },
  { value: "25m-100m", label: "$25M - $100M", min: 25 * M, max: 100 * M },
  { value: "100m-plus", label: "$100M+", min: 100 * M, max: null },
] as const satisfies readonly UsdRange[];

export type AumValue = (typeof AUM_OPTIONS)[number]["value"];
export type CheckValue = (typeof CHECK_OPTIONS)[number]["value"];

export const LP_SORT_OPTIONS = [
  { value: "aum-desc", label: "Largest AUM first" },
  { value: "aum-asc", label: "Smallest AUM first" },
  { value: "name-asc", label: "Name, A to Z" },
  { value: "name-desc", label: "Name, Z to A" },
] as const;
export type LpSortValue = (typeof LP_SORT_OPTIONS)[number]["value"];
/** The largest allocators first: the list a fund manager works down. LPs without a known AUM come last. */
export const DEFAULT_LP_SORT: LpSortValue = "aum-desc";

export interface LpSearchState {
  q: string;
  type: string[];
  /** Each "region:europe" (an lp-types.ts region of the headquarters) or "country:Germany". */
  location: string[];
  asset: string[];
  stage: string[];
  sector: string[];
  aum: AumValue | "";
  check: CheckValue | "";
  /** "yes": only LPs known to back emerging managers. */
  emerging: "yes" | "";
  /** "yes": only LPs known to back first-time funds. */
  firstTime: "yes" | "";
  sort: LpSortValue;
  size: PageSize;
  page: number;
}

export const EMPTY_LP_SEARCH: LpSearchState = {
  q: "",
  type: [],
  location: [],
  asset: [],
  stage: [],
  sector: [],
  aum: "",
  check: "",
  emerging: "",
  firstTime: "",
  sort: DEFAULT_LP_SORT,
  size: PAGE_SIZE,
  page: 1,
};

export const LP_MULTI_FILTER_KEYS = ["type", "location", "asset", "stage", "sector"] as const;
export type LpMultiFilterKey = (typeof LP_MULTI_FILTER_KEYS)[number];
export const LP_SINGLE_FILTER_KEYS = ["aum", "check", "emerging", "firstTime"] as const;
export type LpSingleFilterKey = (typeof LP_SINGLE_FILTER_KEYS)[number];
export type LpFilterKey = LpMultiFilterKey | LpSingleFilterKey;
export const LP_FILTER_KEYS: readonly LpFilterKey[] = [...LP_MULTI_FILTER_KEYS, ...LP_SINGLE_FILTER_KEYS];

/** A filter's URL parameter: the state's name, except firstTime (first_time). */
const PARAM: Record<LpFilterKey, string> = {
  type: "type",
  location: "location",
  asset: "asset",
  stage: "stage",
  sector: "sector",
  aum: "aum",
  check: "check",
  emerging: "emerging",
  firstTime: "first_time",
};

/** The name of each filter, as the panel's labels and the chips show it. */
export const LP_FILTER_LABELS: Record<LpFilterKey, string> = {
  type: "LP type",
  location: "Headquarters",
  asset: "Asset class",
  stage: "Stage focus",
  sector: "Sector focus",
  aum: "AUM",
  check: "Check size",
  emerging: "Emerging managers",
  firstTime: "First-time funds",
};

/** What a bad value of a filter is not, in its refusal ('"bank" is not an LP type, so it was ignored.'). */
const VALUE_NOUN: Record<LpFilterKey, string> = {
  type: "an LP type",
  location: "a region or country",
  asset: "an asset class",
  stage: "a stage focus",
  sector: "a sector focus",
  aum: "an AUM range",
  check: "a check size range",
  emerging: 'a choice ("yes" or nothing)',
  firstTime: 'a choice ("yes" or nothing)',
};

function ignored(key: LpFilterKey, value: string): SearchParamError {
  return { param: PARAM[key], message: `"${value}" is not ${VALUE_NOUN[key]}, so it was ignored.` };
}

/** The slug options of the enumerated multi-select filters (location is checked on its own). */
export const LP_FILTER_OPTIONS: Record<Exclude<LpMultiFilterKey, "location">, readonly LpOption[]> = {
  type: LP_TYPE_OPTIONS,
  asset: ASSET_CLASS_OPTIONS,
  stage: STAGE_FOCUS_OPTIONS,
  sector: SECTOR_FOCUS_OPTIONS,
};

export function isLpMultiFilterKey(key: LpFilterKey): key is LpMultiFilterKey {
  return (LP_MULTI_FILTER_KEYS as readonly string[]).includes(key);
}

const REGION_PREFIX = "region:";
const COUNTRY_PREFIX = "country:";

/** A location value's parts: a region slug or a country name; undefined for anything else. */
export function parseLpLocation(
  value: string,
): { kind: "region"; region: string } | { kind: "country"; country: string } | undefined {
  if (value.startsWith(REGION_PREFIX)) {
    const region = value.slice(REGION_PREFIX.length);
    return LP_REGION_OPTIONS.some((option) => option.slug === region)
      ? { kind: "region", region }
      : undefined;
  }
  if (value.startsWith(COUNTRY_PREFIX)) {
    const country = value.slice(COUNTRY_PREFIX.length).trim();
    return country ? { kind: "country", country } : undefined;
  }
  return undefined;
}

export function regionValue(region: string): string {
  return `${REGION_PREFIX}${region}`;
}

export function countryValue(country: string): string {
  return `${COUNTRY_PREFIX}${country}`;
}

function readSlugs(
  params: URLSearchParams,
  key: Exclude<LpMultiFilterKey, "location">,
  errors: SearchParamError[],
): string[] {
  const known = LP_FILTER_OPTIONS[key];
  return readList(params, PARAM[key], errors).filter((value) => {
    if (known.some((option) => option.slug === value)) return true;
    errors.push(ignored(key, value));
    return false;
  });
}

function readOne<Value extends string>(
  params: URLSearchParams,
  key: LpSingleFilterKey,
  allowed: readonly Value[],
  errors: SearchParamError[],
): Value | "" {
  const value = cleanValue(params.get(PARAM[key]));
  if (value === "" || value === "any") return "";
  const found = allowed.find((candidate) => candidate === value);
  if (found !== undefined) return found;
  errors.push(ignored(key, value));
  return "";
}

/** Reads the LP view from a URL: a bad value is dropped with a message, the rest still applies. */
export function parseLpSearchParams(params: URLSearchParams): {
  state: LpSearchState;
  errors: SearchParamError[];
} {
  const errors: SearchParamError[] = [];
  const state: LpSearchState = { ...EMPTY_LP_SEARCH };
  state.q = readQuery(params, errors);
  state.type = readSlugs(params, "type", errors);
  state.asset = readSlugs(params, "asset", errors);
  state.stage = readSlugs(params, "stage", errors);
  state.sector = readSlugs(params, "sector", errors);
  state.location = readList(params, PARAM.location, errors).filter((value) => {
    if (parseLpLocation(value)) return true;
    errors.push(ignored("location", value));
    return false;
  });
  state.aum = readOne(
    params,
    "aum",
    AUM_OPTIONS.map((option) => option.value),
    errors,
  );
  state.check = readOne(
    params,
    "check",
    CHECK_OPTIONS.map((option) => option.value),
    errors,
  );
  state.emerging = readOne(params, "emerging", ["yes"] as const, errors);
  state.firstTime = readOne(params, "firstTime", ["yes"] as const, errors);
  const sort = cleanValue(params.get("sort"));
  if (sort) {
    const option = LP_SORT_OPTIONS.find((candidate) => candidate.value === sort);
    if (option) state.sort = option.value;
    else
      errors.push({
        param: "sort",
        message: `"${sort}" is not a sort order; showing the largest AUM first.`,
      });
  }
  state.size = readPageSize(params, errors);
  state.page = readPage(params, state.size, errors);
  return { state, errors };
}

/** The URL query of a view: defaults left out, filter values repeated in the order they were chosen. */
export function serializeLpSearchState(state: LpSearchState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.q) params.set("q", state.q);
  for (const key of LP_MULTI_FILTER_KEYS) for (const value of state[key]) params.append(PARAM[key], value);
  for (const key of LP_SINGLE_FILTER_KEYS) if (state[key]) params.set(PARAM[key], state[key]);
  if (state.sort !== DEFAULT_LP_SORT) params.set("sort", state.sort);
  if (state.size !== PAGE_SIZE) params.set("size", String(state.size));
  if (state.page > 1) params.set("page", String(state.page));
  return params;
}

/** /lps with a view's query. */
export function lpSearchHref(state: LpSearchState): string {
  const query = serializeLpSearchState(state).toString();
  return query ? `/lps?${query}` : "/lps";
}

export type LpSearchChange = Partial<Omit<LpSearchState, "page">>;

/** Every change but a page change starts again at page 1 (docs/product.md#search, as on /search). */
export function withLpChange(state: LpSearchState, change: LpSearchChange): LpSearchState {
  return { ...state, ...change, page: 1 };
}

export function withoutLpFilters(state: LpSearchState): LpSearchState {
  return withLpChange(state, {
    type: [],
    location: [],
    asset: [],
    stage: [],
    sector: [],
    aum: "",
    check: "",
    emerging: "",
    firstTime: "",
  });
}

/** One chip per chosen value. */
export function lpActiveFilterCount(state: LpSearchState): number {
  return (
    LP_MULTI_FILTER_KEYS.reduce((sum, key) => sum + state[key].length, 0) +
    LP_SINGLE_FILTER_KEYS.filter((key) => state[key] !== "").length
  );
}

/** A filter value as a person reads it: "Single-family office", "Europe", "$1M - $5M", "Yes". */
export function lpFilterValueLabel(key: LpFilterKey, value: string): string {
  switch (key) {
    case "location": {
      const location = parseLpLocation(value);
      if (!location) return value;
      return location.kind === "region"
        ? lpOptionLabel(LP_REGION_OPTIONS, location.region)
        : location.country;
    }
    case "aum":
      return AUM_OPTIONS.find((option) => option.value === value)?.label ?? value;
    case "check":
      return CHECK_OPTIONS.find((option) => option.value === value)?.label ?? value;
    case "emerging":
      return "Accepts emerging managers";
    case "firstTime":
      return "Backs first-time funds";
    default:
      return lpOptionLabel(LP_FILTER_OPTIONS[key], value);
  }
}

/** The filters alone (for the activity log and the export's criteria). */
export function lpFiltersOf(state: LpSearchState): Pick<LpSearchState, LpFilterKey> {
  const { q: _q, sort: _sort, size: _size, page: _page, ...filters } = state;
  return filters;
}

/** "$2.4B", "$350M", "$800K": an amount in USD as the LP cards and table show it. */
export function formatUsdShort(amount: number | null): string {
  if (amount === null) return "—";
  if (amount >= B) return `$${trimmed(amount / B)}B`;
  if (amount >= M) return `$${trimmed(amount / M)}M`;
  if (amount >= 1_000) return `$${formatCount(Math.round(amount / 1_000))}K`;
  return `$${formatCount(amount)}`;
}

function trimmed(value: number): string {
  return value >= 100 ? formatCount(Math.round(value)) : String(Number(value.toFixed(1)));
}
