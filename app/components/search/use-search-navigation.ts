import { useCallback, useMemo } from "react";
import { useNavigate, useNavigation } from "react-router";
import { parseSearchParams, type SearchState, serializeSearchState, withChange } from "~/core/search-params";

export type SearchChange = Partial<Omit<SearchState, "page">>;

/** The URL of a search view: the URL is the state, so links, reloads and back/forward reproduce it. */
export function searchHref(state: SearchState): string {
  const query = serializeSearchState(state).toString();
  return query ? `/search?${query}` : "/search";
}

/** Moves the search view by navigating, never by local state (reload and shared links then agree). */
export function useSearchNavigation(state: SearchState) {
  const navigate = useNavigate();
  // spec 4: pagination resets to page 1 on every new search or filter change (withChange does it).
  const applyChange = useCallback(
    (change: SearchChange) => {
      void navigate(searchHref(withChange(state, change)));
    },
    [navigate, state],
  );
  // The pager changes only the page; every other part of the view stays as the URL has it.
  const goToPage = useCallback(
    (page: number) => {
      void navigate(searchHref({ ...state, page }));
    },
    [navigate, state],
  );
  return { applyChange, goToPage };
}

/**
 * While a navigation to /search loads (spec 2: loading shows skeleton cards), the controls already show
 * the state being loaded, so a removed chip disappears at once and a second change builds on the first.
 */
export function usePendingSearch(state: SearchState): { viewState: SearchState; isLoading: boolean } {
  const navigation = useNavigation();
  const isLoading = navigation.state === "loading" && navigation.location.pathname === "/search";
  const pendingSearch = isLoading ? navigation.location.search : null;
  const viewState = useMemo(
    () => (pendingSearch === null ? state : parseSearchParams(new URLSearchParams(pendingSearch)).state),
    [pendingSearch, state],
  );
  return { viewState, isLoading };
}
