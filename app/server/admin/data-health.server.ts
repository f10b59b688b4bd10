import { type SQL, sql } from "drizzle-orm";
import {
  type ContinentRow,
  companiesPerContinent,
  type FreshnessKey,
  freshnessCutoffs,
} from "~/core/admin-metrics";
import {
  BOUNCE_WEEKS,
  type CheckAgeKey,
  checkAgeCutoffs,
  fillWeeks,
  lastWeekStarts,
} from "~/core/email-health";
import { EMAIL_STATUSES, type EmailStatus } from "~/core/email-status";
import { cachedLru } from "../cache.server";
import { readDataVersion } from "../companies/data-version.server";
import type { Db } from "../db/database.server";
import { queryRows } from "../db/query-rows.server";
import { notSuppressed } from "../suppression/suppression-filter.server";

export interface DataHealth {
  /**
   * When the company figures (coverage, freshness, continents, last changes) were counted: the page serves
   * them from a cache while the companies and the do-not-sell list stay as they were (cachedDataHealth).
   */
  countedAt: Date;
  /** Companies a search can show (not hidden by a do-not-sell request): the base of every share here. */
  companies: number;
  withFounderEmail: number;
  withFounders: number;
  withLinkedin: number;
  /** Companies by the age of their last round (core/admin-metrics FRESHNESS_BUCKETS). */
  freshness: Record<FreshnessKey, number>;
  continents: ContinentRow[];
  suppression: {
    /** Addresses on the do-not-sell list (one per request, however often repeated). */
    addresses: number;
    /** Companies those addresses hide from search, pages and exports. */
    companiesHidden: number;
  };
  /**
   * The newest company row (created) and the newest change to one (created or updated: an import's upsert
   * and an admin edit set updated_at), hidden companies included; null on an empty table. There is no
   * record of import runs to read here: this is the last change, whatever made it.
   */
  lastCompanyAdded: Date | null;
  lastCompanyChange: Date | null;
  /** When the similar companies were last computed, and over how many companies; null before the first. */
  similarity: { refreshedAt: Date; companies: number } | null;
  /**
   * decision 032: the searchable companies' addresses (the primary contact's, which the cards and the
   * 'Email status' filter read): how many have each status, how many have none ('Not checked'), and how long
   * ago they were checked; and the people with no address whose company has no known domain (no pattern can
   * find theirs: they keep 'No email yet').
   */
  email: {
    statuses: Record<EmailStatus, number>;
    notChecked: number;
    checkAge: Record<CheckAgeKey, number>;
    peopleWithoutDomain: number;
  };
  /**
   * decision 032, read on every visit (small tables): bounce reports per week (the last BOUNCE_WEEKS weeks,
   * Mondays UTC, oldest first; the reports and the distinct addresses), and the domains with most bounced
   * addresses (at most 10).
   */
  bounces: {
    weeks: { week: string; reports: number; addresses: number }[];
    topDomains: { domain: string; addresses: number }[];
  };
}

/** A text column that holds something besides white space. */
function filled(column: string) {
  return sql.raw(`nullif(btrim(${column}), '') is not null`);
}

/** A timestamp as milliseconds since 1970 (a number on both drivers, whatever the session's time zone). */
function epochMs(value: SQL): SQL {
  return sql`(extract(epoch from ${value}) * 1000)::float8`;
}

