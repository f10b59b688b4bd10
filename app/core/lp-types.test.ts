import { describe, expect, it } from "vitest";
import {
  ACCEPTS_EMERGING_VALUES,
  ASSET_CLASSES,
  GEO_FOCUSES,
  hasMfoModel,
  isLpType,
  isPlausibleCheckRange,
  LP_REGIONS,
  LP_TYPE_OPTIONS,
  LP_TYPES,
  lpOptionLabel,
  lpRegionOf,
  lpTypeLabel,
  MFO_MODELS,
  SECTOR_FOCUSES,
  STAGE_FOCUS_OPTIONS,
  STAGE_FOCUSES,
} from "./lp-types";

describe("LP vocabulary", () => {
  it("has the 13 LP types of docs/product.md#lps, each once, as URL-safe slugs", () => {
    expect(LP_TYPES).toHaveLength(13);
    expect(new Set(LP_TYPES).size).toBe(13);
    expect(new Set(LP_TYPE_OPTIONS.map((option) => option.label)).size).toBe(13);
    for (const list of [
      LP_TYPES,
      ASSET_CLASSES,
      STAGE_FOCUSES,
      SECTOR_FOCUSES,
      GEO_FOCUSES,
      ACCEPTS_EMERGING_VALUES,
      MFO_MODELS,
    ]) {
      for (const slug of list) expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(new Set<string>(list).size).toBe(list.length);
    }
  });

  it("answers accepts-emerging in three ways and keeps generalist out of the sector list", () => {
    expect(ACCEPTS_EMERGING_VALUES).toEqual(["yes", "no", "unknown"]);
    expect(MFO_MODELS).toEqual(["discretionary", "advisory"]);
    expect(SECTOR_FOCUSES).not.toContain("generalist");
    expect(GEO_FOCUSES).toEqual(["global", ...LP_REGIONS]);
  });

  it("recognizes only its own type slugs", () => {
    expect(isLpType("single-family-office")).toBe(true);
    expect(isLpType("sovereign-wealth")).toBe(true);
    expect(isLpType("Single-family office")).toBe(false);
    expect(isLpType("toString")).toBe(false);
    expect(isLpType("")).toBe(false);
  });

  it("labels values, showing an unknown one as it is", () => {
    expect(lpTypeLabel("hnwi")).toBe("High-net-worth individual");
    expect(lpTypeLabel("ria")).toBe("RIA / asset manager");
    expect(lpTypeLabel("bank")).toBe("bank");
    expect(lpOptionLabel(STAGE_FOCUS_OPTIONS, "pre-seed")).toBe("Pre-seed");
    expect(lpOptionLabel(STAGE_FOCUS_OPTIONS, "__proto__")).toBe("__proto__");
  });

  it("gives an MFO model to multi-family offices only", () => {
    expect(LP_TYPES.filter(hasMfoModel)).toEqual(["multi-family-office"]);
  });
});

describe("lpRegionOf", () => {
  it.each([
    ["United States", "north-america"],
    ["canada", "north-america"],
    [" Bermuda ", "north-america"],
    ["Mexico", "latin-america"],
    ["Cayman Islands", "latin-america"],
    ["Brazil", "latin-america"],
    ["United Kingdom", "europe"],
    ["Switzerland", "europe"],
    ["Singapore", "asia-pacific"],
    ["Australia", "asia-pacific"],
    ["United Arab Emirates", "middle-east"],
    ["Israel", "middle-east"],
    ["South Africa", "africa"],
  ] as const)("%s is %s", (country, region) => {
    expect(lpRegionOf(country)).toBe(region);
  });

  it("knows no region for a country the continents mapping does not list", () => {
    expect(lpRegionOf("Atlantis")).toBeUndefined();
    expect(lpRegionOf("")).toBeUndefined();
  });
});

describe("isPlausibleCheckRange", () => {
  it("accepts a range within a tenth of the AUM, and unknown values", () => {
    expect(isPlausibleCheckRange(1_000_000_000, 5_000_000, 100_000_000)).toBe(true);
    expect(isPlausibleCheckRange(null, 5_000_000, 500_000_000)).toBe(true);
    expect(isPlausibleCheckRange(1_000_000_000, null, null)).toBe(true);
    expect(isPlausibleCheckRange(null, null, null)).toBe(true);
  });

  it("refuses a check above a tenth of the AUM, a reversed range and negative amounts", () => {
    expect(isPlausibleCheckRange(1_000_000_000, 5_000_000, 100_000_001)).toBe(false);
    expect(isPlausibleCheckRange(null, 10_000_000, 5_000_000)).toBe(false);
    expect(isPlausibleCheckRange(null, -1, 5_000_000)).toBe(false);
    expect(isPlausibleCheckRange(null, null, -5)).toBe(false);
  });
});
