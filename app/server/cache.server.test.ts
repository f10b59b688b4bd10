import { describe, expect, it } from "vitest";
import { cachedPerKey } from "./cache.server";

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
