import { useCallback, useId, useState } from "react";
import type { ViewerAccess } from "~/core/access";
import { formatCount } from "~/core/format";
import type { LpFilterPanelData, LpSearchResult } from "~/core/lp-card";
import {
  isLpMultiFilterKey,
  LP_FILTER_KEYS,
  LP_FILTER_LABELS,
  LP_SORT_OPTIONS,
  type LpSearchChange,
  type LpSearchState,
  lpActiveFilterCount,
  lpFilterValueLabel,
  lpSearchHref,
  parseLpSearchParams,
  serializeLpSearchState,
  withLpChange,
  withoutLpFilters,
} from "~/core/lp-search-params";
import type { SearchView } from "~/core/search-view";
import type { SearchParamError } from "~/core/url-values";
import { type FilterChip, FilterChips } from "../search/filter-chips";
import { FilterSheet } from "../search/filter-sheet";
import { FiltersToggle } from "../search/filters-toggle";
import { ParamErrors } from "../search/param-errors";
import { ResultSkeletons } from "../search/result-skeletons";
import { ResultsSection } from "../search/results-section";
import { ResultsToolbar } from "../search/results-toolbar";
import { resultsTotalText, showResultsText } from "../search/results-total";
import { hiddenFieldsOf, SearchBar } from "../search/search-bar";
import { usePanelData } from "../search/use-filter-panel-data";
import { type ListingUrls, useListingNavigation, usePendingListing } from "../search/use-search-navigation";
import { useViewChoice } from "../search/use-view-choice";
import { SpriteIcon } from "../ui/sprite-icon";
import { LpFilterPanel } from "./lp-filter-panel";
import { LpPlanBanner, LpPlanDialog, type LpPlanOffer } from "./lp-plan-offer";
import { LpResultCard } from "./lp-result-card";
import { LpTable } from "./lp-table";

/** Exactly the /lps loader's data (app/routes/lps/lps.tsx). */
export interface LpsPageProps {
  state: LpSearchState;
  errors: SearchParamError[];
  result: LpSearchResult | null;
  loadError: string | null;
  access: ViewerAccess;
  view: SearchView;
  offer: LpPlanOffer;
  totalLps: number;
}

const LP_URLS: ListingUrls<LpSearchState, LpSearchChange> = {
  path: "/lps",
  href: lpSearchHref,
  withChange: withLpChange,
  parse: (params) => parseLpSearchParams(params).state,
};

/** Below this width the filters open as a bottom sheet (Tailwind's sm breakpoint), as on /search. */
const SHEET_QUERY = "(max-width: 639px)";

function chipsOf(state: LpSearchState): FilterChip[] {
  return LP_FILTER_KEYS.flatMap((key) => {
    const value = state[key];
    const values = typeof value === "string" ? (value ? [value] : []) : value;
    return values.map((item) => ({
      key,
      value: item,
      filterLabel: LP_FILTER_LABELS[key],
      label: lpFilterValueLabel(key, item),
    }));
  });
}

/**
 * docs/product.md#lps, /lps: the search page's anatomy over limited partners, from the same parts (search bar, filter
 * toggle, panel and phone sheet, chips, toolbar, results with pagers, skeletons and empty state). The URL
 * is the state. Without LP access the server answers a fixed sample with masked emails, and every step
 * beyond it (search, filter, order, page, export) opens the LP plan's offer instead.
 */
