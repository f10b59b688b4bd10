import { TriangleAlert } from "lucide-react";
import { useId, useState } from "react";
import type { ViewerAccess } from "~/core/access";
import type { SearchResult } from "~/core/company-card";
import type { FilterOptions } from "~/core/filter-options";
import { formatCount } from "~/core/format";
import { activeFilterCount, type SearchParamError, type SearchState } from "~/core/search-params";
import type { TrialSummary } from "~/core/trial";
import { ExportButton } from "./export-button";
import { FilterChips } from "./filter-chips";
import { FilterPanel } from "./filter-panel";
import { FiltersToggle } from "./filters-toggle";
import { SearchAccessPrompts } from "./search-access-prompts";
import { SearchBar } from "./search-bar";
import { SearchResults } from "./search-results";
import { TrialBanner } from "./trial-banner";
import { usePendingSearch, useSearchNavigation } from "./use-search-navigation";

/** Exactly the /search loader's data (app/routes/search/search.tsx). */
export interface SearchPageProps {
  state: SearchState;
  errors: SearchParamError[];
  result: SearchResult | null;
  loadError: string | null;
  filterOptions: FilterOptions;
  access: ViewerAccess;
  /** A trialing user's trial: the banner, and the price 'Upgrade Now' will charge. */
  trial: TrialSummary | null;
  totalCompanies: number;
}

/**
 * spec 2 search page. The URL is the state: every search, filter and page change is a navigation to
 * /search?..., and the loader reads it back, so reloads, back/forward and shared links show the same view.
 */
export function SearchPage({
  state,
  errors,
  result,
  loadError,
  filterOptions,
  access,
  trial,
  totalCompanies,
}: SearchPageProps) {
  const panelId = useId();
  const [isPanelOpen, setIsPanelOpen] = useState(false);
  const { viewState, isLoading } = usePendingSearch(state);
  const { applyChange, goToPage } = useSearchNavigation(viewState);
  const filterCount = activeFilterCount(viewState);

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-6 sm:px-6 sm:py-8">
      <header>
        <h1 className="text-xl font-semibold text-slate-900 sm:text-2xl">Search funded startups</h1>
        <p className="mt-1 text-sm text-slate-600">
          {formatCount(totalCompanies)} venture-funded startups and their founders.
        </p>
      </header>

      {trial ? <TrialBanner trial={trial} /> : null}

      <div className="flex flex-col gap-3">
        <div className="flex flex-col gap-2 sm:flex-row">
          <SearchBar
            state={viewState}
            canSearch={access.hasActiveAccess}
            onSearch={(q) => applyChange({ q })}
          />
          <FiltersToggle
            isOpen={isPanelOpen}
            count={filterCount}
            panelId={panelId}
            onToggle={() => setIsPanelOpen((open) => !open)}
          />
        </div>
        {isPanelOpen ? (
          <FilterPanel id={panelId} state={viewState} filterOptions={filterOptions} onChange={applyChange} />
        ) : null}
        <FilterChips
          state={viewState}
          onRemove={(key) => applyChange({ [key]: "" })}
          onClearAll={() => applyChange({ industry: "", stage: "", location: "", amount: "", date: "" })}
        />
      </div>

      {errors.length > 0 ? <ParamErrors errors={errors} /> : null}

      {/* Issue 6: Export CSV sits on the results total's line (the total is the first line of the results). */}
      <div className="relative">
        {loadError ? null : (
          <div className="absolute -top-3 right-0 z-10">
            <ExportButton
              access={access}
              trial={trial}
              state={state}
              total={isLoading ? null : (result?.total ?? null)}
            />
          </div>
        )}
        <SearchResults result={result} loadError={loadError} isLoading={isLoading} onPageChange={goToPage} />
      </div>

      <SearchAccessPrompts access={access} totalCompanies={totalCompanies} />
    </div>
  );
}

/** Parameters the URL got wrong; the rest of the search still ran (search-params.ts drops only those). */
function ParamErrors({ errors }: { errors: SearchParamError[] }) {
  return (
    <div
      role="status"
      className="flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
    >
      <TriangleAlert aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
      <ul className="flex flex-col gap-1">
        {errors.map((error) => (
          <li key={`${error.param}-${error.message}`}>{error.message}</li>
        ))}
      </ul>
    </div>
  );
}
