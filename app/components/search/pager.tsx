import { formatCount } from "~/core/format";
import { Button } from "../ui/button";
import { SpriteIcon } from "../ui/sprite-icon";

interface PagerProps {
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  /** The navigation's name: two pagers (above and below the results) need two names. */
  label?: string;
  /** The pager above the results: small buttons on the total's line (icons on a phone), so the list starts higher. */
  compact?: boolean;
}

/** docs/product.md#limits: 'Page X of N' with Previous/Next, disabled at the ends. The caller shows it only past 50 results. */
export function Pager({ page, pageCount, onPageChange, label = "Pagination", compact = false }: PagerProps) {
  if (compact) {
    const small =
      "inline-flex items-center rounded-md border border-slate-300 bg-white px-2 py-1 text-sm font-medium text-slate-800 hover:bg-slate-50 disabled:cursor-not-allowed disabled:text-slate-400";
    return (
      <nav aria-label={label} className="flex items-center gap-2">
        <button
          type="button"
          className={small}
          disabled={page <= 1}
          onClick={() => onPageChange(Math.max(1, Math.min(page - 1, pageCount)))}
        >
          <SpriteIcon name="chevron-left" className="h-4 w-4" />
          <span className="max-sm:sr-only">Previous</span>
        </button>
        <p className="text-sm whitespace-nowrap text-slate-700">
          Page {formatCount(page)} of {formatCount(pageCount)}
        </p>
        <button
          type="button"
          className={small}
          disabled={page >= pageCount}
          onClick={() => onPageChange(page + 1)}
        >
          <span className="max-sm:sr-only">Next</span>
          <SpriteIcon name="chevron-right" className="h-4 w-4" />
        </button>
      </nav>
    );
  }
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-3">
      <Button
        variant="secondary"
        disabled={page <= 1}
        onClick={() => onPageChange(Math.max(1, Math.min(page - 1, pageCount)))}
      >
        <SpriteIcon name="chevron-left" className="h-4 w-4" />
        Previous
      </Button>
      <p className="text-sm text-slate-700" aria-live="polite">
        Page {formatCount(page)} of {formatCount(pageCount)}
      </p>
      <Button variant="secondary" disabled={page >= pageCount} onClick={() => onPageChange(page + 1)}>
        Next
        <SpriteIcon name="chevron-right" className="h-4 w-4" />
      </Button>
    </nav>
  );
}
