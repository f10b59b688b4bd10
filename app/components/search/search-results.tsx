import { CircleAlert, SearchX } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import type { SearchResult } from "~/core/company-card";
import type { SearchView } from "~/core/search-view";
import { SpriteIcon } from "../ui/sprite-icon";
import { CompanyCard } from "./company-card";
import { CompanyTable } from "./company-table";
import { Pager } from "./pager";
import { ResultSkeletons } from "./result-skeletons";
import { resultsTotalText, showingRangeText } from "./results-total";

interface SearchResultsProps {
  result: SearchResult | null;
  loadError: string | null;
  isLoading: boolean;
  /** Cards (spec 2) or the dense table (issue 15). */
  view: SearchView;
  onPageChange: (page: number) => void;
}

/** The results area: the error banner, the total, the cards (or skeletons, or the empty state), the pager. */
export function SearchResults({ result, loadError, isLoading, view, onPageChange }: SearchResultsProps) {
  // Issue 15: after a page change, focus returns to the results heading (not to the top of the document).
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [hasPaged, setHasPaged] = useState(false);
  useEffect(() => {
    if (!hasPaged || isLoading) return;
    headingRef.current?.focus();
    setHasPaged(false);
  }, [hasPaged, isLoading]);
  const changePage = (page: number) => {
    setHasPaged(true);
    onPageChange(page);
  };
  return (
    <section aria-labelledby="results-heading" aria-busy={isLoading} className="flex flex-col gap-2">
      <h2 id="results-heading" ref={headingRef} tabIndex={-1} className="sr-only">
        Results
      </h2>
      {loadError ? (
        // spec 8: red banner 'Error loading companies: {message}'.
        <div
          role="alert"
          className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
        >
          <CircleAlert aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
          <p>Error loading companies: {loadError}</p>
        </div>
      ) : null}
      {/* The total line keeps its place while loading, so the list below does not move. It also holds where
          this page sits in the results and the pager above them (issue 15). */}
      <div className="flex min-h-8 flex-wrap items-center justify-between gap-x-4 gap-y-1">
        <div className="flex flex-wrap items-baseline gap-x-3">
          <p data-testid="results-total" className="text-sm font-medium text-slate-700">
            {result && !isLoading ? resultsTotalText(result) : isLoading ? "Searching…" : ""}
          </p>
          {/* Once for the page rather than on every card: the server masked these addresses. */}
          {result && !isLoading && result.companies.some((company) => company.isEmailMasked) ? (
            <p data-testid="masked-notice" className="flex items-center gap-1 text-xs text-slate-600">
              <SpriteIcon name="lock" className="h-3 w-3" />
              Upgrade to see emails
            </p>
          ) : null}
        </div>
        {result && !isLoading && result.companies.length > 0 && result.total > result.pageSize ? (
          <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
            <p data-testid="results-range" className="text-sm text-slate-600">
              {showingRangeText(result)}
            </p>
            <Pager
              page={result.page}
              pageCount={result.pageCount}
              onPageChange={changePage}
              label="Pagination above the results"
              compact
            />
          </div>
        ) : null}
      </div>
      {isLoading ? (
        <ResultSkeletons />
      ) : result ? (
        <ResultList result={result} view={view} onPageChange={changePage} />
      ) : null}
    </section>
  );
}

function ResultList({
  result,
  view,
  onPageChange,
}: {
  result: SearchResult;
  view: SearchView;
  onPageChange: (page: number) => void;
}) {
  if (result.companies.length === 0) {
    return (
      // spec 8 empty state, word for word.
      <div className="flex flex-col items-center rounded-xl border border-dashed border-slate-300 px-6 py-12 text-center">
        <SearchX aria-hidden="true" className="h-8 w-8 text-slate-400" />
        <p className="mt-3 font-semibold text-slate-900">No companies found</p>
        <p className="mt-1 max-w-md text-sm text-slate-600">
          Try adjusting your search criteria or filters to find more results.
        </p>
        {result.total > result.pageSize ? (
          <div className="mt-6 w-full max-w-md">
            <Pager page={result.page} pageCount={result.pageCount} onPageChange={onPageChange} />
          </div>
        ) : null}
      </div>
    );
  }
  const hasPages = result.total > result.pageSize;
  return (
    <>
      {view === "table" ? (
        <CompanyTable
          companies={result.companies}
          isMasked={result.companies.some((company) => company.isEmailMasked)}
        />
      ) : (
        <ul className="flex flex-col gap-3">
          {result.companies.map((company) => (
            <li key={company.id}>
              <CompanyCard company={company} />
            </li>
          ))}
        </ul>
      )}
      {/* spec 9: the pager appears only when the total exceeds the page size (50 unless chosen). */}
      {hasPages ? (
        <div className="mt-2">
          <Pager page={result.page} pageCount={result.pageCount} onPageChange={onPageChange} />
        </div>
      ) : null}
    </>
  );
}
