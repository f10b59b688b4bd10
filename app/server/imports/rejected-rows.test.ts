import { describe, expect, it } from "vitest";
import { keepRejected } from "./rejected-rows";

describe("keepRejected", () => {
  it("keeps rows in file order when a later-found row comes earlier in the file", () => {
    const kept = [{ row: 2 }, { row: 9 }];
    keepRejected(kept, { row: 5 }, 10);
    keepRejected(kept, { row: 12 }, 10);
    expect(kept.map(({ row }) => row)).toEqual([2, 5, 9, 12]);
  });

  it("keeps the first `max` rows of the file", () => {
    const kept = [{ row: 2 }, { row: 9 }];
    keepRejected(kept, { row: 11 }, 2);
    expect(kept.map(({ row }) => row)).toEqual([2, 9]);
    keepRejected(kept, { row: 5 }, 2);
    expect(kept.map(({ row }) => row)).toEqual([2, 5]);
  });

  it("keeps nothing when max is 0", () => {
    const kept: Array<{ row: number }> = [];
    keepRejected(kept, { row: 3 }, 0);
    expect(kept).toEqual([]);
  });
});
