import { useCallback, useMemo } from "react";
import { useNavigate, useNavigation } from "react-router";
import { parseSearchParams, type SearchState, serializeSearchState, withChange } from "~/core/search-params";

export type SearchChange = Partial<Omit<SearchState, "page">>;

/** The URL of a search view: the URL is the state, so links, reloads and back/forward reproduce it. */
export function searchHref(state: SearchState): string {
  const query = serializeSearchState(state).toString();
  return query ? `/search?${query}` : "/search";
}

/**
 * How a listing page (/search, /lps) moves: its URL for a state, a change that starts at page 1 again
 * (docs/product.md#search), and how a pending URL reads back as a state.
 */
export interface ListingUrls<State extends { page: number }, Change> {
  path: string;
  href: (state: State) => string;
  withChange: (state: State, change: Change) => State;
  parse: (params: URLSearchParams) => State;
}

const SEARCH_URLS: ListingUrls<SearchState, SearchChange> = {
  path: "/search",
  href: searchHref,
  withChange,
  parse: (params) => parseSearchParams(params).state,
};

/** Moves a listing's view by navigating, never by local state (reload and shared links then agree). */
export function useListingNavigation<State extends { page: number }, Change>(
  state: State,
  urls: ListingUrls<State, Change>,
) {
  const navigate = useNavigate();
  const { href, withChange: change } = urls;
  const applyChange = useCallback(
    (next: Change) => {
      void navigate(href(change(state, next)));
    },
    [navigate, state, href, change],
  );
  // The pager changes only the page; every other part of the view stays as the URL has it.
  const goToPage = useCallback(
    (page: number) => {
      void navigate(href({ ...state, page }));
    },
    [navigate, state, href],
  );
  return { applyChange, goToPage };
}

/**
 * While a navigation to the listing loads (docs/product.md#screens: loading shows skeleton cards), the controls already show
 * the state being loaded, so a removed chip disappears at once and a second change builds on the first.
 */
export function usePendingListing<State extends { page: number }, Change>(
  state: State,
  urls: ListingUrls<State, Change>,
): { viewState: State; isLoading: boolean } {
  const navigation = useNavigation();
  const isLoading = navigation.state === "loading" && navigation.location.pathname === urls.path;
  const pendingSearch = isLoading ? navigation.location.search : null;
  const { parse } = urls;
  const viewState = useMemo(
    () => (pendingSearch === null ? state : parse(new URLSearchParams(pendingSearch))),
    [pendingSearch, state, parse],
  );
  return { viewState, isLoading };
}

/** /search's navigation (docs/product.md#search: pagination resets to page 1 on every new search or filter change). */
export function useSearchNavigation(state: SearchState) {
  return useListingNavigation(state, SEARCH_URLS);
}

export function usePendingSearch(state: SearchState) {
  return usePendingListing(state, SEARCH_URLS);
}
