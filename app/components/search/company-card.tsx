import type { CompanyCard as CompanyCardData } from "~/core/company-card";
import { formatAmount, formatDate } from "~/core/format";
import { SpriteIcon } from "../ui/sprite-icon";
import { displayHost, externalHref } from "./external-link";
import { FounderEmail } from "./founder-email";
import { IndustryBadges } from "./industry-badges";

/**
 * One search result (spec 2): the company, its last round and total funding, and its founders' contact.
 * Its classes are named in app.css (.rl-*): a page repeats this 50 to 100 times.
 */
export function CompanyCard({ company }: { company: CompanyCardData }) {
  const headingId = `c${company.id}`;
  return (
    <article aria-labelledby={headingId} data-testid="company-card" className="rl-card">
      <div className="rl-card-main">
        <div className="rl-card-head">
          <h3 id={headingId} className="font-semibold">
            {company.organizationName}
          </h3>
          {company.lastFundingType ? <span className="rl-stage">{company.lastFundingType}</span> : null}
        </div>
        {company.description ? (
          <p className="mt-1 mb-3 line-clamp-2 text-sm text-slate-600">{company.description}</p>
        ) : null}
        <IndustryBadges industries={company.industries} />
        <dl className="rl-facts">
          <div className="col-span-2 min-w-0 sm:col-span-1">
            <dt>Location</dt>
            <dd className="flex items-center gap-1">
              <SpriteIcon name="map-pin" className="rl-icon text-slate-400" />
              <span className="truncate">{company.location ?? "Unknown"}</span>
            </dd>
          </div>
          <div>
            <dt>Last funding</dt>
            <dd className="font-medium">{formatAmount(company.lastFundingAmountUsd)}</dd>
          </div>
          <div>
            <dt>Funding date</dt>
            <dd>{formatDate(company.lastFundingDate)}</dd>
          </div>
          <div>
            <dt>Total funding</dt>
            <dd>{formatAmount(company.totalFundingAmountUsd)}</dd>
          </div>
        </dl>
      </div>
      <FounderContact company={company} />
    </article>
  );
}

function FounderContact({ company }: { company: CompanyCardData }) {
  return (
    <div className="rl-contact">
      <div>
        <p className="font-medium">{company.founderName ?? "Founder not listed"}</p>
        <p className="rl-muted">{company.role}</p>
        {company.otherFounders.length > 0 ? (
          <p className="mt-1 text-xs text-slate-600">
            {company.founderName ? "Co-founders: " : "Founders: "}
            {company.otherFounders.join(", ")}
          </p>
        ) : null}
      </div>
      <FounderEmail email={company.email} isMasked={company.isEmailMasked} />
      {company.website || company.linkedin ? (
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          {company.website ? (
            <a
              href={externalHref(company.website)}
              target="_blank"
              rel="noopener noreferrer"
              className="rl-link"
            >
              <SpriteIcon name="globe" className="rl-icon" />
              <span className="truncate">{displayHost(company.website)}</span>
            </a>
          ) : null}
          {company.linkedin ? (
            <a
              href={externalHref(company.linkedin)}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`${company.organizationName} on LinkedIn`}
              className="rl-link"
            >
              LinkedIn
              <SpriteIcon name="external-link" className="rl-icon" />
            </a>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
