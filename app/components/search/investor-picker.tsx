import { useMemo } from "react";
import { formatCount } from "~/core/format";
import type { Facet } from "~/core/search-facets";
import { facetCountText } from "~/core/search-facets";
import { investorSlugLabel } from "~/core/search-summary";
import { FILTER_LABELS } from "./filter-labels";
import type { PickerOption } from "./picker-options";
import { SearchablePicker } from "./searchable-picker";

interface InvestorPickerProps {
  values: readonly string[];
  led: boolean;
  facet: Facet | undefined;
  onToggle: (slug: string) => void;
  onClear: () => void;
  onLedChange: (led: boolean) => void;
}

/**
 * decision 030, the investor filter: the investors of most companies given the other filters (with their
 * counts) and the chosen ones, searchable by name; several at once (any of them). 'Led by' keeps the
 * companies where a chosen investor led a round.
 */
export function InvestorPicker({ values, led, facet, onToggle, onClear, onLedChange }: InvestorPickerProps) {
  const nameOf = (slug: string) => facet?.labels?.[slug] ?? investorSlugLabel(slug);
  const options = useMemo((): PickerOption[] => {
    const counted = Object.entries(facet?.counts ?? {})
      .sort(([, a], [, b]) => b - a)
      .map(([slug]) => slug);
    const slugs = [...new Set([...values, ...counted])];
    return slugs.map((slug) => {
      const label = facet?.labels?.[slug] ?? investorSlugLabel(slug);
      return { value: slug, label, group: "", searchText: label.toLowerCase() };
    });
  }, [facet, values]);
  const [first] = values;
  const valueLabel =
    first === undefined ? "" : values.length === 1 ? nameOf(first) : `${nameOf(first)} +${values.length - 1}`;
  return (
    <div className="flex flex-col gap-2">
      <SearchablePicker
        label={FILTER_LABELS.investor}
        placeholder="Search investors"
        options={options}
        values={values}
        valueLabel={valueLabel}
        onToggle={onToggle}
        onClear={onClear}
        countText={(slug) => facetCountText(facet, slug) ?? (facet ? formatCount(0) : null)}
        emptyMessage="No investors found"
      />
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input
          type="checkbox"
          className="h-4 w-4 rounded border-slate-400"
          checked={led}
          disabled={values.length === 0 && !led}
          onChange={(event) => onLedChange(event.currentTarget.checked)}
        />
        Only rounds they led
      </label>
    </div>
  );
}
