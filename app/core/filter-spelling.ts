import { CONTINENTS } from "./continents";
import type { FilterOptions } from "./filter-options";
import { ANY, amountOption, dateOption } from "./funding-filters";
import { formatLocation } from "./location";
import { sortOption } from "./search-sort";
import { cleanValue } from "./url-values";

/**
 * docs/product.md#search: URL values are matched without regard to case and written back as the filters spell
 * them (`stage=seed` is `stage=Seed`, `location=country:germany` is `location=country:Germany`). The data's
 * own values (industries, stages, places) come from the filter options; the fixed ones (continents, amounts,
 * dates, orders) from their lists.
 */

/** A filter value's lower-case form, the key every spelling is looked up by. */
function fold(value: string): string {
  return value.toLowerCase();
}

function byFold(values: Iterable<string>): Map<string, string> {
  const map = new Map<string, string>();
  for (const value of values) if (!map.has(fold(value))) map.set(fold(value), value);
  return map;
}

/** The canonical spellings of the data's values, each keyed by its folded form. */
interface DataSpellings {
  industry: Map<string, string>;
  stage: Map<string, string>;
  country: Map<string, string>;
  state: Map<string, string>;
  /** Plain city strings as the location picker builds them (formatLocation). */
  city: Map<string, string>;
}

const CONTINENT_SPELLINGS = byFold([...CONTINENTS, "Other"]);
const EMPTY_SPELLINGS: DataSpellings = {
  industry: new Map(),
  stage: new Map(),
  country: new Map(),
  state: new Map(),
  city: new Map(),
};
// The options object is cached per data version (catalog.server.ts): its spellings are built once with it.
const spellingsOfOptions = new WeakMap<FilterOptions, DataSpellings>();

function dataSpellings(options: FilterOptions | undefined): DataSpellings {
  if (!options) return EMPTY_SPELLINGS;
  const known = spellingsOfOptions.get(options);
  if (known) return known;
  const grouped = options.headquarters_locations_grouped;
  const regions: string[] = [];
  const cities: string[] = [];
  for (const [country, byRegion] of Object.entries(grouped)) {
    for (const [region, names] of Object.entries(byRegion)) {
      regions.push(region);
      for (const city of names) cities.push(formatLocation(city, region, country));
    }
  }
  const spellings: DataSpellings = {
    industry: byFold(options.industries),
    stage: byFold(options.funding_types),
    country: byFold(Object.keys(grouped)),
    state: byFold(regions),
    city: byFold(cities),
  };
  spellingsOfOptions.set(options, spellings);
  return spellings;
}

const LOCATION_PREFIXES = ["continent", "country", "state"] as const;

function locationSpelling(value: string, spellings: DataSpellings): string {
  const colon = value.indexOf(":");
  const prefix = LOCATION_PREFIXES.find((name) => fold(value.slice(0, colon)) === name);
  if (colon > 0 && prefix) {
    const name = value.slice(colon + 1).trim();
    const names = prefix === "continent" ? CONTINENT_SPELLINGS : spellings[prefix];
    return `${prefix}:${names.get(fold(name)) ?? name}`;
  }
  return spellings.city.get(fold(value)) ?? value;
}

/** The filters' parameters whose values are respelled; the rest of a URL is left as it came. */
const SPELLED_PARAMS = ["industry", "stage", "location", "amount", "date", "sort"] as const;
type SpelledParam = (typeof SPELLED_PARAMS)[number];

function isSpelledParam(key: string): key is SpelledParam {
  return (SPELLED_PARAMS as readonly string[]).includes(key);
}

/** Whether a URL holds a value only the data can spell (an industry, a stage or a place): see canonicalSearchQuery. */
export function needsDataSpellings(params: URLSearchParams): boolean {
  return params.has("industry") || params.has("stage") || params.has("location");
}

/** One value of a filter parameter as the filters spell it; a value nothing knows is only cleaned. */
export function canonicalFilterValue(
  key: SpelledParam,
  value: string,
  options: FilterOptions | undefined,
): string {
  const text = cleanValue(value);
  switch (key) {
    case "industry":
    case "stage":
      return dataSpellings(options)[key].get(fold(text)) ?? text;
    case "location":
      return locationSpelling(text, dataSpellings(options));
    case "amount":
      return fold(text) === ANY ? ANY : (amountOption(text)?.value ?? text);
    case "date":
      return fold(text) === ANY ? ANY : (dateOption(text)?.value ?? text);
    case "sort":
      return sortOption(text)?.value ?? text;
  }
}

/**
 * The longest query a canonical redirect carries. The redirect repeats the query in its Location header, so a
 * long one (a long value the search drops with a message anyway) would make a response header larger than
 * clients accept (16 KB in Node's): such a URL is served as it is instead (docs/product.md#search).
 */
export const MAX_CANONICAL_QUERY_LENGTH = 4_096;

/**
 * The URL's query with every filter value in its canonical spelling (canonicalFilterValue), a value repeated
 * in another case given once, every other parameter as it came; null when the query already is canonical,
 * or is longer than MAX_CANONICAL_QUERY_LENGTH. `options` are needed only when needsDataSpellings says so.
 */
export function canonicalSearchQuery(
  params: URLSearchParams,
  options: FilterOptions | undefined,
): URLSearchParams | null {
  const canonical = new URLSearchParams();
  const seen = new Set<string>();
  let changed = false;
  for (const [key, value] of params) {
    if (!isSpelledParam(key)) {
      canonical.append(key, value);
      continue;
    }
    const spelled = canonicalFilterValue(key, value, options);
    const pair = `${key}=${spelled}`;
    if (spelled !== "" && seen.has(pair)) {
      changed = true;
      continue;
    }
    seen.add(pair);
    if (spelled !== value && spelled !== "") changed = true;
    canonical.append(key, spelled === "" ? value : spelled);
  }
  return changed && canonical.toString().length <= MAX_CANONICAL_QUERY_LENGTH ? canonical : null;
}
