import { sql } from "drizzle-orm";
import { nextDigestAt } from "~/core/alert-schedule";
import { type AlertFrequency, readSavedSearchQuery } from "~/core/saved-search";
import { getViewerAccess } from "../billing/viewer-access.server";
import { searchConditions, whereClause } from "../companies/search-filters.server";
import { searchOrder } from "../companies/search-order.server";
import type { Db } from "../db/database.server";
import { queryRows } from "../db/query-rows.server";

/** A digest lists this many companies; the email links to the search for the rest. */
export const DIGEST_LIST_LIMIT = 50;

export interface BuildOptions {
  /** Searches due at or before this instant are built. */
  now: Date;
  /** The window's end (digest-window.server.ts digestWindowEnd). */
  windowEnd: Date;
  /** Searches claimed per query of due ones. */
  batchSize?: number;
  /** Test hook: called after each search is settled (a crash between two is simulated by throwing). */
  afterEach?: (savedSearchId: number) => void | Promise<void>;
}

export interface BuildCounts {
  /** Digests created (news in the window, access). */
  built: number;
  /** Due searches with nothing new: their window moved on, nothing to send. */
  empty: number;
  /** Due searches of users without access (or banned): their window moved on, nothing to send. */
  noAccess: number;
  /** Due searches another scheduler was settling (locked) or had settled: left alone. */
  skipped: number;
}

interface DueSearch extends Record<string, unknown> {
  id: number;
  user_id: string;
  query: string;
  alert: AlertFrequency;
  next_digest_at: Date | string;
  digest_since: Date | string;
  role: string;
  banned_at: Date | string | null;
}

/**
 * The companies that entered a saved search in (since, end]: matching its filters now and recorded (created,
 * or a new round) in the window, in the search's order. The do-not-sell list is part of searchConditions.
 */
export async function digestCompanies(
  db: Db,
  query: string,
  window: { since: Date; end: Date },
  today: Date,
): Promise<{ ids: number[]; total: number }> {
  const { state } = readSavedSearchQuery(query);
  const rows = await queryRows<{ id: number; total: string | number }>(
    db,
    sql`select id, count(*) over () as total from companies
        ${whereClause(
          searchConditions(state, today),
          sql`round_recorded_at > ${window.since.toISOString()}::timestamptz`,
          sql`round_recorded_at <= ${window.end.toISOString()}::timestamptz`,
        )}
        order by ${searchOrder(state.sort)} limit ${DIGEST_LIST_LIMIT}`,
  );
  return { ids: rows.map((row) => Number(row.id)), total: rows.length > 0 ? Number(rows[0]?.total) : 0 };
}

/**
 * Builds the digests of every saved search due by `now`, each in its own transaction:
 *
 * 1. the search's row is locked (FOR UPDATE SKIP LOCKED) and found still due: another scheduler (another
 *    process, another machine on the same PostgreSQL) that holds it or settled it first is skipped;
 * 2. the companies in its window are read; with news (and a user with access) a digest row is inserted,
 *    its period (scheduled_for) unique per search;
 * 3. the search moves on: next_digest_at to the next period, digest_since to the window's end.
 *
 * Steps 2 and 3 commit together, so each period is built exactly once, and a crash between two searches
 * leaves the rest due for the next run (decision 017).
 */
export async function buildDueDigests(db: Db, options: BuildOptions): Promise<BuildCounts> {
  const counts: BuildCounts = { built: 0, empty: 0, noAccess: 0, skipped: 0 };
  const batchSize = options.batchSize ?? 200;
  let after = { at: new Date(0).toISOString(), id: 0 };
  for (;;) {
    const due = await queryRows<{ id: number; next_digest_at: Date | string }>(
      db,
      sql`select id, next_digest_at from saved_searches
          where next_digest_at <= ${options.now.toISOString()}::timestamptz
            and (next_digest_at, id) > (${after.at}::timestamptz, ${after.id})
          order by next_digest_at, id limit ${batchSize}`,
    );
    for (const row of due) {
      const outcome = await settleSearch(db, Number(row.id), options);
      counts[outcome] += 1;
      await options.afterEach?.(Number(row.id));
    }
    const last = due.at(-1);
    if (!last || due.length < batchSize) return counts;
    after = { at: new Date(last.next_digest_at).toISOString(), id: Number(last.id) };
  }
}

async function settleSearch(db: Db, id: number, options: BuildOptions): Promise<keyof BuildCounts> {
  return db.transaction(async (tx) => {
    const [search] = await queryRows<DueSearch>(
      tx,
      sql`select s.id, s.user_id, s.query, s.alert, s.next_digest_at, s.digest_since, u.role, u.banned_at
          from saved_searches s join users u on u.id = s.user_id
          where s.id = ${id} and s.next_digest_at <= ${options.now.toISOString()}::timestamptz
          for update of s skip locked`,
    );
    if (!search) return "skipped";
    const scheduledFor = new Date(search.next_digest_at);
    const since = new Date(search.digest_since);
    const end = options.windowEnd;
    const access =
      search.banned_at === null
        ? await getViewerAccess(tx, { id: search.user_id, isAdmin: search.role === "admin" })
        : null;
    let outcome: keyof BuildCounts = "noAccess";
    if (access?.hasActiveAccess) {
      const { ids, total } = await digestCompanies(tx, search.query, { since, end }, options.now);
      outcome = total > 0 ? "built" : "empty";
      if (total > 0) {
        await tx.execute(
          sql`insert into alert_digests
                (saved_search_id, user_id, scheduled_for, window_from, window_to, company_count, company_ids)
              values (${search.id}, ${search.user_id}, ${scheduledFor.toISOString()}::timestamptz,
                ${since.toISOString()}::timestamptz, ${end.toISOString()}::timestamptz, ${total},
                ${sql.param(ids)}::integer[])
              on conflict (saved_search_id, scheduled_for) do nothing`,
        );
      }
    }
    const next = nextDigestAt(search.alert, options.now);
    // A window never runs backwards (a run whose end was read before another's finished).
    await tx.execute(
      sql`update saved_searches
          set next_digest_at = ${next ? next.toISOString() : null}::timestamptz,
              digest_since = greatest(digest_since, ${end.toISOString()}::timestamptz)
          where id = ${search.id}`,
    );
    return outcome;
  });
}
