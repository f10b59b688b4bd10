import { data, Link } from "react-router";
import { PeopleList } from "~/components/company/people-list";
import { InvestorLinks, RoundTimeline } from "~/components/company/round-timeline";
import { UnlockEmails } from "~/components/company/unlock-emails";
import { Breadcrumbs } from "~/components/directory/breadcrumbs";
import { CompanyList } from "~/components/directory/company-list";
import { JsonLdScript } from "~/components/directory/json-ld-script";
import { displayHost, externalHref } from "~/components/search/external-link";
import { SpriteIcon } from "~/components/ui/sprite-icon";
import { companyMetaDescription, fundingSentence } from "~/core/company-profile";
import { type Crumb, directoryPaths, letterLabel, letterOfSlug } from "~/core/directory";
import { formatAmount, formatDate } from "~/core/format";
import { breadcrumbList, organization } from "~/core/json-ld";
import { seo } from "~/core/seo";
import { getDb } from "~/server/app-database.server";
import { getSession } from "~/server/auth/session.server";
import { getViewerAccess } from "~/server/billing/viewer-access.server";
import { getCompanyProfile } from "~/server/directory/company-profile.server";
import { env } from "~/server/env.server";
import { publicCacheHeaders } from "~/server/http/public-cache.server";
import type { Route } from "./+types/company";

export async function loader({ request, params }: Route.LoaderArgs) {
  const [db, session] = await Promise.all([getDb(), getSession(request)]);
  const access = await getViewerAccess(db, session.user);
  // docs/product.md#access: only active access sees full emails; the server masks for everyone else.
  const company = await getCompanyProfile(db, params.companySlug, access.hasActiveAccess);
  if (!company) throw data(null, { status: 404 });
  return { origin: env().APP_URL, company, access };
}

export const headers: Route.HeadersFunction = () => publicCacheHeaders();

export function meta({ data }: Route.MetaArgs) {
  if (!data) return seo({ title: "Page not found", description: "No such company.", noindex: true });
  const { company, origin } = data;
  const stage = company.lastFundingType ? `${company.lastFundingType} funding` : "Funding";
  return seo({
    origin,
    path: directoryPaths.company(company.slug),
    title: `${company.name}: ${stage}, founders and contacts`,
    description: companyMetaDescription(company),
    type: "article",
  });
}

function trailOf(company: {
  name: string;
  slug: string;
  cityLink: { name: string; path: string } | null;
}): Crumb[] {
  const self = { name: company.name, path: directoryPaths.company(company.slug) };
  if (company.cityLink) {
    return [
      { name: "Directory", path: directoryPaths.hub },
      { name: "Cities", path: directoryPaths.cities },
      company.cityLink,
      self,
    ];
  }
  const letter = letterOfSlug(company.slug);
  return [
    { name: "Directory", path: directoryPaths.hub },
    { name: "Companies A-Z", path: directoryPaths.companies },
    { name: letterLabel(letter), path: directoryPaths.letter(letter) },
    self,
  ];
}

/** How many of the facts grid's columns a fact spans: one, both on a phone, or always two. */
const FACT_SPAN = {
  one: "min-w-0",
  phoneWide: "col-span-2 min-w-0 lg:col-span-1",
  wide: "col-span-2 min-w-0",
};

function Fact({
  term,
  children,
  span = "one",
}: {
  term: string;
  children: React.ReactNode;
  span?: keyof typeof FACT_SPAN;
}) {
  return (
    <div className={FACT_SPAN[span]}>
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{term}</dt>
      <dd className="mt-0.5 text-slate-900">{children}</dd>
    </div>
  );
}

function LinkList({ links }: { links: ReadonlyArray<{ name: string; path: string }> }) {
  if (links.length === 0) return <>Not listed</>;
  return (
    <span className="flex flex-wrap gap-x-3 gap-y-1">
      {links.map((link) => (
        <Link key={link.name} to={link.path} className="text-brand-700 underline-offset-4 hover:underline">
          {link.name}
        </Link>
      ))}
    </span>
  );
}

