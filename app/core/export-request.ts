import { FILTER_KEYS, type FilterKey, isMultiFilterKey, type SearchState } from "./search-params";
import { DEFAULT_SORT } from "./search-sort";

/**
 * docs/product.md#calls, export-csv body: `{ searchQuery, filters: { industry, fundingStage, location, fundingAmount,
 * fundingDate } }`, plus `sort` (docs/product.md#filters: the file is in the page's order). A multi-select filter with one
 * value is sent as text, as docs/product.md#calls has it, and with several as a list. The one place that maps the search
 * state to those names and back: the browser builds
 * the body with `exportRequestBody`, the server reads it with `searchParamsFromExportBody`. Typed by
 * FilterKey, so a new filter without a name here does not compile.
 */
export const EXPORT_FILTER_NAMES: Readonly<Record<FilterKey, string>> = {
  industry: "industry",
  stage: "fundingStage",
  location: "location",
  investor: "investor",
  led: "ledBy",
  amount: "fundingAmount",
  date: "fundingDate",
  rounds: "fundingRounds",
  email: "emailStatus",
};
const EXPORT_QUERY_NAME = "searchQuery";
const CALLS_FILTER_KEYS: ReadonlySet<FilterKey> = new Set([
  "industry",
  "stage",
  "location",
  "amount",
  "date",
]);

export interface ExportRequestBody {
  searchQuery: string;
  filters: Record<string, string | string[]>;
  sort?: string;
}

/** The body the browser posts for the current search (the page is left out: an export is every page). */
export function exportRequestBody(state: SearchState): ExportRequestBody {
  const filters: Record<string, string | string[]> = {};
  for (const key of FILTER_KEYS) {
    const value = state[key];
    // The five filters of docs/product.md#calls are always sent; the later ones (decision 030) when set.
    if (!CALLS_FILTER_KEYS.has(key) && value.length === 0) continue;
    filters[EXPORT_FILTER_NAMES[key]] =
      typeof value === "string"
        ? value
        : value.length === 1
          ? (value[0] ?? "")
          : value.length === 0
            ? ""
            : value;
  }
  const body: ExportRequestBody = { [EXPORT_QUERY_NAME]: state.q, filters } as ExportRequestBody;
  if (state.sort !== DEFAULT_SORT) body.sort = state.sort;
  return body;
}

/**
 * Every name the export accepts, and the search URL parameter it stands for: the names of docs/product.md#calls, and the
 * search page's own URL names (a GET carries exactly the search page's query string).
 */
const PARAM_FOR_NAME: ReadonlyMap<string, string> = new Map([
  [EXPORT_QUERY_NAME, "q"],
  ["q", "q"],
  ["sort", "sort"],
  ...FILTER_KEYS.flatMap(
    (key): Array<[string, string]> => [
      [EXPORT_FILTER_NAMES[key], key],
      [key, key],
    ],
  ),
]);

export class ExportRequestError extends Error {
  override name = "ExportRequestError";
}

function addCriterion(params: URLSearchParams, key: string, value: unknown, path: string): void {
  const name = PARAM_FOR_NAME.get(key);
  if (!name || value === null || value === undefined) return;
  if (Array.isArray(value) && isMultiFilterKey(name as FilterKey)) {
    for (const item of value) {
      if (typeof item !== "string")
        throw new ExportRequestError(`"${path}" must be text or a list of texts.`);
      params.append(name, item);
    }
    return;
  }
  if (typeof value !== "string") {
    const expected = isMultiFilterKey(name as FilterKey) ? "text or a list of texts" : "text";
    throw new ExportRequestError(`"${path}" must be ${expected}.`);
  }
  // A form repeats a multi-select field once per value; anything else takes its last value.
  if (isMultiFilterKey(name as FilterKey)) params.append(name, value);
  else params.set(name, value);
}

/** A JSON body in the shape of docs/product.md#calls (or with the search page's names), as search URL parameters. */
export function searchParamsFromExportBody(body: unknown): URLSearchParams {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new ExportRequestError("The request body must be a JSON object.");
  }
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(body)) {
    if (key === "filters") continue;
    addCriterion(params, key, value, key);
  }
  const filters: unknown = (body as { filters?: unknown }).filters;
  if (filters !== undefined && filters !== null) {
    if (typeof filters !== "object" || Array.isArray(filters)) {
      throw new ExportRequestError('"filters" must be an object.');
    }
    for (const [key, value] of Object.entries(filters)) addCriterion(params, key, value, `filters.${key}`);
  }
  return params;
}

/** Form fields (a plain HTML form posting the search) under either set of names, as search URL parameters. */
export function searchParamsFromExportForm(fields: Iterable<[string, unknown]>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of fields) addCriterion(params, key, value, key);
  return params;
}
