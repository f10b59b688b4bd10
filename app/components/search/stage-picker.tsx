import { type Facet, facetCountText } from "~/core/search-facets";
import { FILTER_LABELS } from "./filter-labels";

interface StagePickerProps {
  stages: readonly string[];
  values: readonly string[];
  facet: Facet | undefined;
  onToggle: (stage: string) => void;
}

/**
 * spec 9's funding stage filter as a group of checkboxes (issue 15): several stages at once, each with its
 * count given the other filters. A box changes only when it is ticked (Space or a click), never while the
 * arrow keys or Tab move through the list, so nothing searches until the user chooses.
 */
export function StagePicker({ stages, values, facet, onToggle }: StagePickerProps) {
  // A stage from a shared link that the options no longer list still shows as chosen.
  const listed = [...stages, ...values.filter((value) => !stages.includes(value))];
  return (
    <fieldset className="flex min-w-0 flex-col gap-1">
      <legend className="mb-1 text-sm font-medium text-slate-800">{FILTER_LABELS.stage}</legend>
      <div className="max-h-44 overflow-y-auto rounded-md border border-slate-300 bg-white py-1">
        {listed.map((stage) => {
          const count = facetCountText(facet, stage);
          return (
            <label
              key={stage}
              className="flex cursor-pointer items-center gap-2 px-3 py-1 text-sm text-slate-800 hover:bg-slate-50"
            >
              <input
                type="checkbox"
                checked={values.includes(stage)}
                onChange={() => onToggle(stage)}
                className="h-4 w-4 rounded border-slate-400 accent-brand-600"
              />
              <span className="min-w-0 flex-1 truncate">{stage}</span>
              {count !== null ? (
                <span data-testid="option-count" className="shrink-0 text-xs text-slate-600 tabular-nums">
                  {count}
                  <span className="sr-only"> companies</span>
                </span>
              ) : null}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
