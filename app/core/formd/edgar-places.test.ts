import { describe, expect, it } from "vitest";
import { COUNTRIES_BY_CONTINENT } from "../continents";
import { cityName, EDGAR_PLACE_CODES, edgarPlace } from "./edgar-places";

describe("EDGAR places (decision 031)", () => {
  it("maps US states, territories, Canadian provinces and countries", () => {
    expect(edgarPlace("CA")).toEqual({ region: "California", country: "United States" });
    expect(edgarPlace("dc")).toEqual({ region: "District of Columbia", country: "United States" });
    expect(edgarPlace("PR")).toEqual({ region: null, country: "Puerto Rico" });
    expect(edgarPlace("A6")).toEqual({ region: "Ontario", country: "Canada" });
    expect(edgarPlace("X0")).toEqual({ region: null, country: "United Kingdom" });
    expect(edgarPlace("2M")).toEqual({ region: null, country: "Germany" });
    expect(edgarPlace("M5")).toEqual({ region: null, country: "South Korea" });
  });

  it("guesses nothing for an unknown or empty code", () => {
    expect(edgarPlace("XX")).toBeNull();
    expect(edgarPlace("")).toBeNull();
    expect(edgarPlace(null)).toBeNull();
  });

  it("holds the full table: 51 states with DC, 11 provinces, each code once", () => {
    expect(new Set(EDGAR_PLACE_CODES).size).toBe(EDGAR_PLACE_CODES.length);
    expect(
      EDGAR_PLACE_CODES.filter(
        (code) => edgarPlace(code)?.country === "United States" && edgarPlace(code)?.region,
      ),
    ).toHaveLength(51);
    expect(
      EDGAR_PLACE_CODES.filter((code) => edgarPlace(code)?.region && edgarPlace(code)?.country === "Canada"),
    ).toHaveLength(11);
    expect(EDGAR_PLACE_CODES.length).toBeGreaterThan(290);
  });

  it("spells countries as the continent filter knows them, where it knows them", () => {
    const known = new Set(Object.values(COUNTRIES_BY_CONTINENT).flat());
    for (const code of ["X0", "2M", "I0", "F4", "K3", "L3", "U0", "C3", "Q1", "M5", "O5", "D5", "K7", "M0"])
      expect(known.has(edgarPlace(code)?.country ?? "")).toBe(true);
  });

  it("writes a city typed in capitals in title case and keeps mixed case as typed", () => {
    expect(cityName("SOUTH SAN FRANCISCO")).toBe("South San Francisco");
    expect(cityName("WINSTON-SALEM")).toBe("Winston-Salem");
    expect(cityName("O'FALLON")).toBe("O'Fallon");
    expect(cityName("ISLE OF PALMS")).toBe("Isle of Palms");
    expect(cityName("McLean")).toBe("McLean");
    expect(cityName(null)).toBeNull();
  });
});
