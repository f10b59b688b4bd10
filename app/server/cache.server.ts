interface Entry<T> {
  value: Promise<T>;
  expiresAt: number;
}

export interface LruCacheOptions {
  /** How long a value is served after it was stored. */
  ttlMs: number;
  /** Values kept per scope; past this the least recently used goes. */
  maxEntries: number;
}

export interface LruCache<S extends object, T> {
  /** The fresh value under `key`, if any (it becomes the most recently used); never loads. */
  peek(scope: S, key: string, now?: number): Promise<T> | undefined;
  /** Stores `value` under `key` (a rejected value is dropped when it fails) and returns it. */
  set(scope: S, key: string, value: Promise<T>, now?: number): Promise<T>;
  /** The fresh value under `key`, else `load()`'s, stored. */
  get(scope: S, key: string, load: () => Promise<T>, now?: number): Promise<T>;
  /** Drops every value of every scope (after a write such as an import). */
  invalidate(): void;
}

/**
 * The app's one in-process cache: promises of values per scope object (a database handle, so two
 * databases in one process never share values) and string key, each served for `ttlMs`, at most
 * `maxEntries` per scope (least recently used evicted first). Concurrent callers share one load, a failed
 * load is not kept, and `invalidate` drops everything. Values are per process; the TTL bounds how stale
 * another process's copy can be.
 */
export function cachedLru<S extends object, T>({ ttlMs, maxEntries }: LruCacheOptions): LruCache<S, T> {
  // A Map iterates in insertion order: re-inserting an entry on use makes the first key the least recent.
  let scopes = new WeakMap<S, Map<string, Entry<T>>>();

  const cache: LruCache<S, T> = {
    peek(scope, key, now = Date.now()) {
      const entries = scopes.get(scope);
      const entry = entries?.get(key);
      if (!entries || !entry || entry.expiresAt <= now) return undefined;
      entries.delete(key);
      entries.set(key, entry);
      return entry.value;
    },
    set(scope, key, value, now = Date.now()) {
      let entries = scopes.get(scope);
      if (!entries) {
        entries = new Map();
        scopes.set(scope, entries);
      }
      const held = entries;
      held.delete(key);
      held.set(key, { value, expiresAt: now + ttlMs });
      value.catch(() => {
        if (held.get(key)?.value === value) held.delete(key);
      });
      while (held.size > maxEntries) held.delete(held.keys().next().value as string);
      return value;
    },
    get(scope, key, load, now = Date.now()) {
      return cache.peek(scope, key, now) ?? cache.set(scope, key, load(), now);
    },
    invalidate() {
      scopes = new WeakMap();
    },
  };
  return cache;
}

/**
 * One value per key object (a database handle), loaded by `load` and kept `ttlMs`: cachedLru with a
 * single entry per scope.
 */
export function cachedPerKey<K extends object, T>(ttlMs: number, load: (key: K) => Promise<T>) {
  const cache = cachedLru<K, T>({ ttlMs, maxEntries: 1 });
  return {
    get(key: K, now = Date.now()): Promise<T> {
      return cache.get(key, "", () => load(key), now);
    },
    invalidate(): void {
      cache.invalidate();
    },
  };
}
