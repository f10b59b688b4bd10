import { type SQL, sql } from "drizzle-orm";
import {
  type ContinentRow,
  companiesPerContinent,
  type FreshnessKey,
  freshnessCutoffs,
} from "~/core/admin-metrics";
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
  const [row] = await queryRows<Record<"total" | "email" | "founders" | "linkedin" | FreshnessKey, number>>(
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
        count(*) filter (where last_funding_date is null)::int as "none"
      from companies
      where ${notSuppressed()}`,
  );
  return row;
}

/**
 * The figures read from the companies table: three passes over it, too slow to repeat per request at
 * 1,000,000 companies (decision 013, "Measurements cited by the code"; `npm run bench:admin`).
 */
type CompanyHealth = Omit<DataHealth, "suppression" | "similarity">;

/** The rest: counts of the small do-not-sell tables and one row, read on every visit. */
type ListHealth = Pick<DataHealth, "suppression" | "similarity">;

async function companyHealth(db: Db, now: Date): Promise<CompanyHealth> {
  const [coverage, countries, [changes]] = await Promise.all([
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
  ]);
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
  };
}

async function listHealth(db: Db): Promise<ListHealth> {
  const [[suppression], [similarity]] = await Promise.all([
    queryRows<{ addresses: number; hidden: number }>(
      db,
      sql`select (select count(*) from suppressed_contacts)::int as addresses,
          (select count(*) from suppressed_companies)::int as hidden`,
    ),
    queryRows<{ refreshed_at: number; companies: number }>(
      db,
      sql`select ${epochMs(sql`refreshed_at`)} as refreshed_at, companies from similarity_state where id = 1`,
    ),
  ]);
  return {
    suppression: { addresses: suppression?.addresses ?? 0, companiesHidden: suppression?.hidden ?? 0 },
    similarity: similarity
      ? { refreshedAt: new Date(similarity.refreshed_at), companies: similarity.companies }
      : null,
  };
}

/**
 * docs/product.md#admin, data health: how complete and how fresh the searchable companies are, where they are, what the
 * do-not-sell list hides, and when the data last changed. Every figure is counted now (one pass over the
 * companies for coverage and freshness, one grouped by country, one for the newest times).
 */
export async function getDataHealth(db: Db, now = new Date()): Promise<DataHealth> {
  const [company, lists] = await Promise.all([companyHealth(db, now), listHealth(db)]);
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
    listHealth(db),
  ]);
  return { ...company, ...lists };
}

/** Drops the cached company figures (the benchmark's cold runs; tests). */
export function invalidateDataHealth(): void {
  companyHealthCache.invalidate();
}
