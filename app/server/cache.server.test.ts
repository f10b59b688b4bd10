import { describe, expect, it } from "vitest";
import { cachedLru, cachedPerKey } from "./cache.server";

describe("cachedPerKey", () => {
  it("loads once per key within the TTL and again after it", async () => {
    let loads = 0;
    const cache = cachedPerKey(1_000, async (key: { name: string }) => `${key.name}-${++loads}`);
    const key = { name: "a" };
    expect(await cache.get(key, "v1", 0)).toBe("a-1");
    expect(await cache.get(key, "v1", 999)).toBe("a-1");
    expect(await cache.get(key, "v1", 1_000)).toBe("a-2");
    expect(await cache.get({ name: "b" }, "v1", 1_000)).toBe("b-3");
  });

  it("shares one load between concurrent callers", async () => {
    let loads = 0;
    const cache = cachedPerKey(1_000, async () => ++loads);
    const key = {};
    const [first, second] = await Promise.all([cache.get(key, "v1", 0), cache.get(key, "v1", 0)]);
    expect([first, second, loads]).toEqual([1, 1, 1]);
  });

  it("does not keep a failed load, and invalidate drops values", async () => {
    let loads = 0;
    const cache = cachedPerKey(1_000, async () => {
      loads += 1;
      if (loads === 1) throw new Error("boom");
      return loads;
    });
    const key = {};
    await expect(cache.get(key, "v1", 0)).rejects.toThrow("boom");
    expect(await cache.get(key, "v1", 1)).toBe(2);
    cache.invalidate();
    expect(await cache.get(key, "v1", 2)).toBe(3);
  });

  it("reloads when the data version changes, within the TTL", async () => {
    let loads = 0;
    const cache = cachedPerKey(1_000, async () => ++loads);
    const key = {};
    expect(await cache.get(key, "v1", 0)).toBe(1);
    expect(await cache.get(key, "v1", 1)).toBe(1);
    expect(await cache.get(key, "v2", 2)).toBe(2);
    expect(await cache.get(key, "v2", 3)).toBe(2);
  });
});

describe("cachedLru", () => {
  const db = {};

  it("serves a stored value within the TTL, per scope and key", async () => {
    const cache = cachedLru<object, string>({ ttlMs: 1_000, maxEntries: 10 });
    await cache.set(db, "a", "v1", Promise.resolve("A"), 0);
    expect(await cache.peek(db, "a", "v1", 999)).toBe("A");
    expect(cache.peek(db, "a", "v1", 1_000)).toBeUndefined();
    expect(cache.peek(db, "b", "v1", 0)).toBeUndefined();
    expect(cache.peek({}, "a", "v1", 0)).toBeUndefined();
  });

  it("loads on a miss and shares the load between concurrent callers", async () => {
    let loads = 0;
    const cache = cachedLru<object, number>({ ttlMs: 1_000, maxEntries: 10 });
    const load = async () => ++loads;
    const [first, second] = await Promise.all([
      cache.get(db, "k", "v1", load, 0),
      cache.get(db, "k", "v1", load, 0),
    ]);
    expect([first, second, loads]).toEqual([1, 1, 1]);
    expect(await cache.get(db, "k", "v1", load, 1_000)).toBe(2);
  });

  it("evicts the least recently used key past maxEntries", async () => {
    const cache = cachedLru<object, string>({ ttlMs: 1_000, maxEntries: 2 });
    cache.set(db, "a", "v1", Promise.resolve("A"), 0);
    cache.set(db, "b", "v1", Promise.resolve("B"), 0);
    // Using "a" makes "b" the least recently used.
    expect(cache.peek(db, "a", "v1", 0)).toBeDefined();
    cache.set(db, "c", "v1", Promise.resolve("C"), 0);
    expect(cache.peek(db, "b", "v1", 0)).toBeUndefined();
    expect(await cache.peek(db, "a", "v1", 0)).toBe("A");
    expect(await cache.peek(db, "c", "v1", 0)).toBe("C");
  });

  it("storing a key again replaces its value and makes it the most recent", async () => {
    const cache = cachedLru<object, string>({ ttlMs: 1_000, maxEntries: 2 });
    cache.set(db, "a", "v1", Promise.resolve("A"), 0);
    cache.set(db, "b", "v1", Promise.resolve("B"), 0);
    cache.set(db, "a", "v1", Promise.resolve("A2"), 500);
    cache.set(db, "c", "v1", Promise.resolve("C"), 500);
    expect(cache.peek(db, "b", "v1", 500)).toBeUndefined();
    expect(await cache.peek(db, "a", "v1", 1_400)).toBe("A2");
  });

  it("drops a failed value but not a newer one stored under the same key", async () => {
    const cache = cachedLru<object, string>({ ttlMs: 1_000, maxEntries: 10 });
    const failed = cache.set(db, "a", "v1", Promise.reject(new Error("boom")), 0);
    await expect(failed).rejects.toThrow("boom");
    expect(cache.peek(db, "a", "v1", 0)).toBeUndefined();

    let fail: (error: Error) => void = () => undefined;
    const slow = cache.set(db, "b", "v1", new Promise<string>((_, reject) => (fail = reject)), 0);
    cache.set(db, "b", "v1", Promise.resolve("B"), 0);
    fail(new Error("late"));
    await expect(slow).rejects.toThrow("late");
    expect(await cache.peek(db, "b", "v1", 0)).toBe("B");
  });

  it("invalidate drops every scope's values", async () => {
    const cache = cachedLru<object, string>({ ttlMs: 1_000, maxEntries: 10 });
    const other = {};
    cache.set(db, "a", "v1", Promise.resolve("A"), 0);
    cache.set(other, "a", "v1", Promise.resolve("A"), 0);
    cache.invalidate();
    expect(cache.peek(db, "a", "v1", 0)).toBeUndefined();
    expect(cache.peek(other, "a", "v1", 0)).toBeUndefined();
  });
});

describe("cachedLru and the data version", () => {
  it("treats a value stored at another version as missing, and drops it", async () => {
    const cache = cachedLru<object, string>({ ttlMs: 60_000, maxEntries: 10 });
    const db = {};
    await cache.set(db, "a", "v1", Promise.resolve("A1"), 0);
    expect(await cache.peek(db, "a", "v1", 1)).toBe("A1");
    expect(cache.peek(db, "a", "v2", 1)).toBeUndefined();
    // Dropped, not just hidden: asking at the old version again finds nothing.
    expect(cache.peek(db, "a", "v1", 1)).toBeUndefined();
    let loads = 0;
    const load = async () => `A${++loads + 1}`;
    expect(await cache.get(db, "a", "v2", load, 2)).toBe("A2");
    expect(await cache.get(db, "a", "v2", load, 3)).toBe("A2");
    expect(loads).toBe(1);
  });
});
