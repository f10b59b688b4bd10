import { describe, expect, it } from "vitest";
import { CONTINENTS, COUNTRIES_BY_CONTINENT, continentOf, countriesOfContinent } from "./continents";

describe("countriesOfContinent (docs/product.md#security)", () => {
  it("knows every continent", () => {
    for (const continent of CONTINENTS)
      expect(countriesOfContinent(continent)).toBe(COUNTRIES_BY_CONTINENT[continent]);
  });

  it.each([
    "toString",
    "__proto__",
    "constructor",
    "hasOwnProperty",
    "valueOf",
    "isPrototypeOf",
    "Other",
    "europe",
    "",
  ])("names no continent for %j (never a key of Object.prototype)", (name) => {
    expect(countriesOfContinent(name)).toBeUndefined();
  });
});

describe("continentOf", () => {
  it("is Other for Object.prototype keys", () => {
    expect(continentOf("constructor")).toBe("Other");
    expect(continentOf("__proto__")).toBe("Other");
  });
});
