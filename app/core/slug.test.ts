import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { slugify } from "./slug";

describe("slugify", () => {
  it("lower-cases, folds accents and joins words with single hyphens", () => {
    expect(slugify("Café Ñu Labs")).toBe("cafe-nu-labs");
    expect(slugify("  Acme -- AI!! ")).toBe("acme-ai");
    expect(slugify("Bread & Butter")).toBe("bread-and-butter");
  });

  it("falls back when nothing usable is left", () => {
    expect(slugify("日本")).toBe("company");
    expect(slugify("!!!", "x")).toBe("x");
  });

  it("always yields a URL-safe slug of at most 80 characters", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (name) => {
        const slug = slugify(name);
        expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
        expect(slug.length).toBeLessThanOrEqual(80);
      }),
    );
  });
});
