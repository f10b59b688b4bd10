import { CONTINENTS, type ContinentOrOther } from "./continents";
import { formatLocation } from "./location";
import { EMPTY_SEARCH, PAGE_SIZE, type SearchState, serializeSearchState } from "./search-params";
import { slugify } from "./slug";

/**
 * The public directory's rules (docs/product.md#directory): its URLs, its letters, its paging and when a page is too thin to
 * be indexed. Pure, so pages, sitemaps and tests share them.
 */

/** A list page with fewer companies than this is `noindex` and left out of the sitemaps (thin content). */
export const MIN_INDEXABLE_COMPANIES = 5;

/** Companies per directory list page (the search page's size). */
export const DIRECTORY_PAGE_SIZE = PAGE_SIZE;

/** The letters of /directory/companies: a-z, then "0-9" for names that start with a digit. */
export const DIRECTORY_LETTERS = [..."abcdefghijklmnopqrstuvwxyz", "0-9"] as const;
export type DirectoryLetter = (typeof DIRECTORY_LETTERS)[number];

/** The letter a company is listed under: the first character of its slug (slugs are a-z, 0-9 and "-"). */
export function letterOfSlug(slug: string): DirectoryLetter {
  const first = slug.charAt(0);
  return first >= "a" && first <= "z" ? (first as DirectoryLetter) : "0-9";
}

export function isDirectoryLetter(value: string): value is DirectoryLetter {
  return (DIRECTORY_LETTERS as readonly string[]).includes(value);
}

/** How a letter reads on a page: "A", or "0-9". */
export function letterLabel(letter: DirectoryLetter): string {
  return letter === "0-9" ? "0-9" : letter.toUpperCase();
}

/** A city page's slug: city and country, so a city name shared by two countries gives two pages. */
export function citySlug(city: string, country: string): string {
  return slugify(`${city} ${country}`, "city");
}

/** An industry (or industry group) page's slug. */
export function industrySlug(industry: string): string {
  return slugify(industry, "industry");
}

export const directoryPaths = {
  hub: "/directory",
  cities: "/directory/cities",
  city: (slug: string) => `/directory/cities/${slug}`,
  industries: "/directory/industries",
  industry: (slug: string) => `/directory/industries/${slug}`,
  companies: "/directory/companies",
  letter: (letter: DirectoryLetter) => `/directory/companies/${letter}`,
  company: (slug: string) => `/company/${slug}`,
} as const;

/** `path` with `?page=N`, or the bare path for page 1 (page 1 has one URL). */
export function pagePath(path: string, page: number): string {
  return page <= 1 ? path : `${path}?page=${page}`;
}

export type PageRequest =
  | { kind: "page"; page: number }
  /** `?page=1` (or a padded `?page=01`): one URL per page, so it moves for good to the canonical one. */
  | { kind: "redirect"; location: string }
  /** Not a page number: the list has no such page. */
  | { kind: "not-found" };

/**
 * The page a directory list URL asks for. Only `page` is read; any other parameter is dropped by the
 * canonical URL (the page itself names only `?page=N`).
 */
export function directoryPageRequest(path: string, search: URLSearchParams): PageRequest {
  const values = search.getAll("page");
  if (values.length === 0) return { kind: "page", page: 1 };
  const value = values[0] ?? "";
  if (values.length > 1 || !/^\d{1,6}$/.test(value)) return { kind: "not-found" };
  const page = Number(value);
  if (page < 1) return { kind: "not-found" };
  if (page === 1 || value !== String(page)) return { kind: "redirect", location: pagePath(path, page) };
  return { kind: "page", page };
}

/**
 * City and industry pages list the latest rounds up to this many pages (1,000 companies); their counts and
 * sums cover every company, and every company is listed on the A-Z pages (no limit there) and in the
 * sitemaps. Deeper pages of a list in date order cost a walk through every skipped row, which an A-Z page
 * does not (its index holds its order).
 */
export const MAX_LIST_PAGES = 20;

/**
 * Pages a list of `total` companies fills (0 companies still have page 1, which says so), at most
 * `maxPages`.
 */
export function directoryPageCount(total: number, maxPages = Number.POSITIVE_INFINITY): number {
  return Math.min(Math.max(1, Math.ceil(total / DIRECTORY_PAGE_SIZE)), maxPages);
}

/** How many companies a list's pages show: all of them, or the first MAX_LIST_PAGES pages' worth. */
export function listedCompanies(total: number, maxPages = Number.POSITIVE_INFINITY): number {
  return Math.min(total, maxPages * DIRECTORY_PAGE_SIZE);
}

/** Whether a list of `total` companies is worth indexing. */
export function isIndexableList(total: number): boolean {
  return total >= MIN_INDEXABLE_COMPANIES;
}

/** A breadcrumb trail's step: the last one is the page itself. */
export interface Crumb {
  name: string;
  path: string;
}

/**
 * The search that lists a city page's companies: the city's location filter when its companies share one
 * region (the search picker's "City, Region, Country"), else the country filter with the city as text.
 */
export function citySearchPath(city: { city: string; region: string | null; country: string }): string {
  const state: SearchState = city.region
    ? { ...EMPTY_SEARCH, location: [formatLocation(city.city, city.region, city.country)] }
    : { ...EMPTY_SEARCH, location: [`country:${city.country}`], q: city.city };
  return `/search?${serializeSearchState(state).toString()}`;
}

/** The search that lists an industry page's companies (the same industry filter). */
export function industrySearchPath(name: string): string {
  return `/search?${serializeSearchState({ ...EMPTY_SEARCH, industry: [name] }).toString()}`;
}

export interface PlaceCount {
  city: string;
  country: string;
  continent: ContinentOrOther;
  slug: string;
  companies: number;
}

export interface CountryGroup {
  country: string;
  companies: number;
  cities: Array<{ name: string; path: string; companies: number }>;
}

export interface ContinentGroup {
  continent: ContinentOrOther;
  companies: number;
  countries: CountryGroup[];
}

/**
 * /directory/cities: cities grouped by continent (in the order of docs/product.md#data, 'Other' last) and country, countries and
 * cities largest first (then by name), with the counts summed up the groups.
 */
export function groupCitiesByContinent(cities: readonly PlaceCount[]): ContinentGroup[] {
  const byContinent = new Map<ContinentOrOther, Map<string, CountryGroup>>();
  for (const city of cities) {
    const countries = byContinent.get(city.continent) ?? new Map<string, CountryGroup>();
    byContinent.set(city.continent, countries);
    const group = countries.get(city.country) ?? { country: city.country, companies: 0, cities: [] };
    countries.set(city.country, group);
    group.companies += city.companies;
    group.cities.push({ name: city.city, path: directoryPaths.city(city.slug), companies: city.companies });
  }
  const bySize =
    <T extends { companies: number }>(name: (item: T) => string) =>
    (a: T, b: T) =>
      b.companies - a.companies || name(a).localeCompare(name(b));
  return [...CONTINENTS, "Other" as const].flatMap((continent) => {
    const countries = [...(byContinent.get(continent)?.values() ?? [])].sort(
      bySize<CountryGroup>((group) => group.country),
    );
    for (const country of countries) country.cities.sort(bySize((city) => city.name));
    if (countries.length === 0) return [];
    const companies = countries.reduce((sum, country) => sum + country.companies, 0);
    return [{ continent, companies, countries }];
  });
}
