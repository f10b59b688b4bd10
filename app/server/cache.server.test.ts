import { describe, expect, it } from "vitest";
import { cachedLru, cachedPerKey } from "./cache.server";

describe("cachedPerKey", () => {
  it("loads once per key within the TTL and again after it", async () => {
    let loads = 0;
    const cache = cachedPerKey(1_000, async (key: { name: string }) => `${key.name}-${++loads}`);
    const key = { name: "a" };
    expect(await cache.get(key, 0)).toBe("a-1");
    expect(await cache.get(key, 999)).toBe("a-1");
    expect(await cache.get(key, 1_000)).toBe("a-2");
    expect(await cache.get({ name: "b" }, 1_000)).toBe("b-3");
  });

  it("shares one load between concurrent callers", async () => {
    let loads = 0;
    const cache = cachedPerKey(1_000, async () => ++loads);
    const key = {};
    const [first, second] = await Promise.all([cache.get(key, 0), cache.get(key, 0)]);
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
    await expect(cache.get(key, 0)).rejects.toThrow("boom");
    expect(await cache.get(key, 1)).toBe(2);
    cache.invalidate();
    expect(await cache.get(key, 2)).toBe(3);
  });
});

describe("cachedLru", () => {
  const db = {};

  it("serves a stored value within the TTL, per scope and key", async () => {
    const cache = cachedLru<object, string>({ ttlMs: 1_000, maxEntries: 10 });
    await cache.set(db, "a", Promise.resolve("A"), 0);
    expect(await cache.peek(db, "a", 999)).toBe("A");
    expect(cache.peek(db, "a", 1_000)).toBeUndefined();
    expect(cache.peek(db, "b", 0)).toBeUndefined();
    expect(cache.peek({}, "a", 0)).toBeUndefined();
  });

  it("loads on a miss and shares the load between concurrent callers", async () => {
    let loads = 0;
    const cache = cachedLru<object, number>({ ttlMs: 1_000, maxEntries: 10 });
    const load = async () => ++loads;
    const [first, second] = await Promise.all([cache.get(db, "k", load, 0), cache.get(db, "k", load, 0)]);
    expect([first, second, loads]).toEqual([1, 1, 1]);
    expect(await cache.get(db, "k", load, 1_000)).toBe(2);
  });

  it("evicts the least recently used key past maxEntries", async () => {
    const cache = cachedLru<object, string>({ ttlMs: 1_000, maxEntries: 2 });
    cache.set(db, "a", Promise.resolve("A"), 0);
    cache.set(db, "b", Promise.resolve("B"), 0);
    // Using "a" makes "b" the least recently used.
    expect(cache.peek(db, "a", 0)).toBeDefined();
    cache.set(db, "c", Promise.resolve("C"), 0);
    expect(cache.peek(db, "b", 0)).toBeUndefined();
    expect(await cache.peek(db, "a", 0)).toBe("A");
    expect(await cache.peek(db, "c", 0)).toBe("C");
  });

  it("storing a key again replaces its value and makes it the most recent", async () => {
    const cache = cachedLru<object, string>({ ttlMs: 1_000, maxEntries: 2 });
    cache.set(db, "a", Promise.resolve("A"), 0);
    cache.set(db, "b", Promise.resolve("B"), 0);
    cache.set(db, "a", Promise.resolve("A2"), 500);
    cache.set(db, "c", Promise.resolve("C"), 500);
    expect(cache.peek(db, "b", 500)).toBeUndefined();
    expect(await cache.peek(db, "a", 1_400)).toBe("A2");
  });

  it("drops a failed value but not a newer one stored under the same key", async () => {
    const cache = cachedLru<object, string>({ ttlMs: 1_000, maxEntries: 10 });
    const failed = cache.set(db, "a", Promise.reject(new Error("boom")), 0);
    await expect(failed).rejects.toThrow("boom");
    expect(cache.peek(db, "a", 0)).toBeUndefined();

    let fail: (error: Error) => void = () => undefined;
    const slow = cache.set(db, "b", new Promise<string>((_, reject) => (fail = reject)), 0);
    cache.set(db, "b", Promise.resolve("B"), 0);
    fail(new Error("late"));
    await expect(slow).rejects.toThrow("late");
    expect(await cache.peek(db, "b", 0)).toBe("B");
  });

  it("invalidate drops every scope's values", async () => {
    const cache = cachedLru<object, string>({ ttlMs: 1_000, maxEntries: 10 });
    const other = {};
    cache.set(db, "a", Promise.resolve("A"), 0);
    cache.set(other, "a", Promise.resolve("A"), 0);
    cache.invalidate();
    expect(cache.peek(db, "a", 0)).toBeUndefined();
    expect(cache.peek(other, "a", 0)).toBeUndefined();
  });
});
