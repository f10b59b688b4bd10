import { data, redirect } from "react-router";
import { CompanyComparison } from "~/components/compare/company-comparison";
import { CompetitorComparison } from "~/components/compare/competitor-comparison";
import { Breadcrumbs } from "~/components/directory/breadcrumbs";
import { JsonLdScript } from "~/components/directory/json-ld-script";
import { comparePath } from "~/core/compare";
import { competitorBySlug } from "~/core/competitors";
import type { Crumb } from "~/core/directory";
import { breadcrumbList } from "~/core/json-ld";
import { seo } from "~/core/seo";
import { getDb } from "~/server/app-database.server";
import { getSession } from "~/server/auth/session.server";
import { getViewerAccess } from "~/server/billing/viewer-access.server";
import { findPair, getCompanyPair } from "~/server/compare/company-pair.server";
import { getLiveFigures } from "~/server/compare/live-figures.server";
import { env } from "~/server/env.server";
import { publicCacheHeaders } from "~/server/http/public-cache.server";
import type { Route } from "./+types/compare";

const notFound = () => data(null, { status: 404 });

/**
 * `/compare/{slug}`: one of the six competitor pages (`/compare/crunchbase-alternative`), or two companies
 * side by side (`/compare/{a}-vs-{b}`, slugs in alphabetical order; the reversed order moves there).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const origin = env().APP_URL;
  const competitor = competitorBySlug(params.slug);
  const db = await getDb();
  if (competitor) {
    return { kind: "competitor" as const, origin, competitor, figures: await getLiveFigures(db) };
  }
  const slugs = await findPair(db, params.slug);
  if (!slugs || slugs[0] === slugs[1]) throw notFound();
  const canonical = comparePath(slugs[0], slugs[1]);
  if (canonical !== `/compare/${params.slug}`) throw redirect(canonical, 301);
  const session = await getSession(request);
  const access = await getViewerAccess(db, session.user);
  // docs/product.md#masking: founder emails are masked on the server for anyone without active access.
  const pair = await getCompanyPair(db, slugs, access.hasActiveAccess);
  if (!pair) throw notFound();
  return { kind: "companies" as const, origin, pair, access, path: canonical };
}

export const headers: Route.HeadersFunction = () => publicCacheHeaders();

export function meta({ data: loaded }: Route.MetaArgs) {
  if (!loaded) return seo({ title: "Page not found", description: "No such comparison.", noindex: true });
  if (loaded.kind === "competitor") {
    const { competitor, origin } = loaded;
    return seo({
      origin,
      path: `/compare/${competitor.slug}`,
      title: competitor.title,
      description: competitor.metaDescription,
    });
  }
  const { pair, origin, path } = loaded;
  const stage = (company: { lastFundingType: string | null }) => company.lastFundingType ?? "funding";
  return seo({
    origin,
    path,
    title: `${pair.a.name} vs ${pair.b.name}: funding, founders and contacts compared`,
    description: `${pair.a.name} (${stage(pair.a)}) and ${pair.b.name} (${stage(pair.b)}) side by side: industries, headquarters, latest rounds, total funding and founders.`,
    // Only the pairs the similarity rule chose are indexed; any other pair still renders.
    noindex: !pair.isChosen,
  });
}

export default function ComparePage({ loaderData }: Route.ComponentProps) {
  const { origin } = loaderData;
  const hub: Crumb = { name: "Compare", path: "/compare" };
  if (loaderData.kind === "competitor") {
    const { competitor, figures } = loaderData;
    const crumbs = [hub, { name: `${competitor.name} alternative`, path: `/compare/${competitor.slug}` }];
    return (
      <article className="mx-auto w-full max-w-5xl px-4 py-10 sm:px-6 sm:py-14">
        <JsonLdScript data={breadcrumbList(origin, crumbs)} />
        <Breadcrumbs crumbs={crumbs} />
        <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
          {competitor.title}
        </h1>
        <CompetitorComparison competitor={competitor} figures={figures} />
      </article>
    );
  }
  const { pair, access, path } = loaderData;
  const crumbs = [hub, { name: `${pair.a.name} vs ${pair.b.name}`, path }];
  return (
    <article className="mx-auto w-full max-w-5xl px-4 py-10 sm:px-6 sm:py-14">
      <JsonLdScript data={breadcrumbList(origin, crumbs)} />
      <Breadcrumbs crumbs={crumbs} />
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
        {pair.a.name} vs {pair.b.name}
      </h1>
      <CompanyComparison
        a={pair.a}
        b={pair.b}
        reasons={pair.reasons}
        sharedIndustries={pair.sharedIndustries}
        access={access}
      />
    </article>
  );
}