async function coverageAndFreshness(db: Db, today: Date) {
  const cutoffs = freshnessCutoffs(today);
  const ages = checkAgeCutoffs(today);
  const [row] = await queryRows<Record<string, number>>(
    db,
    sql`select count(*)::int as total,
        count(*) filter (where ${filled("email")})::int as email,
        count(*) filter (where ${filled("founders")})::int as founders,
        count(*) filter (where ${filled("linkedin")})::int as linkedin,
        count(*) filter (where last_funding_date >= ${cutoffs.within30}::date)::int as "within30",
        count(*) filter (
          where last_funding_date < ${cutoffs.within30}::date and last_funding_date >= ${cutoffs.within90}::date
        )::int as "within90",
        count(*) filter (
          where last_funding_date < ${cutoffs.within90}::date and last_funding_date >= ${cutoffs.within365}::date
        )::int as "within365",
        count(*) filter (where last_funding_date < ${cutoffs.within365}::date)::int as "older",
        count(*) filter (where last_funding_date is null)::int as "none",
        ${sql.join(
          EMAIL_STATUSES.map(
            (status) =>
              sql`count(*) filter (where email_status = ${status})::int as ${sql.identifier(`status_${status}`)}`,
          ),
          sql`, `,
        )},
        count(*) filter (where ${filled("email")} and email_status is null)::int as "not_checked",
        count(*) filter (where email_checked_at >= ${ages.within30.toISOString()}::timestamptz)::int as "age_within30",
        count(*) filter (
          where email_checked_at < ${ages.within30.toISOString()}::timestamptz
            and email_checked_at >= ${ages.within90.toISOString()}::timestamptz
        )::int as "age_within90",
        count(*) filter (
          where email_checked_at < ${ages.within90.toISOString()}::timestamptz
            and email_checked_at >= ${ages.within365.toISOString()}::timestamptz
        )::int as "age_within365",
        count(*) filter (where email_checked_at < ${ages.within365.toISOString()}::timestamptz)::int as "age_older",
        count(*) filter (where ${filled("email")} and email_checked_at is null)::int as "age_never"
      from companies
      where ${notSuppressed()}`,
  );
  return row;
}

/**
 * The figures read from the companies table: three passes over it, too slow to repeat per request at
 * 1,000,000 companies (decision 013, "Measurements cited by the code"; `npm run bench:admin`).
 */
type CompanyHealth = Omit<DataHealth, "suppression" | "similarity" | "bounces">;

/** The rest: counts of the small do-not-sell and bounce report tables and one row, read on every visit. */
type ListHealth = Pick<DataHealth, "suppression" | "similarity" | "bounces">;

async function companyHealth(db: Db, now: Date): Promise<CompanyHealth> {
  const [coverage, countries, [changes], [people]] = await Promise.all([
    coverageAndFreshness(db, now),
    queryRows<{ country: string | null; companies: number }>(
      db,
      sql`select country, count(*)::int as companies from companies where ${notSuppressed()} group by country`,
    ),
    queryRows<{ created: number | null; changed: number | null }>(
      db,
      sql`select ${epochMs(sql`max(created_at)`)} as created,
          ${epochMs(sql`greatest(max(created_at), max(updated_at))`)} as changed
        from companies`,
    ),
    // decision 032: people with no address at a searchable company without a known domain.
    queryRows<{ count: number }>(
      db,
      sql`select count(*)::int as count from people p join companies c on c.id = p.company_id
          where nullif(btrim(p.email), '') is null and c.website_domain is null and not c.suppressed`,
    ),
  ]);
  const count = (key: string) => coverage?.[key] ?? 0;
  return {
    countedAt: now,
    companies: coverage?.total ?? 0,
    withFounderEmail: coverage?.email ?? 0,
    withFounders: coverage?.founders ?? 0,
    withLinkedin: coverage?.linkedin ?? 0,
    freshness: {
      within30: coverage?.within30 ?? 0,
      within90: coverage?.within90 ?? 0,
      within365: coverage?.within365 ?? 0,
      older: coverage?.older ?? 0,
      none: coverage?.none ?? 0,
    },
    continents: companiesPerContinent(countries),
    lastCompanyAdded: changes?.created == null ? null : new Date(changes.created),
    lastCompanyChange: changes?.changed == null ? null : new Date(changes.changed),
    email: {
      statuses: Object.fromEntries(
        EMAIL_STATUSES.map((status) => [status, count(`status_${status}`)]),
      ) as Record<EmailStatus, number>,
      notChecked: count("not_checked"),
      checkAge: {
        within30: count("age_within30"),
        within90: count("age_within90"),
        within365: count("age_within365"),
        older: count("age_older"),
        never: count("age_never"),
      },
      peopleWithoutDomain: people?.count ?? 0,
    },
  };
}

