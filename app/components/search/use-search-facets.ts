import { useEffect } from "react";
import { useFetcher } from "react-router";
import type { SearchFacets } from "~/core/search-facets";
import { type SearchState, serializeSearchState } from "~/core/search-params";

/**
 * Issue 15: the pickers' option counts for the current search, loaded from /api/search-facets while the
 * filters are open (and again after each change); undefined until they arrive.
 */
export function useSearchFacets(state: SearchState, isOpen: boolean): SearchFacets | undefined {
  const fetcher = useFetcher<SearchFacets>();
  const query = serializeSearchState({ ...state, page: 1, sort: "date-desc", size: 50 }).toString();
  const { load } = fetcher;
  useEffect(() => {
    if (isOpen) void load(`/api/search-facets?${query}`);
  }, [isOpen, query, load]);
  return isOpen ? fetcher.data : undefined;
}
