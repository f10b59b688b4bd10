/** docs/product.md#search: the search results as cards (docs/product.md#screens; the default) or as a dense table. */
export const SEARCH_VIEWS = ["cards", "table"] as const;
export type SearchView = (typeof SEARCH_VIEWS)[number];
export const DEFAULT_SEARCH_VIEW: SearchView = "cards";

export function parseSearchView(value: unknown): SearchView | null {
  return SEARCH_VIEWS.find((view) => view === value) ?? null;
}
