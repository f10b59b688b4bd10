import { Link } from "react-router";
import type { CompanyListing } from "~/core/company-listing";
import { directoryPaths } from "~/core/directory";
import { formatAmount, formatDate } from "~/core/format";

/** A directory list: each company's name (its page), one line about it, its last round and its city. */
export function CompanyList({ companies, label }: { companies: readonly CompanyListing[]; label: string }) {
  if (companies.length === 0) {
    return (
      <p className="mt-8 rounded-lg bg-slate-50 p-6 text-slate-700">No companies are listed here yet.</p>
    );
  }
  return (
    <ul
      aria-label={label}
      className="mt-6 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white"
    >
      {companies.map((company) => (
        <li key={company.slug} className="grid gap-1 p-4 sm:grid-cols-[minmax(0,1fr)_auto] sm:gap-x-6">
          <div className="min-w-0">
            <Link
              to={directoryPaths.company(company.slug)}
              className="font-semibold text-brand-700 underline-offset-4 hover:underline"
            >
              {company.name}
            </Link>
            {company.description ? (
              <p className="truncate text-sm text-slate-600">{company.description}</p>
            ) : null}
          </div>
          <div className="text-sm text-slate-700 sm:text-right">
            <p>
              <span className="font-medium text-slate-900">{company.lastFundingType ?? "Funding round"}</span>
              {" · "}
              {formatAmount(company.lastFundingAmountUsd)}
              {" · "}
              {formatDate(company.lastFundingDate)}
            </p>
            <p className="text-slate-500">{company.location ?? "Location not listed"}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
