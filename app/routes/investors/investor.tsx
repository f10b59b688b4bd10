import { Link } from "react-router";
import { Breadcrumbs } from "~/components/directory/breadcrumbs";
import { JsonLdScript } from "~/components/directory/json-ld-script";
import { ListPager } from "~/components/directory/list-pager";
import { displayHost, externalHref } from "~/components/search/external-link";
import { directoryPageCount, directoryPaths, industrySlug, letterLabel, pagePath } from "~/core/directory";
import { formatAmount, formatCount, formatDate } from "~/core/format";
import {
  INVESTOR_PAGE_SIZE,
  investorLetter,
  investorMetaDescription,
  investorPaths,
  investorTypeLabel,
  isIndexableInvestor,
  isInvestorSlugShape,
} from "~/core/investor-pages";
import { breadcrumbList, organization } from "~/core/json-ld";
import { UNKNOWN_REGION } from "~/core/location";
import { seo } from "~/core/seo";
import { getDb } from "~/server/app-database.server";
import { env } from "~/server/env.server";
import { publicCacheHeaders } from "~/server/http/public-cache.server";
import { getInvestorCatalog } from "~/server/investors/investor-catalog.server";
import { getInvestorFacts, investorRoundsPage } from "~/server/investors/investor-page.server";
import { notFound, requestedPage } from "../directory/list-page.server";
import type { Route } from "./+types/investor";

