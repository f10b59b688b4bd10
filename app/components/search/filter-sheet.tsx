import type { ReactNode } from "react";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";

interface FilterSheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The listing's filter panel (/search's or /lps's). */
  children: ReactNode;
  /** "Show 1,204 results", "Show about 66,000 results", or "Searching…" while a change loads. */
  showLabel: string;
}

/**
 * docs/product.md#filters, phones: the filters in a bottom sheet. Each change applies at once behind it (the URL is the
 * state), and the button closes the sheet on the results, naming how many there are.
 */
export function FilterSheet({ open, onOpenChange, children, showLabel }: FilterSheetProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Filters" variant="sheet">
      {children}
      <div className="sticky bottom-0 mt-4 bg-white pt-2">
        <Button className="w-full" onClick={() => onOpenChange(false)}>
          {showLabel}
        </Button>
      </div>
    </Dialog>
  );
}
