import { Lock } from "lucide-react";
import type { CompanyCard as CompanyCardData } from "~/core/company-card";
import { formatAmount, formatDate } from "~/core/format";
import { SpriteIcon } from "../ui/sprite-icon";
import { BreakableEmail } from "./breakable-email";
import { CopyEmailButton } from "./copy-email-button";
import { displayHost, externalHref } from "./external-link";
import { IndustryBadges } from "./industry-badges";

/** One search result (spec 2): the company, its last round, and its founder's contact. */
export function CompanyCard({ company }: { company: CompanyCardData }) {
  const headingId = `company-${company.id}`;
  return (
    <article
      aria-labelledby={headingId}
      data-testid="company-card"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="flex flex-col gap-4 lg:flex-row lg:gap-6">
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
            <h3 id={headingId} className="text-base font-semibold text-slate-900">
              {company.organizationName}
            </h3>
            {company.lastFundingType ? (
              <span className="rounded-md bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800">
                {company.lastFundingType}
              </span>
            ) : null}
          </div>
          {company.description ? (
            <p className="mt-1 line-clamp-2 text-sm text-slate-600">{company.description}</p>
          ) : null}
          <div className="mt-3">
            <IndustryBadges industries={company.industries} />
          </div>
          <FundingFacts company={company} />
        </div>
        <FounderContact company={company} />
      </div>
    </article>
  );
}

function FundingFacts({ company }: { company: CompanyCardData }) {
  return (
    <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]">
      <div className="col-span-2 min-w-0 sm:col-span-1">
        <dt className="text-xs text-slate-500">Location</dt>
        <dd className="flex items-center gap-1 text-slate-800">
          <SpriteIcon name="map-pin" className="h-3.5 w-3.5 shrink-0 text-slate-400" />
          <span className="truncate">{company.location ?? "Unknown"}</span>
        </dd>
      </div>
      <div>
        <dt className="text-xs text-slate-500">Last funding</dt>
        <dd className="font-medium text-slate-800">{formatAmount(company.lastFundingAmountUsd)}</dd>
      </div>
      <div>
        <dt className="text-xs text-slate-500">Funding date</dt>
        <dd className="text-slate-800">{formatDate(company.lastFundingDate)}</dd>
      </div>
    </dl>
  );
}

function FounderContact({ company }: { company: CompanyCardData }) {
  return (
    <div className="flex flex-col gap-2 border-t border-slate-100 pt-4 text-sm lg:w-80 lg:shrink-0 lg:border-t-0 lg:border-l lg:pt-0 lg:pl-6">
      <div>
        <p className="font-medium text-slate-900">{company.founderName ?? "Founder not listed"}</p>
        <p className="text-xs text-slate-500">{company.role}</p>
      </div>
      <FounderEmail email={company.email} isMasked={company.isEmailMasked} />
      {company.website || company.linkedin ? (
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          {company.website ? (
            <a
              href={externalHref(company.website)}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex min-w-0 items-center gap-1 text-brand-700 hover:underline"
            >
              <SpriteIcon name="globe" className="h-3.5 w-3.5 shrink-0" />
              <span className="truncate">{displayHost(company.website)}</span>
            </a>
          ) : null}
          {company.linkedin ? (
            <a
              href={externalHref(company.linkedin)}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`${company.organizationName} on LinkedIn`}
              className="inline-flex items-center gap-1 text-brand-700 hover:underline"
            >
              LinkedIn
              <SpriteIcon name="external-link" className="h-3.5 w-3.5" />
            </a>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

/**
 * decisions.md: the server masks emails for users without active access, so a masked address is shown as
 * it came, never copied; spec 7: a full one can be copied.
 */
function FounderEmail({ email, isMasked }: { email: string | null; isMasked: boolean }) {
  if (!email) return <p className="text-slate-500">No email listed</p>;
  return (
    <div>
      <div className="flex min-w-0 items-center gap-1.5">
        <SpriteIcon name="mail" className="h-3.5 w-3.5 shrink-0 text-slate-400" />
        {isMasked ? (
          <span data-testid="company-email" className="min-w-0 font-mono text-slate-700">
            <BreakableEmail email={email} />
          </span>
        ) : (
          <>
            <a
              href={`mailto:${email}`}
              data-testid="company-email"
              className="min-w-0 font-medium text-slate-900 hover:underline"
            >
              <BreakableEmail email={email} />
            </a>
            <CopyEmailButton email={email} />
          </>
        )}
      </div>
      {isMasked ? (
        <p className="mt-1 flex items-center gap-1 text-xs text-slate-500">
          <Lock aria-hidden="true" className="h-3 w-3" />
          Upgrade to see emails
        </p>
      ) : null}
    </div>
  );
}
