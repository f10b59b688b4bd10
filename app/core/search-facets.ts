import { formatCount } from "./format";
import { MULTI_FILTER_KEYS, type MultiFilterKey, type SearchState, withChange } from "./search-params";

/**
 * docs/product.md#filters: how many companies each option of a multi-select filter would add, given the other active
 * filters (facet counts). Keyed by the option's filter value: an industry or stage name, and for the
 * location filter "continent:Europe" and "country:Germany" (cities and regions are not counted).
 */
export interface Facet {
  counts: Record<string, number>;
  /**
   * On a large table a broad base is counted from the same 1% block sample the search's "about" totals
   * come from: then each count is an estimate (times 100, two significant digits), and an option the
   * sample barely sees is only known to be small.
   */
  isApproximate: boolean;
  /** What each option is called where its value is not its name (investors: slug to name). */
  labels?: Record<string, string>;
}

export type SearchFacets = Record<MultiFilterKey, Facet>;

/** Below this an estimated count is only "under" it (the search counts such a search exactly instead). */
export const FACET_ESTIMATE_FLOOR = 3_000;

export const FACET_KEYS = MULTI_FILTER_KEYS;

/** The search a facet's counts are taken over: every criterion but the facet's own filter. */
export function facetBase(state: SearchState, key: MultiFilterKey): SearchState {
  return withChange(state, { [key]: [] });
}

/** A facet count as the pickers show it: "1,204", "about 12,000" or "under 3,000"; null when unknown. */
export function facetCountText(facet: Facet | undefined, value: string): string | null {
  if (!facet) return null;
  const count = facet.counts[value] ?? 0;
  if (!facet.isApproximate) return formatCount(count);
  return count < FACET_ESTIMATE_FLOOR
    ? `under ${formatCount(FACET_ESTIMATE_FLOOR)}`
    : `about ${formatCount(count)}`;
}
