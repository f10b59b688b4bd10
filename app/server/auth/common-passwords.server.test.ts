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

  it("sees through look-alike characters and appended digits or symbols", () => {
    for (const weak of [
      "Password1234",
      "P@ssw0rd123",
      "p@$$w0rd!",
      "Dr@gon2024!",
      "M0nk3y99",
      "iloveyou!!",
    ]) {
      expect(isCommonPassword(weak), weak).toBe(true);
    }
  });

  it("still lets strong passwords through, including ones with digits and symbols at the end", () => {
    for (const strong of [
      "violet-harbor-71",
      "quiet-lantern-58",
      "bench-export-violet-42",
      "analytical-engine",
      "xK9#mQ2$vL7!",
      "Blue!Giraffe#Piano42",
      "correct horse battery staple",
    ]) {
      expect(isCommonPassword(strong), strong).toBe(false);
    }
  });

  it("holds close to 10,000 entries (case-folded duplicates removed)", () => {
    expect(COMMON_PASSWORD_COUNT).toBeGreaterThan(9_500);
    expect(COMMON_PASSWORD_COUNT).toBeLessThanOrEqual(10_000);
  });
});
