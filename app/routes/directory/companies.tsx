import { DirectoryPage } from "~/components/directory/directory-page";
import { LetterLinks } from "~/components/directory/letter-links";
import { DIRECTORY_LETTERS, directoryPaths } from "~/core/directory";
import { formatCount } from "~/core/format";
import { seo } from "~/core/seo";
import { getDb } from "~/server/app-database.server";
import { getDirectoryCatalog } from "~/server/directory/directory-catalog.server";
import { env } from "~/server/env.server";
import { publicCacheHeaders } from "~/server/http/public-cache.server";
import type { Route } from "./+types/companies";

export async function loader() {
  const catalog = await getDirectoryCatalog(await getDb());
  const counts = new Map(catalog.letters.map((entry) => [entry.letter, entry.companies]));
  return {
    origin: env().APP_URL,
    totalCompanies: catalog.totalCompanies,
    letters: DIRECTORY_LETTERS.map((letter) => ({ letter, companies: counts.get(letter) ?? 0 })),
  };
}

export const headers: Route.HeadersFunction = () => publicCacheHeaders();

export function meta({ data }: Route.MetaArgs) {
  return seo({
    origin: data?.origin,
    path: directoryPaths.companies,
    title: "All funded startups, A to Z",
    description: `Browse ${formatCount(data?.totalCompanies ?? 0)} venture-funded startups by name, A to Z: their latest rounds, industries and headquarters.`,
  });
}

export default function CompaniesIndex({ loaderData }: Route.ComponentProps) {
  const { letters, totalCompanies, origin } = loaderData;
  return (
    <DirectoryPage
      origin={origin}
      crumbs={[
        { name: "Directory", path: directoryPaths.hub },
        { name: "Companies A-Z", path: directoryPaths.companies },
      ]}
      title="All funded startups, A to Z"
      lead={<p>{formatCount(totalCompanies)} venture-funded startups, by the first letter of their name.</p>}
    >
      <LetterLinks letters={letters} />
    </DirectoryPage>
  );
}
