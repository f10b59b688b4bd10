import { CONTINENTS, type ContinentOrOther, continentOf } from "./continents";
import { UNKNOWN_REGION } from "./location";

/** country -> region/state -> cities (docs/product.md#data, headquarters_locations_grouped). */
export type LocationsGrouped = Record<string, Record<string, string[]>>;

/** docs/product.md#data: the filter options the search page's pickers are built from. */
export interface FilterOptions {
  industries: string[];
  headquarters_regions: string[];
  funding_types: string[];
  headquarters_locations_grouped: LocationsGrouped;
  /** continent -> countries present in the data, continents in the order of docs/product.md#data, then 'Other'. */
  continents: Array<{ continent: ContinentOrOther; countries: string[] }>;
}

export interface LocationRow {
  country: string;
  region: string | null;
  city: string | null;
}

/** Groups distinct (country, region, city) rows; a missing region is 'Unknown Region' (docs/product.md#data). */
export function groupLocations(rows: readonly LocationRow[]): LocationsGrouped {
  const grouped: LocationsGrouped = {};
  for (const { country, region, city } of rows) {
    const regions = grouped[country] ?? {};
    grouped[country] = regions;
    const regionName = region ?? UNKNOWN_REGION;
    const cities = regions[regionName] ?? [];
    regions[regionName] = cities;
    if (city && !cities.includes(city)) cities.push(city);
  }
  return grouped;
}

/** Countries under their continent by the fixed mapping; unmapped countries under 'Other'. */
export function groupCountriesByContinent(countries: Iterable<string>): FilterOptions["continents"] {
  const byContinent = new Map<ContinentOrOther, string[]>();
  for (const country of countries) {
    const continent = continentOf(country);
    const list = byContinent.get(continent) ?? [];
    list.push(country);
    byContinent.set(continent, list);
  }
  const order: ContinentOrOther[] = [...CONTINENTS, "Other"];
  return order
    .filter((continent) => byContinent.has(continent))
    .map((continent) => ({
      continent,
      countries: (byContinent.get(continent) ?? []).sort((a, b) => a.localeCompare(b)),
    }));
}
