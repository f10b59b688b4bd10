import { data } from "react-router";
import { LP_SEARCH_UNAVAILABLE } from "~/core/messages";
import { getDb } from "~/server/app-database.server";
import { getSession } from "~/server/auth/session.server";
import { lpFilterPanelFor } from "~/server/lps/lp-facets.server";
import type { Route } from "./+types/lps-facets";

/**
 * docs/product.md#lps: GET /api/lps-facets?<the /lps query> -> the LP filter panel's data: the countries to
 * pick from and each multi-select filter's option counts given the other filters. Counts only, no LP and no
 * contact, loaded when the filters open, as /api/search-facets is for /search. Same access as /lps
 * (decision 019): 404 while LP search is hidden from this viewer, and the query only counts for those with LP
 * access.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const [db, session] = await Promise.all([getDb(), getSession(request)]);
  const panel = await lpFilterPanelFor(db, session.user, new URL(request.url).searchParams);
  if (panel === null) {
    return Response.json(
      { error: LP_SEARCH_UNAVAILABLE },
      { status: 404, headers: { "Cache-Control": "private, no-store" } },
    );
  }
  return data(panel, { headers: { "Cache-Control": "private, max-age=60", Vary: "Cookie" } });
}
