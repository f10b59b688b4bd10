import { describe, expect, it } from "vitest";
import { ADVISORY_LOCK_NAMESPACES, ADVISORY_LOCKS } from "./advisory-locks.server";

describe("the advisory lock registry", () => {
  it("gives every lock its own id, none shared with a two-key namespace", () => {
    const ids = [...Object.values(ADVISORY_LOCKS), ...Object.values(ADVISORY_LOCK_NAMESPACES)];
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(Number.isSafeInteger(id) && id > 0 && id < 2 ** 31).toBe(true);
  });

  it("keeps the ids the app has always used (processes of two versions must still exclude each other)", () => {
    expect(ADVISORY_LOCKS).toEqual({
      migration: 72_420_117,
      seed: 72_420_118,
      import: 72_420_119,
      activityRollup: 72_420_130,
      lpSeed: 72_420_131,
      deferredIndexes: 72_420_132,
    });
    expect(ADVISORY_LOCK_NAMESPACES.publicForm).toBe(7_207);
  });
});
