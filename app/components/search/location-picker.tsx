import { useMemo } from "react";
import type { FilterOptions } from "~/core/filter-options";
import { FILTER_LABELS, locationLabel } from "./filter-labels";
import { locationOptions } from "./picker-options";
import { SearchablePicker } from "./searchable-picker";

interface LocationPickerProps {
  continents: FilterOptions["continents"];
  grouped: FilterOptions["headquarters_locations_grouped"];
  value: string;
  onSelect: (location: string) => void;
}

/** spec 3: one searchable list of continents, countries, states/regions and cities. */
export function LocationPicker({ continents, grouped, value, onSelect }: LocationPickerProps) {
  const options = useMemo(() => locationOptions(continents, grouped), [continents, grouped]);
  return (
    <SearchablePicker
      label={FILTER_LABELS.location}
      placeholder="Continent, country, region or city"
      options={options}
      value={value}
      valueLabel={locationLabel(value)}
      onSelect={onSelect}
      // spec 8 empty state, word for word.
      emptyMessage="No locations found"
    />
  );
}
