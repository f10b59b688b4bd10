import { describe, expect, it } from "vitest";
import { groupCountriesByContinent } from "~/core/filter-options";
import { filterValueLabel, locationLabel } from "./filter-labels";
import { industryOptions, locationOptions, MAX_PICKER_RESULTS, matchOptions } from "./picker-options";
import { resultsTotalText } from "./results-total";

const grouped = {
  "United States": { California: ["San Francisco", "San Jose"], Texas: ["Austin"] },
  Singapore: { "Unknown Region": ["Singapore"] },
  Georgia: { Tbilisi: ["Tbilisi"] },
};
const continents = groupCountriesByContinent(Object.keys(grouped));

describe("locationOptions (docs/product.md#data, location values)", () => {
  const options = locationOptions(continents, grouped);
  const values = options.map((option) => option.value);

  it("lists continents, countries, states/regions, then cities, with the prefixes the search reads", () => {
    expect(values).toEqual([
      "continent:North America",
      "continent:Asia",
      "country:Georgia",
      "country:Singapore",
      "country:United States",
      "state:California",
      "state:Tbilisi",
      "state:Texas",
      "Austin, Texas, United States",
      "San Francisco, California, United States",
      "San Jose, California, United States",
      "Singapore, Singapore",
      "Tbilisi, Tbilisi, Georgia",
    ]);
  });

  it("builds 'City, Country' when the region is 'Unknown Region', and no state option for it", () => {
    expect(values).toContain("Singapore, Singapore");
    expect(values).not.toContain("state:Unknown Region");
  });
});

describe("matchOptions", () => {
  const options = locationOptions(continents, grouped);

  it("matches every word case-insensitively, in group order, prefix matches first within a group", () => {
    const labels = matchOptions(options, "SAN").options.map((option) => option.label);
    expect(labels).toEqual([
      "San Francisco, California, United States",
      "San Jose, California, United States",
    ]);
    expect(matchOptions(options, "texas austin").options.map((option) => option.value)).toEqual([
      "Austin, Texas, United States",
    ]);
  });

  it("finds a state by its country (the detail line)", () => {
    expect(matchOptions(options, "united states").options.map((option) => option.value)).toContain(
      "state:California",
    );
  });

  it("renders at most the limit but reports the full count", () => {
    const many = industryOptions(Array.from({ length: 5_000 }, (_, index) => `Industry ${index}`));
    const result = matchOptions(many, "industry");
    expect(result.options).toHaveLength(MAX_PICKER_RESULTS);
    expect(result.total).toBe(5_000);
    expect(matchOptions(many, "").options).toHaveLength(MAX_PICKER_RESULTS);
    expect(matchOptions(many, "nothing like it").total).toBe(0);
  });
});

describe("labels", () => {
  it("reads location, amount and date values as people do", () => {
    expect(locationLabel("continent:Europe")).toBe("Europe");
    expect(locationLabel("state:California")).toBe("California");
    expect(locationLabel("Austin, Texas, United States")).toBe("Austin, Texas, United States");
    expect(filterValueLabel("amount", "1m-5m")).toBe("$1M - $5M");
    expect(filterValueLabel("date", "90d")).toBe("Last 90 days");
  });

  it("writes the total, approximate ones with 'about'", () => {
    expect(resultsTotalText({ total: 1234, isTotalApproximate: false })).toBe("1,234 companies");
    expect(resultsTotalText({ total: 66_000, isTotalApproximate: true })).toBe("about 66,000 companies");
    expect(resultsTotalText({ total: 1, isTotalApproximate: false })).toBe("1 company");
  });
});
