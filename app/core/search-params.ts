import { type AmountValue, ANY, amountOption, type DateValue, dateOption } from "./funding-filters";
import { DEFAULT_SORT, type SortValue, sortOption } from "./search-sort";

/** spec 9: 50 results per page, the default; issue 15 lets subscribers pick 25 or 100 too. */
export const PAGE_SIZE = 50;
export const PAGE_SIZES = [25, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
/**
 * Results stop 100,000 rows deep (page 2,000 at 50 a page): nobody reads further, and the offset would cost
 * a scan. Narrow the search instead.
 */
export const MAX_RESULT_DEPTH = 100_000;
/** The last page at the default page size. */
export const MAX_PAGE = MAX_RESULT_DEPTH / PAGE_SIZE;
export const MAX_QUERY_LENGTH = 200;
/** Values one multi-select filter takes at most (a longer list is cut, with a message). */
export const MAX_FILTER_VALUES = 20;

/** The last page a page size reaches. */
export function maxPageFor(size: number): number {
  return Math.floor(MAX_RESULT_DEPTH / size);
}

/**
 * spec 3 "active filter set", plus the text query, the order and the page: the whole view, kept in the URL
 * (`/search?q=&industry=&stage=&location=&amount=&date=&sort=&size=&page=`). Industry, stage and location
 * take several values (issue 15: repeated parameters, OR within a filter, AND across filters), so an old
 * single-value link reads as a list of one. Empty means "no filter".
 */
export interface SearchState {
  q: string;
  industry: string[];
  stage: string[];
  /** Each "continent:Europe", "country:Germany", "state:California" (region), or a plain city. */
  location: string[];
  amount: AmountValue | "";
  date: DateValue | "";
  sort: SortValue;
  size: PageSize;
  page: number;
}

export const EMPTY_SEARCH: SearchState = {
  q: "",
  industry: [],
  stage: [],
  location: [],
  amount: "",
  date: "",
  sort: DEFAULT_SORT,
  size: PAGE_SIZE,
  page: 1,
};

export const MULTI_FILTER_KEYS = ["industry", "stage", "location"] as const;
export type MultiFilterKey = (typeof MULTI_FILTER_KEYS)[number];
export const FILTER_KEYS = [...MULTI_FILTER_KEYS, "amount", "date"] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];
export type SearchFilters = Pick<SearchState, FilterKey>;

export function isMultiFilterKey(key: FilterKey): key is MultiFilterKey {
  return (MULTI_FILTER_KEYS as readonly string[]).includes(key);
}

export interface SearchParamError {
  param: string;
  message: string;
}

const LOCATION_PREFIXES = ["continent:", "country:", "state:"] as const;

/** Control characters (C0, DEL, C1) that are not white space: dropped from every value. */
const CONTROL_CHARACTERS = /(?![\t\n\v\f\r\u0085])\p{Cc}/gu;

/**
 * One form of a URL value for every reader (search, count, export, activity): control characters dropped
 * (PostgreSQL refuses a NUL byte in text, and U+001F separates the fields of search_text), white space
 * runs as one space, Unicode NFC (the form of the stored text: "zu\u0308rich" is "zürich"), at most `max`
 * characters without splitting a surrogate pair.
 */
function normalizeValue(value: string | null): string {
  return (value ?? "")
    .replace(CONTROL_CHARACTERS, "")
    .replace(/[\s\u0085]+/g, " ")
    .trim()
    .normalize("NFC");
}

function clean(value: string | null, max = MAX_QUERY_LENGTH): string {
  const text = normalizeValue(value);
  if (text.length <= max) return text;
  const end = /[\ud800-\udbff]/.test(text.charAt(max - 1)) ? max - 1 : max;
  return text.slice(0, end).trimEnd();
}

/** A filter's values: each cleaned, empty ones and repeats dropped, at most MAX_FILTER_VALUES. */
function cleanList(params: URLSearchParams, key: MultiFilterKey, errors: SearchParamError[]): string[] {
  const values = [...new Set(params.getAll(key).map((value) => clean(value)))].filter(Boolean);
  if (values.length <= MAX_FILTER_VALUES) return values;
  errors.push({
    param: key,
    message: `A filter takes at most ${MAX_FILTER_VALUES} values; the first ${MAX_FILTER_VALUES} were kept.`,
  });
  return values.slice(0, MAX_FILTER_VALUES);
}

function readLocations(params: URLSearchParams, errors: SearchParamError[]): string[] {
  return cleanList(params, "location", errors).filter((location) => {
    const prefix = LOCATION_PREFIXES.find((candidate) => location.startsWith(candidate));
    if (!prefix || location.slice(prefix.length).trim() !== "") return true;
    errors.push({
      param: "location",
      message: `"${location}" names no place, so that location was ignored.`,
    });
    return false;
  });
}

