import { useMemo } from "react";
import { FILTER_LABELS } from "./filter-labels";
import { industryOptions } from "./picker-options";
import { SearchablePicker } from "./searchable-picker";

interface IndustryPickerProps {
  industries: readonly string[];
  value: string;
  onSelect: (industry: string) => void;
}

/** spec 3/9: the industry filter, searchable over the filter options' industries list. */
export function IndustryPicker({ industries, value, onSelect }: IndustryPickerProps) {
  const options = useMemo(() => industryOptions(industries), [industries]);
  return (
    <SearchablePicker
      label={FILTER_LABELS.industry}
      placeholder="Search industries"
      options={options}
      value={value}
      valueLabel={value}
      onSelect={onSelect}
      // spec 8 empty state, word for word.
      emptyMessage="No industries found"
    />
  );
}
