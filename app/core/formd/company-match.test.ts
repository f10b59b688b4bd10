import { describe, expect, it } from "vitest";
import { compareFilings, isSamePlace, speaksLast, storedNameKeysOf } from "./company-match";

describe("decision 031: a Form D issuer and a stored company", () => {
  it("names the stored name keys with and without a legal form", () => {
    const keys = storedNameKeysOf("Acme Robotics");
    expect(keys[0]).toBe("acme robotics");
    expect(keys).toContain("acme robotics inc.");
    expect(keys).toContain("acme robotics, inc.");
    expect(keys).toContain("acme robotics llc");
    expect(keys).not.toContain("acme");
    expect(storedNameKeysOf("  ")).toEqual([]);
  });

  it("matches a place by country, and by state when both name one", () => {
    const issuer = { region: "California", country: "United States" };
    expect(isSamePlace({ region: "California", country: "United States" }, issuer)).toBe(true);
    expect(isSamePlace({ region: "Unknown Region", country: "United States" }, issuer)).toBe(true);
    expect(isSamePlace({ region: null, country: "united states" }, issuer)).toBe(true);
    expect(isSamePlace({ region: "Texas", country: "United States" }, issuer)).toBe(false);
    expect(isSamePlace({ region: "California", country: "Canada" }, issuer)).toBe(false);
    expect(isSamePlace({ region: null, country: null }, issuer)).toBe(false);
    expect(isSamePlace({ region: null, country: "United States" }, { region: null, country: null })).toBe(
      false,
    );
  });

  it("orders filings by date, then accession number", () => {
    const a = { filedOn: "2026-01-02", accessionNumber: "0000000001-26-000009" };
    const b = { filedOn: "2026-01-03", accessionNumber: "0000000001-26-000001" };
    const c = { filedOn: "2026-01-03", accessionNumber: "0000000001-26-000002" };
    expect(compareFilings(a, b)).toBeLessThan(0);
    expect(compareFilings(c, b)).toBeGreaterThan(0);
    expect(compareFilings(b, { ...b })).toBe(0);
    expect(speaksLast(a, null)).toBe(true);
    expect(speaksLast(b, b)).toBe(true);
    expect(speaksLast(a, b)).toBe(false);
  });
});
