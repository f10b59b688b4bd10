import { useId, useState } from "react";
import type { ViewerAccess } from "~/core/access";
import type { SearchResult } from "~/core/company-card";
import { formatCount } from "~/core/format";
import { SEARCH_NEEDS_PLAN } from "~/core/messages";
import {
  activeFilterCount,
  type FilterKey,
  isMultiFilterKey,
  type SearchParamError,
  type SearchState,
  serializeSearchState,
  withoutFilters,
} from "~/core/search-params";
import { SORT_OPTIONS } from "~/core/search-sort";
import type { SearchView } from "~/core/search-view";
import type { TrialSummary } from "~/core/trial";
import { PricingDialog } from "../billing/pricing-dialog";
import { SavedSearchControls } from "../saved-searches/saved-search-controls";
import { ExportButton } from "./export-button";
import { FilterChips } from "./filter-chips";
import { searchChipsOf } from "./filter-labels";
import { FilterPanel } from "./filter-panel";
import { FilterSheet } from "./filter-sheet";
import { FiltersToggle } from "./filters-toggle";
import { ParamErrors } from "./param-errors";
import { ResultsToolbar } from "./results-toolbar";
import { showResultsText } from "./results-total";
import { SampleBanner } from "./sample-banner";
import { SearchAccessPrompts } from "./search-access-prompts";
import { hiddenFieldsOf, SearchBar } from "./search-bar";
import { SearchResults } from "./search-results";
import { TrialBanner } from "./trial-banner";
import { useFilterPanelData } from "./use-filter-panel-data";
import { useSampleGate } from "./use-sample-gate";
import { usePendingSearch, useSearchNavigation } from "./use-search-navigation";
import { useViewChoice } from "./use-view-choice";

/** Exactly the /search loader's data (app/routes/search/search.tsx). */
export interface SearchPageProps {
  state: SearchState;
  errors: SearchParamError[];
  result: SearchResult | null;
  loadError: string | null;
  access: ViewerAccess;
  /** A trialing user's trial: the banner, and the price 'Upgrade Now' will charge. */
  trial: TrialSummary | null;
  /** The results' view this viewer chose last (docs/product.md#free-sample). */
  view: SearchView;
  totalCompanies: number;
  /** decision 030: the chosen investors' names by slug, for their chips. */
  investorNames?: Record<string, string>;
}

/** Below this width the filters open as a bottom sheet (Tailwind's sm breakpoint). */
const SHEET_QUERY = "(max-width: 639px)";

/**
 * docs/product.md#screens, search page. The URL is the state: every search, filter, order and page change is a navigation to
 * /search?..., and the loader reads it back, so reloads, back/forward and shared links show the same view.
 */
export function SearchPage({
  state,
  errors,
  result,
  loadError,
  access,
  trial,
  view,
  totalCompanies,
  investorNames = {},
}: SearchPageProps) {
  const panelId = useId();
  const [isPanelOpen, setIsPanelOpen] = useState(false);
  const [isSheetOpen, setIsSheetOpen] = useState(false);
  const { viewState, isLoading } = usePendingSearch(state);
  const navigation = useSearchNavigation(viewState);
  const gate = useSampleGate(access);
  const applyChange = gate.guard(navigation.applyChange);
  const goToPage = gate.guard(navigation.goToPage);
  const panelData = useFilterPanelData(viewState, isPanelOpen || isSheetOpen);
  const filterOptions = panelData?.filterOptions;
  const facets = panelData?.facets;
  const [shownView, chooseView] = useViewChoice(view);
  const filterCount = activeFilterCount(viewState);

  const toggleFilters = () => {
    if (window.matchMedia(SHEET_QUERY).matches) setIsSheetOpen(true);
    else setIsPanelOpen((open) => !open);
  };
  const removeChip = (key: FilterKey, value: string) => {
    const current = viewState[key];
    applyChange(
      isMultiFilterKey(key) && Array.isArray(current)
        ? { [key]: current.filter((item) => item !== value) }
        : { [key]: "" },
    );
  };

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-3 sm:px-6 sm:py-4">
      <header className="flex flex-wrap items-baseline gap-x-3">
        <h1 className="text-xl font-semibold text-slate-900">Search funded startups</h1>
        <p className="text-sm text-slate-600">
          {formatCount(totalCompanies)} venture-funded startups and their founders.
        </p>
      </header>

      {trial ? <TrialBanner trial={trial} /> : null}
      {gate.showBanner ? (
        <SampleBanner
          totalCompanies={totalCompanies}
          onSeePlans={() => gate.setIsPricingOpen(true)}
          onDismiss={gate.dismissBanner}
        />
      ) : null}

      <div className="flex flex-col gap-3">
        <div className="flex items-start gap-2">
          <SearchBar
            q={viewState.q}
            action="/search"
            hiddenFields={hiddenFieldsOf(serializeSearchState(viewState))}
            label="Search companies"
            placeholder="Company, founder, industry or city"
            canSearch={access.hasActiveAccess}
            onSearch={(q) => applyChange({ q })}
            {...(gate.isSample ? { onUpgrade: () => gate.setIsPricingOpen(true) } : {})}
            lockedReason={SEARCH_NEEDS_PLAN.box}
          />
          <FiltersToggle
            isOpen={isPanelOpen || isSheetOpen}
            count={filterCount}
            panelId={panelId}
            onToggle={toggleFilters}
          />
        </div>
        {isPanelOpen ? (
          <FilterPanel
            id={panelId}
            state={viewState}
            filterOptions={filterOptions}
            facets={facets}
            onChange={applyChange}
          />
        ) : null}
        <FilterSheet
          open={isSheetOpen}
          onOpenChange={setIsSheetOpen}
          showLabel={isLoading || !result ? "Searching…" : showResultsText(result)}
        >
          <FilterPanel
            id={`${panelId}-sheet`}
            state={viewState}
            filterOptions={filterOptions}
            facets={facets}
            onChange={applyChange}
            className="border-0 bg-white p-0"
          />
        </FilterSheet>
        <FilterChips
          chips={searchChipsOf(viewState, { ...panelData?.facets?.investor.labels, ...investorNames })}
          onRemove={({ key, value }) => removeChip(key as FilterKey, value)}
          onClearAll={() => applyChange(withoutFilters(viewState))}
        />
      </div>

      <ParamErrors errors={errors} />

      {/* On a phone one row of icons: the order and view's menu, then saving and export (docs/product.md#search). */}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <ResultsToolbar
          sort={viewState.sort}
          sortOptions={SORT_OPTIONS}
          size={viewState.size}
          view={shownView}
          canChoosePageSize={access.hasActiveAccess}
          onSort={(sort) => applyChange({ sort })}
          onPageSize={(size) => applyChange({ size })}
          onView={chooseView}
        />
        <div className="flex flex-wrap items-center gap-2">
          {/* docs/product.md#saved-searches: saved searches are for active access; nobody else is offered them. */}
          {access.hasActiveAccess ? <SavedSearchControls state={state} /> : null}
          {loadError ? null : (
            <ExportButton
              access={access}
              trial={trial}
              state={state}
              total={isLoading ? null : (result?.total ?? null)}
            />
          )}
        </div>
      </div>
      <SearchResults
        result={result}
        loadError={loadError}
        isLoading={isLoading}
        view={shownView}
        onPageChange={goToPage}
      />

      <SearchAccessPrompts access={access} totalCompanies={totalCompanies} />
      {gate.isSample ? (
        <PricingDialog open={gate.isPricingOpen} onOpenChange={gate.setIsPricingOpen} />
      ) : null}
    </div>
  );
}
