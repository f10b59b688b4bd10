import { describe, expect, it } from "vitest";
import { COMMON_PASSWORD_COUNT, isCommonPassword } from "./common-passwords.server";

describe("isCommonPassword", () => {
  it("knows the well-known ones, whatever their case", () => {
    expect(isCommonPassword("password")).toBe(true);
    expect(isCommonPassword("123456")).toBe(true);
    expect(isCommonPassword("QWERTY")).toBe(true);
    expect(isCommonPassword("iloveyou")).toBe(true);
  });

  it("lets an uncommon password through", () => {
    expect(isCommonPassword("violet-harbor-71-tandem")).toBe(false);
  });

  it("holds close to 10,000 entries (case-folded duplicates removed)", () => {
    expect(COMMON_PASSWORD_COUNT).toBeGreaterThan(9_500);
    expect(COMMON_PASSWORD_COUNT).toBeLessThanOrEqual(10_000);
  });
});
