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
 * Issue 15: the filter panel's options and option counts for the current search, loaded from
 * /api/search-facets while the filters are open (and again after each change). The last answer stays
 * shown while the next one loads; undefined before the first.
 */
export function useFilterPanelData(state: SearchState, isOpen: boolean): FilterPanelData | undefined {
  const fetcher = useFetcher<FilterPanelData>();
  const query = serializeSearchState({ ...state, page: 1, sort: "date-desc", size: 50 }).toString();
  const { load } = fetcher;
  useEffect(() => {
    if (isOpen) void load(`/api/search-facets?${query}`);
  }, [isOpen, query, load]);
  return fetcher.data;
}
