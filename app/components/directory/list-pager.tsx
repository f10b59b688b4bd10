import { ChevronLeft, ChevronRight } from "lucide-react";
import { pagePath } from "~/core/directory";
import { formatCount } from "~/core/format";

const LINK =
  "inline-flex items-center gap-1 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50";

/**
 * Previous / next as plain links (`<a href>`, which crawlers follow), with the page's place in the list.
 * Nothing is rendered for a list of one page.
 */
export function ListPager({ path, page, pageCount }: { path: string; page: number; pageCount: number }) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="Pagination" className="mt-8 flex items-center justify-between gap-3">
      {page > 1 ? (
        <a href={pagePath(path, page - 1)} rel="prev" className={LINK}>
          <ChevronLeft aria-hidden="true" className="h-4 w-4" />
          Previous
        </a>
      ) : (
        <span />
      )}
      <p className="text-sm text-slate-700">
        Page {formatCount(page)} of {formatCount(pageCount)}
      </p>
      {page < pageCount ? (
        <a href={pagePath(path, page + 1)} rel="next" className={LINK}>
          Next
          <ChevronRight aria-hidden="true" className="h-4 w-4" />
        </a>
      ) : (
        <span />
      )}
    </nav>
  );
}
