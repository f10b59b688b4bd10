import { describe, expect, it } from "vitest";
import {
  EMPTY_LP_SEARCH,
  formatUsdShort,
  lpActiveFilterCount,
  lpFilterValueLabel,
  lpSearchHref,
  parseLpSearchParams,
  serializeLpSearchState,
  withLpChange,
  withoutLpFilters,
} from "./lp-search-params";
import { countriesOfLpRegion } from "./lp-types";

const parse = (query: string) => parseLpSearchParams(new URLSearchParams(query));

describe("the /lps URL", () => {
  it("reads every filter, repeated parameters as lists, and writes the same URL back", () => {
    const query =
      "q=family+office&type=endowment&type=foundation&location=region%3Aeurope&location=country%3AGermany" +
      "&asset=venture-capital&stage=seed&sector=fintech&aum=1b-10b&check=1m-5m&emerging=yes&first_time=yes" +
      "&sort=name-asc&size=100&page=3";
    const { state, errors } = parse(query);
    expect(errors).toEqual([]);
    expect(state).toEqual({
      q: "family office",
      type: ["endowment", "foundation"],
      location: ["region:europe", "country:Germany"],
      asset: ["venture-capital"],
      stage: ["seed"],
      sector: ["fintech"],
      aum: "1b-10b",
      check: "1m-5m",
      emerging: "yes",
      firstTime: "yes",
      sort: "name-asc",
      size: 100,
      page: 3,
    });
    expect(serializeLpSearchState(state).toString()).toBe(query);
    expect(parse(serializeLpSearchState(state).toString()).state).toEqual(state);
  });

  it("leaves defaults out of the URL", () => {
    expect(lpSearchHref(EMPTY_LP_SEARCH)).toBe("/lps");
    expect(lpSearchHref({ ...EMPTY_LP_SEARCH, q: "yale" })).toBe("/lps?q=yale");
  });

  it("drops each bad value with a message and keeps the rest", () => {
    const { state, errors } = parse(
      "type=bank&type=endowment&location=region%3Amars&location=Paris&aum=huge&check=any&emerging=maybe&sort=random&page=0",
    );
    expect(state).toMatchObject({
      type: ["endowment"],
      location: [],
      aum: "",
      check: "",
      emerging: "",
      page: 1,
    });
    expect(state.sort).toBe("aum-desc");
    expect(errors.map((error) => error.param)).toEqual([
      "type",
      "location",
      "location",
      "aum",
      "emerging",
      "sort",
      "page",
    ]);
    expect(errors[0]?.message).toBe('"bank" is not an LP type, so it was ignored.');
    expect(errors[2]?.message).toBe('"Paris" is not a region or country, so it was ignored.');
  });

  it("starts again at page 1 on any change but a page change, and clears every filter at once", () => {
    const state = { ...EMPTY_LP_SEARCH, q: "x", type: ["endowment"], emerging: "yes" as const, page: 4 };
    expect(withLpChange(state, { sort: "name-desc" }).page).toBe(1);
    const cleared = withoutLpFilters(state);
    expect(lpActiveFilterCount(cleared)).toBe(0);
    expect(cleared.q).toBe("x");
    expect(lpActiveFilterCount(state)).toBe(2);
  });
});

describe("how LP values read", () => {
  it("labels chips", () => {
    expect(lpFilterValueLabel("type", "hnwi")).toBe("High-net-worth individual");
    expect(lpFilterValueLabel("location", "region:asia-pacific")).toBe("Asia-Pacific");
    expect(lpFilterValueLabel("location", "country:Japan")).toBe("Japan");
    expect(lpFilterValueLabel("check", "5m-25m")).toBe("$5M - $25M");
    expect(lpFilterValueLabel("firstTime", "yes")).toBe("Backs first-time funds");
  });

  it("writes amounts short", () => {
    expect(formatUsdShort(null)).toBe("—");
    expect(formatUsdShort(710_000_000_000)).toBe("$710B");
    expect(formatUsdShort(2_450_000_000)).toBe("$2.5B");
    expect(formatUsdShort(350_000_000)).toBe("$350M");
    expect(formatUsdShort(1_500_000)).toBe("$1.5M");
    expect(formatUsdShort(800_000)).toBe("$800K");
  });

  it("maps regions to the countries the filter matches", () => {
    expect(countriesOfLpRegion("north-america")).toEqual(expect.arrayContaining(["United States", "Canada"]));
    expect(countriesOfLpRegion("north-america")).not.toContain("Mexico");
    expect(countriesOfLpRegion("latin-america")).toEqual(expect.arrayContaining(["Mexico", "Brazil"]));
    expect(countriesOfLpRegion("atlantis")).toEqual([]);
  });
});