export function LpsPage({ state, errors, result, loadError, access, view, offer, totalLps }: LpsPageProps) {
  const panelId = useId();
  const [isPanelOpen, setIsPanelOpen] = useState(false);
  const [isSheetOpen, setIsSheetOpen] = useState(false);
  const [isOfferOpen, setIsOfferOpen] = useState(false);
  const { viewState, isLoading } = usePendingListing(state, LP_URLS);
  const navigation = useListingNavigation(viewState, LP_URLS);
  const hasAccess = access.hasLpAccess;
  const guard = useCallback(
    <A extends unknown[]>(action: (...args: A) => void) =>
      (...args: A) => {
        if (hasAccess) action(...args);
        else setIsOfferOpen(true);
      },
    [hasAccess],
  );
  const applyChange = guard(navigation.applyChange);
  const goToPage = guard(navigation.goToPage);
  const facetQuery = serializeLpSearchState({ ...viewState, page: 1, sort: "aum-desc", size: 50 }).toString();
  const panelData = usePanelData<LpFilterPanelData>(
    `/api/lps-facets?${facetQuery}`,
    isPanelOpen || isSheetOpen,
  );
  const [shownView, chooseView] = useViewChoice(view);
  const isMasked = result?.lps.some((lp) => lp.contacts.some((contact) => contact.isEmailMasked)) ?? false;

  const toggleFilters = () => {
    if (!hasAccess) setIsOfferOpen(true);
    else if (window.matchMedia(SHEET_QUERY).matches) setIsSheetOpen(true);
    else setIsPanelOpen((open) => !open);
  };
  const removeChip = ({ key, value }: FilterChip) => {
    const filter = LP_FILTER_KEYS.find((candidate) => candidate === key);
    if (!filter) return;
    const current = viewState[filter];
    applyChange(
      isLpMultiFilterKey(filter) && Array.isArray(current)
        ? { [filter]: current.filter((item) => item !== value) }
        : { [filter]: "" },
    );
  };
  const exportHref = `/api/export-lps?${serializeLpSearchState({ ...state, page: 1 }).toString()}`;

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-3 sm:px-6 sm:py-4">
      <header className="flex flex-wrap items-baseline gap-x-3">
        <h1 className="text-xl font-semibold text-slate-900">Search limited partners</h1>
        <p className="text-sm text-slate-600">
          {formatCount(totalLps)} family offices, endowments, foundations, pensions and funds of funds, with
          the people to write to.
        </p>
      </header>

      {hasAccess ? null : <LpPlanBanner offer={offer} access={access} totalLps={totalLps} />}

      <div className="flex flex-col gap-3">
        <div className="flex gap-2">
          <SearchBar
            q={viewState.q}
            action="/lps"
            hiddenFields={hiddenFieldsOf(serializeLpSearchState(viewState))}
            label="Search limited partners"
            placeholder="LP name, city or contact"
            canSearch={hasAccess}
            onSearch={(q) => applyChange({ q })}
            {...(hasAccess ? {} : { onUpgrade: () => setIsOfferOpen(true) })}
          />
          <FiltersToggle
            isOpen={isPanelOpen || isSheetOpen}
            count={lpActiveFilterCount(viewState)}
            panelId={panelId}
            onToggle={toggleFilters}
          />
        </div>
        {isPanelOpen ? (
          <LpFilterPanel id={panelId} state={viewState} panelData={panelData} onChange={applyChange} />
        ) : null}
        <FilterSheet
          open={isSheetOpen}
          onOpenChange={setIsSheetOpen}
          showLabel={isLoading || !result ? "Searching…" : showResultsText(result)}
        >
          <LpFilterPanel
            id={`${panelId}-sheet`}
            state={viewState}
            panelData={panelData}
            onChange={applyChange}
            className="border-0 bg-white p-0"
          />
        </FilterSheet>
        <FilterChips
          chips={chipsOf(viewState)}
          onRemove={removeChip}
          onClearAll={() => applyChange(withoutLpFilters(viewState))}
        />
      </div>

      <ParamErrors errors={errors} />

      <div className="flex flex-wrap items-center justify-between gap-2">
        <ResultsToolbar
          sort={viewState.sort}
          sortOptions={LP_SORT_OPTIONS}
          size={viewState.size}
          view={shownView}
          canChoosePageSize={hasAccess}
          onSort={(sort) => applyChange({ sort })}
          onPageSize={(size) => applyChange({ size })}
          onView={chooseView}
        />
        {loadError ? null : hasAccess ? (
          result && result.total > 0 && !isLoading ? (
            <a
              href={exportHref}
              download
              data-testid="export-lps"
              className="inline-flex items-center gap-2 rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 shadow-sm hover:bg-slate-50"
            >
              <SpriteIcon name="download" className="h-4 w-4" />
              Export CSV
            </a>
          ) : null
        ) : (
          <button
            type="button"
            data-testid="export-lps"
            onClick={() => setIsOfferOpen(true)}
            className="inline-flex items-center gap-2 rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 shadow-sm hover:bg-slate-50"
          >
            <SpriteIcon name="download" className="h-4 w-4" />
            Export CSV
          </button>
        )}
      </div>

      <ResultsSection
        result={result ? { ...result, shown: result.lps.length } : null}
        totalText={
          result
            ? result.isSample
              ? `A sample of ${formatCount(result.lps.length)} of ${resultsTotalText(result, { one: "LP", many: "LPs" })}`
              : resultsTotalText(result, { one: "LP", many: "LPs" })
            : ""
        }
        errorText={loadError ? `Error loading LPs: ${loadError}` : null}
        isLoading={isLoading}
        isMasked={isMasked}
        maskedNotice="Emails are masked without LP access"
        skeletons={<ResultSkeletons label="Loading LPs…" />}
        emptyTitle="No LPs found"
        emptyText="Try adjusting your search criteria or filters to find more results."
        canPage={!result?.isSample}
        onPageChange={goToPage}
      >
        {result === null ? null : shownView === "table" ? (
          <LpTable lps={result.lps} isMasked={isMasked} />
        ) : (
          <ul className="flex flex-col gap-3">
            {result.lps.map((lp) => (
              <li key={lp.id}>
                <LpResultCard lp={lp} />
              </li>
            ))}
          </ul>
        )}
      </ResultsSection>

      {hasAccess ? null : (
        <LpPlanDialog
          open={isOfferOpen}
          onOpenChange={setIsOfferOpen}
          offer={offer}
          access={access}
          totalLps={totalLps}
        />
      )}
    </div>
  );
}
