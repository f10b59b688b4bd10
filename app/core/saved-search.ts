import {
  parseSearchParams,
  type SearchParamError,
  type SearchState,
  serializeSearchState,
} from "./search-params";

/**
 * docs/product.md#alerts, saved searches: the rules of a name, the per-user limit, the alert frequencies and the stored
 * form of a search (its URL state). Pure; the server (server/saved-searches) applies them.
 */

export const MAX_SAVED_SEARCHES = 50;
export const MAX_SAVED_SEARCH_NAME = 80;

export const ALERT_FREQUENCY_VALUES = ["off", "daily", "weekly"] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCY_VALUES)[number];

export const ALERT_FREQUENCY_LABELS: Record<AlertFrequency, string> = {
  off: "No email",
  daily: "Daily email",
  weekly: "Weekly email",
};

export function isAlertFrequency(value: unknown): value is AlertFrequency {
  return typeof value === "string" && (ALERT_FREQUENCY_VALUES as readonly string[]).includes(value);
}

/**
 * A saved search as the API answers it and the pages show it (dates as ISO strings): the server
 * (server/saved-searches) writes this shape and the browser (components/saved-searches) reads it.
 */
export interface SavedSearchItem {
  id: number;
  name: string;
  /** The search page's query string of the search, without the page (canonical). */
  query: string;
  alert: AlertFrequency;
  /** When its next digest is due; null while its alert is off. */
  nextDigestAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** The fields a save or a change can be refused on. */
export type SavedSearchField = "name" | "query" | "alert";

export const SAVED_SEARCH_MESSAGES = {
  nameMissing: "Give the search a name.",
  nameTooLong: `A name can be at most ${MAX_SAVED_SEARCH_NAME} characters.`,
  nameTaken: "You already have a saved search with this name. Choose another name.",
  limit: `You can keep up to ${MAX_SAVED_SEARCHES} saved searches. Delete one to save another.`,
  alertInvalid: 'The email alert must be "off", "daily" or "weekly".',
  notFound: "That saved search does not exist (it may have been deleted).",
  noAccess: "Saved searches come with a subscription. Choose a plan to save searches and get alerts.",
  signedOut: "Sign in to save searches.",
} as const;

/** A name as stored: trimmed, inner runs of white space made one space; or the error to show. */
export function cleanSavedSearchName(value: unknown): { name: string } | { error: string } {
  const name =
    typeof value === "string"
      ? value
          .normalize("NFC")
          // Control characters (a NUL among them, which PostgreSQL refuses in text) are never part of a name.
          .replace(/\p{Cc}/gu, " ")
          .trim()
          .replace(/\s+/g, " ")
      : "";
  if (name === "") return { error: SAVED_SEARCH_MESSAGES.nameMissing };
  if ([...name].length > MAX_SAVED_SEARCH_NAME) return { error: SAVED_SEARCH_MESSAGES.nameTooLong };
  return { name };
}

/** The stored form of a search: the search page's query string of its state, without the page. */
export function canonicalSearchQuery(state: SearchState): string {
  return serializeSearchState({ ...state, page: 1 }).toString();
}

/**
 * A saved search's query as a search state. Values the search page would drop with a message are
 * refused, so a saved search never silently means something else than what was saved.
 */
export function readSavedSearchQuery(query: string): { state: SearchState; errors: SearchParamError[] } {
  const params = new URLSearchParams(query.startsWith("?") ? query.slice(1) : query);
  params.delete("page");
  return parseSearchParams(params);
}

/** The search page's link for a saved search. */
export function savedSearchHref(query: string): string {
  return query ? `/search?${query}` : "/search";
}
