import type { LpFilterPanelData } from "~/core/lp-card";
import { lpFacetCounts } from "~/core/lp-index";
import { EMPTY_LP_SEARCH, type LpSearchState, parseLpSearchParams } from "~/core/lp-search-params";
import type { Facet } from "~/core/search-facets";
import type { SessionUser } from "../auth/session.server";
import { getViewerAccess } from "../billing/viewer-access.server";
import type { Db } from "../db/database.server";
import { getSiteSettings } from "../settings/site-settings.server";
import { lpIndexOf, lpTextNeedle } from "./lp-catalog.server";

/**
 * docs/product.md#lps: the /lps filter panel's data: each multi-select filter's option counts given the other filters
 * (exact, from the process's LP index), and the countries that hold LPs to pick from.
 */
export async function lpFilterPanelData(db: Db, state: LpSearchState): Promise<LpFilterPanelData> {
  const [index, needle] = await Promise.all([lpIndexOf(db), lpTextNeedle(db, state.q)]);
  const counts = lpFacetCounts(index, state, needle);
  const exact = (key: keyof typeof counts): Facet => ({ counts: counts[key], isApproximate: false });
  return {
    countries: [...index.countries].sort((a, b) => a.localeCompare(b)),
    facets: {
      type: exact("type"),
      location: exact("location"),
      asset: exact("asset"),
      stage: exact("stage"),
      sector: exact("sector"),
    },
  };
}

/**
 * The filter panel's data for this viewer, with the access of /lps (decision 019): none (null, answered 404)
 * while LP search is hidden from a viewer without LP access; without LP access, the counts of the whole
 * LP database whatever the query asks, as /lps answers its sample. Counts under a text query would tell
 * a visitor whether a named person is an LP contact.
 */
export async function lpFilterPanelFor(
  db: Db,
  user: Pick<SessionUser, "id" | "isAdmin"> | null,
  searchParams: URLSearchParams,
): Promise<LpFilterPanelData | null> {
  const [access, settings] = await Promise.all([getViewerAccess(db, user), getSiteSettings(db)]);
  if (settings.hideLpSearch && !access.hasLpAccess) return null;
  const state = access.hasLpAccess ? parseLpSearchParams(searchParams).state : EMPTY_LP_SEARCH;
  return lpFilterPanelData(db, state);
}
