import { CountLinks } from "~/components/directory/count-links";
import { DirectoryPage } from "~/components/directory/directory-page";
import { directoryPaths, groupCitiesByContinent } from "~/core/directory";
import { formatCount } from "~/core/format";
import { seo } from "~/core/seo";
import { slugify } from "~/core/slug";
import { getDb } from "~/server/app-database.server";
import { getDirectoryCatalog } from "~/server/directory/directory-catalog.server";
import { env } from "~/server/env.server";
import { publicCacheHeaders } from "~/server/http/public-cache.server";
import type { Route } from "./+types/cities";

export async function loader() {
  const catalog = await getDirectoryCatalog(await getDb());
  const continents = groupCitiesByContinent(catalog.cities);
  return { origin: env().APP_URL, cityCount: catalog.cities.length, continents };
}

export const headers: Route.HeadersFunction = () => publicCacheHeaders();

export function meta({ data }: Route.MetaArgs) {
  return seo({
    origin: data?.origin,
    path: directoryPaths.cities,
    title: "Funded startups by city",
    description: `Venture-funded startups in ${formatCount(data?.cityCount ?? 0)} cities, by continent and country, with how many each city has.`,
  });
}

export default function CitiesIndex({ loaderData }: Route.ComponentProps) {
  const { continents, cityCount, origin } = loaderData;
  return (
    <DirectoryPage
      origin={origin}
      crumbs={[
        { name: "Directory", path: directoryPaths.hub },
        { name: "Cities", path: directoryPaths.cities },
      ]}
      title="Funded startups by city"
      lead={<p>{formatCount(cityCount)} cities, by continent and country, largest first.</p>}
    >
      {continents.map(({ continent, companies, countries }) => (
        <section key={continent} aria-labelledby={`continent-${slugify(continent)}`} className="mt-10">
          <h2 id={`continent-${slugify(continent)}`} className="text-2xl font-semibold text-slate-900">
            {continent} <span className="text-base font-normal text-slate-500">{formatCount(companies)}</span>
          </h2>
          {countries.map((country) => (
            <div key={country.country} className="mt-5">
              <h3 className="font-semibold text-slate-800">
                {country.country}{" "}
                <span className="text-sm font-normal text-slate-500">{formatCount(country.companies)}</span>
              </h3>
              <CountLinks links={country.cities} label={`Cities in ${country.country}`} />
            </div>
          ))}
        </section>
      ))}
    </DirectoryPage>
  );
}
