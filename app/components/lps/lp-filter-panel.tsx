import { useMemo } from "react";
import type { LpFilterPanelData } from "~/core/lp-card";
import {
  AUM_OPTIONS,
  CHECK_OPTIONS,
  countryValue,
  LP_FILTER_LABELS,
  LP_FILTER_OPTIONS,
  type LpMultiFilterKey,
  type LpSearchChange,
  type LpSearchState,
  lpFilterValueLabel,
  regionValue,
} from "~/core/lp-search-params";
import { LP_REGION_OPTIONS, type LpOption } from "~/core/lp-types";
import { facetCountText } from "~/core/search-facets";
import { toggledValue } from "~/core/url-values";
import { CheckboxFacetGroup } from "../search/checkbox-facet-group";
import { FilterSelect } from "../search/filter-select";
import type { PickerOption } from "../search/picker-options";
import { SearchablePicker } from "../search/searchable-picker";
import { CheckboxField } from "../ui/checkbox-field";

interface LpFilterPanelProps {
  id: string;
  state: LpSearchState;
  /** Countries and option counts from /api/lps-facets; undefined until they arrive. */
  panelData: LpFilterPanelData | undefined;
  onChange: (change: LpSearchChange) => void;
  className?: string;
}

const ANY = "any";
const aumChoices = [{ value: ANY, label: "Any AUM" }, ...AUM_OPTIONS];
const checkChoices = [{ value: ANY, label: "Any check size" }, ...CHECK_OPTIONS];

function choices(options: readonly LpOption[]) {
  return options.map((option) => ({ value: option.slug, label: option.label }));
}

function pickerOption(value: string, label: string, group: string): PickerOption {
  return { value, label, group, searchText: label.toLowerCase() };
}

/**
 * docs/product.md#lps: the /lps filters. Type and the three focus filters are checkbox groups with counts, the
 * headquarters a searchable list of regions and countries with counts; AUM and check size are ranges;
 * emerging managers and first-time funds are switches. Each change applies at once (a navigation).
 */
export function LpFilterPanel({ id, state, panelData, onChange, className = "" }: LpFilterPanelProps) {
  const facets = panelData?.facets;
  const countries = panelData?.countries;
  const locationOptions = useMemo(
    () => [
      ...LP_REGION_OPTIONS.map((region) => pickerOption(regionValue(region.slug), region.label, "Regions")),
      ...(countries ?? []).map((country) => pickerOption(countryValue(country), country, "Countries")),
    ],
    [countries],
  );
  const group = (key: Exclude<LpMultiFilterKey, "location">) => (
    <CheckboxFacetGroup
      legend={LP_FILTER_LABELS[key]}
      options={choices(LP_FILTER_OPTIONS[key])}
      values={state[key]}
      facet={facets?.[key]}
      countNoun="LPs"
      onToggle={(value) => onChange({ [key]: toggledValue(state[key], value) })}
    />
  );
  const [firstLocation] = state.location;
  return (
    <section
      id={id}
      aria-label="Filters"
      aria-busy={panelData === undefined}
      className={`grid gap-4 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:grid-cols-2 lg:grid-cols-3 ${className}`}
    >
      {group("type")}
      <div className="flex flex-col gap-4">
        <SearchablePicker
          label={LP_FILTER_LABELS.location}
          placeholder="Region or country"
          options={locationOptions}
          values={state.location}
          valueLabel={
            firstLocation === undefined
              ? ""
              : `${lpFilterValueLabel("location", firstLocation)}${state.location.length > 1 ? ` +${state.location.length - 1}` : ""}`
          }
          onToggle={(value) => onChange({ location: toggledValue(state.location, value) })}
          onClear={() => onChange({ location: [] })}
          countText={(value) => facetCountText(facets?.location, value)}
          emptyMessage="No locations found"
        />
        <FilterSelect
          label={LP_FILTER_LABELS.aum}
          value={state.aum || ANY}
          options={aumChoices}
          onChange={(value) =>
            onChange({ aum: AUM_OPTIONS.find((option) => option.value === value)?.value ?? "" })
          }
        />
        <FilterSelect
          label={LP_FILTER_LABELS.check}
          value={state.check || ANY}
          options={checkChoices}
          onChange={(value) =>
            onChange({ check: CHECK_OPTIONS.find((option) => option.value === value)?.value ?? "" })
          }
        />
        <CheckboxField
          name="emerging"
          className="text-sm"
          label="Accepts emerging managers"
          checked={state.emerging === "yes"}
          onChange={(event) => onChange({ emerging: event.target.checked ? "yes" : "" })}
        />
        <CheckboxField
          name="first_time"
          className="text-sm"
          label="Backs first-time funds"
          checked={state.firstTime === "yes"}
          onChange={(event) => onChange({ firstTime: event.target.checked ? "yes" : "" })}
        />
      </div>
      {group("asset")}
      {group("stage")}
      {group("sector")}
    </section>
  );
}
