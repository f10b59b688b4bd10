import { describe, expect, it } from "vitest";
import {
  citySearchPath,
  citySlug,
  DIRECTORY_LETTERS,
  directoryPageCount,
  directoryPageRequest,
  groupCitiesByContinent,
  isIndexableList,
  letterOfSlug,
  listedCompanies,
  MAX_LIST_PAGES,
  pagePath,
} from "./directory";
import { parseSearchParams } from "./search-params";

describe("directory URLs", () => {
  it("puts the country in a city's slug, so a shared name gives two pages", () => {
    expect(citySlug("Austin", "United States")).toBe("austin-united-states");
    expect(citySlug("Cambridge", "United Kingdom")).not.toBe(citySlug("Cambridge", "United States"));
    expect(citySlug("São Paulo", "Brazil")).toBe("sao-paulo-brazil");
  });

  it("files a company under its slug's first letter, digits under 0-9", () => {
    expect(letterOfSlug("acme")).toBe("a");
    expect(letterOfSlug("9-labs")).toBe("0-9");
    expect(DIRECTORY_LETTERS).toHaveLength(27);
  });

  it("gives page 1 one URL", () => {
    expect(pagePath("/directory/cities/austin-united-states", 1)).toBe(
      "/directory/cities/austin-united-states",
    );
    expect(pagePath("/directory/cities/austin-united-states", 3)).toBe(
      "/directory/cities/austin-united-states?page=3",
    );
  });
});

describe("directoryPageRequest", () => {
  const ask = (query: string) =>
    directoryPageRequest("/directory/industries/saas", new URLSearchParams(query));

  it("reads ?page=N and the bare URL as page 1", () => {
    expect(ask("")).toEqual({ kind: "page", page: 1 });
    expect(ask("page=7")).toEqual({ kind: "page", page: 7 });
  });

  it("moves ?page=1 and padded numbers to the canonical URL", () => {
    expect(ask("page=1")).toEqual({ kind: "redirect", location: "/directory/industries/saas" });
    expect(ask("page=007")).toEqual({ kind: "redirect", location: "/directory/industries/saas?page=7" });
  });

  it("has no page for anything that is not a page number", () => {
    for (const query of [
      "page=0",
      "page=-1",
      "page=1.5",
      "page=abc",
      "page=",
      "page=2&page=3",
      "page=99999999",
    ]) {
      expect(ask(query), query).toEqual({ kind: "not-found" });
    }
  });
});

describe("list sizes", () => {
  it("counts pages of 50, at least one, at most the cap given", () => {
    expect(directoryPageCount(0)).toBe(1);
    expect(directoryPageCount(50)).toBe(1);
    expect(directoryPageCount(51)).toBe(2);
    expect(directoryPageCount(100_000, MAX_LIST_PAGES)).toBe(MAX_LIST_PAGES);
    expect(listedCompanies(100_000, MAX_LIST_PAGES)).toBe(MAX_LIST_PAGES * 50);
    expect(listedCompanies(120, MAX_LIST_PAGES)).toBe(120);
  });

  it("indexes lists of 5 companies or more", () => {
    expect(isIndexableList(4)).toBe(false);
    expect(isIndexableList(5)).toBe(true);
  });
});

describe("citySearchPath", () => {
  it("names the city's location as the search picker does when it has one region", () => {
    const path = citySearchPath({ city: "Austin", region: "Texas", country: "United States" });
    const { state } = parseSearchParams(new URL(path, "http://x").searchParams);
    expect(state.location).toEqual(["Austin, Texas, United States"]);
  });

  it("falls back to the country and the city as text when its companies name several regions", () => {
    const path = citySearchPath({ city: "Portland", region: null, country: "United States" });
    const { state } = parseSearchParams(new URL(path, "http://x").searchParams);
    expect(state).toMatchObject({ location: ["country:United States"], q: "Portland" });
  });
});

describe("groupCitiesByContinent", () => {
  it("groups by continent in spec order, then country and city, largest first, with sums", () => {
    const groups = groupCitiesByContinent([
      { city: "Berlin", country: "Germany", continent: "Europe", slug: "berlin-germany", companies: 5 },
      {
        city: "Austin",
        country: "United States",
        continent: "North America",
        slug: "austin-united-states",
        companies: 3,
      },
      {
        city: "Boston",
        country: "United States",
        continent: "North America",
        slug: "boston-united-states",
        companies: 4,
      },
      { city: "Munich", country: "Germany", continent: "Europe", slug: "munich-germany", companies: 2 },
      { city: "Atlantis", country: "Nowhere", continent: "Other", slug: "atlantis-nowhere", companies: 1 },
    ]);
    expect(groups.map((group) => [group.continent, group.companies])).toEqual([
      ["North America", 7],
      ["Europe", 7],
      ["Other", 1],
    ]);
    expect(groups[0]?.countries[0]?.cities.map((city) => city.name)).toEqual(["Boston", "Austin"]);
    expect(groups[1]?.countries[0]).toMatchObject({ country: "Germany", companies: 7 });
    expect(groups[1]?.countries[0]?.cities[0]).toEqual({
      name: "Berlin",
      path: "/directory/cities/berlin-germany",
      companies: 5,
    });
  });
});
