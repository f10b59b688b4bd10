/**
 * docs/product.md#lps (decision 015): the LP database's filters, orders and option counts, answered in memory. Every LP's
 * filter values are held column by column in typed arrays (about 40 bytes an LP, plus its search text), so a
 * view of 100,000 LPs is one pass over them: its exact total, its page in any order and its option counts
 * in milliseconds, for filter mixes that PostgreSQL can only answer by scanning the table. The meaning of
 * every LP filter lives here, once: the search, its counts, the option counts and the export all ask this.
 */
import {
  AUM_OPTIONS,
  CHECK_OPTIONS,
  countryValue,
  LP_MULTI_FILTER_KEYS,
  type LpMultiFilterKey,
  type LpSearchState,
  type LpSortValue,
  parseLpLocation,
  regionValue,
} from "./lp-search-params";
import {
  ASSET_CLASSES,
  countriesOfLpRegion,
  LP_TYPES,
  lpRegionOf,
  SECTOR_FOCUSES,
  STAGE_FOCUSES,
} from "./lp-types";

/** One LP as the index reads it, in the name order (lower(name) collate "C", then id). */
export interface LpIndexRow {
  id: number;
  type: string;
  country: string | null;
  aumUsd: number | null;
  checkMinUsd: number | null;
  checkMaxUsd: number | null;
  assetClasses: readonly string[];
  stageFocus: readonly string[];
  sectorFocus: readonly string[];
  acceptsEmerging: string;
  backsFirstTimeFunds: boolean;
  /** lps.search_text: NFC, lower-cased name, city and contacts' names. */
  searchText: string | null;
}

const NO_COUNTRY = 0xffff;

/** A list's values as bits (a value the vocabulary does not know sets none). */
function bitsOf(vocabulary: readonly string[], values: readonly string[]): number {
  let bits = 0;
  for (const value of values) {
    const index = vocabulary.indexOf(value);
    if (index >= 0) bits |= 1 << index;
  }
  return bits;
}

export interface LpIndex {
  size: number;
  ids: Int32Array;
  type: Uint8Array;
  country: Uint16Array;
  countries: string[];
  aum: Float64Array;
  checkMin: Float64Array;
  checkMax: Float64Array;
  asset: Uint16Array;
  stage: Uint16Array;
  sector: Uint16Array;
  emerging: Uint8Array;
  firstTime: Uint8Array;
  /**
   * Every LP's search text in position order, joined by NUL (which no text and no query holds, so no match
   * spans two LPs), and where each starts: a text search is one indexOf pass over it.
   */
  blob: string;
  starts: Int32Array;
  /** Positions in each order (the rows arrive in the name order). */
  orders: Record<LpSortValue, Int32Array>;
}

/** Builds the index from every LP, given in the name order. */
export function buildLpIndex(rows: readonly LpIndexRow[]): LpIndex {
  const builder = new LpIndexBuilder();
  builder.add(rows);
  return builder.finish();
}

/**
 * Builds the index from LPs given a batch at a time, in the name order, so a loader holds one batch of row
 * objects at a time (100,000 row objects at once would weigh about as much as the server's heap cap) and
 * the index keeps plain columns.
 */
export class LpIndexBuilder {
  private readonly ids: number[] = [];
  private readonly types: number[] = [];
  private readonly countryOf: number[] = [];
  private readonly countries: string[] = [];
  private readonly countryIndex = new Map<string, number>();
  private readonly aum: number[] = [];
  private readonly checkMin: number[] = [];
  private readonly checkMax: number[] = [];
  private readonly asset: number[] = [];
  private readonly stage: number[] = [];
  private readonly sector: number[] = [];
  private readonly emerging: number[] = [];
  private readonly firstTime: number[] = [];
  private readonly texts: string[] = [];

  add(rows: readonly LpIndexRow[]): void {
    for (const row of rows) {
      this.ids.push(row.id);
      this.types.push(Math.max(0, LP_TYPES.indexOf(row.type as (typeof LP_TYPES)[number])));
      let country = NO_COUNTRY;
      if (row.country) {
        const known = this.countryIndex.get(row.country);
        country = known ?? this.countries.push(row.country) - 1;
        if (known === undefined) this.countryIndex.set(row.country, country);
      }
      this.countryOf.push(country);
      this.aum.push(row.aumUsd ?? Number.NaN);
      this.checkMin.push(row.checkMinUsd ?? Number.NaN);
      this.checkMax.push(row.checkMaxUsd ?? Number.NaN);
      this.asset.push(bitsOf(ASSET_CLASSES, row.assetClasses));
      this.stage.push(bitsOf(STAGE_FOCUSES, row.stageFocus));
      this.sector.push(bitsOf(SECTOR_FOCUSES, row.sectorFocus));
      this.emerging.push(row.acceptsEmerging === "yes" ? 1 : 0);
      this.firstTime.push(row.backsFirstTimeFunds ? 1 : 0);
      this.texts.push(row.searchText ?? "");
    }
  }

