import { CountLinks } from "~/components/directory/count-links";
import { DirectoryPage } from "~/components/directory/directory-page";
import { directoryPaths } from "~/core/directory";
import { formatCount } from "~/core/format";
import { seo } from "~/core/seo";
import { getDb } from "~/server/app-database.server";
import { getDirectoryCatalog } from "~/server/directory/directory-catalog.server";
import { env } from "~/server/env.server";
import { publicCacheHeaders } from "~/server/http/public-cache.server";
import type { Route } from "./+types/industries";

export async function loader() {
  const catalog = await getDirectoryCatalog(await getDb());
  return {
    origin: env().APP_URL,
    totalCompanies: catalog.totalCompanies,
    industries: catalog.industries.map((entry) => ({
      name: entry.name,
      path: directoryPaths.industry(entry.slug),
      companies: entry.companies,
    })),
  };
}

export const headers: Route.HeadersFunction = () => publicCacheHeaders();

export function meta({ data }: Route.MetaArgs) {
  return seo({
    origin: data?.origin,
    path: directoryPaths.industries,
    title: "Funded startups by industry",
    description: `${formatCount(data?.industries.length ?? 0)} industries, from AI to FinTech: see how many venture-funded startups each has and browse their latest rounds.`,
  });
}

export default function IndustriesIndex({ loaderData }: Route.ComponentProps) {
  const { industries, totalCompanies, origin } = loaderData;
  return (
    <DirectoryPage
      origin={origin}
      crumbs={[
        { name: "Directory", path: directoryPaths.hub },
        { name: "Industries", path: directoryPaths.industries },
      ]}
      title="Funded startups by industry"
      lead={
        <p>
          {formatCount(totalCompanies)} venture-funded startups in {formatCount(industries.length)} industries
          and industry groups. A company counts under each of its industries.
        </p>
      }
    >
      <CountLinks links={industries} label="Industries" />
    </DirectoryPage>
  );
}
