import type { EmailStatusView } from "./email-status";

/**
 * What a search answers (docs/product.md#screens, search page): the data the search components render. Pure shapes, so
 * components never import server code for them; the server fills them in search.server.ts.
 */

/** One result card, with the founder email masked unless the caller may see it. */
export interface CompanyCard {
  id: number;
  slug: string;
  organizationName: string;
  description: string | null;
  industries: string[];
  location: string | null;
  lastFundingType: string | null;
  lastFundingAmountUsd: number | null;
  lastFundingDate: string | null;
  totalFundingAmountUsd: number | null;
  founderName: string | null;
  /** docs/product.md#search: the other founders the Founders field names (the lead founder is `founderName`). */
  otherFounders: string[];
  /** docs/product.md#data: shown as 'Founder' by default. */
  role: string;
  email: string | null;
  isEmailMasked: boolean;
  /** decision 032: the address's status, date and source (null when there is no address). Never secret. */
  emailStatus: EmailStatusView | null;
  website: string | null;
  linkedin: string | null;
  /** decision 030: the investors who led the last round, by name (empty when none is known). */
  leadInvestors: string[];
  /**
   * docs/product.md#export: when the signed-in user first exported this company (ISO), for the results' "Exported"
   * marker; absent when they never did (and for visitors).
   */
  exportedAt?: string;
}

export interface SearchResult {
  companies: CompanyCard[];
  total: number;
  /** Above the exact-count limit on a large table the total is an estimate, shown as "about 66,000". */
  isTotalApproximate: boolean;
  page: number;
  /** Results a page holds (50 by docs/product.md#limits, or a subscriber's 25 or 100). */
  pageSize: number;
  pageCount: number;
}
