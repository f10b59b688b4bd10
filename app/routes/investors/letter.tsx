import { DirectoryPage } from "~/components/directory/directory-page";
import { ListPager } from "~/components/directory/list-pager";
import { InvestorList } from "~/components/investors/investor-list";
import {
  DIRECTORY_PAGE_SIZE,
  directoryPageCount,
  directoryPaths,
  isDirectoryLetter,
  isIndexableList,
  letterLabel,
  pagePath,
} from "~/core/directory";
import { formatCount } from "~/core/format";
import { investorListItem, investorPaths } from "~/core/investor-pages";
import { seo } from "~/core/seo";
import { getDb } from "~/server/app-database.server";
import { env } from "~/server/env.server";
import { publicCacheHeaders } from "~/server/http/public-cache.server";
import { getInvestorCatalog } from "~/server/investors/investor-catalog.server";
import { notFound, requestedPage } from "../directory/list-page.server";
import type { Route } from "./+types/letter";

/** docs/product.md#investors: the investors of one letter, by name, 50 a page (the directory's paging rules). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const letter = params.letter;
  if (!isDirectoryLetter(letter)) notFound();
  const catalog = await getInvestorCatalog(await getDb());
  const all = catalog.byLetter.get(letter) ?? [];
  const page = requestedPage(request, investorPaths.letter(letter), all.length);
  const start = (page - 1) * DIRECTORY_PAGE_SIZE;
  return {
    origin: env().APP_URL,
    letter,
    total: all.length,
    page,
    pageCount: directoryPageCount(all.length),
    investors: all.slice(start, start + DIRECTORY_PAGE_SIZE).map(investorListItem),
  };
}

export const headers: Route.HeadersFunction = () => publicCacheHeaders();

export function meta({ data }: Route.MetaArgs) {
  if (!data) return seo({ title: "Page not found", description: "No such letter.", noindex: true });
  const { letter, total, page, origin } = data;
  const label = letterLabel(letter);
  const onPage = page > 1 ? ` (page ${page})` : "";
  return seo({
    origin,
    path: pagePath(investorPaths.letter(letter), page),
    title: `Startup investors starting with ${label}${onPage}`,
    description: `${formatCount(total)} startup investors whose names start with ${letter === "0-9" ? "a digit" : label}, A to Z: their rounds, portfolio companies and co-investors.`,
    noindex: !isIndexableList(total),
  });
}

export default function InvestorLetterPage({ loaderData }: Route.ComponentProps) {
  const { origin, letter, total, page, pageCount, investors } = loaderData;
  const path = investorPaths.letter(letter);
  const label = letterLabel(letter);
  return (
    <DirectoryPage
      origin={origin}
      crumbs={[
        { name: "Directory", path: directoryPaths.hub },
        { name: "Investors", path: investorPaths.hub },
        { name: label, path: pagePath(path, page) },
      ]}
      title={`Startup investors starting with ${label}`}
      lead={<p>{formatCount(total)} investors, in alphabetical order.</p>}
    >
      <InvestorList investors={investors} label={`Investors starting with ${label}`} />
      <ListPager path={path} page={page} pageCount={pageCount} />
    </DirectoryPage>
  );
}
