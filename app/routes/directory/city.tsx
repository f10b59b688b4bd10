import { Link } from "react-router";
import { CompanyListPage } from "~/components/directory/company-list-page";
import { citySearchPath, directoryPaths, isIndexableList, MAX_LIST_PAGES, pagePath } from "~/core/directory";
import { formatAmount, formatCount } from "~/core/format";
import { seo } from "~/core/seo";
import { getDb } from "~/server/app-database.server";
import { getDirectoryCatalog } from "~/server/directory/directory-catalog.server";
import { cityMembers, listPage } from "~/server/directory/directory-lists.server";
import { env } from "~/server/env.server";
import { publicCacheHeaders } from "~/server/http/public-cache.server";
import type { Route } from "./+types/city";
import { latestFirst } from "./latest-first";
import { loadListPage, notFound } from "./list-page.server";

export async function loader({ request, params }: Route.LoaderArgs) {
  const db = await getDb();
  const catalog = await getDirectoryCatalog(db);
  const city = catalog.citiesBySlug.get(params.citySlug) ?? notFound();
  const members = cityMembers(city.city, city.country);
  const list = await loadListPage(
    request,
    directoryPaths.city(city.slug),
    city.companies,
    (page) => listPage(db, members, city.companies, page, "city-index"),
    MAX_LIST_PAGES,
  );
  return { origin: env().APP_URL, city, ...list };
}

export const headers: Route.HeadersFunction = () => publicCacheHeaders();

export function meta({ data }: Route.MetaArgs) {
  if (!data) return seo({ title: "Page not found", description: "No such city.", noindex: true });
  const { city, page, origin } = data;
  const place = `${city.city}, ${city.country}`;
  const onPage = page > 1 ? ` (page ${page})` : "";
  return seo({
    origin,
    path: pagePath(directoryPaths.city(city.slug), page),
    title: `Startups in ${place}: ${formatCount(city.companies)} funded companies${onPage}`,
    description: `${formatCount(city.companies)} venture-funded startups headquartered in ${place} have raised ${formatAmount(city.totalFundingUsd)} in total. Their latest rounds, industries and founders.`,
    noindex: !isIndexableList(city.companies),
  });
}

export default function CityPage({ loaderData }: Route.ComponentProps) {
  const { city, page, pageCount, listed, companies, origin } = loaderData;
  const path = directoryPaths.city(city.slug);
  return (
    <CompanyListPage
      origin={origin}
      crumbs={[
        { name: "Directory", path: directoryPaths.hub },
        { name: "Cities", path: directoryPaths.cities },
        { name: city.city, path: pagePath(path, page) },
      ]}
      title={`Startups in ${city.city}, ${city.country}`}
      lead={
        <p>
          {formatCount(city.companies)} venture-funded {city.companies === 1 ? "startup is" : "startups are"}{" "}
          headquartered in {city.city}, with {formatAmount(city.totalFundingUsd)} raised in total.{" "}
          {latestFirst(listed, city.companies)}{" "}
          <Link to={citySearchPath(city)} className="font-medium text-brand-700 underline underline-offset-4">
            Search and filter them
          </Link>
        </p>
      }
      label={`Startups in ${city.city}`}
      path={path}
      page={page}
      pageCount={pageCount}
      companies={companies}
    />
  );
}
