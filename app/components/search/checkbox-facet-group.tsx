import { type Facet, facetCountText } from "~/core/search-facets";

interface CheckboxFacetGroupProps {
  legend: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  values: readonly string[];
  facet: Facet | undefined;
  /** What a count counts, for screen readers ("companies", "LPs"). */
  countNoun: string;
  onToggle: (value: string) => void;
}

/**
 * A multi-select filter as a group of checkboxes (docs/product.md#filters), each with its count given the other filters.
 * A box changes only when it is ticked (Space or a click), never while the arrow keys or Tab move through
 * the list, so nothing searches until the user chooses. A value from a shared link that the options no
 * longer list still shows as chosen. The chosen values also show above the list (docs/product.md#filters), so
 * they are seen without scrolling it; the list keeps its order, so a ticked box never moves under the pointer.
 */
export function CheckboxFacetGroup({
  legend,
  options,
  values,
  facet,
  countNoun,
  onToggle,
}: CheckboxFacetGroupProps) {
  const listed = [
    ...options,
    ...values
      .filter((value) => !options.some((option) => option.value === value))
      .map((value) => ({ value, label: value })),
  ];
  const chosen = listed.filter((option) => values.includes(option.value));
  return (
    <fieldset className="flex min-w-0 flex-col gap-1">
      <legend className="mb-1 text-sm font-medium text-slate-800">{legend}</legend>
      {chosen.length > 0 ? (
        <p className="flex flex-wrap items-center gap-1 text-xs text-slate-600">
          <span>Chosen:</span>
          {chosen.map((option) => (
            <span
              key={option.value}
              data-testid="chosen-value"
              className="rounded-full border border-brand-100 bg-brand-50 px-2 py-0.5 font-medium text-brand-900"
            >
              {option.label}
            </span>
          ))}
        </p>
      ) : null}
      <div className="max-h-44 overflow-y-auto rounded-md border border-slate-300 bg-white py-1">
        {listed.map((option) => {
          const count = facetCountText(facet, option.value);
          return (
            <label
              key={option.value}
              className="flex cursor-pointer items-center gap-2 px-3 py-1 text-sm text-slate-800 hover:bg-slate-50"
            >
              <input
                type="checkbox"
                checked={values.includes(option.value)}
                onChange={() => onToggle(option.value)}
                className="h-4 w-4 rounded border-slate-400 accent-brand-600"
              />
              <span data-testid="option-label" className="min-w-0 flex-1 truncate">
                {option.label}
              </span>
              {count !== null ? (
                <span data-testid="option-count" className="shrink-0 text-xs text-slate-600 tabular-nums">
                  {count}
                  <span className="sr-only"> {countNoun}</span>
                </span>
              ) : null}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
