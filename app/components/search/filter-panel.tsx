import type { FilterOptions } from "~/core/filter-options";
import {
  AMOUNT_OPTIONS,
  ANY,
  ANY_AMOUNT_LABEL,
  ANY_DATE_LABEL,
  amountOption,
  DATE_OPTIONS,
  dateOption,
} from "~/core/funding-filters";
import type { SearchState } from "~/core/search-params";
import { FILTER_LABELS } from "./filter-labels";
import { FilterSelect } from "./filter-select";
import { IndustryPicker } from "./industry-picker";
import { LocationPicker } from "./location-picker";
import type { SearchChange } from "./use-search-navigation";

interface FilterPanelProps {
  id: string;
  state: SearchState;
  filterOptions: FilterOptions;
  onChange: (change: SearchChange) => void;
}

const ANY_STAGE = "";
const amountChoices = [{ value: ANY, label: ANY_AMOUNT_LABEL }, ...AMOUNT_OPTIONS];
const dateChoices = [{ value: ANY, label: ANY_DATE_LABEL }, ...DATE_OPTIONS];

/** spec 3/9: the five filters. Each change applies at once (a navigation), so the URL always holds them. */
export function FilterPanel({ id, state, filterOptions, onChange }: FilterPanelProps) {
  // A stage from a shared link that the options no longer list still shows as chosen.
  const stages =
    state.stage && !filterOptions.funding_types.includes(state.stage)
      ? [...filterOptions.funding_types, state.stage]
      : filterOptions.funding_types;
  const stageChoices = [
    { value: ANY_STAGE, label: "Any stage" },
    ...stages.map((type) => ({ value: type, label: type })),
  ];
  return (
    <section
      id={id}
      aria-label="Filters"
      className="grid gap-4 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:grid-cols-2 lg:grid-cols-3"
    >
      <IndustryPicker
        industries={filterOptions.industries}
        value={state.industry}
        onSelect={(industry) => onChange({ industry })}
      />
      <FilterSelect
        label={FILTER_LABELS.stage}
        value={state.stage}
        options={stageChoices}
        onChange={(stage) => onChange({ stage })}
      />
      <LocationPicker
        continents={filterOptions.continents}
        grouped={filterOptions.headquarters_locations_grouped}
        value={state.location}
        onSelect={(location) => onChange({ location })}
      />
      {/* spec 5: choosing 'any' resets the funding-amount and funding-date filters. */}
      <FilterSelect
        label={FILTER_LABELS.amount}
        value={state.amount || ANY}
        options={amountChoices}
        onChange={(value) => onChange({ amount: amountOption(value)?.value ?? "" })}
      />
      <FilterSelect
        label={FILTER_LABELS.date}
        value={state.date || ANY}
        options={dateChoices}
        onChange={(value) => onChange({ date: dateOption(value)?.value ?? "" })}
      />
    </section>
  );
}
