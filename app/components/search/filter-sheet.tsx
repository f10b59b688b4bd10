import type { FilterOptions } from "~/core/filter-options";
import type { SearchFacets } from "~/core/search-facets";
import type { SearchState } from "~/core/search-params";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";
import { FilterPanel } from "./filter-panel";
import type { SearchChange } from "./use-search-navigation";

interface FilterSheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  panelId: string;
  state: SearchState;
  filterOptions: FilterOptions | undefined;
  facets: SearchFacets | undefined;
  onChange: (change: SearchChange) => void;
  /** "Show 1,204 results", "Show about 66,000 results", or "Searching…" while a change loads. */
  showLabel: string;
}

/**
 * Issue 15, phones: the filters in a bottom sheet. Each change applies at once behind it (the URL is the
 * state), and the button closes the sheet on the results, naming how many there are.
 */
export function FilterSheet({
  open,
  onOpenChange,
  panelId,
  state,
  filterOptions,
  facets,
  onChange,
  showLabel,
}: FilterSheetProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Filters" variant="sheet">
      <FilterPanel
        id={panelId}
        state={state}
        filterOptions={filterOptions}
        facets={facets}
        onChange={onChange}
        className="border-0 bg-white p-0"
      />
      <div className="sticky bottom-0 mt-4 bg-white pt-2">
        <Button className="w-full" onClick={() => onOpenChange(false)}>
          {showLabel}
        </Button>
      </div>
    </Dialog>
  );
}
