import type { SearchState } from "~/core/search-params";
import { filtersOf, hasFilters, parseSearchParams } from "~/core/search-params";
import type { Db } from "../db/database.server";
import { type ActivityDetails, userActivity } from "../db/schema";
import { logger } from "../logger.server";

/** user_activity.action_type: the search page's events, exports, and calls of the REST API (api-v1.server.ts). */
export type ActivityType = "search" | "filter" | "export" | "api";

/**
 * Which search-page event this request is: 'search' when the query text changed, 'filter' when only
 * filters changed, nothing for paging, sorting, a page size or a reload. The previous view comes from the Referer (same page).
 */
export function searchActivityType(
  state: SearchState,
  referer: string | null,
  requestUrl: string,
): ActivityType | null {
  const hasCriteria = state.q !== "" || hasFilters(state);
  let previous: SearchState | null = null;
  if (referer) {
    try {
      const from = new URL(referer);
      if (from.origin === new URL(requestUrl).origin && from.pathname === "/search") {
        previous = parseSearchParams(from.searchParams).state;
      }
    } catch {
      previous = null;
    }
  }
  if (!previous) return hasCriteria ? (state.q ? "search" : "filter") : null;
  if (previous.q !== state.q) return "search";
  return JSON.stringify(filtersOf(previous)) !== JSON.stringify(filtersOf(state)) ? "filter" : null;
}

/** docs/product.md#data, user_activity's details of a company search or export. */
export function activityDetailsOf(state: SearchState, totalResults: number): ActivityDetails {
  return { query: state.q, filters: filtersOf(state), totalResults };
}

/** docs/product.md#data, user_activity: { query, filters, totalResults } of a company search or export. */
export function recordActivity(
  db: Db,
  userId: string,
  type: ActivityType,
  state: SearchState,
  totalResults: number,
): Promise<void> {
  return recordActivityDetails(db, userId, type, activityDetailsOf(state, totalResults));
}

/**
 * The one writer of user_activity. Returns the write's promise, which callers on a request path do not
 * await: a slow or failed write is logged, and never slows or breaks the search.
 */
export function recordActivityDetails(
  db: Db,
  userId: string,
  type: ActivityType,
  details: ActivityDetails,
): Promise<void> {
  return db
    .insert(userActivity)
    .values({ userId, actionType: type, actionDetails: details })
    .then(() => undefined)
    .catch((error: unknown) => logger.error({ err: error, userId, type }, "could not record activity"));
}
