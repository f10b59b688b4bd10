import type { FilterOptions } from "~/core/filter-options";
import { formatLocation, UNKNOWN_REGION } from "~/core/location";

/** One choice in a searchable picker. `group` names the section it is listed under ("" for none). */
export interface PickerOption {
  value: string;
  label: string;
  group: string;
  /** A second line that tells same-named places apart ("United States" under "Georgia"). */
  detail?: string;
  /** Lower-cased label and detail, computed once: filtering runs on every keystroke. */
  searchText: string;
}

export interface PickerMatches {
  options: PickerOption[];
  /** How many options matched in all; more than `options.length` when the list was cut. */
  total: number;
}

/** Keeps pickers quick with thousands of cities: only this many matches are rendered (type to narrow). */
export const MAX_PICKER_RESULTS = 100;

function option(value: string, label: string, group: string, detail?: string): PickerOption {
  return {
    value,
    label,
    group,
    ...(detail ? { detail } : {}),
    searchText: `${label} ${detail ?? ""}`.toLowerCase(),
  };
}

/** docs/product.md#data: the industries list, alphabetically. */
export function industryOptions(industries: readonly string[]): PickerOption[] {
  return [...industries].sort((a, b) => a.localeCompare(b)).map((industry) => option(industry, industry, ""));
}

export const LOCATION_GROUPS = {
  continent: "Continents",
  country: "Countries",
  state: "States and regions",
  city: "Cities",
} as const;

/**
 * docs/product.md#data, location picker: continents, then countries, then states/regions, then cities, with the values
 * the search understands: 'continent:<name>', 'country:<name>', 'state:<region>', or a plain city string
 * 'City, State, Country' ('City, Country' when the region is 'Unknown Region').
 */
export function locationOptions(
  continents: FilterOptions["continents"],
  grouped: FilterOptions["headquarters_locations_grouped"],
): PickerOption[] {
  const continentOptions = continents.map(({ continent, countries }) =>
    option(
      `continent:${continent}`,
      continent,
      LOCATION_GROUPS.continent,
      `${countries.length} ${countries.length === 1 ? "country" : "countries"}`,
    ),
  );
  const countryOptions = continents
    .flatMap(({ continent, countries }) => countries.map((country) => ({ continent, country })))
    .sort((a, b) => a.country.localeCompare(b.country))
    .map(({ continent, country }) =>
      option(`country:${country}`, country, LOCATION_GROUPS.country, continent),
    );

  // The state filter matches the region name alone, so one option per name lists every country that has it.
  const regionCountries = new Map<string, string[]>();
  const cityOptions: PickerOption[] = [];
  for (const country of Object.keys(grouped).sort((a, b) => a.localeCompare(b))) {
    const regions = grouped[country] ?? {};
    for (const region of Object.keys(regions).sort((a, b) => a.localeCompare(b))) {
      if (region !== UNKNOWN_REGION) {
        const countries = regionCountries.get(region) ?? [];
        countries.push(country);
        regionCountries.set(region, countries);
      }
      for (const city of regions[region] ?? []) {
        const value = formatLocation(city, region, country);
        cityOptions.push(option(value, value, LOCATION_GROUPS.city));
      }
    }
  }
  const stateOptions = [...regionCountries.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([region, countries]) =>
      option(`state:${region}`, region, LOCATION_GROUPS.state, countries.join(", ")),
    );
  cityOptions.sort((a, b) => a.label.localeCompare(b.label));
  return [...continentOptions, ...countryOptions, ...stateOptions, ...cityOptions];
}

/**
 * The options whose label or detail contains every word of the query, at most `limit` of them. Groups
 * keep their order; inside a group, labels that start with the query come first ("San" finds San Jose
 * before Pleasanton).
 */
export function matchOptions(
  options: readonly PickerOption[],
  query: string,
  limit = MAX_PICKER_RESULTS,
): PickerMatches {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return { options: options.slice(0, limit), total: options.length };
  const needle = query.trim().toLowerCase();
  const groupOrder = new Map<string, number>();
  const matches: Array<{ option: PickerOption; groupIndex: number; rank: number; index: number }> = [];
  for (const [index, candidate] of options.entries()) {
    if (!groupOrder.has(candidate.group)) groupOrder.set(candidate.group, groupOrder.size);
    if (!words.every((word) => candidate.searchText.includes(word))) continue;
    const rank = candidate.label.toLowerCase().startsWith(needle) ? 0 : 1;
    matches.push({ option: candidate, groupIndex: groupOrder.get(candidate.group) ?? 0, rank, index });
  }
  matches.sort((a, b) => a.groupIndex - b.groupIndex || a.rank - b.rank || a.index - b.index);
  return { options: matches.slice(0, limit).map((match) => match.option), total: matches.length };
}
