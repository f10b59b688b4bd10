import type { SearchView } from "~/core/search-view";
import { PAGE_SIZES, type PageSize } from "~/core/url-values";
import { SpriteIcon } from "../ui/sprite-icon";
import { FilterSelect } from "./filter-select";

interface ResultsToolbarProps<Sort extends string> {
  sort: Sort;
  /** The orders this listing offers (/search's, /lps's), the first being the default. */
  sortOptions: ReadonlyArray<{ value: Sort; label: string }>;
  size: PageSize;
  view: SearchView;
  /** docs/product.md#search: subscribers choose 25, 50 or 100 a page; everyone else reads the 50 (docs/product.md#limits). */
  canChoosePageSize: boolean;
  onSort: (sort: Sort) => void;
  onPageSize: (size: PageSize) => void;
  onView: (view: SearchView) => void;
}

const sizeChoices = PAGE_SIZES.map((size) => ({ value: String(size), label: String(size) }));

/** docs/product.md#search: the order (in the URL, and the export's too), the page size and the view (remembered). */
export function ResultsToolbar<Sort extends string>({
  sort,
  sortOptions,
  size,
  view,
  canChoosePageSize,
  onSort,
  onPageSize,
  onView,
}: ResultsToolbarProps<Sort>) {
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
      <FilterSelect
        layout="inline"
        label="Sort by"
        value={sort}
        options={sortOptions}
        onChange={(value) => {
          const option = sortOptions.find((candidate) => candidate.value === value) ?? sortOptions[0];
          if (option) onSort(option.value);
        }}
      />
      {canChoosePageSize ? (
        <FilterSelect
          layout="inline"
          label="Per page"
          value={String(size)}
          options={sizeChoices}
          onChange={(value) => onPageSize(PAGE_SIZES.find((choice) => String(choice) === value) ?? 50)}
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
