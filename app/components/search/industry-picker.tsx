import { useMemo } from "react";
import type { Facet } from "~/core/search-facets";
import { facetCountText } from "~/core/search-facets";
import { FILTER_LABELS, summaryLabel } from "./filter-labels";
import { industryOptions } from "./picker-options";
import { SearchablePicker } from "./searchable-picker";

interface IndustryPickerProps {
  industries: readonly string[];
  values: readonly string[];
  facet: Facet | undefined;
  onToggle: (industry: string) => void;
  onClear: () => void;
}

/** docs/product.md#data and docs/product.md#filters: the industry filter, searchable over the filter options' industries list; several at once. */
export function IndustryPicker({ industries, values, facet, onToggle, onClear }: IndustryPickerProps) {
  const options = useMemo(() => industryOptions(industries), [industries]);
  return (
    <SearchablePicker
      label={FILTER_LABELS.industry}
      placeholder="Search industries"
      options={options}
      values={values}
      valueLabel={summaryLabel("industry", values)}
      onToggle={onToggle}
      onClear={onClear}
      countText={(value) => facetCountText(facet, value)}
      // docs/product.md#texts, empty state, word for word.
      emptyMessage="No industries found"
    />
  );
}
