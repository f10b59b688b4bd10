/**
 * How a listing page (/search, /lps) reads its URL: one cleaning of every value, multi-value filters as
 * repeated parameters, the page size and the page number. Each page's own parameters module
 * (search-params.ts, lp-search-params.ts) builds its state from these, so both read a URL the same way.
 */

export const MAX_QUERY_LENGTH = 200;
/** Values one multi-select filter takes at most (a longer list is cut, with a message). */
export const MAX_FILTER_VALUES = 20;
/** docs/product.md#limits: 50 results per page, the default; docs/product.md#search lets subscribers pick 25 or 100 too. */
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

/** A parameter the URL got wrong, with the sentence shown next to the results of the rest. */
export interface SearchParamError {
  param: string;
  message: string;
}

/** The last page a page size reaches. */
export function maxPageFor(size: number): number {
  return Math.floor(MAX_RESULT_DEPTH / size);
}

/** Control characters (C0, DEL, C1) that are not white space: dropped from every value. */
const CONTROL_CHARACTERS = /(?![\t\n\v\f\r\u0085])\p{Cc}/gu;

/**
 * One form of a URL value for every reader (search, count, export, activity): control characters dropped
 * (PostgreSQL refuses a NUL byte in text, and U+001F separates the fields of search_text), white space
 * runs as one space, Unicode NFC (the form of the stored text: "zu\u0308rich" is "zürich").
 */
export function normalizeValue(value: string | null): string {
  return (value ?? "")
    .replace(CONTROL_CHARACTERS, "")
    .replace(/[\s\u0085]+/g, " ")
    .trim()
    .normalize("NFC");
}

/** A normalized value of at most `max` characters, cut without splitting a surrogate pair. */
export function cleanValue(value: string | null, max = MAX_QUERY_LENGTH): string {
  const text = normalizeValue(value);
  if (text.length <= max) return text;
  const end = /[\ud800-\udbff]/.test(text.charAt(max - 1)) ? max - 1 : max;
  return text.slice(0, end).trimEnd();
}

/** The text query: cleaned and cut, with a message when it was cut. */
export function readQuery(params: URLSearchParams, errors: SearchParamError[]): string {
  if (normalizeValue(params.get("q")).length > MAX_QUERY_LENGTH) {
    errors.push({ param: "q", message: `The search text was cut to ${MAX_QUERY_LENGTH} characters.` });
  }
  return cleanValue(params.get("q"));
}

/** A filter's values: each cleaned, empty ones and repeats dropped, at most MAX_FILTER_VALUES. */
export function readList(params: URLSearchParams, key: string, errors: SearchParamError[]): string[] {
  const values = [...new Set(params.getAll(key).map((value) => cleanValue(value)))].filter(Boolean);
  if (values.length <= MAX_FILTER_VALUES) return values;
  errors.push({
    param: key,
    message: `A filter takes at most ${MAX_FILTER_VALUES} values; the first ${MAX_FILTER_VALUES} were kept.`,
  });
  return values.slice(0, MAX_FILTER_VALUES);
}

export function readPageSize(params: URLSearchParams, errors: SearchParamError[]): PageSize {
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

/** The page number: 1 when absent or not a page number, the last page a size reaches at most. */
export function readPage(params: URLSearchParams, size: number, errors: SearchParamError[]): number {
  const lastPage = maxPageFor(size);
  const page = normalizeValue(params.get("page"));
  if (page === "") return 1;
  const number = Number(page);
  if (!Number.isInteger(number) || number < 1) {
    errors.push({ param: "page", message: `"${page}" is not a page number; showing page 1.` });
    return 1;
  }
  if (number > lastPage) {
    errors.push({
      param: "page",
      message: `Pages stop at ${lastPage.toLocaleString("en-US")}; narrow the search instead.`,
    });
    return lastPage;
  }
  return number;
}

/** A multi-select filter with `value` added, or removed when it is there. */
export function toggledValue(values: readonly string[], value: string): string[] {
  return values.includes(value) ? values.filter((existing) => existing !== value) : [...values, value];
}
