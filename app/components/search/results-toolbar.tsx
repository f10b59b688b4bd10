import { PAGE_SIZES, type PageSize, type SearchState } from "~/core/search-params";
import { SORT_OPTIONS, type SortValue } from "~/core/search-sort";
import type { SearchView } from "~/core/search-view";
import { SpriteIcon } from "../ui/sprite-icon";
import { FilterSelect } from "./filter-select";

interface ResultsToolbarProps {
  state: SearchState;
  view: SearchView;
  /** Issue 15: subscribers choose 25, 50 or 100 a page; everyone else reads spec 9's 50. */
  canChoosePageSize: boolean;
  onSort: (sort: SortValue) => void;
  onPageSize: (size: PageSize) => void;
  onView: (view: SearchView) => void;
}

const sortChoices = SORT_OPTIONS.map(({ value, label }) => ({ value, label }));
const sizeChoices = PAGE_SIZES.map((size) => ({ value: String(size), label: String(size) }));

/** Issue 15: the order (in the URL, and the export's too), the page size and the view (remembered). */
export function ResultsToolbar({
  state,
  view,
  canChoosePageSize,
  onSort,
  onPageSize,
  onView,
}: ResultsToolbarProps) {
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
      <FilterSelect
        layout="inline"
        label="Sort by"
        value={state.sort}
        options={sortChoices}
        onChange={(value) =>
          onSort(SORT_OPTIONS.find((option) => option.value === value)?.value ?? "date-desc")
        }
      />
      {canChoosePageSize ? (
        <FilterSelect
          layout="inline"
          label="Per page"
          value={String(state.size)}
          options={sizeChoices}
          onChange={(value) => onPageSize(PAGE_SIZES.find((size) => String(size) === value) ?? 50)}
        />
      ) : null}
      <fieldset className="flex items-center gap-1">
        <legend className="sr-only">View</legend>
        <ViewButton label="Cards" isPressed={view === "cards"} onClick={() => onView("cards")}>
          <SpriteIcon name="layout-grid" className="h-4 w-4" />
        </ViewButton>
        <ViewButton label="Table" isPressed={view === "table"} onClick={() => onView("table")}>
          <SpriteIcon name="rows-3" className="h-4 w-4" />
        </ViewButton>
      </fieldset>
    </div>
  );
}

function ViewButton({
  label,
  isPressed,
  onClick,
  children,
}: {
  label: string;
  isPressed: boolean;
  onClick: () => void;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      aria-pressed={isPressed}
      onClick={onClick}
      className={`inline-flex items-center gap-1.5 rounded-md border px-2.5 py-1.5 text-sm font-medium ${
        isPressed
          ? "border-brand-600 bg-brand-50 text-brand-900"
          : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50"
      }`}
    >
      {children}
      {label}
    </button>
  );
}