  /** The index of every LP added, in the order added (the name order). */
  finish(): LpIndex {
    const ids = this.ids;
    const size = ids.length;
    const starts = new Int32Array(size + 1);
    let offset = 0;
    this.texts.forEach((text, position) => {
      starts[position] = offset;
      offset += text.length + 1;
    });
    starts[size] = offset;
    const index: LpIndex = {
      size,
      ids: Int32Array.from(ids),
      type: Uint8Array.from(this.types),
      country: Uint16Array.from(this.countryOf),
      countries: this.countries,
      aum: Float64Array.from(this.aum),
      checkMin: Float64Array.from(this.checkMin),
      checkMax: Float64Array.from(this.checkMax),
      asset: Uint16Array.from(this.asset),
      stage: Uint16Array.from(this.stage),
      sector: Uint16Array.from(this.sector),
      emerging: Uint8Array.from(this.emerging),
      firstTime: Uint8Array.from(this.firstTime),
      blob: this.texts.join(TEXT_SEPARATOR),
      starts,
      orders: {} as Record<LpSortValue, Int32Array>,
    };
    const byName = Int32Array.from({ length: size }, (_, position) => position);
    // Largest AUM first, unknown last, ties by id (largest first); the ascending order mirrors it, unknown
    // still last (the search page's "nulls last" in both directions).
    const byAumDesc = Int32Array.from(byName).sort((a, b) => compareAum(index, a, b, -1));
    const byAumAsc = Int32Array.from(byName).sort((a, b) => compareAum(index, a, b, 1));
    index.orders = {
      "aum-desc": byAumDesc,
      "aum-asc": byAumAsc,
      "name-asc": byName,
      "name-desc": Int32Array.from(byName).reverse(),
    };
    return index;
  }
}

function compareAum(index: LpIndex, a: number, b: number, direction: 1 | -1): number {
  const x = index.aum[a] as number;
  const y = index.aum[b] as number;
  const xKnown = !Number.isNaN(x);
  const yKnown = !Number.isNaN(y);
  if (xKnown !== yKnown) return xKnown ? -1 : 1;
  if (xKnown && x !== y) return (x - y) * direction;
  return ((index.ids[a] as number) - (index.ids[b] as number)) * direction;
}

type Match = (position: number) => boolean;

const TEXT_SEPARATOR = "\u0000";

/** Which LPs' search text holds `needle` (1 at their position): one pass of indexOf over the joined texts. */
function textHits(index: LpIndex, needle: string): Uint8Array {
  const hits = new Uint8Array(index.size);
  let from = index.blob.indexOf(needle);
  while (from !== -1) {
    // The LP whose text holds this offset: the last start at or before it.
    let low = 0;
    let high = index.size - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((index.starts[middle] as number) <= from) low = middle;
      else high = middle - 1;
    }
    hits[low] = 1;
    // On to the next LP: one match is enough.
    from = index.blob.indexOf(needle, index.starts[low + 1] as number);
  }
  return hits;
}

/** Adds one at `at` (a position past the end, such as an LP without a country, is not counted). */
function bump(tally: Uint32Array, at: number): void {
  if (at < tally.length) tally[at] = (tally[at] as number) + 1;
}

/**
 * The view's filters as one test of a position; `skip` leaves one multi-select filter out (its option
 * counts are taken without it). `needle` is the text query as the database lowers it (NFC, lower()).
 */
