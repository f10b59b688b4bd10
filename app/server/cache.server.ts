interface Entry<T> {
  value: Promise<T>;
  expiresAt: number;
}

/**
 * A small time-bounded cache of one value per key object (a database handle): concurrent callers share
 * one load, a failed load is not kept, and `invalidate` drops the value after a write such as an import.
 * Values are per process; the TTL bounds how stale another process's copy can be.
 */
export function cachedPerKey<K extends object, T>(ttlMs: number, load: (key: K) => Promise<T>) {
  let entries = new WeakMap<K, Entry<T>>();
  return {
    get(key: K, now = Date.now()): Promise<T> {
      const entry = entries.get(key);
      if (entry && entry.expiresAt > now) return entry.value;
      const value = load(key);
      entries.set(key, { value, expiresAt: now + ttlMs });
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      return value;
    },
    invalidate(): void {
      entries = new WeakMap();
    },
  };
}
