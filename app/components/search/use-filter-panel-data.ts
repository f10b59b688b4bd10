import { useEffect } from "react";
import { useFetcher } from "react-router";
import type { FilterOptions } from "~/core/filter-options";
import type { SearchFacets } from "~/core/search-facets";
import { type SearchState, serializeSearchState } from "~/core/search-params";

export interface FilterPanelData {
  filterOptions: FilterOptions;
  facets: SearchFacets;
}

/**
 * A listing's filter panel data (options and option counts for the current view), loaded from `url` while
 * the filters are open (and again after each change). The last answer stays shown while the next one
 * loads; undefined before the first.
 */
export function usePanelData<Data>(url: string, isOpen: boolean): Data | undefined {
  const fetcher = useFetcher<Data>();
  const { load } = fetcher;
  useEffect(() => {
    if (isOpen) void load(url);
  }, [isOpen, url, load]);
  // The loaders answer plain JSON of exactly this shape (no Date, no Map): what the fetcher holds is Data.
  return fetcher.data as Data | undefined;
}

/** docs/product.md#filters: /search's panel data from /api/search-facets (the order, size and page do not change it). */
export function useFilterPanelData(state: SearchState, isOpen: boolean): FilterPanelData | undefined {
  const query = serializeSearchState({ ...state, page: 1, sort: "date-desc", size: 50 }).toString();
  return usePanelData<FilterPanelData>(`/api/search-facets?${query}`, isOpen);
}
