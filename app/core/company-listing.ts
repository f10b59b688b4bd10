/**
 * One company in a public list (directory pages, a company page's similar companies): name, one line, last
 * round and headquarters. No founder and no email: a list never holds an address, so none can leak through
 * a page's HTML or its `.data`.
 */
export interface CompanyListing {
  slug: string;
  name: string;
  description: string | null;
  location: string | null;
  lastFundingType: string | null;
  lastFundingAmountUsd: number | null;
  lastFundingDate: string | null;
}
