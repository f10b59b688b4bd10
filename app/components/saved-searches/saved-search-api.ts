import type { SavedSearchField, SavedSearchItem } from "~/core/saved-search";

export type { SavedSearchField, SavedSearchItem };

/**
 * docs/product.md#saved-searches: what the browser exchanges with /api/saved-searches (server/saved-searches/
 * saved-searches-api.server.ts answers it). The shapes are the server's JSON, restated here because
 * components never import server modules.
 */

export const SAVED_SEARCHES_URL = "/api/saved-searches";

export function savedSearchUrl(id: number): string {
  return `${SAVED_SEARCHES_URL}/${id}`;
}

export interface SavedSearchToast {
  title: string;
  description?: string;
}

export interface SavedSearchRefusal {
  error: string;
  fieldErrors?: Partial<Record<SavedSearchField, string>>;
}

export type SavedSearchListResult = { savedSearches: SavedSearchItem[]; limit: number } | SavedSearchRefusal;

export type SavedSearchResult =
  | { savedSearch: SavedSearchItem; toast: SavedSearchToast }
  | { deleted: number; toast: SavedSearchToast }
  | SavedSearchRefusal;

export function isRefusal(result: object): result is SavedSearchRefusal {
  return "error" in result && typeof (result as { error: unknown }).error === "string";
}

/** A change to the list the page shows, from a row's answer. */
export type SavedSearchChange =
  | { kind: "saved"; savedSearch: SavedSearchItem }
  | { kind: "deleted"; id: number };

/** The list after a change: a saved search replaced in place (or added first, newest first), or removed. */
export function applySavedSearchChange(
  items: SavedSearchItem[],
  change: SavedSearchChange,
): SavedSearchItem[] {
  if (change.kind === "deleted") return items.filter((item) => item.id !== change.id);
  const { savedSearch } = change;
  if (items.some((item) => item.id === savedSearch.id)) {
    return items.map((item) => (item.id === savedSearch.id ? savedSearch : item));
  }
  return [savedSearch, ...items];
}
