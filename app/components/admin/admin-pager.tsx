import { Link, useLocation } from "react-router";
import { formatCount } from "~/core/format";

/**
 * Previous and next links for a console list paged through the URL (`page=`), keeping its other
 * parameters, with "1-50 of 1,234".
 */
export function AdminPager({
  page,
  size,
  total,
  label,
}: {
  page: number;
  size: number;
  total: number;
  label: string;
}) {
  const location = useLocation();
  const pages = Math.max(1, Math.ceil(total / size));
  const hrefFor = (target: number) => {
    const params = new URLSearchParams(location.search);
    if (target <= 1) params.delete("page");
    else params.set("page", String(target));
    const query = params.toString();
    return query ? `${location.pathname}?${query}` : location.pathname;
  };
  const first = total === 0 ? 0 : (page - 1) * size + 1;
  const last = Math.min(page * size, total);
  const linkClass =
    "inline-flex items-center rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50";
  const disabledClass =
    "inline-flex items-center rounded-md border border-slate-200 px-3 py-1.5 text-sm font-medium text-slate-400";
  return (
    <nav aria-label={label} className="mt-3 flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-600">
        {formatCount(first)}-{formatCount(last)} of {formatCount(total)}
      </p>
      <div className="flex items-center gap-2">
        {page > 1 ? (
          <Link to={hrefFor(page - 1)} className={linkClass}>
            Previous
          </Link>
        ) : (
          <span className={disabledClass} aria-disabled="true">
            Previous
          </span>
        )}
        <span className="text-sm text-slate-700">
          Page {formatCount(page)} of {formatCount(pages)}
        </span>
        {page < pages ? (
          <Link to={hrefFor(page + 1)} className={linkClass}>
            Next
          </Link>
        ) : (
          <span className={disabledClass} aria-disabled="true">
            Next
          </span>
        )}
      </div>
    </nav>
  );
}
