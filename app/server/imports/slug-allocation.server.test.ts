import { describe, expect, it } from "vitest";
import { allocateSlugsAmong } from "./slug-allocation.server";

/** A lookup over a fixed set of taken slugs that records each query's size. */
function takenFrom(taken: Iterable<string>) {
  const set = new Set(taken);
  const queries: number[] = [];
  const lookup = async (slugs: string[]) => {
    queries.push(slugs.length);
    return new Set(slugs.filter((slug) => set.has(slug)));
  };
  return { lookup, queries };
}

describe("allocateSlugsAmong", () => {
  it("gives each name its slug when free, in one lookup", async () => {
    const { lookup, queries } = takenFrom([]);
    expect(await allocateSlugsAmong(["acme", "beta"], lookup)).toEqual(["acme", "beta"]);
    expect(queries).toEqual([2]);
  });

  it("numbers repeated and taken slugs from -2, skipping taken suffixes", async () => {
    const { lookup } = takenFrom(["beta", "beta-2", "beta-4"]);
    expect(await allocateSlugsAmong(["acme", "acme", "beta", "beta", "acme"], lookup)).toEqual([
      "acme",
      "acme-2",
      "beta-3",
      "beta-5",
      "acme-3",
    ]);
  });

  it("looks taken suffixes up in widening bulk rounds, not one query per company", async () => {
    const taken = ["x", ...Array.from({ length: 40 }, (_, index) => `x-${index + 2}`)];
    const { lookup, queries } = takenFrom(taken);
    expect(await allocateSlugsAmong(["x"], lookup)).toEqual(["x-42"]);
    // The bases, then suffixes 2-10 (9), then 11-43 (33).
    expect(queries).toEqual([1, 9, 33]);
  });
});
