import type { LpFilterPanelData } from "~/core/lp-card";
import { lpFacetCounts } from "~/core/lp-index";
import type { LpSearchState } from "~/core/lp-search-params";
import type { Facet } from "~/core/search-facets";
import type { Db } from "../db/database.server";
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
