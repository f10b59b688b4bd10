import { filtersOf, type SearchState } from "~/core/search-params";
import type { MatchCount } from "~/core/search-plan";
import { cachedLru } from "../cache.server";
import type { Db } from "../db/database.server";
import { invalidatePlannedRows } from "./search-count.server";

// Decision 005: search data is cached for 5 minutes. Counts are the costly half of a search (every match is
// visited), and paging through results repeats them. A count is served only at the data version it was
// counted at (data-version.server.ts): a do-not-sell request, an import, a seed or an admin edit in any
// process changes the version, and every process recounts on its next search.
const COUNT_TTL_MS = 5 * 60_000;
const COUNT_CACHE_SIZE = 1_000;
const counts = cachedLru<Db, MatchCount>({ ttlMs: COUNT_TTL_MS, maxEntries: COUNT_CACHE_SIZE });

// Every page, order and page size of a search has the same count: the key is the text and the filters.
// The date filter's cutoff moves with the day, so the day is part of the key.
function countKey(state: SearchState, today: Date): string {
  return JSON.stringify([state.q, filtersOf(state), today.toISOString().slice(0, 10)]);
}

/**
 * The cached count of a search at data version `version`, if there is a fresh one (it becomes the most
 * recently used).
 */
export function peekCount(
  db: Db,
  version: string,
  state: SearchState,
  today: Date,
): Promise<MatchCount> | undefined {
  return counts.peek(db, countKey(state, today), version);
}

/**
 * Remembers a search's count (a failed one is forgotten) and returns it. `version` is the data version
 * read before the count was started.
 */
export function storeCount(
  db: Db,
  version: string,
  state: SearchState,
  today: Date,
  count: Promise<MatchCount>,
): Promise<MatchCount> {
  return counts.set(db, countKey(state, today), version, count);
}

/** The cached count of a search at data version `version`, else `count()`'s, remembered. */
export function cachedCount(
  db: Db,
  version: string,
  state: SearchState,
  today: Date,
  count: () => Promise<MatchCount>,
): Promise<MatchCount> {
  return counts.get(db, countKey(state, today), version, count);
}

/**
 * Forget this process's cached counts, and the planner's estimates that steer searches, at once
 * (invalidateCatalog() calls it after a write here). Other processes drop theirs by the data version.
 */
export function invalidateSearchCounts(): void {
  counts.invalidate();
  invalidatePlannedRows();
}
