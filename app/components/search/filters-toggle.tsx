import { SpriteIcon } from "../ui/sprite-icon";

interface FiltersToggleProps {
  isOpen: boolean;
  count: number;
  panelId: string;
  onToggle: () => void;
}

/**
 * docs/product.md#screens: the Filters toggle with a count badge of the active filters. On a phone it is an icon
 * with its badge (the word stays its accessible name), so the search box keeps its width.
 */
export function FiltersToggle({ isOpen, count, panelId, onToggle }: FiltersToggleProps) {
  return (
    <button
      type="button"
      aria-expanded={isOpen}
      aria-controls={panelId}
      onClick={onToggle}
      className={`inline-flex shrink-0 items-center gap-2 rounded-md border px-2.5 py-2 text-sm sm:px-3 font-semibold transition-colors ${
        isOpen
          ? "border-brand-600 bg-brand-50 text-brand-900"
          : "border-slate-300 bg-white text-slate-800 hover:bg-slate-50"
      }`}
    >
      <SpriteIcon name="sliders-horizontal" className="h-4 w-4" />
      <span className="max-sm:sr-only">Filters</span>
      {count > 0 ? (
        <>
          <span
            aria-hidden="true"
            data-testid="filter-count"
            className="inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-brand-600 px-1.5 text-xs font-semibold text-white"
          >
            {count}
          </span>
          <span className="sr-only">({count} active)</span>
        </>
      ) : null}
    </button>
  );
}
