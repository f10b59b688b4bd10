import type { CompanyCard } from "~/core/company-card";
import { formatAmount, formatDate } from "~/core/format";
import { ExportedMarker } from "./company-card";
import { FounderEmail } from "./founder-email";

/**
 * docs/product.md#search: the dense view, one row per company (name, stage, last amount, date, city, industries, founder,
 * email with copy), so a 1280x800 screen shows at least 15 of them. Rows keep to one line; long values are
 * cut with an ellipsis and shown whole in their title, except the company's name: it is never cut, and wraps
 * (with the "Exported" marker after it) when the column is too narrow.
 */
export function CompanyTable({
  companies,
  isMasked,
}: {
  companies: readonly CompanyCard[];
  isMasked: boolean;
}) {
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
      <table data-testid="company-table" className="rl-table w-full min-w-[64rem] table-fixed text-sm">
        <caption className="sr-only">
          Companies, one per row{isMasked ? "; emails are masked until you upgrade" : ""}
        </caption>
        <colgroup>
          <col className="w-[18%]" />
          <col className="w-[8%]" />
          <col className="w-[7%]" />
          <col className="w-[9%]" />
          <col className="w-[10%]" />
          <col className="w-[10%]" />
          <col className="w-[12%]" />
          <col className="w-[26%]" />
        </colgroup>
        <thead>
          <tr>
            <th scope="col">Company</th>
            <th scope="col">Stage</th>
            <th scope="col">Last round</th>
            <th scope="col">Date</th>
            <th scope="col">City</th>
            <th scope="col">Industries</th>
            <th scope="col">Founder</th>
            <th scope="col">Email</th>
          </tr>
        </thead>
        <tbody>
          {companies.map((company) => (
            <tr key={company.id} data-testid="company-row">
              {/* docs/product.md#export: the name whole, then the marker; either wraps rather than being cut. */}
              <th scope="row" className="font-medium break-words whitespace-normal">
                <a href={`/company/${company.slug}`} className="mr-1.5 hover:underline">
                  {company.organizationName}
                </a>
                {company.exportedAt ? <ExportedMarker exportedAt={company.exportedAt} /> : null}
              </th>
              <td
                className="truncate"
                title={
                  company.leadInvestors.length > 0 ? `Led by ${company.leadInvestors.join(", ")}` : undefined
                }
              >
                {company.lastFundingType ?? "—"}
                {company.leadInvestors.length > 0 ? (
                  <span className="text-xs text-slate-600">{` · Led by ${company.leadInvestors.join(", ")}`}</span>
                ) : null}
              </td>
              <td className="tabular-nums">{formatAmount(company.lastFundingAmountUsd)}</td>
              <td className="tabular-nums">{formatDate(company.lastFundingDate)}</td>
              <td className="truncate" title={company.location ?? undefined}>
                {cityOf(company.location)}
              </td>
              <td className="truncate" title={company.industries.join(", ")}>
                {company.industries.join(", ") || "—"}
              </td>
              <td
                className="truncate"
                title={[company.founderName, ...company.otherFounders].filter(Boolean).join(", ")}
              >
                {company.founderName ?? "—"}
              </td>
              <td className="overflow-hidden">
                <FounderEmail
                  email={company.email}
                  isMasked={company.isEmailMasked}
                  status={company.emailStatus}
                  bounce={{ companyId: company.id, who: company.founderName ?? company.organizationName }}
                  compact
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** "Berlin, Berlin, Germany" -> "Berlin, Germany": the city and its country fit a narrow column. */
function cityOf(location: string | null): string {
  if (!location) return "—";
  const parts = location.split(",").map((part) => part.trim());
  return parts.length >= 3 ? `${parts[0]}, ${parts.at(-1)}` : location;
}
