import type { ReactNode } from "react";
import { Link } from "react-router";
import { CountLinks } from "~/components/directory/count-links";
import { DirectoryPage } from "~/components/directory/directory-page";
import { LetterLinks } from "~/components/directory/letter-links";
import { DIRECTORY_LETTERS, directoryPaths } from "~/core/directory";
import { formatAmount, formatCount } from "~/core/format";
import { investorPaths } from "~/core/investor-pages";
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

/** One part of the hub: a heading, the link to the whole index, and the largest entries. */
function HubSection({
  id,
  title,
  more,
  children,
}: {
  id: string;
  title: string;
  more: { to: string; text: string };
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="mt-10">
      <div className="flex items-baseline justify-between gap-4">
        <h2 id={id} className="text-xl font-semibold text-slate-900">
          {title}
        </h2>
        <Link to={more.to} className="text-sm font-medium text-brand-700 underline underline-offset-4">
          {more.text}
        </Link>
      </div>
      {children}
    </section>
  );
}

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
      <HubSection
        id="hub-cities"
        title="Largest startup cities"
        more={{ to: directoryPaths.cities, text: `All ${formatCount(data.cityCount)} cities` }}
      >
        <CountLinks links={data.topCities} label="Largest startup cities" />
      </HubSection>
      <HubSection
        id="hub-industries"
        title="Largest industries"
        more={{ to: directoryPaths.industries, text: `All ${formatCount(data.industryCount)} industries` }}
      >
        <CountLinks links={data.topIndustries} label="Largest industries" />
      </HubSection>
      <HubSection
        id="hub-letters"
        title="Companies A to Z"
        more={{ to: directoryPaths.companies, text: "All companies" }}
      >
        <LetterLinks letters={data.letters} />
      </HubSection>
      <p className="mt-10">
        <Link to={investorPaths.hub} className="font-medium text-brand-700 underline underline-offset-4">
          The investors behind these startups
        </Link>
      </p>
    </DirectoryPage>
  );
}
