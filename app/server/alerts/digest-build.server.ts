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
  /** Test hook: called after each search's batch committed (a crash between two is simulated by throwing). */
  afterEach?: (savedSearchId: number) => void | Promise<void>;
  /** After each batch, pause this many times as long as the batch took (the scheduler: 1; tests: none). */
  pause?: number;
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
 * The columns of companies the digest queries read: every column the search's filters (searchConditions) and
 * orders (searchOrder) name, and the recorded time. A filter on another column fails loudly here (the DB
 * tests run every filter), never silently.
 */
const WINDOW_COLUMNS = sql.raw(
  [
    "id",
    "search_text",
    "suppressed",
    "industries",
    "industry_groups",
    "last_funding_type",
    "country",
    "region",
    "city",
    "headquarters_location",
    "last_funding_amount_usd",
    "last_funding_date",
    "total_funding_amount_usd",
    "name_key",
    "round_recorded_at",
  ].join(", "),
);

/**
 * The companies recorded in (since, end], copied once per batch of searches into a temporary table dropped
 * at commit: each search then reads a few thousand rows in memory instead of visiting them in the table
 * again (decision 017, "Measurements cited by the code").
 */
async function copyWindow(tx: Db, window: { since: Date; end: Date }): Promise<void> {
  await tx.execute(
    sql`create temporary table digest_window on commit drop as
        select ${WINDOW_COLUMNS} from companies
        where round_recorded_at > ${window.since.toISOString()}::timestamptz
          and round_recorded_at <= ${window.end.toISOString()}::timestamptz`,
  );
}

/**
 * The companies that entered a saved search in (since, end]: matching its filters now and recorded (created,
 * or a new round) in the window, in the search's order. The do-not-sell list is part of searchConditions.
 * `source` is the table read: companies itself, or the batch's copy of the window (copyWindow), named
 * "companies" in the query so the filters' column references read it.
 */
