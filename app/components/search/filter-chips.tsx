import { X } from "lucide-react";

/** One chosen filter value: its filter's key and name, the value and how it reads. */
export interface FilterChip {
  key: string;
  value: string;
  filterLabel: string;
  label: string;
}

interface FilterChipsProps {
  chips: readonly FilterChip[];
  onRemove: (chip: FilterChip) => void;
  onClearAll: () => void;
}

/** docs/product.md#screens: one removable chip per active filter value (docs/product.md#filters: a filter with three values shows three). */
export function FilterChips({ chips, onRemove, onClearAll }: FilterChipsProps) {
  if (chips.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <ul aria-label="Active filters" className="flex flex-wrap gap-2">
        {chips.map((chip) => (
          <li
            key={`${chip.key}:${chip.value}`}
            data-testid="filter-chip"
            className="inline-flex max-w-full items-center gap-1 rounded-full border border-brand-100 bg-brand-50 py-1 pr-1 pl-3 text-sm text-brand-900"
          >
            <span className="truncate">
              <span className="font-medium">{chip.filterLabel}:</span> {chip.label}
            </span>
            <button
              type="button"
              aria-label={`Remove ${chip.filterLabel} filter ${chip.label}`}
              onClick={() => onRemove(chip)}
              className="shrink-0 rounded-full p-0.5 text-brand-700 hover:bg-brand-100 hover:text-brand-900"
            >
              <X aria-hidden="true" className="h-3.5 w-3.5" />
            </button>
          </li>
        ))}
      </ul>
      {chips.length > 1 ? (
        <button
          type="button"
          onClick={onClearAll}
          className="rounded-md px-2 py-1 text-sm font-medium text-slate-600 underline-offset-4 hover:text-slate-900 hover:underline"
        >
          Clear all filters
        </button>
      ) : null}
    </div>
  );
}
