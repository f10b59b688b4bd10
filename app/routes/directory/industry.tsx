import { Link } from "react-router";
import { CompanyList } from "~/components/directory/company-list";
import { DirectoryPage } from "~/components/directory/directory-page";
import { ListPager } from "~/components/directory/list-pager";
import {
  directoryPageCount,
  directoryPaths,
  industrySearchPath,
  isIndexableList,
  listedCompanies,
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
import { notFound, requestedPage } from "./list-page.server";

export async function loader({ request, params }: Route.LoaderArgs) {
  const db = await getDb();
  const catalog = await getDirectoryCatalog(db);
  const industry = catalog.industriesBySlug.get(params.industrySlug) ?? notFound();
  const path = directoryPaths.industry(industry.slug);
  const page = requestedPage(request, path, industry.companies, MAX_LIST_PAGES);
  const companies = await listPage(db, industryMembers(industry.name), industry.companies, page, "date-walk");
  return {
    origin: env().APP_URL,
    industry,
    page,
    pageCount: directoryPageCount(industry.companies, MAX_LIST_PAGES),
    listed: listedCompanies(industry.companies, MAX_LIST_PAGES),
    companies,
  };
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
    <DirectoryPage
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
    >
      <CompanyList companies={companies} label={`${industry.name} startups`} />
      <ListPager path={path} page={page} pageCount={pageCount} />
    </DirectoryPage>
  );
}
