interface Entry<T> {
  value: Promise<T>;
  expiresAt: number;
  version: string;
}

export interface LruCacheOptions {
  /** How long a value is served after it was stored. */
  ttlMs: number;
  /** Values kept per scope; past this the least recently used goes. */
  maxEntries: number;
}

/**
 * Every method takes the data version the caller read before asking (data-version.server.ts): a value
 * stored at another version is missing (and dropped), however fresh.
 */
export interface LruCache<S extends object, T> {
  /** The fresh value under `key` at `version`, if any (it becomes the most recently used); never loads. */
  peek(scope: S, key: string, version: string, now?: number): Promise<T> | undefined;
  /**
   * Stores `value` under `key`, loaded at `version` (a rejected value is dropped when it fails), and
   * returns it.
   */
  set(scope: S, key: string, version: string, value: Promise<T>, now?: number): Promise<T>;
  /** The fresh value under `key` at `version`, else `load()`'s, stored. */
  get(scope: S, key: string, version: string, load: () => Promise<T>, now?: number): Promise<T>;
  /** Drops every value of every scope (this process's values; other processes follow the version). */
  invalidate(): void;
}

/**
 * The app's one in-process cache: promises of values per scope object (a database handle, so two
 * databases in one process never share values) and string key, each served for `ttlMs` while the data
 * version it was stored at is the current one, at most `maxEntries` per scope (least recently used
 * evicted first). Concurrent callers share one load, a failed load is not kept, and `invalidate` drops
 * everything. Values are per process; the version makes a write in any process (it changes the version in
 * its transaction) drop them in every process, and the TTL bounds what the version does not cover (the
 * day moving on, the planner's table size).
 */
export function cachedLru<S extends object, T>({ ttlMs, maxEntries }: LruCacheOptions): LruCache<S, T> {
  // A Map iterates in insertion order: re-inserting an entry on use makes the first key the least recent.
  let scopes = new WeakMap<S, Map<string, Entry<T>>>();

  const cache: LruCache<S, T> = {
    peek(scope, key, version, now = Date.now()) {
      const entries = scopes.get(scope);
      const entry = entries?.get(key);
      if (!entries || !entry) return undefined;
      if (entry.expiresAt <= now || entry.version !== version) {
        entries.delete(key);
        return undefined;
      }
      entries.delete(key);
      entries.set(key, entry);
      return entry.value;
    },
    set(scope, key, version, value, now = Date.now()) {
      let entries = scopes.get(scope);
      if (!entries) {
        entries = new Map();
        scopes.set(scope, entries);
      }
      const held = entries;
      held.delete(key);
      held.set(key, { value, expiresAt: now + ttlMs, version });
      value.catch(() => {
        if (held.get(key)?.value === value) held.delete(key);
      });
      while (held.size > maxEntries) held.delete(held.keys().next().value as string);
      return value;
    },
    get(scope, key, version, load, now = Date.now()) {
      return cache.peek(scope, key, version, now) ?? cache.set(scope, key, version, load(), now);
    },
    invalidate() {
      scopes = new WeakMap();
    },
  };
  return cache;
}

/**
 * One value per key object (a database handle), loaded by `load` and kept `ttlMs` while `version` stays
 * the same: cachedLru with a single entry per scope. A value that no write can change passes a constant
 * version.
 */
export function cachedPerKey<K extends object, T>(ttlMs: number, load: (key: K) => Promise<T>) {
  const cache = cachedLru<K, T>({ ttlMs, maxEntries: 1 });
  return {
    get(key: K, version: string, now = Date.now()): Promise<T> {
      return cache.get(key, "", version, () => load(key), now);
    },
    invalidate(): void {
      cache.invalidate();
    },
  };
}