/**
 * decision 032: bounce reports per week and the domains with most bounced addresses: reads of
 * email_bounce_reports by its reported_at index and of the bounced rows of email_addresses by its status
 * index, both far smaller than companies.
 */
async function bounceHealth(db: Db, now: Date): Promise<DataHealth["bounces"]> {
  const weeks = lastWeekStarts(now, BOUNCE_WEEKS);
  const [perWeek, topDomains] = await Promise.all([
    queryRows<{ week: string; reports: number; addresses: number }>(
      db,
      sql`select to_char(date_trunc('week', reported_at at time zone 'UTC'), 'YYYY-MM-DD') as week,
          count(*)::int as reports, count(distinct email)::int as addresses
        from email_bounce_reports
        where reported_at >= ${`${weeks[0]}T00:00:00Z`}::timestamptz
        group by 1`,
    ),
    queryRows<{ domain: string; addresses: number }>(
      db,
      sql`select split_part(email, '@', 2) as domain, count(*)::int as addresses
        from email_addresses where status = 'bounced'
        group by 1 order by 2 desc, 1 limit 10`,
    ),
  ]);
  return { weeks: fillWeeks(weeks, perWeek), topDomains };
}

async function listHealth(db: Db, now: Date): Promise<ListHealth> {
  const [[suppression], [similarity], bounces] = await Promise.all([
    queryRows<{ addresses: number; hidden: number }>(
      db,
      sql`select (select count(*) from suppressed_contacts)::int as addresses,
          (select count(*) from suppressed_companies)::int as hidden`,
    ),
    queryRows<{ refreshed_at: number; companies: number }>(
      db,
      sql`select ${epochMs(sql`refreshed_at`)} as refreshed_at, companies from similarity_state where id = 1`,
    ),
    bounceHealth(db, now),
  ]);
  return {
    suppression: { addresses: suppression?.addresses ?? 0, companiesHidden: suppression?.hidden ?? 0 },
    similarity: similarity
      ? { refreshedAt: new Date(similarity.refreshed_at), companies: similarity.companies }
      : null,
    bounces,
  };
}

/**
 * docs/product.md#admin, data health: how complete and how fresh the searchable companies are, where they are, what the
 * do-not-sell list hides, and when the data last changed. Every figure is counted now (one pass over the
 * companies for coverage and freshness, one grouped by country, one for the newest times).
 */
export async function getDataHealth(db: Db, now = new Date()): Promise<DataHealth> {
  const [company, lists] = await Promise.all([companyHealth(db, now), listHealth(db, now)]);
  return { ...company, ...lists };
}

/**
 * A safety net only: the data version and the day already cover every change of the company figures. An
 * hour bounds what a write outside the app's triggers (none is known) could leave on the page.
 */
const COMPANY_HEALTH_TTL_MS = 60 * 60_000;

const companyHealthCache = cachedLru<Db, CompanyHealth>({ ttlMs: COMPANY_HEALTH_TTL_MS, maxEntries: 1 });

/**
 * The data health as the page shows it. The company figures (companyHealth, the slow part) are kept per database while the data version (data-version.server.ts: any write to companies
 * or suppressed_companies, in any process: an import, an edit, a do-not-sell request) and the UTC day (the
 * freshness buckets move with it) stay the same; `countedAt` says when they were counted. The do-not-sell
 * counts and the similarity refresh are read on every visit: they cost little, and a similarity refresh
 * leaves the version as it is.
 */
export async function cachedDataHealth(db: Db, now = new Date()): Promise<DataHealth> {
  const version = `${await readDataVersion(db)}:${now.toISOString().slice(0, 10)}`;
  const [company, lists] = await Promise.all([
    companyHealthCache.get(db, "", version, () => companyHealth(db, now), now.getTime()),
    listHealth(db, now),
  ]);
  return { ...company, ...lists };
}

/** Drops the cached company figures (the benchmark's cold runs; tests). */
export function invalidateDataHealth(): void {
  companyHealthCache.invalidate();
}
