import type { SearchResult } from "~/core/company-card";
import { formatCount } from "~/core/format";

/** "1,234 companies", or "about 66,000 companies" when the server estimated a large count. */
export function resultsTotalText(result: Pick<SearchResult, "total" | "isTotalApproximate">): string {
  const noun = result.total === 1 ? "company" : "companies";
  return `${result.isTotalApproximate ? "about " : ""}${formatCount(result.total)} ${noun}`;
}
