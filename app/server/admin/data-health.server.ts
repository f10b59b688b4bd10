import { type SQL, sql } from "drizzle-orm";
import {
  type ContinentRow,
  companiesPerContinent,
  type FreshnessKey,
  freshnessCutoffs,
} from "~/core/admin-metrics";
import type { Db } from "../db/database.server";
import { queryRows } from "../db/query-rows.server";
import { notSuppressed } from "../suppression/suppression-filter.server";

export interface DataHealth {
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
 * Issue 16 data health: how complete and how fresh the searchable companies are, where they are, what the
 * do-not-sell list hides, and when the data last changed. Every figure is counted now (one pass over the
 * companies for coverage and freshness, one grouped by country).
 */
export async function getDataHealth(db: Db, now = new Date()): Promise<DataHealth> {
  const [coverage, countries, [suppression], [changes], [similarity]] = await Promise.all([
    coverageAndFreshness(db, now),
    queryRows<{ country: string | null; companies: number }>(
      db,
      sql`select country, count(*)::int as companies from companies where ${notSuppressed()} group by country`,
    ),
    queryRows<{ addresses: number; hidden: number }>(
      db,
      sql`select (select count(*) from suppressed_contacts)::int as addresses,
          (select count(*) from suppressed_companies)::int as hidden`,
    ),
    queryRows<{ created: number | null; changed: number | null }>(
      db,
      sql`select ${epochMs(sql`max(created_at)`)} as created,
          ${epochMs(sql`greatest(max(created_at), max(updated_at))`)} as changed
        from companies`,
    ),
    queryRows<{ refreshed_at: number; companies: number }>(
      db,
      sql`select ${epochMs(sql`refreshed_at`)} as refreshed_at, companies from similarity_state where id = 1`,
    ),
  ]);
  return {
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
    suppression: { addresses: suppression?.addresses ?? 0, companiesHidden: suppression?.hidden ?? 0 },
    lastCompanyAdded: changes?.created == null ? null : new Date(changes.created),
    lastCompanyChange: changes?.changed == null ? null : new Date(changes.changed),
    similarity: similarity
      ? { refreshedAt: new Date(similarity.refreshed_at), companies: similarity.companies }
      : null,
  };
}
