import { describe, expect, it } from "vitest";
import { formatLocation, parseHeadquartersLocation, UNKNOWN_REGION } from "./location";

describe("parseHeadquartersLocation", () => {
  it("reads city, region and country", () => {
    expect(parseHeadquartersLocation("Austin, Texas, United States")).toEqual({
      city: "Austin",
      region: "Texas",
      country: "United States",
    });
  });

  it("treats two parts as city and country with an unknown region", () => {
    expect(parseHeadquartersLocation("Singapore, Singapore")).toEqual({
      city: "Singapore",
      region: UNKNOWN_REGION,
      country: "Singapore",
    });
  });

  it("keeps extra leading parts in the city", () => {
    expect(parseHeadquartersLocation("Washington, D.C., District of Columbia, United States")).toEqual({
      city: "Washington, D.C.",
      region: "District of Columbia",
      country: "United States",
    });
  });

  it("reads a single part as a country and nothing as nothing", () => {
    expect(parseHeadquartersLocation("Germany")).toEqual({ city: null, region: null, country: "Germany" });
    expect(parseHeadquartersLocation(" , ")).toEqual({ city: null, region: null, country: null });
    expect(parseHeadquartersLocation(null)).toEqual({ city: null, region: null, country: null });
  });
});

describe("formatLocation (docs/product.md#data)", () => {
  it("builds 'City, State, Country'", () => {
    expect(formatLocation("Austin", "Texas", "United States")).toBe("Austin, Texas, United States");
  });

  it("builds 'City, Country' when the region is 'Unknown Region'", () => {
    expect(formatLocation("Singapore", UNKNOWN_REGION, "Singapore")).toBe("Singapore, Singapore");
    expect(formatLocation("Monaco", null, "Monaco")).toBe("Monaco, Monaco");
  });

  it("round-trips with parseHeadquartersLocation", () => {
    for (const text of ["Austin, Texas, United States", "Singapore, Singapore"]) {
      const { city, region, country } = parseHeadquartersLocation(text);
      expect(formatLocation(city ?? "", region, country ?? "")).toBe(text);
    }
  });
});
