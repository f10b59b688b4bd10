import { Link } from "react-router";
import { formatCount } from "~/core/format";
import { type InvestorListItem, investorTypeLabel } from "~/core/investor-pages";

/** A list of investors: each one's name (its page), its type, and how many companies and rounds it backed. */
export function InvestorList({
  investors,
  label,
  showRecent = false,
}: {
  investors: readonly InvestorListItem[];
  label: string;
  /** The hub's list says how many rounds fell in the last 12 months. */
  showRecent?: boolean;
}) {
  if (investors.length === 0) {
    return (
      <p className="mt-6 rounded-lg bg-slate-50 p-6 text-slate-700">No investors are listed here yet.</p>
    );
  }
  return (
    <ul
      aria-label={label}
      className="mt-6 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white"
    >
      {investors.map((investor) => (
        <li key={investor.path} className="grid gap-1 p-4 sm:grid-cols-[minmax(0,1fr)_auto] sm:gap-x-6">
          <div className="min-w-0">
            <Link
              to={investor.path}
              className="font-semibold text-brand-700 underline-offset-4 hover:underline"
            >
              {investor.name}
            </Link>
            <p className="text-sm text-slate-600">{investorTypeLabel(investor.type)}</p>
          </div>
          <p className="text-sm text-slate-700 sm:text-right">
            {showRecent ? `${formatCount(investor.recentRounds)} rounds in 12 months · ` : null}
            {formatCount(investor.companies)} {investor.companies === 1 ? "company" : "companies"} ·{" "}
            {formatCount(investor.rounds)} {investor.rounds === 1 ? "round" : "rounds"}
          </p>
        </li>
      ))}
    </ul>
  );
}
