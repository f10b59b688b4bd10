import { sql } from "drizzle-orm";
import type { CompanyCard } from "~/core/company-card";
import { foundersOf } from "~/core/company-profile";
import type { EmailSource, EmailStatus } from "~/core/email-status";
import { shownRole } from "~/core/founder-role";
import { maskEmail } from "~/core/mask";
import { isoTimeOf } from "../email-status/status-columns.server";

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
  total_funding_amount_usd: string | number | null;
  founders: string | null;
  first_name: string | null;
  last_name: string | null;
  role: string | null;
  email: string | null;
  email_status: EmailStatus | null;
  email_checked_at: string | null;
  email_source: EmailSource | null;
  website: string | null;
  linkedin: string | null;
  lead_investors: string[] | null;
}

/** The columns of a CardRow, from the companies table aliased "c". */
export const CARD_COLUMNS = sql.raw(
  "c.id, c.slug, c.organization_name, c.description, c.industries, c.headquarters_location, c.last_funding_type, " +
    "c.last_funding_amount_usd, c.last_funding_date::text as last_funding_date, c.total_funding_amount_usd, " +
    "c.founders, c.first_name, c.last_name, c.role, c.email, c.website, c.linkedin, " +
    // decision 032: the address's status copy (migration 0030).
    `c.email_status, ${isoTimeOf("c.email_checked_at")} as email_checked_at, c.email_source, ` +
    // decision 030: the last round's leads by name, looked up for the page's rows only (by primary key).
    "(select array_agg(i.name order by i.name) from investors i where i.id = any(c.last_round_lead_ids)) as lead_investors",
);

/** A result row as a card. The server is the authority: without access the full address never leaves it. */
export function toCard(row: CardRow, canSeeEmails: boolean): CompanyCard {
  const founderName = [row.first_name, row.last_name].filter(Boolean).join(" ") || null;
  const amount = row.last_funding_amount_usd === null ? null : Number(row.last_funding_amount_usd);
  const total = row.total_funding_amount_usd === null ? null : Number(row.total_funding_amount_usd);
  // docs/product.md#search: every founder the Founders field names; the lead (first, last name) carries role and email.
  const sameName = (a: string, b: string | null) =>
    b !== null && a.toLowerCase() === b.replace(/\s+/g, " ").trim().toLowerCase();
  const otherFounders = foundersOf(
    row.founders,
    { firstName: row.first_name, lastName: row.last_name, role: null, email: null },
    () => ({ email: "", isMasked: false }),
  )
    .map((founder) => founder.name)
    .filter((name) => !sameName(name, founderName));
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
    totalFundingAmountUsd: total,
    founderName,
    otherFounders,
    role: shownRole(row.role),
    email: row.email ? (canSeeEmails ? row.email : maskEmail(row.email)) : null,
    isEmailMasked: Boolean(row.email) && !canSeeEmails,
    emailStatus: row.email
      ? { status: row.email_status, checkedAt: row.email_checked_at, source: row.email_source }
      : null,
    website: row.website,
    linkedin: row.linkedin,
    leadInvestors: row.lead_investors ?? [],
  };
}
