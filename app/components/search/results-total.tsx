import type { SearchResult } from "~/core/company-card";
import { formatCount } from "~/core/format";

/** "1,234 companies", or "about 66,000 companies" when the server estimated a large count. */
export function resultsTotalText(result: Pick<SearchResult, "total" | "isTotalApproximate">): string {
  const noun = result.total === 1 ? "company" : "companies";
  return `${result.isTotalApproximate ? "about " : ""}${formatCount(result.total)} ${noun}`;
}

/**
 * Issue 15: where this page sits in the results: "Showing 51-100 of 497", "Showing 1-50 of about 66,000".
 */
export function showingRangeText(
  result: Pick<SearchResult, "total" | "isTotalApproximate" | "page" | "pageSize" | "companies">,
): string {
  const first = (result.page - 1) * result.pageSize + 1;
  const last = first + result.companies.length - 1;
  return `Showing ${formatCount(first)}-${formatCount(last)} of ${result.isTotalApproximate ? "about " : ""}${formatCount(result.total)}`;
}

/** Issue 15: the filter sheet's button, "Show 1,204 results" ("Show about 66,000 results"). */
export function showResultsText(result: Pick<SearchResult, "total" | "isTotalApproximate">): string {
  const noun = result.total === 1 ? "result" : "results";
  return `Show ${result.isTotalApproximate ? "about " : ""}${formatCount(result.total)} ${noun}`;
}
