import { type AmountValue, ANY, amountOption, type DateValue, dateOption } from "./funding-filters";

/** spec 9: 50 results per page (decisions.md fix 3: one page size). */
export const PAGE_SIZE = 50;
/** Deeper pages are refused: nobody reads page 2,001, and the offset would cost a scan. */
export const MAX_PAGE = 2_000;
export const MAX_QUERY_LENGTH = 200;

/**
 * spec 3 "active filter set", plus the text query and the page: the whole view, kept in the URL
 * (`/search?q=&industry=&stage=&location=&amount=&date=&page=`). Empty means "no filter".
 */
export interface SearchState {
  q: string;
  industry: string;
  stage: string;
  /** "continent:Europe", "country:Germany", "state:California" (region), or a plain city. */
  location: string;
  amount: AmountValue | "";
  date: DateValue | "";
  page: number;
}

export const EMPTY_SEARCH: SearchState = {
  q: "",
  industry: "",
  stage: "",
  location: "",
  amount: "",
  date: "",
  page: 1,
};

export const FILTER_KEYS = ["industry", "stage", "location", "amount", "date"] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

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
  state.industry = clean(params.get("industry"));
  state.stage = clean(params.get("stage"));

  const location = clean(params.get("location"));
  const prefix = LOCATION_PREFIXES.find((candidate) => location.startsWith(candidate));
  if (prefix && location.slice(prefix.length).trim() === "") {
    errors.push({
      param: "location",
      message: `"${location}" names no place, so the location filter was ignored.`,
    });
  } else {
    state.location = location;
  }

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

  const page = normalizeValue(params.get("page"));
  if (page !== "") {
    const number = Number(page);
    if (!Number.isInteger(number) || number < 1) {
      errors.push({ param: "page", message: `"${page}" is not a page number; showing page 1.` });
    } else if (number > MAX_PAGE) {
      errors.push({
        param: "page",
        message: `Pages stop at ${MAX_PAGE.toLocaleString("en-US")}; narrow the search instead.`,
      });
      state.page = MAX_PAGE;
    } else {
      state.page = number;
    }
  }
  return { state, errors };
}

/** The URL query for a state: empty values and page 1 are left out, so links stay short and stable. */
export function serializeSearchState(state: SearchState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.q) params.set("q", state.q);
  for (const key of FILTER_KEYS) if (state[key]) params.set(key, state[key]);
  if (state.page > 1) params.set("page", String(state.page));
  return params;
}

/** spec 4: pagination resets to page 1 on every new search or filter change. */
export function withChange(state: SearchState, change: Partial<Omit<SearchState, "page">>): SearchState {
  return { ...state, ...change, page: 1 };
}

export function activeFilterCount(state: SearchState): number {
  return FILTER_KEYS.filter((key) => state[key] !== "").length;
}

/** The filters alone, as spec 3's active filter set (for the activity log and export). */
export function filtersOf(state: SearchState): Record<FilterKey, string> {
  return Object.fromEntries(FILTER_KEYS.map((key) => [key, state[key]])) as Record<FilterKey, string>;
}