/**
 * docs/product.md#investors: an investor's rounds by date (50 a page) with the companies it backed, the
 * stages and sectors it backs and its co-investors. No person appears here, masked or not.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  if (!isInvestorSlugShape(params.investorSlug)) notFound();
  const db = await getDb();
  const investor = (await getInvestorCatalog(db)).bySlug.get(params.investorSlug);
  if (!investor) notFound();
  const path = investorPaths.investor(investor.slug);
  const page = requestedPage(request, path, investor.rounds);
  const [rounds, facts] = await Promise.all([
    investor.rounds === 0 ? [] : investorRoundsPage(db, investor.id, page),
    getInvestorFacts(db, investor.id),
  ]);
  return {
    origin: env().APP_URL,
    investor: {
      slug: investor.slug,
      name: investor.name,
      type: investor.type,
      companies: investor.companies,
      rounds: investor.rounds,
      website: investor.website,
      city: investor.city,
      region: investor.region,
      country: investor.country,
    },
    page,
    pageCount: directoryPageCount(investor.rounds),
    rounds,
    facts,
  };
}

export const headers: Route.HeadersFunction = () => publicCacheHeaders();

export function meta({ data }: Route.MetaArgs) {
  if (!data) return seo({ title: "Page not found", description: "No such investor.", noindex: true });
  const { investor, facts, page, origin } = data;
  const onPage = page > 1 ? ` (page ${page})` : "";
  return seo({
    origin,
    path: pagePath(investorPaths.investor(investor.slug), page),
    title: `${investor.name}: portfolio, rounds and co-investors${onPage}`,
    description: investorMetaDescription(investor, facts),
    noindex: !isIndexableInvestor(investor.companies),
    type: "article",
  });
}

const LINK = "text-brand-700 underline-offset-4 hover:underline";

function CountTable({
  caption,
  heading,
  rows,
  linkOf,
}: {
  caption: string;
  heading: string;
  rows: ReadonlyArray<{ name: string; count: number }>;
  linkOf?: (name: string) => string;
}) {
  return (
    <table className="w-full self-start text-left text-sm">
      <caption className="mb-2 text-left text-base font-semibold text-slate-900">{caption}</caption>
      <thead className="sr-only">
        <tr>
          <th scope="col">{heading}</th>
          <th scope="col">Count</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {rows.map((row) => (
          <tr key={row.name}>
            <td className="py-1.5 pr-3">
              {linkOf ? (
                <Link to={linkOf(row.name)} className={LINK}>
                  {row.name}
                </Link>
              ) : (
                row.name
              )}
            </td>
            <td className="py-1.5 text-right text-slate-700 tabular-nums">{formatCount(row.count)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export default function InvestorPage({ loaderData }: Route.ComponentProps) {
  const { origin, investor, page, pageCount, rounds, facts } = loaderData;
  const path = investorPaths.investor(investor.slug);
  const letter = investorLetter(investor.slug);
  const crumbs = [
    { name: "Investors", path: investorPaths.hub },
    { name: letterLabel(letter), path: investorPaths.letter(letter) },
    { name: investor.name, path },
  ];
  const location =
    [investor.city, investor.region === UNKNOWN_REGION ? null : investor.region, investor.country]
      .filter(Boolean)
      .join(", ") || null;
  const first = (page - 1) * INVESTOR_PAGE_SIZE + 1;
  return (
    <article className="mx-auto w-full max-w-5xl px-4 py-10 sm:px-6 sm:py-14">
      <JsonLdScript
        data={[
          breadcrumbList(origin, crumbs),
          organization(origin, {
            name: investor.name,
            path,
            description: null,
            website: investor.website,
            linkedin: null,
            city: investor.city,
            region: investor.region,
            country: investor.country,
          }),
        ]}
      />
      <Breadcrumbs crumbs={crumbs} />
      <header className="mt-4">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{investor.name}</h1>
        <p className="mt-2 text-slate-700">
          {investorTypeLabel(investor.type)}
          {location ? ` · ${location}` : null}
          {investor.website ? (
            <>
              {" · "}
              <a
                href={externalHref(investor.website)}
                rel="noopener noreferrer nofollow"
                className="text-brand-700 underline underline-offset-4"
              >
                {displayHost(investor.website)}
              </a>
            </>
          ) : null}
        </p>
        <p className="mt-2 max-w-3xl text-lg text-slate-700">
          {formatCount(investor.rounds)} {investor.rounds === 1 ? "round" : "rounds"} in{" "}
          {formatCount(investor.companies)} {investor.companies === 1 ? "startup" : "startups"}
          {facts.leadRounds > 0 ? `, ${formatCount(facts.leadRounds)} of them led` : ""}.
        </p>
      </header>

      {facts.stages.length > 0 || facts.sectors.length > 0 ? (
        <div className="mt-8 grid gap-6 rounded-xl border border-slate-200 bg-white p-5 md:grid-cols-2">
          {facts.stages.length > 0 ? (
            <CountTable caption="Rounds by stage" heading="Stage" rows={facts.stages} />
          ) : null}
          {facts.sectors.length > 0 ? (
            <CountTable
              caption="Startups by sector"
              heading="Sector"
              rows={facts.sectors}
              linkOf={(name) => directoryPaths.industry(industrySlug(name))}
            />
          ) : null}
        </div>
      ) : null}

      {facts.coInvestors.length > 0 ? (
        <section aria-labelledby="co-title" className="mt-10">
          <h2 id="co-title" className="text-xl font-semibold text-slate-900">
            Co-investors
          </h2>
          <ul
            aria-label={`Investors in rounds with ${investor.name}`}
            className="mt-3 grid gap-2 sm:grid-cols-2 lg:grid-cols-3"
          >
            {facts.coInvestors.map((co) => (
              <li key={co.path} className="rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm">
                <Link to={co.path} className={`font-medium ${LINK}`}>
                  {co.name}
                </Link>
                <span className="block text-slate-600">
                  {formatCount(co.sharedRounds)} shared {co.sharedRounds === 1 ? "round" : "rounds"}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="rounds-title" className="mt-10">
        <h2 id="rounds-title" className="text-xl font-semibold text-slate-900">
          Rounds
        </h2>
        {rounds.length === 0 ? (
          <p className="mt-3 text-slate-600">No rounds are listed.</p>
        ) : (
          <div className="mt-3 overflow-x-auto rounded-xl border border-slate-200 bg-white">
            <table className="w-full text-left text-sm" data-testid="investor-rounds">
              <caption className="sr-only">
                Rounds {investor.name} joined, newest first: {formatCount(first)} to{" "}
                {formatCount(first + rounds.length - 1)} of {formatCount(investor.rounds)}
              </caption>
              <thead className="bg-slate-50 text-slate-600">
                <tr>
                  <th scope="col" className="p-2 font-medium sm:p-3">
                    Date
                  </th>
                  <th scope="col" className="p-2 font-medium sm:p-3">
                    Company
                  </th>
                  <th scope="col" className="p-2 font-medium sm:p-3">
                    Stage
                  </th>
                  <th scope="col" className="p-2 text-right font-medium sm:p-3">
                    Amount
                  </th>
                  <th scope="col" className="hidden p-2 font-medium sm:table-cell sm:p-3">
                    Role
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {rounds.map((round) => (
                  <tr key={round.roundId}>
                    <td className="p-2 whitespace-nowrap text-slate-700 sm:p-3">
                      {formatDate(round.announcedOn)}
                    </td>
                    <td className="p-2 sm:p-3">
                      <Link to={round.company.path} className={`font-medium ${LINK}`}>
                        {round.company.name}
                      </Link>
                      {round.isLead ? (
                        <span className="block text-xs text-slate-600 sm:hidden">Led the round</span>
                      ) : null}
                    </td>
                    <td className="p-2 text-slate-700 sm:p-3">{round.fundingType ?? "Not listed"}</td>
                    <td className="p-2 text-right text-slate-900 tabular-nums sm:p-3">
                      {formatAmount(round.amountUsd)}
                    </td>
                    <td className="hidden p-2 text-slate-700 sm:table-cell sm:p-3">
                      {round.isLead ? "Lead" : "Participant"}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <ListPager path={path} page={page} pageCount={pageCount} />
      </section>
    </article>
  );
}
