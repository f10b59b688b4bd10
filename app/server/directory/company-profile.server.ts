import { sql } from "drizzle-orm";
import type { CompanyListing } from "~/core/company-listing";
import {
  type CompanyProfile,
  foundersOf,
  type ProfileLink,
  type ProfilePerson,
} from "~/core/company-profile";
import { comparePath } from "~/core/compare";
import { citySlug, directoryPaths, industrySlug } from "~/core/directory";
import { maskEmail } from "~/core/mask";
import { isCompanySlugShape } from "~/core/slug";
import type { Db } from "../db/database.server";
import { queryRows } from "../db/query-rows.server";
import { CHOSEN_PAIRS_PER_COMPANY, similarCompanyIds } from "../similarity/similar-companies.server";
import { LISTING_COLUMNS, type ListingRow, toListing } from "./company-listing.server";
import { companyPeople, companyRounds } from "./company-rounds.server";

/** How many related companies a company page lists. */
export const RELATED_COMPANIES = 6;
/** The most rows of a city or a stage a related-companies query reads, newest first. */
const RELATED_WALK_ROWS = 2_000;

interface ProfileRow extends Record<string, unknown> {
  id: number;
  slug: string;
  organization_name: string;
  description: string | null;
  full_description: string | null;
  industries: string[];
  industry_groups: string[];
  headquarters_location: string | null;
  city: string | null;
  region: string | null;
  country: string | null;
  website: string | null;
  linkedin: string | null;
  last_funding_type: string | null;
  last_funding_amount_usd: string | number | null;
  last_funding_date: string | null;
  total_funding_amount_usd: string | number | null;
  updated_at: string | Date;
  first_name: string | null;
  last_name: string | null;
  role: string | null;
  email: string | null;
  founders: string | null;
}

/**
 * decision 030: a company without people (stored before the backfill has reached it, or by a plain insert)
 * is shown as its fields say: the contact and each name of Founders, the contact's address masked by the same
 * rule as a person's.
 */
function peopleFromFields(row: ProfileRow, canSeeEmails: boolean): ProfilePerson[] {
  return foundersOf(
    row.founders,
    { firstName: row.first_name, lastName: row.last_name, role: row.role, email: row.email },
    (email) => ({ email: canSeeEmails ? email : maskEmail(email), isMasked: !canSeeEmails }),
  ).map((founder) => ({
    id: null,
    name: founder.name,
    title: founder.role,
    kind: "founder",
    email: founder.email,
    isEmailMasked: founder.isEmailMasked,
  }));
}

function amount(value: string | number | null): number | null {
  return value === null ? null : Number(value);
}

/**
 * The company page's related list: its most similar companies as the last similarity refresh ranked them
 * (core/similarity.ts; one primary-key read, then six rows by id), or, for a company imported since, the
 * indexed rule below.
 */
async function relatedCompanies(
  db: Db,
  row: ProfileRow,
): Promise<{ related: CompanyListing[]; comparisons: ProfileLink[] }> {
  const ranked = await similarCompanyIds(db, row.id, RELATED_COMPANIES);
  if (ranked === null) return { related: await relatedByIndexedRule(db, row), comparisons: [] };
  if (ranked.length === 0) return { related: [], comparisons: [] };
  const rows = await queryRows<ListingRow & { id: number }>(
    db,
    sql`select c.id, ${LISTING_COLUMNS} from companies c
        where c.id = any(${sql.param(ranked.map((item) => item.id))}::int[])`,
  );
  const byId = new Map(rows.map((found) => [found.id, found]));
  const related: CompanyListing[] = [];
  const comparisons: ProfileLink[] = [];
  for (const { id, rank } of ranked) {
    const found = byId.get(id);
    if (!found) continue;
    related.push(toListing(found));
    // The pairs the similarity rule chose (its three most similar) get compare pages worth linking.
    if (rank <= CHOSEN_PAIRS_PER_COMPANY) {
      comparisons.push({
        name: `${row.organization_name} vs ${found.organization_name}`,
        path: comparePath(row.slug, found.slug),
      });
    }
  }
  return { related, comparisons };
}

/**
 * The fallback for a company the last refresh did not cover. Six companies like this one: in its main industry and its city, then (when those are fewer than six) in
 * its main industry and at its stage; newest rounds first, none suppressed. Each query walks an index in
 * date order (the city's, then the stage's) through at most RELATED_WALK_ROWS rows and stops at six
 * matches: left to itself the planner often combined the industry's GIN bitmap with the city's and sorted
 * thousands of rows (decision 009 has the figures). A rare industry in a
 * large city may find fewer than six; the page then shows what it found. The similarity rule (docs/product.md#similar)
 * replaces this.
 */
