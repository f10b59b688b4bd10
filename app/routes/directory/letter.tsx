import { CompanyListPage } from "~/components/directory/company-list-page";
import { directoryPaths, isDirectoryLetter, isIndexableList, letterLabel, pagePath } from "~/core/directory";
import { formatCount } from "~/core/format";
import { seo } from "~/core/seo";
import { getDb } from "~/server/app-database.server";
import { getDirectoryCatalog } from "~/server/directory/directory-catalog.server";
import { letterPage } from "~/server/directory/directory-lists.server";
import { env } from "~/server/env.server";
import { publicCacheHeaders } from "~/server/http/public-cache.server";
import type { Route } from "./+types/letter";
import { loadListPage, notFound } from "./list-page.server";

export async function loader({ request, params }: Route.LoaderArgs) {
  const letter = params.letter;
  if (!isDirectoryLetter(letter)) notFound();
  const db = await getDb();
  const catalog = await getDirectoryCatalog(db);
  const total = catalog.letters.find((entry) => entry.letter === letter)?.companies ?? 0;
  const list = await loadListPage(request, directoryPaths.letter(letter), total, (page) =>
    letterPage(db, letter, page),
  );
  return { origin: env().APP_URL, letter, total, ...list };
}

export const headers: Route.HeadersFunction = () => publicCacheHeaders();

export function meta({ data }: Route.MetaArgs) {
  if (!data) return seo({ title: "Page not found", description: "No such letter.", noindex: true });
  const { letter, total, page, origin } = data;
  const label = letterLabel(letter);
  const onPage = page > 1 ? ` (page ${page})` : "";
  const starting = letter === "0-9" ? "a digit" : label;
  return seo({
    origin,
    path: pagePath(directoryPaths.letter(letter), page),
    title: `Startups starting with ${label}${onPage}`,
    description: `${formatCount(total)} venture-funded startups whose names start with ${starting}, A to Z: their latest rounds, industries and headquarters.`,
    noindex: !isIndexableList(total),
  });
}

export default function LetterPage({ loaderData }: Route.ComponentProps) {
  const { letter, total, page, pageCount, companies, origin } = loaderData;
  const path = directoryPaths.letter(letter);
  const label = letterLabel(letter);
  return (
    <CompanyListPage
      origin={origin}
      crumbs={[
        { name: "Directory", path: directoryPaths.hub },
        { name: "Companies A-Z", path: directoryPaths.companies },
        { name: label, path: pagePath(path, page) },
      ]}
      title={`Startups starting with ${label}`}
      lead={<p>{formatCount(total)} companies, in alphabetical order.</p>}
      label={`Startups starting with ${label}`}
      path={path}
      page={page}
      pageCount={pageCount}
      companies={companies}
    />
  );
}
