import { sql } from "drizzle-orm";
import type { CompanyCard } from "~/core/company-card";
import { maskEmail } from "~/core/mask";

/** A result row as the page queries select it (CARD_COLUMNS). */
export interface CardRow extends Record<string, unknown> {
  id: number;
  slug: string;
  organization_name: string;
  description: string | null;
  industries: string[];
  headquarters_location: string | null;
  last_funding_type: string | null;
  last_funding_amount_usd: string | number | null;
  last_funding_date: string | null;
  first_name: string | null;
  last_name: string | null;
  role: string | null;
  email: string | null;
  website: string | null;
  linkedin: string | null;
}

/** The columns of a CardRow, from the companies table aliased "c". */
export const CARD_COLUMNS = sql.raw(
  "c.id, c.slug, c.organization_name, c.description, c.industries, c.headquarters_location, c.last_funding_type, " +
    "c.last_funding_amount_usd, c.last_funding_date::text as last_funding_date, c.first_name, c.last_name, c.role, " +
    "c.email, c.website, c.linkedin",
);

/** A result row as a card. The server is the authority: without access the full address never leaves it. */
export function toCard(row: CardRow, canSeeEmails: boolean): CompanyCard {
  const founderName = [row.first_name, row.last_name].filter(Boolean).join(" ") || null;
  const amount = row.last_funding_amount_usd === null ? null : Number(row.last_funding_amount_usd);
  return {
    id: row.id,
    slug: row.slug,
    organizationName: row.organization_name,
    description: row.description,
    industries: row.industries ?? [],
    location: row.headquarters_location,
    lastFundingType: row.last_funding_type,
    lastFundingAmountUsd: amount,
    lastFundingDate: row.last_funding_date,
    founderName,
    role: row.role?.trim() || "Founder",
    email: row.email ? (canSeeEmails ? row.email : maskEmail(row.email)) : null,
    isEmailMasked: Boolean(row.email) && !canSeeEmails,
    website: row.website,
    linkedin: row.linkedin,
  };
}
