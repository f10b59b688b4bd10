import { sql } from "drizzle-orm";
import type { CompanyListing } from "~/core/company-listing";

/** A listing row as LISTING_COLUMNS selects it. */
export interface ListingRow extends Record<string, unknown> {
  slug: string;
  organization_name: string;
  description: string | null;
  headquarters_location: string | null;
  last_funding_type: string | null;
  last_funding_amount_usd: string | number | null;
  last_funding_date: string | null;
}

/** The columns of a ListingRow, from the companies table aliased "c". */
export const LISTING_COLUMNS = sql.raw(
  "c.slug, c.organization_name, c.description, c.headquarters_location, c.last_funding_type, " +
    "c.last_funding_amount_usd, c.last_funding_date::text as last_funding_date",
);

export function toListing(row: ListingRow): CompanyListing {
  return {
    slug: row.slug,
    name: row.organization_name,
    description: row.description,
    location: row.headquarters_location,
    lastFundingType: row.last_funding_type,
    lastFundingAmountUsd: row.last_funding_amount_usd === null ? null : Number(row.last_funding_amount_usd),
    lastFundingDate: row.last_funding_date,
  };
}
