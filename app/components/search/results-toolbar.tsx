import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { ArrowDownUp } from "lucide-react";
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

/**
 * docs/product.md#search: the order (in the URL, and the export's too), the page size and the view (remembered).
 * On a phone the three fold into one icon button's menu (docs/product.md#search: the first result starts on the
 * first screen); from the sm breakpoint up they show inline.
 */
export function ResultsToolbar<Sort extends string>(props: ResultsToolbarProps<Sort>) {
  return (
    <>
      <PhoneToolbarMenu {...props} />
      <InlineToolbar {...props} />
    </>
  );
}

function InlineToolbar<Sort extends string>({
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
    <div className="hidden flex-wrap items-center gap-x-4 gap-y-2 sm:flex">
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

const menuLabel = "px-3 pt-2 pb-1 text-xs font-semibold text-slate-500";
const menuItem =
  "flex cursor-pointer items-center gap-2 rounded px-3 py-1.5 text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100 data-[highlighted]:text-slate-900";

/** The phone's fold of the toolbar: one icon button, a menu of the order, the page size and the view. */
function PhoneToolbarMenu<Sort extends string>({
  sort,
  sortOptions,
  size,
  view,
  canChoosePageSize,
  onSort,
  onPageSize,
  onView,
}: ResultsToolbarProps<Sort>) {
  const sortLabel = sortOptions.find((option) => option.value === sort)?.label ?? "";
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={`Sort and view: ${sortLabel}, ${view === "table" ? "table" : "cards"}`}
        data-testid="toolbar-menu"
        className="inline-flex h-9 items-center gap-1 rounded-md border border-slate-300 bg-white px-2.5 text-slate-700 shadow-sm hover:bg-slate-50 sm:hidden"
      >
        <ArrowDownUp aria-hidden="true" className="h-4 w-4" />
        {view === "table" ? (
          <SpriteIcon name="rows-3" className="h-4 w-4" />
        ) : (
          <SpriteIcon name="layout-grid" className="h-4 w-4" />
        )}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="start"
          sideOffset={6}
          className="z-50 max-h-[70vh] min-w-56 overflow-y-auto rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
        >
          <DropdownMenu.Label className={menuLabel}>Sort by</DropdownMenu.Label>
          <DropdownMenu.RadioGroup
            value={sort}
            onValueChange={(value) => {
              const option = sortOptions.find((candidate) => candidate.value === value);
              if (option) onSort(option.value);
            }}
          >
            {sortOptions.map((option) => (
              <RadioItem key={option.value} value={option.value} label={option.label} />
            ))}
          </DropdownMenu.RadioGroup>
          {canChoosePageSize ? (
            <>
              <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
              <DropdownMenu.Label className={menuLabel}>Per page</DropdownMenu.Label>
              <DropdownMenu.RadioGroup
                value={String(size)}
                onValueChange={(value) => {
                  const choice = PAGE_SIZES.find((candidate) => String(candidate) === value);
                  if (choice) onPageSize(choice);
                }}
              >
                {sizeChoices.map((choice) => (
                  <RadioItem key={choice.value} value={choice.value} label={choice.label} />
                ))}
              </DropdownMenu.RadioGroup>
            </>
          ) : null}
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Label className={menuLabel}>View</DropdownMenu.Label>
          <DropdownMenu.RadioGroup
            value={view}
            onValueChange={(value) => onView(value === "table" ? "table" : "cards")}
          >
            <RadioItem value="cards" label="Cards" />
            <RadioItem value="table" label="Table" />
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

function RadioItem({ value, label }: { value: string; label: string }) {
  return (
    <DropdownMenu.RadioItem value={value} className={menuItem}>
      <span aria-hidden="true" className="inline-flex h-4 w-4 shrink-0 items-center justify-center">
        <DropdownMenu.ItemIndicator>
          <SpriteIcon name="check" className="h-4 w-4 text-brand-700" />
        </DropdownMenu.ItemIndicator>
      </span>
      {label}
    </DropdownMenu.RadioItem>
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
