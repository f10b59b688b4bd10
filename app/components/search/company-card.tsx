import type { CompanyCard as CompanyCardData } from "~/core/company-card";
import { exportedOnText } from "~/core/export-history";
import { formatAmount, formatDate } from "~/core/format";
import { displayHost, externalHref } from "./external-link";
import { FounderEmail } from "./founder-email";
import { IndustryBadges } from "./industry-badges";

/**
 * One search result (docs/product.md#screens): the company, its last round and total funding, and its founders' contact.
 * Its classes are named in app.css (.rl-*): a page repeats this 50 to 100 times.
 */
export function CompanyCard({ company }: { company: CompanyCardData }) {
  return (
    <article className="rl-card">
      <div className="rl-card-main">
        <div className="rl-card-head">
          <h3>{company.organizationName}</h3>
          {company.lastFundingType || company.exportedAt ? (
            <span className="flex flex-wrap items-center gap-1.5">
              {company.exportedAt ? <ExportedMarker exportedAt={company.exportedAt} /> : null}
              {company.lastFundingType ? <span className="rl-stage">{company.lastFundingType}</span> : null}
            </span>
          ) : null}
        </div>
        {company.description ? <p className="rl-desc">{company.description}</p> : null}
        <IndustryBadges industries={company.industries} />
        <dl className="rl-facts">
          <div className="rl-wide">
            <dt>Location</dt>
            <dd>{company.location ?? "Unknown"}</dd>
          </div>
          <div>
            <dt>Last funding</dt>
            <dd>{formatAmount(company.lastFundingAmountUsd)}</dd>
          </div>
          {company.leadInvestors.length > 0 ? (
            <div>
              <dt>Led by</dt>
              <dd>{company.leadInvestors.join(", ")}</dd>
            </div>
          ) : null}
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

/**
 * docs/product.md#export: a company the signed-in user exported before. Reads "Exported" on screen, "Exported on Nov 3,
 * 2026" to a screen reader and in its tooltip.
 */
export function ExportedMarker({ exportedAt }: { exportedAt: string }) {
  return (
    <span
      title={exportedOnText(exportedAt)}
      data-testid="exported-marker"
      className="inline-flex shrink-0 items-center rounded-md bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700"
    >
      Exported<span className="sr-only"> on {formatDate(exportedAt)}</span>
    </span>
  );
}

function FounderContact({ company }: { company: CompanyCardData }) {
  return (
    <div className="rl-contact">
      <div>
        <p className="rl-founder">{company.founderName ?? "Founder not listed"}</p>
        <p className="rl-muted">{company.role}</p>
        {company.otherFounders.length > 0 ? (
          <p className="rl-co">
            {`${company.founderName ? "Co-founders" : "Founders"}: ${company.otherFounders.join(", ")}`}
          </p>
        ) : null}
      </div>
      <FounderEmail
        email={company.email}
        isMasked={company.isEmailMasked}
        status={company.emailStatus}
        bounce={{ companyId: company.id, who: company.founderName ?? company.organizationName }}
      />
      {company.website || company.linkedin ? (
        <div className="rl-links">
          {company.website ? (
            <a href={externalHref(company.website)} target="_blank" rel="noopener" className="rl-web">
              {displayHost(company.website)}
            </a>
          ) : null}
          {company.linkedin ? (
            <a
              href={externalHref(company.linkedin)}
              target="_blank"
              rel="noopener"
              aria-label={`${company.organizationName} on LinkedIn`}
              className="rl-ext"
            >
              LinkedIn
            </a>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
