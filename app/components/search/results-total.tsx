import { formatCount } from "~/core/format";

/** What the totals read from a result page, whatever it lists (companies on /search, LPs on /lps). */
export interface ResultCounts {
  total: number;
  isTotalApproximate: boolean;
}

export interface ResultPage extends ResultCounts {
  page: number;
  pageSize: number;
  /** Rows this page shows. */
  shown: number;
}

/** The word a total counts: "company"/"companies" on /search, "LP"/"LPs" on /lps. */
export interface Noun {
  one: string;
  many: string;
}

export const COMPANY_NOUN: Noun = { one: "company", many: "companies" };

/** "1,234 companies", or "about 66,000 companies" when the server estimated a large count. */
export function resultsTotalText(result: ResultCounts, noun: Noun = COMPANY_NOUN): string {
  return `${result.isTotalApproximate ? "about " : ""}${formatCount(result.total)} ${result.total === 1 ? noun.one : noun.many}`;
}

/**
 * docs/product.md#search: where this page sits in the results: "Showing 51-100 of 497", "Showing 1-50 of about 66,000".
 */
export function showingRangeText(result: ResultPage): string {
  const first = (result.page - 1) * result.pageSize + 1;
  const last = first + result.shown - 1;
  return `Showing ${formatCount(first)}-${formatCount(last)} of ${result.isTotalApproximate ? "about " : ""}${formatCount(result.total)}`;
}

/** docs/product.md#filters: the filter sheet's button, "Show 1,204 results" ("Show about 66,000 results"). */
export function showResultsText(result: ResultCounts): string {
  const noun = result.total === 1 ? "result" : "results";
  return `Show ${result.isTotalApproximate ? "about " : ""}${formatCount(result.total)} ${noun}`;
}
