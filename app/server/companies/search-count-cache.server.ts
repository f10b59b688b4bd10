import type { SearchState } from "~/core/search-params";
import { cachedLru } from "../cache.server";
import type { Db } from "../db/database.server";
import type { MatchCount } from "./search-count.server";

// spec 9: search data is cached for 5 minutes. Counts are the costly half of a search (every match is
// visited), and paging through results repeats them; imports and seeds clear the cache at once.
const COUNT_TTL_MS = 5 * 60_000;
const COUNT_CACHE_SIZE = 1_000;
const counts = cachedLru<Db, MatchCount>({ ttlMs: COUNT_TTL_MS, maxEntries: COUNT_CACHE_SIZE });

// Every page of a search has the same count. The date filter's cutoff moves with the day, so the day is
// part of the key.
function countKey(state: SearchState, today: Date): string {
  return JSON.stringify([{ ...state, page: 0 }, today.toISOString().slice(0, 10)]);
}

/** The cached count of a search, if there is a fresh one (it becomes the most recently used). */
export function peekCount(db: Db, state: SearchState, today: Date): Promise<MatchCount> | undefined {
  return counts.peek(db, countKey(state, today));
}

/** Remembers a search's count (a failed one is forgotten) and returns it. */
export function storeCount(
  db: Db,
  state: SearchState,
  today: Date,
  count: Promise<MatchCount>,
): Promise<MatchCount> {
  return counts.set(db, countKey(state, today), count);
}

/** The cached count of a search, else `count()`'s, remembered. */
export function cachedCount(
  db: Db,
  state: SearchState,
  today: Date,
  count: () => Promise<MatchCount>,
): Promise<MatchCount> {
  return counts.get(db, countKey(state, today), count);
}

/**
 * Forget cached counts (after an import, a seed or a do-not-sell request changed the companies). The one
 * way they are dropped: invalidateCatalog() calls it.
 */
export function invalidateSearchCounts(): void {
  counts.invalidate();
}
