import { emailFilterOption } from "./email-status";
import { amountOption, dateOption, roundsOption } from "./funding-filters";
import { FILTER_KEYS, type FilterKey, type SearchState } from "./search-params";

const LOCATION_PREFIXES = ["continent:", "country:", "state:"] as const;

/** docs/product.md#data: location values are prefixed 'continent:', 'country:' or 'state:', or are a plain city. */
export function locationLabel(value: string): string {
  const prefix = LOCATION_PREFIXES.find((candidate) => value.startsWith(candidate));
  return prefix ? value.slice(prefix.length) : value;
}

/** A filter value as a person reads it: "$1M - $5M" rather than "1m-5m". */
export function filterValueLabel(key: FilterKey, value: string): string {
  if (key === "location") return locationLabel(value);
  if (key === "amount") return amountOption(value)?.label ?? value;
  if (key === "date") return dateOption(value)?.label ?? value;
  if (key === "rounds") return roundsOption(value)?.label ?? value;
  if (key === "email") return emailFilterOption(value)?.named ?? value;
  if (key === "led") return "Led a round";
  if (key === "investor") return investorSlugLabel(value);
  return value;
}

/**
 * An investor as a chip names it where its name is not at hand: its slug in words ("sequoia-capital" reads
 * "Sequoia Capital"). Pages that know the names show them instead.
 */
export function investorSlugLabel(slug: string): string {
  return slug
    .split("-")
    .map((word) => (word === "" ? word : word[0]?.toUpperCase() + word.slice(1)))
    .join(" ");
}

/**
 * A search in one line, as a saved search's default name, a digest's subject and the export history show
 * it: the quoted text, then each filter's values (OR within one: "Seed or Series A"), joined by " · ";
 * "All companies" for none.
 */
export function searchSummary(state: Pick<SearchState, "q" | FilterKey>): string {
  const parts: string[] = [];
  if (state.q) parts.push(`“${state.q}”`);
  for (const key of FILTER_KEYS) {
    const value = state[key];
    const values = Array.isArray(value) ? value : value ? [value] : [];
    if (values.length > 0) parts.push(values.map((item) => filterValueLabel(key, item)).join(" or "));
  }
  return parts.length > 0 ? parts.join(" · ") : "All companies";
}
