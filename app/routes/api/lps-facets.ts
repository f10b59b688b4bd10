import { data } from "react-router";
import { parseLpSearchParams } from "~/core/lp-search-params";
import { getDb } from "~/server/app-database.server";
import { lpFilterPanelData } from "~/server/lps/lp-facets.server";
import type { Route } from "./+types/lps-facets";

/**
 * Issue 17: GET /api/lps-facets?<the /lps query> -> the LP filter panel's data: the countries to pick from
 * and each multi-select filter's option counts given the other filters. Counts only, no LP and no contact,
 * the same for every viewer; loaded when the filters open, as /api/search-facets is for /search.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { state } = parseLpSearchParams(new URL(request.url).searchParams);
  const panel = await lpFilterPanelData(await getDb(), state);
  return data(panel, { headers: { "Cache-Control": "private, max-age=60" } });
}
