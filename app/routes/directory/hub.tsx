import { Link } from "react-router";
import { CountLinks } from "~/components/directory/count-links";
import { DirectoryPage } from "~/components/directory/directory-page";
import { LetterLinks } from "~/components/directory/letter-links";
import { DIRECTORY_LETTERS, directoryPaths } from "~/core/directory";
import { formatAmount, formatCount } from "~/core/format";
import { seo } from "~/core/seo";
import { getDb } from "~/server/app-database.server";
import { getDirectoryCatalog } from "~/server/directory/directory-catalog.server";
import { env } from "~/server/env.server";
import { publicCacheHeaders } from "~/server/http/public-cache.server";
import type { Route } from "./+types/hub";

const TOP = 12;

export async function loader() {
  const catalog = await getDirectoryCatalog(await getDb());
  const largest = <T extends { companies: number }>(entries: readonly T[]) =>
    [...entries].sort((a, b) => b.companies - a.companies).slice(0, TOP);
  const counts = new Map(catalog.letters.map((entry) => [entry.letter, entry.companies]));
  return {
    origin: env().APP_URL,
    totalCompanies: catalog.totalCompanies,
    totalFundingUsd: catalog.totalFundingUsd,
    cityCount: catalog.cities.length,
    industryCount: catalog.industries.length,
    topCities: largest(catalog.cities).map((city) => ({
      name: `${city.city}, ${city.country}`,
      path: directoryPaths.city(city.slug),
      companies: city.companies,
    })),
    topIndustries: largest(catalog.industries).map((industry) => ({
      name: industry.name,
      path: directoryPaths.industry(industry.slug),
      companies: industry.companies,
    })),
    letters: DIRECTORY_LETTERS.map((letter) => ({ letter, companies: counts.get(letter) ?? 0 })),
  };
}

export const headers: Route.HeadersFunction = () => publicCacheHeaders();

export function meta({ data }: Route.MetaArgs) {
  return seo({
    origin: data?.origin,
    path: directoryPaths.hub,
    title: "Directory of venture-funded startups",
    description: `${formatCount(data?.totalCompanies ?? 0)} venture-funded startups in ${formatCount(data?.cityCount ?? 0)} cities, by city, industry and name, with their latest funding rounds.`,
  });
}

const SECTION_LINK = "text-sm font-medium text-brand-700 underline underline-offset-4";

export default function DirectoryHub({ loaderData }: Route.ComponentProps) {
  const data = loaderData;
  return (
    <DirectoryPage
      origin={data.origin}
      crumbs={[{ name: "Directory", path: directoryPaths.hub }]}
      title="Directory of venture-funded startups"
      lead={
        <p>
          {formatCount(data.totalCompanies)} startups in {formatCount(data.cityCount)} cities and{" "}
          {formatCount(data.industryCount)} industries, {formatAmount(data.totalFundingUsd)} raised in total.
        </p>
      }
    >
      <section aria-labelledby="hub-cities" className="mt-10">
        <div className="flex items-baseline justify-between gap-4">
          <h2 id="hub-cities" className="text-xl font-semibold text-slate-900">
            Largest startup cities
          </h2>
          <Link to={directoryPaths.cities} className={SECTION_LINK}>
            All {formatCount(data.cityCount)} cities
          </Link>
        </div>
        <CountLinks links={data.topCities} label="Largest startup cities" />
      </section>
      <section aria-labelledby="hub-industries" className="mt-10">
        <div className="flex items-baseline justify-between gap-4">
          <h2 id="hub-industries" className="text-xl font-semibold text-slate-900">
            Largest industries
          </h2>
          <Link to={directoryPaths.industries} className={SECTION_LINK}>
            All {formatCount(data.industryCount)} industries
          </Link>
        </div>
        <CountLinks links={data.topIndustries} label="Largest industries" />
      </section>
      <section aria-labelledby="hub-letters" className="mt-10">
        <div className="flex items-baseline justify-between gap-4">
          <h2 id="hub-letters" className="text-xl font-semibold text-slate-900">
            Companies A to Z
          </h2>
          <Link to={directoryPaths.companies} className={SECTION_LINK}>
            All companies
          </Link>
        </div>
        <LetterLinks letters={data.letters} />
      </section>
    </DirectoryPage>
  );
}
