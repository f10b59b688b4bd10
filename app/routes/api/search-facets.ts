import { data } from "react-router";
import { parseSearchParams } from "~/core/search-params";
import { getDb } from "~/server/app-database.server";
import { searchFacets } from "~/server/companies/search-facets.server";
import type { Route } from "./+types/search-facets";

/**
 * Issue 15: GET /api/search-facets?<the search's URL query> -> the option counts of the industry, stage and
 * location pickers given the other filters. Counts only, no company and no email, the same for every
 * viewer; loaded when the filters open, so a search page costs nothing extra until they do.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { state } = parseSearchParams(new URL(request.url).searchParams);
  const facets = await searchFacets(await getDb(), state);
  return data(facets, { headers: { "Cache-Control": "private, max-age=60" } });
}
