/**
 * What an /lps search answers: the shapes the LP components render (pure, so components never import
 * server code). The server fills them in lps/lp-search.server.ts, with contact emails already masked for
 * anyone without LP access.
 */
import type { LpMultiFilterKey } from "./lp-search-params";
import type { Facet } from "./search-facets";

export interface LpContactCard {
  id: number;
  name: string;
  title: string | null;
  email: string | null;
  isEmailMasked: boolean;
  linkedin: string | null;
}

export interface LpCommitmentCard {
  fundName: string;
  vintage: number | null;
  amountUsd: number | null;
}

export interface LpCard {
  id: number;
  slug: string;
  name: string;
  type: string;
  city: string | null;
  region: string | null;
  country: string | null;
  website: string | null;
  aumUsd: number | null;
  aumAsOf: string | null;
  checkMinUsd: number | null;
  checkMaxUsd: number | null;
  assetClasses: string[];
  stageFocus: string[];
  sectorFocus: string[];
  geoFocus: string[];
  acceptsEmerging: string;
  backsFirstTimeFunds: boolean;
  mfoModel: string | null;
  description: string | null;
  contacts: LpContactCard[];
  /** The newest few commitments (vintage first), and how many are known in all. */
  commitments: LpCommitmentCard[];
  commitmentCount: number;
}

export interface LpSearchResult {
  lps: LpCard[];
  total: number;
  /** LP counts are always exact (100,000 LPs count in milliseconds); kept for the shared result views. */
  isTotalApproximate: false;
  page: number;
  pageSize: number;
  pageCount: number;
  /** The first page of the default order, shown to anyone without LP access whatever the URL asked. */
  isSample: boolean;
}

/** Each multi-select filter's option counts given the other filters, keyed by the option's URL value. */
export type LpFacets = Record<LpMultiFilterKey, Facet>;

/** The /lps filter panel's data (/api/lps-facets). */
export interface LpFilterPanelData {
  /** Countries that hold at least one LP, alphabetically (the location picker lists them under the regions). */
  countries: string[];
  facets: LpFacets;
}