export async function digestCompanies(
  db: Db,
  query: string,
  window: { since: Date; end: Date },
  today: Date,
  source: "companies" | "digest_window" = "companies",
): Promise<{ ids: number[]; total: number }> {
  const { state } = readSavedSearchQuery(query);
  const from = source === "companies" ? sql`companies` : sql`digest_window as companies`;
  const rows = await queryRows<{ id: number; total: string | number }>(
    db,
    sql`select id, count(*) over () as total from ${from}
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
 * Builds the digests of every saved search due by `now`, a batch of searches per transaction:
 *
 * 1. the batch's rows are locked (FOR UPDATE SKIP LOCKED), those still due: another scheduler (another
 *    process, another machine on the same PostgreSQL) that holds one or settled it first leaves it out;
 * 2. for each search, the companies in its window are read; with news (and a user with access) a digest row
 *    is inserted, its period (scheduled_for) unique per search;
 * 3. each search moves on: next_digest_at to the next period, digest_since to the window's end.
 *
 * A batch commits as a whole, so each period is built exactly once, and a crash leaves the searches not
 * committed due for the next run (decision 017). Between batches the run pauses as long as the batch took
 * (`pause`), leaving the database half its time for the searches people run meanwhile.
 */
export async function buildDueDigests(db: Db, options: BuildOptions): Promise<BuildCounts> {
  const counts: BuildCounts = { built: 0, empty: 0, noAccess: 0, skipped: 0 };
  const batchSize = options.batchSize ?? 200;
  const accessOf = userAccessCache();
  let after = { at: new Date(0).toISOString(), id: 0 };
  for (;;) {
    const due = await queryRows<{ id: number; next_digest_at: Date | string }>(
      db,
      sql`select id, next_digest_at from saved_searches
          where next_digest_at <= ${options.now.toISOString()}::timestamptz
            and (next_digest_at, id) > (${after.at}::timestamptz, ${after.id})
          order by next_digest_at, id limit ${batchSize}`,
    );
    const started = performance.now();
    const outcomes = await settleBatch(
      db,
      due.map((row) => Number(row.id)),
      options,
      accessOf,
    );
    for (const [id, outcome] of outcomes) {
      counts[outcome] += 1;
      await options.afterEach?.(id);
    }
    const last = due.at(-1);
    if (!last || due.length < batchSize) return counts;
    after = { at: new Date(last.next_digest_at).toISOString(), id: Number(last.id) };
    const pause = (performance.now() - started) * (options.pause ?? 0);
    if (pause > 0) await new Promise((resolve) => setTimeout(resolve, pause));
  }
}

/** Each user's access, read once a run (the delivery checks it again before sending). */
function userAccessCache() {
  const known = new Map<string, Promise<boolean>>();
  return (tx: Db, userId: string, isAdmin: boolean): Promise<boolean> => {
    let access = known.get(userId);
    if (!access) {
      access = getViewerAccess(tx, { id: userId, isAdmin }).then((flags) => flags.hasActiveAccess);
      known.set(userId, access);
    }
    return access;
  };
}

async function settleBatch(
  db: Db,
  ids: readonly number[],
  options: BuildOptions,
  accessOf: ReturnType<typeof userAccessCache>,
): Promise<Array<[number, keyof BuildCounts]>> {
  if (ids.length === 0) return [];
  return db.transaction(async (tx) => {
    const searches = await queryRows<DueSearch>(
      tx,
      sql`select s.id, s.user_id, s.query, s.alert, s.next_digest_at, s.digest_since, u.role, u.banned_at
          from saved_searches s join users u on u.id = s.user_id
          where s.id = any(${sql.param([...ids])}::bigint[])
            and s.next_digest_at <= ${options.now.toISOString()}::timestamptz
          order by s.next_digest_at, s.id
          for update of s skip locked`,
    );
    const settled = new Set(searches.map((search) => Number(search.id)));
    const outcomes: Array<[number, keyof BuildCounts]> = ids
      .filter((id) => !settled.has(id))
      .map((id) => [id, "skipped"]);
    if (searches.length === 0) return outcomes;
    const end = options.windowEnd;
    const earliest = new Date(Math.min(...searches.map((search) => new Date(search.digest_since).getTime())));
    await copyWindow(tx, { since: earliest, end });
    for (const search of searches) {
      outcomes.push([Number(search.id), await settleSearch(tx, search, options, accessOf)]);
    }
    return outcomes;
  });
}

async function settleSearch(
  tx: Db,
  search: DueSearch,
  options: BuildOptions,
  accessOf: ReturnType<typeof userAccessCache>,
): Promise<keyof BuildCounts> {
  const scheduledFor = new Date(search.next_digest_at);
  const since = new Date(search.digest_since);
  const end = options.windowEnd;
  const hasAccess =
    search.banned_at === null && (await accessOf(tx, search.user_id, search.role === "admin"));
  let outcome: keyof BuildCounts = "noAccess";
  if (hasAccess) {
    const { ids, total } = await digestCompanies(
      tx,
      search.query,
      { since, end },
      options.now,
      "digest_window",
    );
    outcome = total > 0 ? "built" : "empty";
    if (total > 0) {
      // decision 034: the period's webhook and Slack deliveries, one per active endpoint, in the same
      // transaction as the digest, so each period's event exists exactly once per endpoint.
      await tx.execute(
        sql`with digest as (
              insert into alert_digests
                (saved_search_id, user_id, scheduled_for, window_from, window_to, company_count, company_ids)
              values (${search.id}, ${search.user_id}, ${scheduledFor.toISOString()}::timestamptz,
                ${since.toISOString()}::timestamptz, ${end.toISOString()}::timestamptz, ${total},
                ${sql.param(ids)}::integer[])
              on conflict (saved_search_id, scheduled_for) do nothing
              returning id)
            insert into webhook_deliveries (endpoint_id, digest_id, event_id, next_attempt_at, created_at)
            select e.id, digest.id, 'evt_' || replace(gen_random_uuid()::text, '-', ''),
              ${options.now.toISOString()}::timestamptz, ${options.now.toISOString()}::timestamptz
            from digest join webhook_endpoints e
              on e.saved_search_id = ${search.id} and e.status = 'active'`,
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
}