function readPageSize(params: URLSearchParams, errors: SearchParamError[]): PageSize {
  const size = normalizeValue(params.get("size"));
  if (size === "") return PAGE_SIZE;
  const known = PAGE_SIZES.find((candidate) => String(candidate) === size);
  if (known) return known;
  errors.push({
    param: "size",
    message: `"${size}" is not a page size (${PAGE_SIZES.join(", ")}); showing ${PAGE_SIZE} a page.`,
  });
  return PAGE_SIZE;
}

/**
 * Reads the search state from a URL. A bad value is dropped with a clear message (never a 500, never
 * silently different results): the caller shows the messages next to the results of the rest.
 */
export function parseSearchParams(params: URLSearchParams): {
  state: SearchState;
  errors: SearchParamError[];
} {
  const errors: SearchParamError[] = [];
  const state: SearchState = { ...EMPTY_SEARCH };
  state.q = clean(params.get("q"));
  if (normalizeValue(params.get("q")).length > MAX_QUERY_LENGTH) {
    errors.push({ param: "q", message: `The search text was cut to ${MAX_QUERY_LENGTH} characters.` });
  }
  state.industry = cleanList(params, "industry", errors);
  state.stage = cleanList(params, "stage", errors);
  state.location = readLocations(params, errors);

  const amount = clean(params.get("amount"));
  if (amount && amount !== ANY) {
    const option = amountOption(amount);
    if (option) state.amount = option.value;
    else
      errors.push({
        param: "amount",
        message: `"${amount}" is not a funding amount option, so it was ignored.`,
      });
  }

  const date = clean(params.get("date"));
  if (date && date !== ANY) {
    const option = dateOption(date);
    if (option) state.date = option.value;
    else
      errors.push({ param: "date", message: `"${date}" is not a funding date option, so it was ignored.` });
  }

  const sort = clean(params.get("sort"));
  if (sort) {
    const option = sortOption(sort);
    if (option) state.sort = option.value;
    else
      errors.push({ param: "sort", message: `"${sort}" is not a sort order; showing newest funding first.` });
  }

  state.size = readPageSize(params, errors);
  const lastPage = maxPageFor(state.size);
  const page = normalizeValue(params.get("page"));
  if (page !== "") {
    const number = Number(page);
    if (!Number.isInteger(number) || number < 1) {
      errors.push({ param: "page", message: `"${page}" is not a page number; showing page 1.` });
    } else if (number > lastPage) {
      errors.push({
        param: "page",
        message: `Pages stop at ${lastPage.toLocaleString("en-US")}; narrow the search instead.`,
      });
      state.page = lastPage;
    } else {
      state.page = number;
    }
  }
  return { state, errors };
}

/**
 * The URL query for a state: empty values, the default order and size and page 1 are left out, so links
 * stay short and stable; a filter's values are repeated parameters in the order they were chosen.
 */
export function serializeSearchState(state: SearchState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.q) params.set("q", state.q);
  for (const key of MULTI_FILTER_KEYS) for (const value of state[key]) params.append(key, value);
  if (state.amount) params.set("amount", state.amount);
  if (state.date) params.set("date", state.date);
  if (state.sort !== DEFAULT_SORT) params.set("sort", state.sort);
  if (state.size !== PAGE_SIZE) params.set("size", String(state.size));
  if (state.page > 1) params.set("page", String(state.page));
  return params;
}

/** spec 4: pagination resets to page 1 on every new search, filter, order or page size change. */
export function withChange(state: SearchState, change: Partial<Omit<SearchState, "page">>): SearchState {
  return { ...state, ...change, page: 1 };
}

/** The search without any filter (the text query, order and size stay). */
export function withoutFilters(state: SearchState): SearchState {
  return withChange(state, { industry: [], stage: [], location: [], amount: "", date: "" });
}

/** A multi-select filter with `value` added, or removed when it is there. */
export function toggledValue(values: readonly string[], value: string): string[] {
  return values.includes(value) ? values.filter((existing) => existing !== value) : [...values, value];
}

/** Chosen filter values (one chip each). */
export function activeFilterCount(state: SearchState): number {
  return (
    MULTI_FILTER_KEYS.reduce((sum, key) => sum + state[key].length, 0) +
    (state.amount ? 1 : 0) +
    (state.date ? 1 : 0)
  );
}

export function hasFilters(state: SearchState): boolean {
  return activeFilterCount(state) > 0;
}

/** The filters alone, as spec 3's active filter set (for the activity log and export). */
export function filtersOf(state: SearchState): SearchFilters {
  return {
    industry: state.industry,
    stage: state.stage,
    location: state.location,
    amount: state.amount,
    date: state.date,
  };
}

/**
 * Issue 15: the page size is a subscriber's choice; anyone else reads spec 9's 50 (the server applies this,
 * whatever the URL asks).
 */
export function withAllowedPageSize(state: SearchState, canChoosePageSize: boolean): SearchState {
  if (canChoosePageSize || state.size === PAGE_SIZE) return state;
  return { ...state, size: PAGE_SIZE, page: Math.min(state.page, MAX_PAGE) };
}
