import { FILTER_KEYS, type FilterKey, type MultiFilterKey, type SearchState } from "~/core/search-params";
import { filterValueLabel, locationLabel } from "~/core/search-summary";
import type { FilterChip } from "./filter-chips";

export { filterValueLabel, locationLabel };

/** The name of each filter, as the panel's labels and the chips show it (docs/product.md#data, active filter set). */
export const FILTER_LABELS: Record<FilterKey, string> = {
  industry: "Industry",
  stage: "Funding stage",
  location: "Location",
  investor: "Investor",
  led: "Investor role",
  amount: "Funding amount",
  date: "Funding date",
  rounds: "Funding rounds",
  email: "Email status",
};

/** A multi-select filter's choice in its closed field: "SaaS", "SaaS +2", or "" for none. */
export function summaryLabel(key: MultiFilterKey, values: readonly string[]): string {
  const [first] = values;
  if (first === undefined) return "";
  const label = filterValueLabel(key, first);
  return values.length === 1 ? label : `${label} +${values.length - 1}`;
}

/**
 * The search's chips: one per chosen value, in the filters' order. An investor's chip shows its name where
 * the page knows it (`investorNames`, by slug).
 */
export function searchChipsOf(state: SearchState, investorNames: Record<string, string> = {}): FilterChip[] {
  return FILTER_KEYS.flatMap((key) => {
    const value = state[key];
    const values = typeof value === "string" ? (value ? [value] : []) : value;
    return values.map((item) => ({
      key,
      value: item,
      filterLabel: FILTER_LABELS[key],
      label: (key === "investor" ? investorNames[item] : undefined) ?? filterValueLabel(key, item),
    }));
  });
}
