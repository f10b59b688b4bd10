import { Link } from "react-router";
import { CompanyListPage } from "~/components/directory/company-list-page";
import {
  directoryPaths,
  industrySearchPath,
  isIndexableList,
  MAX_LIST_PAGES,
  pagePath,
} from "~/core/directory";
import { formatAmount, formatCount } from "~/core/format";
import { seo } from "~/core/seo";
import { getDb } from "~/server/app-database.server";
import { getDirectoryCatalog } from "~/server/directory/directory-catalog.server";
import { industryMembers, listPage } from "~/server/directory/directory-lists.server";
import { env } from "~/server/env.server";
import { publicCacheHeaders } from "~/server/http/public-cache.server";
import type { Route } from "./+types/industry";
import { latestFirst } from "./latest-first";
import { loadListPage, notFound } from "./list-page.server";

export async function loader({ request, params }: Route.LoaderArgs) {
  const db = await getDb();
  const catalog = await getDirectoryCatalog(db);
  const industry = catalog.industriesBySlug.get(params.industrySlug) ?? notFound();
  const members = industryMembers(industry.name);
  const list = await loadListPage(
    request,
    directoryPaths.industry(industry.slug),
    industry.companies,
    (page) => listPage(db, members, industry.companies, page, "date-walk"),
    MAX_LIST_PAGES,
  );
  return { origin: env().APP_URL, industry, ...list };
}

export const headers: Route.HeadersFunction = () => publicCacheHeaders();

export function meta({ data }: Route.MetaArgs) {
  if (!data) return seo({ title: "Page not found", description: "No such industry.", noindex: true });
  const { industry, page, origin } = data;
  const onPage = page > 1 ? ` (page ${page})` : "";
  return seo({
    origin,
    path: pagePath(directoryPaths.industry(industry.slug), page),
    title: `${industry.name} startups: ${formatCount(industry.companies)} funded companies${onPage}`,
    description: `${formatCount(industry.companies)} venture-funded ${industry.name} startups, ${formatAmount(industry.totalFundingUsd)} raised in total. Their latest rounds, headquarters and founders.`,
    noindex: !isIndexableList(industry.companies),
  });
}

export default function IndustryPage({ loaderData }: Route.ComponentProps) {
  const { industry, page, pageCount, listed, companies, origin } = loaderData;
  const path = directoryPaths.industry(industry.slug);
  return (
    <CompanyListPage
      origin={origin}
      crumbs={[
        { name: "Directory", path: directoryPaths.hub },
        { name: "Industries", path: directoryPaths.industries },
        { name: industry.name, path: pagePath(path, page) },
      ]}
      title={`${industry.name} startups`}
      lead={
        <p>
          {formatCount(industry.companies)} venture-funded {industry.companies === 1 ? "startup" : "startups"}{" "}
          in {industry.name}, with {formatAmount(industry.totalFundingUsd)} raised in total.{" "}
          {latestFirst(listed, industry.companies)}{" "}
          <Link
            to={industrySearchPath(industry.name)}
            className="font-medium text-brand-700 underline underline-offset-4"
          >
            Search and filter them
          </Link>
        </p>
      }
      label={`${industry.name} startups`}
      path={path}
      page={page}
      pageCount={pageCount}
      companies={companies}
    />
  );
}
