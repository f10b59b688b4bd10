import { type EmailFilterValue, emailFilterOption } from "./email-status";
import {
  type AmountValue,
  ANY,
  amountOption,
  type DateValue,
  dateOption,
  type RoundsValue,
  roundsOption,
} from "./funding-filters";
import { DEFAULT_SORT, type SortValue, sortOption } from "./search-sort";
import { hasSlugShape } from "./slug";

import {
  cleanValue as clean,
  PAGE_SIZE,
  type PageSize,
  readList,
  readPage,
  readPageSize,
  readQuery,
  type SearchParamError,
} from "./url-values";

// The URL machinery every listing shares lives in url-values.ts; these names stay importable from here.
export {
  MAX_FILTER_VALUES,
  MAX_PAGE,
  MAX_QUERY_LENGTH,
  MAX_RESULT_DEPTH,
  maxPageFor,
  PAGE_SIZE,
  PAGE_SIZES,
  type PageSize,
  type SearchParamError,
  toggledValue,
} from "./url-values";

/**
 * docs/product.md#data, "active filter set", plus the text query, the order and the page: the whole view, kept in the URL
 * (`/search?q=&industry=&stage=&location=&investor=&led=&amount=&date=&rounds=&email=&sort=&size=&page=`). Industry,
 * stage, location and investor take several values (docs/product.md#filters: repeated parameters, OR within a filter, AND across filters), so an old
 * single-value link reads as a list of one. Empty means "no filter".
 */
export interface SearchState {
  q: string;
  industry: string[];
  stage: string[];
  /** Each "continent:Europe", "country:Germany", "state:California" (region), or a plain city. */
  location: string[];
  /** Investors' slugs: companies any of them invested in (decision 030). */
  investor: string[];
  /** "1": only rounds the chosen investors led. */
  led: "" | "1";
  amount: AmountValue | "";
  date: DateValue | "";
  /** The number of funding rounds (docs/product.md#filters). */
  rounds: RoundsValue | "";
  /** decision 032: the primary contact's email status ('valid only', 'valid or accept-all'). */
  email: EmailFilterValue | "";
  sort: SortValue;
  size: PageSize;
  page: number;
}

export const EMPTY_SEARCH: SearchState = {
  q: "",
  industry: [],
  stage: [],
  location: [],
  investor: [],
  led: "",
  amount: "",
  date: "",
  rounds: "",
  email: "",
  sort: DEFAULT_SORT,
  size: PAGE_SIZE,
  page: 1,
};

export const MULTI_FILTER_KEYS = ["industry", "stage", "location", "investor"] as const;
export type MultiFilterKey = (typeof MULTI_FILTER_KEYS)[number];
export const FILTER_KEYS = [...MULTI_FILTER_KEYS, "led", "amount", "date", "rounds", "email"] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];
export type SearchFilters = Pick<SearchState, FilterKey>;

export function isMultiFilterKey(key: FilterKey): key is MultiFilterKey {
  return (MULTI_FILTER_KEYS as readonly string[]).includes(key);
}

const LOCATION_PREFIXES = ["continent:", "country:", "state:"] as const;