export function lpMatcher(
  index: LpIndex,
  state: LpSearchState,
  needle: string,
  skip?: LpMultiFilterKey,
): Match {
  const tests: Match[] = [];
  if (needle !== "") {
    const hits = textHits(index, needle);
    tests.push((p) => hits[p] === 1);
  }
  if (skip !== "type" && state.type.length > 0) {
    const bits = bitsOf(LP_TYPES, state.type);
    tests.push((p) => ((1 << (index.type[p] as number)) & bits) !== 0);
  }
  if (skip !== "location" && state.location.length > 0) {
    const wanted = new Uint8Array(index.countries.length + 1);
    const byName = new Map(index.countries.map((name, position) => [name, position]));
    for (const value of state.location) {
      const location = parseLpLocation(value);
      const names =
        location?.kind === "country"
          ? [location.country]
          : location?.kind === "region"
            ? countriesOfLpRegion(location.region)
            : [];
      for (const name of names) {
        const position = byName.get(name);
        if (position !== undefined) wanted[position] = 1;
      }
    }
    tests.push((p) => wanted[index.country[p] as number] === 1);
  }
  for (const [key, column, vocabulary] of [
    ["asset", index.asset, ASSET_CLASSES],
    ["stage", index.stage, STAGE_FOCUSES],
    ["sector", index.sector, SECTOR_FOCUSES],
  ] as const) {
    if (skip === key || state[key].length === 0) continue;
    // Any of the chosen values (an LP names it in its list).
    const bits = bitsOf(vocabulary, state[key]);
    tests.push((p) => ((column[p] as number) & bits) !== 0);
  }
  const aum = AUM_OPTIONS.find((option) => option.value === state.aum);
  if (aum) {
    // A range includes its minimum and excludes its maximum; an undisclosed AUM (NaN) is in none.
    const max = aum.max ?? Number.POSITIVE_INFINITY;
    tests.push((p) => (index.aum[p] as number) >= aum.min && (index.aum[p] as number) < max);
  }
  const check = CHECK_OPTIONS.find((option) => option.value === state.check);
  if (check) {
    // The LP's check range overlaps the chosen one (it writes some check inside it); a range with one
    // known end is judged by that end, and one with none matches no range.
    const max = check.max ?? Number.POSITIVE_INFINITY;
    tests.push((p) => {
      const low = index.checkMin[p] as number;
      const high = index.checkMax[p] as number;
      const from = Number.isNaN(low) ? high : low;
      const to = Number.isNaN(high) ? low : high;
      return from < max && to >= check.min;
    });
  }
  if (state.emerging === "yes") tests.push((p) => index.emerging[p] === 1);
  if (state.firstTime === "yes") tests.push((p) => index.firstTime[p] === 1);
  if (tests.length === 0) return () => true;
  if (tests.length === 1) return tests[0] as Match;
  return (p) => tests.every((test) => test(p));
}

/** The exact total of a view and the ids of one page of it, in its order, from one pass. */
export function lpPage(
  index: LpIndex,
  state: LpSearchState,
  needle: string,
  { page, size }: { page: number; size: number },
): { total: number; ids: number[] } {
  const match = lpMatcher(index, state, needle);
  const order = index.orders[state.sort];
  const from = (page - 1) * size;
  const ids: number[] = [];
  let total = 0;
  for (const position of order) {
    if (!match(position)) continue;
    if (total >= from && ids.length < size) ids.push(index.ids[position] as number);
    total += 1;
  }
  return { total, ids };
}

/** Every id of a view, in its order (the export). */
export function lpMatchingIds(index: LpIndex, state: LpSearchState, needle: string): number[] {
  const match = lpMatcher(index, state, needle);
  const ids: number[] = [];
  for (const position of index.orders[state.sort])
    if (match(position)) ids.push(index.ids[position] as number);
  return ids;
}

/**
 * Each multi-select filter's option counts given the other filters (the facets of docs/product.md#filters), keyed by the
 * option's URL value: type and focus slugs, "country:Germany" and "region:europe" (the sum of its countries).
 */
export function lpFacetCounts(
  index: LpIndex,
  state: LpSearchState,
  needle: string,
): Record<LpMultiFilterKey, Record<string, number>> {
  const result = {} as Record<LpMultiFilterKey, Record<string, number>>;
  for (const key of LP_MULTI_FILTER_KEYS) {
    const match = lpMatcher(index, state, needle, key);
    const counts: Record<string, number> = {};
    // Counted by number in the loop, named after it: a pass over 100,000 LPs stays a few milliseconds.
    if (key === "type" || key === "location") {
      const column = key === "type" ? index.type : index.country;
      const tally = new Uint32Array(key === "type" ? LP_TYPES.length : index.countries.length + 1);
      for (let p = 0; p < index.size; p += 1) if (match(p)) bump(tally, column[p] as number);
      if (key === "type") {
        LP_TYPES.forEach((type, position) => {
          if (tally[position]) counts[type] = tally[position] as number;
        });
      } else {
        index.countries.forEach((country, position) => {
          const count = tally[position] as number;
          if (!count) return;
          counts[countryValue(country)] = count;
          const region = lpRegionOf(country);
          if (region) counts[regionValue(region)] = (counts[regionValue(region)] ?? 0) + count;
        });
      }
    } else {
      const [column, vocabulary] =
        key === "asset"
          ? [index.asset, ASSET_CLASSES]
          : key === "stage"
            ? [index.stage, STAGE_FOCUSES]
            : [index.sector, SECTOR_FOCUSES];
      const tally = new Uint32Array(vocabulary.length);
      for (let p = 0; p < index.size; p += 1) {
        if (!match(p)) continue;
        const bits = column[p] as number;
        for (let bit = 0; bit < vocabulary.length; bit += 1) if (bits & (1 << bit)) bump(tally, bit);
      }
      vocabulary.forEach((value, bit) => {
        if (tally[bit]) counts[value] = tally[bit] as number;
      });
    }
    result[key] = counts;
  }
  return result;
}
