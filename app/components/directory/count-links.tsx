import { Link } from "react-router";
import { formatCount } from "~/core/format";

export interface CountLink {
  name: string;
  path: string;
  companies: number;
}

/** Links with their company counts, in columns: the directory's index pages. */
export function CountLinks({ links, label }: { links: readonly CountLink[]; label: string }) {
  return (
    <ul aria-label={label} className="mt-3 grid gap-x-6 gap-y-1.5 sm:grid-cols-2 lg:grid-cols-3">
      {links.map((link) => (
        <li key={link.path} className="flex min-w-0 items-baseline justify-between gap-3">
          <Link to={link.path} className="truncate text-brand-700 underline-offset-4 hover:underline">
            {link.name}
          </Link>
          <span className="shrink-0 text-sm text-slate-500 tabular-nums">{formatCount(link.companies)}</span>
        </li>
      ))}
    </ul>
  );
}