async function relatedByIndexedRule(db: Db, row: ProfileRow): Promise<CompanyListing[]> {
  const industry = row.industries[0] ?? row.industry_groups[0];
  if (!industry) return [];
  const inIndustry = sql`c.industries @> ${sql.param([industry])}::text[]`;
  const visible = sql`not c.suppressed and c.id <> ${row.id}`;
  const order = sql`order by c.last_funding_date desc nulls last, c.id desc limit ${RELATED_COMPANIES}`;
  const related: CompanyListing[] = [];
  const add = (rows: ListingRow[]) => {
    for (const found of rows) {
      if (related.length >= RELATED_COMPANIES || related.some((item) => item.slug === found.slug)) continue;
      related.push(toListing(found));
    }
  };
  if (row.city && row.country) {
    add(
      await queryRows<ListingRow>(
        db,
        sql`select ${LISTING_COLUMNS} from (
              select * from companies c where c.city = ${row.city} and c.country = ${row.country} and ${visible}
              order by c.last_funding_date desc nulls last, c.id desc limit ${RELATED_WALK_ROWS}
            ) c where ${inIndustry} ${order}`,
      ),
    );
  }
  if (related.length < RELATED_COMPANIES && row.last_funding_type) {
    add(
      await queryRows<ListingRow>(
        db,
        sql`select ${LISTING_COLUMNS} from (
              select * from companies c
              where c.last_funding_type = ${row.last_funding_type} and c.last_funding_date is not null and ${visible}
              order by c.last_funding_date desc limit ${RELATED_WALK_ROWS}
            ) c where ${inIndustry} ${order}`,
      ),
    );
  }
  return related;
}

/**
 * A company's public page, or null when no visible company has this slug (unknown, or hidden by a
 * do-not-sell request: then it appears nowhere). Every person's address is masked on the server unless the
 * viewer has active access (docs/product.md#access and docs/product.md#masking); rounds, people and the
 * related companies are read side by side.
 */
export async function getCompanyProfile(
  db: Db,
  slug: string,
  canSeeEmails: boolean,
  options: { withRelated?: boolean } = {},
): Promise<CompanyProfile | null> {
  // A path segment no slug can be (too long, or a character no slug holds) names no company: no query
  // (docs/decisions/018).
  if (!isCompanySlugShape(slug)) return null;
  const [row] = await queryRows<ProfileRow>(
    db,
    sql`select c.id, c.slug, c.organization_name, c.description, c.full_description, c.industries,
          c.industry_groups, c.headquarters_location, c.city, c.region, c.country, c.website, c.linkedin, c.last_funding_type, c.last_funding_amount_usd,
          c.last_funding_date::text as last_funding_date, c.total_funding_amount_usd, c.updated_at,
          c.first_name, c.last_name, c.role, c.email, c.founders
        from companies c where c.slug = ${slug} and not c.suppressed`,
  );
  if (!row) return null;
  // Plain slugs, without the directory catalog (a page must not wait for its aggregates): two industry names
  // with one slug ("E-Commerce", "Ecommerce") would link to the first one's page, which lists both spellings'
  // companies only under their own name: rare enough in imported data to accept.
  const linkTo = (name: string) => ({ name, path: directoryPaths.industry(industrySlug(name)) });
  const [funding, people, related] = await Promise.all([
    companyRounds(db, row.id),
    companyPeople(db, row.id, canSeeEmails),
    options.withRelated === false ? { related: [], comparisons: [] } : relatedCompanies(db, row),
  ]);
  return {
    id: row.id,
    slug: row.slug,
    name: row.organization_name,
    description: row.description,
    fullDescription: row.full_description,
    industries: row.industries.map(linkTo),
    industryGroups: row.industry_groups.map(linkTo),
    location: row.headquarters_location,
    // The company is a member of its city's page, so that page exists.
    cityLink:
      row.city && row.country
        ? { name: row.city, path: directoryPaths.city(citySlug(row.city, row.country)) }
        : null,
    city: row.city,
    region: row.region,
    country: row.country,
    website: row.website,
    linkedin: row.linkedin,
    lastFundingType: row.last_funding_type,
    lastFundingAmountUsd: amount(row.last_funding_amount_usd),
    lastFundingDate: row.last_funding_date,
    totalFundingAmountUsd: amount(row.total_funding_amount_usd),
    people: people.length > 0 ? people : peopleFromFields(row, canSeeEmails),
    rounds: funding.rounds,
    backedBy: funding.backedBy,
    updatedAt: new Date(row.updated_at).toISOString(),
    ...related,
  };
}
