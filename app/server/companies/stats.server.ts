import { and, count, gte, isNotNull, sql, sum } from "drizzle-orm";
import type { Db } from "../db/database.server";
import { queryRows } from "../db/query-rows.server";
import { companies } from "../db/schema";
import { notSuppressed } from "../suppression/suppression-filter.server";

/** docs/product.md#calls, get_total_companies_count: every company in the database a do-not-sell request did not hide. */
export async function countCompanies(db: Db): Promise<number> {
  const [row] = await db.select({ total: count() }).from(companies).where(notSuppressed());
  return row?.total ?? 0;
}

/** The calendar day `days` days before `today` (UTC), as YYYY-MM-DD. */
export function daysBefore(today: Date, days: number): string {
  const cutoff = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()));
  cutoff.setUTCDate(cutoff.getUTCDate() - days);
  return cutoff.toISOString().slice(0, 10);
}

/**
 * docs/product.md#calls, get_recent_funding_sum(days): total of Last Funding Amount (in USD) over rounds whose
 * Last Funding Date is on or after the day `days` days ago. Rounds without an amount add nothing.
 */
export async function recentFundingSum(db: Db, days = 90, today = new Date()): Promise<number> {
  const [row] = await db
    .select({ total: sum(companies.lastFundingAmountUsd).mapWith(Number) })
    .from(companies)
    .where(
      and(
        gte(companies.lastFundingDate, daysBefore(today, days)),
        isNotNull(companies.lastFundingAmountUsd),
        // docs/product.md#do-not-sell: hidden companies count for nothing anywhere.
        notSuppressed(),
      ),
    );
  return row?.total ?? 0;
}

export interface FilterOptionRows {
  industries: string[];
  headquartersRegions: string[];
  fundingTypes: string[];
  locations: Array<{ country: string; region: string | null; city: string | null }>;
}

/** The distinct values behind the search filters (docs/product.md#data, filter options), sorted. */
export async function loadFilterOptionRows(db: Db): Promise<FilterOptionRows> {
  const [industries, regions, fundingTypes, locations] = await Promise.all([
    distinctArrayValues(db, "industries"),
    distinctArrayValues(db, "headquarters_regions"),
    db
      .selectDistinct({ value: companies.lastFundingType })
      .from(companies)
      .where(isNotNull(companies.lastFundingType))
      .orderBy(companies.lastFundingType),
    db
      .selectDistinct({ country: companies.country, region: companies.region, city: companies.city })
      .from(companies)
      .where(isNotNull(companies.country))
      .orderBy(companies.country, companies.region, companies.city),
  ]);
  return {
    industries,
    headquartersRegions: regions,
    fundingTypes: fundingTypes.flatMap((row) => (row.value ? [row.value] : [])),
    locations: locations.flatMap((row) => (row.country ? [{ ...row, country: row.country }] : [])),
  };
}

async function distinctArrayValues(db: Db, column: "industries" | "headquarters_regions"): Promise<string[]> {
  const rows = await queryRows<{ value: string }>(
    db,
    sql`select distinct unnest(${sql.identifier(column)}) as value from companies order by 1`,
  );
  return rows.map((row) => row.value).filter((value) => value.trim() !== "");
}

/**
 * decision 032: the share of the companies shown with an address whose address was checked valid in the last
 * `days` days: the figure the 'Verified contact emails' claim states. Null when no company has an address.
 */
export async function verifiedEmailShare(db: Db, days: number): Promise<number | null> {
  const [row] = await queryRows<{ with_email: number; verified: number }>(
    db,
    sql`select count(*) filter (where email is not null)::int as with_email,
          count(*) filter (where email_status = 'valid'
            and email_checked_at >= now() - make_interval(days => ${days}))::int as verified
        from companies where not suppressed`,
  );
  if (!row || row.with_email === 0) return null;
  return row.verified / row.with_email;
}
