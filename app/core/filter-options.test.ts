import { describe, expect, it } from "vitest";
import { CONTINENTS, COUNTRIES_BY_CONTINENT, continentOf } from "./continents";
import { groupCountriesByContinent, groupLocations } from "./filter-options";

describe("continentOf (docs/product.md#data, fixed mapping)", () => {
  it("maps countries case-insensitively and unknown ones to Other", () => {
    expect(continentOf("United States")).toBe("North America");
    expect(continentOf("germany")).toBe("Europe");
    expect(continentOf("Israel")).toBe("Middle East");
    expect(continentOf("Atlantis")).toBe("Other");
  });

  it("lists no country under two continents", () => {
    const all = CONTINENTS.flatMap((continent) =>
      COUNTRIES_BY_CONTINENT[continent].map((c) => c.toLowerCase()),
    );
    expect(new Set(all).size).toBe(all.length);
  });
});

describe("groupLocations", () => {
  it("groups cities by country then region, 'Unknown Region' for a missing one, without repeats", () => {
    const grouped = groupLocations([
      { country: "United States", region: "Texas", city: "Austin" },
      { country: "United States", region: "Texas", city: "Dallas" },
      { country: "United States", region: "Texas", city: "Austin" },
      { country: "Singapore", region: null, city: "Singapore" },
      { country: "Germany", region: "Berlin", city: null },
    ]);
    expect(grouped).toEqual({
      "United States": { Texas: ["Austin", "Dallas"] },
      Singapore: { "Unknown Region": ["Singapore"] },
      Germany: { Berlin: [] },
    });
  });
});

describe("groupCountriesByContinent", () => {
  it("orders continents as docs/product.md#data lists them, Other last, countries alphabetically", () => {
    const grouped = groupCountriesByContinent([
      "Nigeria",
      "Atlantis",
      "France",
      "Brazil",
      "Germany",
      "Canada",
    ]);
    expect(grouped).toEqual([
      { continent: "North America", countries: ["Canada"] },
      { continent: "Europe", countries: ["France", "Germany"] },
      { continent: "South America", countries: ["Brazil"] },
      { continent: "Africa", countries: ["Nigeria"] },
      { continent: "Other", countries: ["Atlantis"] },
    ]);
  });
});
