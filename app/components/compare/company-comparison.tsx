import { Link } from "react-router";
import type { ViewerAccess } from "~/core/access";
import type { CompanyProfile } from "~/core/company-profile";
import { comparisonSummary } from "~/core/compare";
import { directoryPaths, industrySearchPath } from "~/core/directory";
import { formatAmount, formatDate } from "~/core/format";
import { PeopleList } from "../company/people-list";
import { InvestorLinks } from "../company/round-timeline";
import { UnlockEmails } from "../company/unlock-emails";
import { displayHost, externalHref } from "../search/external-link";

/** Investors a comparison names per company (leads first): the company page lists them all. */
const BACKERS_SHOWN = 5;

interface CompanyComparisonProps {
  a: CompanyProfile;
  b: CompanyProfile;
  reasons: readonly string[];
  sharedIndustries: readonly string[];
  access: ViewerAccess;
}

const ROWS: ReadonlyArray<{ label: string; value: (company: CompanyProfile) => React.ReactNode }> = [
  {
    label: "Industries",
    value: (company) => company.industries.map((industry) => industry.name).join(", ") || "Not listed",
  },
  { label: "Headquarters", value: (company) => company.location ?? "Not listed" },
  { label: "Last round", value: (company) => company.lastFundingType ?? "Not listed" },
  { label: "Last round amount", value: (company) => formatAmount(company.lastFundingAmountUsd) },
  { label: "Last round date", value: (company) => formatDate(company.lastFundingDate) },
  { label: "Total funding", value: (company) => formatAmount(company.totalFundingAmountUsd) },
  {
    label: "Backed by",
    value: (company) =>
      company.backedBy.length > 0 ? (
        <InvestorLinks investors={company.backedBy.slice(0, BACKERS_SHOWN)} />
      ) : (
        "Not listed"
      ),
  },
  {
    label: "Website",
    value: (company) =>
      company.website ? (
        <a
          href={externalHref(company.website)}
          rel="noopener noreferrer nofollow"
          className="text-brand-700 hover:underline"
        >
          {displayHost(company.website)}
        </a>
      ) : (
        "Not listed"
      ),
  },
];

/** Two companies side by side, what the data says about their rounds, and why they are paired. */
export function CompanyComparison({ a, b, reasons, sharedIndustries, access }: CompanyComparisonProps) {
  const summary = comparisonSummary(
    { name: a.name, lastFundingType: a.lastFundingType, lastFundingDate: a.lastFundingDate },
    { name: b.name, lastFundingType: b.lastFundingType, lastFundingDate: b.lastFundingDate },
  );
  const shared = sharedIndustries[0];
  return (
    <>
      {summary ? <p className="mt-3 max-w-3xl text-lg text-slate-700">{summary}</p> : null}
      <div className="mt-8 overflow-x-auto rounded-xl border border-slate-200 bg-white">
        <table className="w-full table-fixed text-left text-sm">
          <caption className="sr-only">
            {a.name} and {b.name} side by side
          </caption>
          <thead className="bg-slate-50">
            <tr>
              <td className="w-24 p-2 sm:w-40 sm:p-3" />
              {[a, b].map((company) => (
                <th key={company.slug} scope="col" className="p-2 sm:p-3 text-base font-semibold">
                  <Link to={directoryPaths.company(company.slug)} className="text-brand-700 hover:underline">
                    {company.name}
                  </Link>
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {ROWS.map((row) => (
              <tr key={row.label}>
                <th scope="row" className="p-2 sm:p-3 font-medium text-slate-600">
                  {row.label}
                </th>
                <td className="p-2 align-top text-slate-900 [overflow-wrap:anywhere] sm:p-3">
                  {row.value(a)}
                </td>
                <td className="p-2 align-top text-slate-900 [overflow-wrap:anywhere] sm:p-3">
                  {row.value(b)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      {reasons.length > 0 ? (
        <section aria-labelledby="why-title" className="mt-10">
          <h2 id="why-title" className="text-xl font-semibold text-slate-900">
            Why they are compared
          </h2>
          <ul className="mt-3 list-disc space-y-1 pl-5 text-slate-700">
            {reasons.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
          {shared ? (
            <p className="mt-3">
              <Link
                to={industrySearchPath(shared)}
                className="font-medium text-brand-700 underline underline-offset-4"
              >
                Search all {shared} startups
              </Link>
            </p>
          ) : null}
        </section>
      ) : null}

      <section aria-labelledby="founders-title" className="mt-10">
        <h2 id="founders-title" className="text-xl font-semibold text-slate-900">
          Founders
        </h2>
        <div className="mt-3 grid gap-6 md:grid-cols-2">
          {[a, b].map((company) => (
            <div key={company.slug}>
              <h3 className="mb-2 font-semibold text-slate-800">{company.name}</h3>
              <PeopleList
                people={company.people.filter((person) => person.kind === "founder")}
                label={`${company.name}'s founders`}
                empty="No founders are listed."
              />
            </div>
          ))}
        </div>
        <div className="mt-4">
          <UnlockEmails access={access} companyName={`${a.name} and ${b.name}`} />
        </div>
      </section>
    </>
  );
}
