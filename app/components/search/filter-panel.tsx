import { ANY_EMAIL_STATUS_LABEL, EMAIL_FILTER_OPTIONS, emailFilterOption } from "~/core/email-status";
import type { FilterOptions } from "~/core/filter-options";
import {
  AMOUNT_OPTIONS,
  ANY,
  ANY_AMOUNT_LABEL,
  ANY_DATE_LABEL,
  ANY_ROUNDS_LABEL,
  amountOption,
  DATE_OPTIONS,
  dateOption,
  ROUNDS_OPTIONS,
  roundsOption,
} from "~/core/funding-filters";
import type { SearchFacets } from "~/core/search-facets";
import { type SearchState, toggledValue } from "~/core/search-params";
import { FILTER_LABELS } from "./filter-labels";
import { FilterSelect } from "./filter-select";
import { IndustryPicker } from "./industry-picker";
import { InvestorPicker } from "./investor-picker";
import { LocationPicker } from "./location-picker";
import { StagePicker } from "./stage-picker";
import type { SearchChange } from "./use-search-navigation";

interface FilterPanelProps {
  id: string;
  state: SearchState;
  /** The filter options (docs/product.md#data), loaded when the filters open; undefined until they arrive. */
  filterOptions: FilterOptions | undefined;
  /** The option counts given the other filters; undefined while they load. */
  facets: SearchFacets | undefined;
  onChange: (change: SearchChange) => void;
  className?: string;
}

const amountChoices = [{ value: ANY, label: ANY_AMOUNT_LABEL }, ...AMOUNT_OPTIONS];
const dateChoices = [{ value: ANY, label: ANY_DATE_LABEL }, ...DATE_OPTIONS];
const roundsChoices = [{ value: ANY, label: ANY_ROUNDS_LABEL }, ...ROUNDS_OPTIONS];
const emailChoices = [{ value: ANY, label: ANY_EMAIL_STATUS_LABEL }, ...EMAIL_FILTER_OPTIONS];

/**
 * docs/product.md#data and docs/product.md#filters: the filters. Industry, stage, location and investor take several
 * values (docs/product.md#filters) and show each option's count. Each change applies at once (a navigation), so the URL always holds them.
 */
export function FilterPanel({
  id,
  state,
  filterOptions,
  facets,
  onChange,
  className = "",
}: FilterPanelProps) {
  if (!filterOptions) {
    return (
      <section
        id={id}
        aria-label="Filters"
        aria-busy="true"
        className={`rounded-xl border border-slate-200 bg-slate-50 p-4 ${className}`}
      >
        <p role="status" className="text-sm text-slate-600">
          Loading filters…
        </p>
      </section>
    );
  }
  return (
    <section
      id={id}
      aria-label="Filters"
      className={`grid gap-4 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:grid-cols-2 lg:grid-cols-3 ${className}`}
    >
      <IndustryPicker
        industries={filterOptions.industries}
        values={state.industry}
        facet={facets?.industry}
        onToggle={(industry) => onChange({ industry: toggledValue(state.industry, industry) })}
        onClear={() => onChange({ industry: [] })}
      />
      <LocationPicker
        continents={filterOptions.continents}
        grouped={filterOptions.headquarters_locations_grouped}
        values={state.location}
        facet={facets?.location}
        onToggle={(location) => onChange({ location: toggledValue(state.location, location) })}
        onClear={() => onChange({ location: [] })}
      />
      <InvestorPicker
        values={state.investor}
        led={state.led === "1"}
        facet={facets?.investor}
        onToggle={(slug) => {
          const investor = toggledValue(state.investor, slug);
          // 'Led by' belongs to the chosen investors: it goes with the last of them.
          onChange(investor.length === 0 ? { investor, led: "" } : { investor });
        }}
        onClear={() => onChange({ investor: [], led: "" })}
        onLedChange={(led) => onChange({ led: led ? "1" : "" })}
      />
      {/* docs/product.md#filters: choosing 'any' resets the funding-amount and funding-date filters. */}
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
      <FilterSelect
        label={FILTER_LABELS.rounds}
        value={state.rounds || ANY}
        options={roundsChoices}
        onChange={(value) => onChange({ rounds: roundsOption(value)?.value ?? "" })}
      />
      {/* decision 032: the primary contact's email status. */}
      <FilterSelect
        label={FILTER_LABELS.email}
        value={state.email || ANY}
        options={emailChoices}
        onChange={(value) => onChange({ email: emailFilterOption(value)?.value ?? "" })}
      />
      <div className="sm:col-span-2 lg:col-span-3">
        <StagePicker
          stages={filterOptions.funding_types}
          values={state.stage}
          facet={facets?.stage}
          onToggle={(stage) => onChange({ stage: toggledValue(state.stage, stage) })}
        />
      </div>
    </section>
  );
}