export default function CompanyPage({ loaderData }: Route.ComponentProps) {
  const { company, access, origin } = loaderData;
  const crumbs = trailOf(company);
  const summary = fundingSentence(company);
  return (
    <article className="mx-auto w-full max-w-5xl px-4 py-10 sm:px-6 sm:py-14">
      <JsonLdScript
        data={[
          breadcrumbList(origin, crumbs),
          organization(origin, {
            name: company.name,
            path: directoryPaths.company(company.slug),
            description: company.description,
            website: company.website,
            linkedin: company.linkedin,
            city: company.city,
            region: company.region,
            country: company.country,
          }),
        ]}
      />
      <Breadcrumbs crumbs={crumbs} />
      <header className="mt-4">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{company.name}</h1>
        {company.description ? (
          <p className="mt-2 max-w-3xl text-lg text-slate-700">{company.description}</p>
        ) : null}
        {summary ? <p className="mt-2 max-w-3xl text-slate-700">{summary}</p> : null}
      </header>

      <dl className="mt-8 grid grid-cols-2 gap-x-6 gap-y-5 rounded-xl border border-slate-200 bg-white p-5 lg:grid-cols-4">
        <Fact term="Last round">{company.lastFundingType ?? "Not listed"}</Fact>
        <Fact term="Last round amount">{formatAmount(company.lastFundingAmountUsd)}</Fact>
        <Fact term="Last round date">{formatDate(company.lastFundingDate)}</Fact>
        <Fact term="Total funding">{formatAmount(company.totalFundingAmountUsd)}</Fact>
        <Fact term="Headquarters" span="phoneWide">
          {company.cityLink ? (
            <Link to={company.cityLink.path} className="text-brand-700 underline-offset-4 hover:underline">
              {company.location}
            </Link>
          ) : (
            (company.location ?? "Not listed")
          )}
        </Fact>
        <Fact term="Website">
          {company.website ? (
            <a
              href={externalHref(company.website)}
              rel="noopener noreferrer nofollow"
              className="inline-flex items-center gap-1 text-brand-700 underline-offset-4 hover:underline"
            >
              {displayHost(company.website)}
              <SpriteIcon name="external-link" className="h-3.5 w-3.5" />
            </a>
          ) : (
            "Not listed"
          )}
        </Fact>
        <Fact term="LinkedIn">
          {company.linkedin ? (
            <a
              href={externalHref(company.linkedin)}
              rel="noopener noreferrer nofollow"
              aria-label={`${company.name} on LinkedIn`}
              className="inline-flex items-center gap-1 text-brand-700 underline-offset-4 hover:underline"
            >
              LinkedIn
              <SpriteIcon name="external-link" className="h-3.5 w-3.5" />
            </a>
          ) : (
            "Not listed"
          )}
        </Fact>
        <Fact term="Last updated">
          <time dateTime={company.updatedAt}>{formatDate(company.updatedAt)}</time>
        </Fact>
        <Fact term="Industries" span="wide">
          <LinkList links={company.industries} />
        </Fact>
        <Fact term="Industry groups" span="wide">
          <LinkList links={company.industryGroups} />
        </Fact>
      </dl>

      {company.fullDescription ? (
        <section aria-labelledby="about-title" className="mt-10">
          <h2 id="about-title" className="text-xl font-semibold text-slate-900">
            About {company.name}
          </h2>
          <p className="mt-2 max-w-3xl leading-relaxed text-slate-700">{company.fullDescription}</p>
        </section>
      ) : null}

      <section aria-labelledby="rounds-title" className="mt-10">
        <h2 id="rounds-title" className="mb-3 text-xl font-semibold text-slate-900">
          Funding rounds
        </h2>
        <RoundTimeline rounds={company.rounds} companyName={company.name} />
      </section>

      {company.backedBy.length > 0 ? (
        <section aria-labelledby="backed-title" className="mt-10">
          <h2 id="backed-title" className="mb-3 text-xl font-semibold text-slate-900">
            Backed by
          </h2>
          <InvestorLinks investors={company.backedBy} />
        </section>
      ) : null}

      <section aria-labelledby="people-title" className="mt-10">
        <h2 id="people-title" className="mb-3 text-xl font-semibold text-slate-900">
          Founders and team
        </h2>
        <PeopleList
          people={company.people}
          label={`${company.name}'s founders and team`}
          companyId={company.id}
        />
        <div className="mt-4">
          <UnlockEmails access={access} companyName={company.name} />
        </div>
      </section>

      {company.related.length > 0 ? (
        <section aria-labelledby="related-title" className="mt-12">
          <h2 id="related-title" className="text-xl font-semibold text-slate-900">
            Similar companies
          </h2>
          <CompanyList companies={company.related} label={`Companies similar to ${company.name}`} />
          {company.comparisons.length > 0 ? (
            <ul aria-label="Side-by-side comparisons" className="mt-4 flex flex-wrap gap-x-6 gap-y-2 text-sm">
              {company.comparisons.map((comparison) => (
                <li key={comparison.path}>
                  <Link
                    to={comparison.path}
                    className="font-medium text-brand-700 underline underline-offset-4"
                  >
                    {comparison.name}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      ) : null}
    </article>
  );
}
