import { CircleAlert, SearchX } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { SpriteIcon } from "../ui/sprite-icon";
import { Pager } from "./pager";
import { type ResultPage, showingRangeText } from "./results-total";

export interface ResultsSectionProps {
  /** Where the shown page sits; null before the first result (or when it failed). */
  result: (ResultPage & { pageCount: number }) | null;
  /** "1,234 companies", "3,000 LPs". */
  totalText: string;
  /** The error banner's text, or null. */
  errorText: string | null;
  isLoading: boolean;
  /** The server masked the emails on this page: said once, beside the total. */
  isMasked: boolean;
  maskedNotice: string;
  /** Placeholders shaped like the rows, while a change loads. */
  skeletons: ReactNode;
  /** The empty state's two lines (their words on /search: docs/product.md#texts). */
  emptyTitle: string;
  emptyText: string;
  /** False for a fixed sample: no pager, whatever the total. */
  canPage?: boolean;
  onPageChange: (page: number) => void;
  /** The rows: cards or the table. */
  children: ReactNode;
}

/**
 * The results area of a listing (/search, /lps): the error banner, the total, the pager above and below,
 * the rows (or skeletons, or the empty state). After a page change focus returns to the results heading
 * (docs/product.md#search), not to the top of the document.
 */
export function ResultsSection({
  result,
  totalText,
  errorText,
  isLoading,
  isMasked,
  maskedNotice,
  skeletons,
  emptyTitle,
  emptyText,
  canPage = true,
  onPageChange,
  children,
}: ResultsSectionProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [hasPaged, setHasPaged] = useState(false);
  useEffect(() => {
    if (!hasPaged || isLoading) return;
    headingRef.current?.focus();
    setHasPaged(false);
  }, [hasPaged, isLoading]);
  const changePage = (page: number) => {
    setHasPaged(true);
    onPageChange(page);
  };
  // docs/product.md#limits: the pager appears only when the total exceeds the page size (50 unless chosen).
  const hasPages = canPage && result !== null && result.total > result.pageSize;
  return (
    <section aria-labelledby="results-heading" aria-busy={isLoading} className="flex flex-col gap-2">
      <h2 id="results-heading" ref={headingRef} tabIndex={-1} className="sr-only">
        Results
      </h2>
      {errorText ? (
        <div
          role="alert"
          className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
        >
          <CircleAlert aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
          <p>{errorText}</p>
        </div>
      ) : null}
      {/* The total line keeps its place while loading, so the list below does not move. It also holds where
          this page sits in the results and the pager above them (docs/product.md#search). */}
      <div className="flex min-h-8 flex-wrap items-center justify-between gap-x-4 gap-y-1">
        <div className="flex flex-wrap items-baseline gap-x-3">
          <p data-testid="results-total" className="text-sm font-medium text-slate-700">
            {result && !isLoading ? totalText : isLoading ? "Searching…" : ""}
          </p>
          {result && !isLoading && isMasked ? (
            <p data-testid="masked-notice" className="flex items-center gap-1 text-xs text-slate-600">
              <SpriteIcon name="lock" className="h-3 w-3" />
              {maskedNotice}
            </p>
          ) : null}
        </div>
        {result && !isLoading && result.shown > 0 && hasPages ? (
          <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
            {/* On a phone the total and the page already say it: the line keeps to one row. */}
            <p data-testid="results-range" className="text-sm text-slate-600 max-sm:hidden">
              {showingRangeText(result)}
            </p>
            <Pager
              page={result.page}
              pageCount={result.pageCount}
              onPageChange={changePage}
              label="Pagination above the results"
              compact
            />
          </div>
        ) : null}
      </div>
      {isLoading ? (
        skeletons
      ) : result === null ? null : result.shown === 0 ? (
        <div className="flex flex-col items-center rounded-xl border border-dashed border-slate-300 px-6 py-12 text-center">
          <SearchX aria-hidden="true" className="h-8 w-8 text-slate-400" />
          <p className="mt-3 font-semibold text-slate-900">{emptyTitle}</p>
          <p className="mt-1 max-w-md text-sm text-slate-600">{emptyText}</p>
          {hasPages ? (
            <div className="mt-6 w-full max-w-md">
              <Pager page={result.page} pageCount={result.pageCount} onPageChange={changePage} />
            </div>
          ) : null}
        </div>
      ) : (
        <>
          {children}
          {hasPages ? (
            <div className="mt-2">
              <Pager page={result.page} pageCount={result.pageCount} onPageChange={changePage} />
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}
