import type { SearchResult } from "~/core/company-card";
import type { SearchView } from "~/core/search-view";
import { CompanyCard } from "./company-card";
import { CompanyTable } from "./company-table";
import { ResultSkeletons } from "./result-skeletons";
import { ResultsSection } from "./results-section";
import { resultsTotalText } from "./results-total";

interface SearchResultsProps {
  result: SearchResult | null;
  loadError: string | null;
  isLoading: boolean;
  /** Cards (docs/product.md#screens) or the dense table (docs/product.md#search). */
  view: SearchView;
  onPageChange: (page: number) => void;
}

/** /search's results: companies as cards or a table, in the listing's results area. */
export function SearchResults({ result, loadError, isLoading, view, onPageChange }: SearchResultsProps) {
  const isMasked = result?.companies.some((company) => company.isEmailMasked) ?? false;
  return (
    <ResultsSection
      result={result ? { ...result, shown: result.companies.length } : null}
      totalText={result ? resultsTotalText(result) : ""}
      // docs/product.md#texts: red banner 'Error loading companies: {message}'.
      errorText={loadError ? `Error loading companies: ${loadError}` : null}
      isLoading={isLoading}
      // Once for the page rather than on every card: the server masked these addresses.
      isMasked={isMasked}
      maskedNotice="Upgrade to see emails"
      skeletons={<ResultSkeletons />}
      // docs/product.md#texts, empty state, word for word.
      emptyTitle="No companies found"
      emptyText="Try adjusting your search criteria or filters to find more results."
      onPageChange={onPageChange}
    >
      {result === null ? null : view === "table" ? (
        <CompanyTable companies={result.companies} isMasked={isMasked} />
      ) : (
        <ul className="flex flex-col gap-3">
          {result.companies.map((company) => (
            <li key={company.id}>
              <CompanyCard company={company} />
            </li>
          ))}
        </ul>
      )}
    </ResultsSection>
  );
}
