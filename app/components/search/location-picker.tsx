import { useMemo } from "react";
import type { FilterOptions } from "~/core/filter-options";
import { type Facet, facetCountText } from "~/core/search-facets";
import { FILTER_LABELS, summaryLabel } from "./filter-labels";
import { locationOptions } from "./picker-options";
import { SearchablePicker } from "./searchable-picker";

interface LocationPickerProps {
  continents: FilterOptions["continents"];
  grouped: FilterOptions["headquarters_locations_grouped"];
  values: readonly string[];
  facet: Facet | undefined;
  onToggle: (location: string) => void;
  onClear: () => void;
}

/**
 * docs/product.md#data: one searchable list of continents, countries, states/regions and cities; several at once.
 * Continents and countries show their counts (docs/product.md#search); regions and cities are not counted.
 */
export function LocationPicker({
  continents,
  grouped,
  values,
  facet,
  onToggle,
  onClear,
}: LocationPickerProps) {
  const options = useMemo(() => locationOptions(continents, grouped), [continents, grouped]);
  return (
    <SearchablePicker
      label={FILTER_LABELS.location}
      placeholder="Continent, country, region or city"
      options={options}
      values={values}
      valueLabel={summaryLabel("location", values)}
      onToggle={onToggle}
      onClear={onClear}
      countText={(value) =>
        value.startsWith("continent:") || value.startsWith("country:") ? facetCountText(facet, value) : null
      }
      // docs/product.md#texts, empty state, word for word.
      emptyMessage="No locations found"
    />
  );
}
