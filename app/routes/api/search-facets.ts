import { data } from "react-router";
import { parseSearchParams, withAllowedSearch } from "~/core/search-params";
import { getDb } from "~/server/app-database.server";
import { getSession } from "~/server/auth/session.server";
import { getViewerAccess } from "~/server/billing/viewer-access.server";
import { getFilterOptions } from "~/server/companies/catalog.server";
import { searchFacets } from "~/server/companies/search-facets.server";
import type { Route } from "./+types/search-facets";

/**
 * docs/product.md#filters: GET /api/search-facets?<the search's URL query> -> the filter panel's data: the filter
 * options of docs/product.md#data and the option counts of the industry, stage and location pickers given the other filters.
 * Counts only, no company and no email. Loaded when the filters open, so a search page neither computes the
 * counts nor carries the options (about 15 KB) until they do. Without active access the counts are the free
 * sample's (decision 026): a URL counts no more than the search box searches, so no text query tells a
 * visitor whether a named founder is in the data.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { state: asked } = parseSearchParams(new URL(request.url).searchParams);
  const db = await getDb();
  const session = await getSession(request);
  const access = await getViewerAccess(db, session.user);
  const { state } = withAllowedSearch(asked, access.hasActiveAccess);
  const [filterOptions, facets] = await Promise.all([getFilterOptions(db), searchFacets(db, state)]);
  return data({ filterOptions, facets }, { headers: { "Cache-Control": "private, max-age=60" } });
}
