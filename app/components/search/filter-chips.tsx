import { X } from "lucide-react";
import { FILTER_KEYS, type FilterKey, type SearchState } from "~/core/search-params";
import { FILTER_LABELS, filterValueLabel } from "./filter-labels";

interface FilterChipsProps {
  state: SearchState;
  onRemove: (key: FilterKey, value: string) => void;
  onClearAll: () => void;
}

/** One chip per chosen value (issue 15): a filter with three stages shows three chips. */
function chipsOf(state: SearchState): Array<{ key: FilterKey; value: string }> {
  return FILTER_KEYS.flatMap((key) => {
    const value = state[key];
    if (typeof value === "string") return value ? [{ key, value }] : [];
    return value.map((item) => ({ key, value: item }));
  });
}

/** spec 2: one removable chip per active filter value. */
export function FilterChips({ state, onRemove, onClearAll }: FilterChipsProps) {
  const active = chipsOf(state);
  if (active.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <ul aria-label="Active filters" className="flex flex-wrap gap-2">
        {active.map(({ key, value }) => {
          const label = filterValueLabel(key, value);
          return (
            <li
              key={`${key}:${value}`}
              data-testid="filter-chip"
              className="inline-flex max-w-full items-center gap-1 rounded-full border border-brand-100 bg-brand-50 py-1 pr-1 pl-3 text-sm text-brand-900"
            >
              <span className="truncate">
                <span className="font-medium">{FILTER_LABELS[key]}:</span> {label}
              </span>
              <button
                type="button"
                aria-label={`Remove ${FILTER_LABELS[key]} filter ${label}`}
                onClick={() => onRemove(key, value)}
                className="shrink-0 rounded-full p-0.5 text-brand-700 hover:bg-brand-100 hover:text-brand-900"
              >
                <X aria-hidden="true" className="h-3.5 w-3.5" />
              </button>
            </li>
          );
        })}
      </ul>
      {active.length > 1 ? (
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