function cleanList(params: URLSearchParams, key: MultiFilterKey, errors: SearchParamError[]): string[] {
  return readList(params, key, errors);
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
  state.q = readQuery(params, errors);
  state.industry = cleanList(params, "industry", errors);
  state.stage = cleanList(params, "stage", errors);
  state.location = readLocations(params, errors);
  state.investor = cleanList(params, "investor", errors).filter((slug) => {
    if (hasSlugShape(slug)) return true;
    errors.push({ param: "investor", message: `"${slug}" names no investor, so it was ignored.` });
    return false;
  });
  const led = clean(params.get("led"));
  if (led === "1" || led.toLowerCase() === "true") state.led = "1";
  else if (led && led !== "0")
    errors.push({ param: "led", message: `"${led}" is not 1 or 0, so 'led by' was ignored.` });

  const amount = clean(params.get("amount"));
  if (amount && amount.toLowerCase() !== ANY) {
    const option = amountOption(amount);
    if (option) state.amount = option.value;
    else
      errors.push({
        param: "amount",
        message: `"${amount}" is not a funding amount option, so it was ignored.`,
      });
  }

  const date = clean(params.get("date"));
  if (date && date.toLowerCase() !== ANY) {
    const option = dateOption(date);
    if (option) state.date = option.value;
    else
      errors.push({ param: "date", message: `"${date}" is not a funding date option, so it was ignored.` });
  }

  const rounds = clean(params.get("rounds"));
  if (rounds && rounds.toLowerCase() !== ANY) {
    const option = roundsOption(rounds);
    if (option) state.rounds = option.value;
    else
      errors.push({
        param: "rounds",
        message: `"${rounds}" is not a number of rounds option, so it was ignored.`,
      });
  }

  const email = clean(params.get("email"));
  if (email && email.toLowerCase() !== ANY) {
    const option = emailFilterOption(email);
    if (option) state.email = option.value;
    else
      errors.push({
        param: "email",
        message: `"${email}" is not an email status option, so it was ignored.`,
      });
  }

  const sort = clean(params.get("sort"));
  if (sort) {
    const option = sortOption(sort);
    if (option) state.sort = option.value;
    else
      errors.push({ param: "sort", message: `"${sort}" is not a sort order; showing newest funding first.` });
  }

  state.size = readPageSize(params, errors);
  state.page = readPage(params, state.size, errors);
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
  if (state.led) params.set("led", state.led);
  if (state.amount) params.set("amount", state.amount);
  if (state.date) params.set("date", state.date);
  if (state.rounds) params.set("rounds", state.rounds);
  if (state.email) params.set("email", state.email);
  if (state.sort !== DEFAULT_SORT) params.set("sort", state.sort);
  if (state.size !== PAGE_SIZE) params.set("size", String(state.size));
  if (state.page > 1) params.set("page", String(state.page));
  return params;
}

/** docs/product.md#search: pagination resets to page 1 on every new search, filter, order or page size change. */
export function withChange(state: SearchState, change: Partial<Omit<SearchState, "page">>): SearchState {
  return { ...state, ...change, page: 1 };
}

/** The search without any filter (the text query, order and size stay). */
export function withoutFilters(state: SearchState): SearchState {
  return withChange(state, filtersOf(EMPTY_SEARCH));
}

/** Chosen filter values (one chip each). */
export function activeFilterCount(state: SearchState): number {
  return (
    MULTI_FILTER_KEYS.reduce((sum, key) => sum + state[key].length, 0) +
    (state.led ? 1 : 0) +
    (state.amount ? 1 : 0) +
    (state.date ? 1 : 0) +
    (state.rounds ? 1 : 0) +
    (state.email ? 1 : 0)
  );
}

export function hasFilters(state: SearchState): boolean {
  return activeFilterCount(state) > 0;
}

/** The filters alone, as the active filter set of docs/product.md#data (for the activity log and export). */
export function filtersOf(state: SearchState): SearchFilters {
  return {
    industry: state.industry,
    stage: state.stage,
    location: state.location,
    investor: state.investor,
    led: state.led,
    amount: state.amount,
    date: state.date,
    rounds: state.rounds,
    email: state.email,
  };
}

/**
 * docs/product.md#free-sample (decision 026): without active access the search box does not search, and a URL
 * cannot do more than the box. The server reads the free sample (the newest companies, page 1, 50 a page)
 * whatever the URL asks; `isNarrowed` says a URL asked for more, so the page can say why it shows the sample.
 */
export function withAllowedSearch(
  state: SearchState,
  hasActiveAccess: boolean,
): { state: SearchState; isNarrowed: boolean } {
  if (hasActiveAccess) return { state, isNarrowed: false };
  const isNarrowed =
    state.q !== "" ||
    hasFilters(state) ||
    state.sort !== DEFAULT_SORT ||
    state.page > 1 ||
    state.size !== PAGE_SIZE;
  return { state: EMPTY_SEARCH, isNarrowed };
}
