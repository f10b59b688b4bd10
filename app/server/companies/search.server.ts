import { type SQL, sql } from "drizzle-orm";
import { maskEmail } from "~/core/mask";
import { MAX_PAGE, PAGE_SIZE, type SearchState } from "~/core/search-params";
import { cachedPerKey } from "../cache.server";
import type { Db } from "../db/database.server";
import { queryRows } from "../db/query-rows.server";
import { searchConditions } from "./search-filters.server";

/** One result card (spec 2 search page), with the founder email masked unless the caller may see it. */
export interface CompanyCard {
  id: number;
  slug: string;
  organizationName: string;
  description: string | null;
  industries: string[];
  location: string | null;
  lastFundingType: string | null;
  lastFundingAmountUsd: number | null;
  lastFundingDate: string | null;
  founderName: string | null;
  /** spec 3: shown as 'Founder' by default. */
  role: string;
  email: string | null;
  isEmailMasked: boolean;
  website: string | null;
  linkedin: string | null;
}

export interface SearchResult {
  companies: CompanyCard[];
  total: number;
  /** Above EXACT_COUNT_LIMIT on a large table the total is an estimate, shown as "about 66,000". */
  isTotalApproximate: boolean;
  page: number;
  pageCount: number;
}

/** Counts are exact up to here on any table (issue 5: "exact up to at least 1,000"). */
export const EXACT_COUNT_LIMIT = 10_000;
/**
 * On a large table a 1% block sample over this many matches (30 or more sampled rows) is shown as "about …"
 * without an exact count: a search with at most 1,000 matches would sample 10 on average, and reaching 30 is
 * vanishingly unlikely (Poisson), so counts stay exact up to 1,000 (issue 5). Counting a few thousand
 * matches exactly costs a heap visit per trigram candidate: 286 ms for 'machine learning' on 1,000,000 rows
 * (34,056 candidates, 5,679 matches), against 11 ms for the sample.
 */
const TRUSTED_ESTIMATE = 3_000;
/** Tables up to this size always get exact counts (an exact count costs a few ms there). */
const EXACT_COUNT_TABLE_ROWS = 200_000;
/**
 * A search is selective when its matches are under 0.5% of the table (or under 500): the page is then read
 * from the matching rows (a materialized CTE) instead of walking the date index, which the planner
 * otherwise does for rare terms, filtering row by row (the trap in stack-notes.md). Above that, walking the
 * date index finds 50 matches within a few thousand entries.
 */
function isSelective(matches: number, tableRows: number): boolean {
  return matches <= Math.max(500, tableRows / 200);
}

interface Row extends Record<string, unknown> {
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

const CARD_COLUMNS = sql.raw(
  "c.id, c.slug, c.organization_name, c.description, c.industries, c.headquarters_location, c.last_funding_type, " +
    "c.last_funding_amount_usd, c.last_funding_date::text as last_funding_date, c.first_name, c.last_name, c.role, " +
    "c.email, c.website, c.linkedin",
);
// "id desc nulls last" is "id desc" (id is never null) spelled as the index is, so PostgreSQL walks
// companies_last_funding_date_id_idx without re-sorting each day's rows.
const ORDER = sql.raw("last_funding_date desc nulls last, id desc nulls last");

function whereClause(condition: SQL | undefined): SQL {
  return condition ? sql`where ${condition}` : sql``;
}

/** The companies table, aliased "c", so the filter SQL (which names "companies") keeps working. */
const FROM = sql.raw(`companies c`);

async function cappedCount(db: Db, condition: SQL | undefined): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select 1 from companies ${whereClause(condition)} limit ${EXACT_COUNT_LIMIT + 1}) s`,
  );
  return row?.n ?? 0;
}

// The table's size only steers the query shape; a minute-old figure is fine.
const tableRowEstimate = cachedPerKey(60_000, async (db: Db): Promise<number> => {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select greatest(reltuples, 0)::bigint::int as n from pg_class where oid = 'companies'::regclass`,
  );
  return row?.n ?? 0;
});

/** Two significant digits: 66,412 -> 66,000. */
function roundEstimate(value: number): number {
  if (value < 100) return Math.round(value);
  const magnitude = 10 ** (Math.floor(Math.log10(value)) - 1);
  return Math.round(value / magnitude) * magnitude;
}

async function sampledEstimate(db: Db, condition: SQL | undefined): Promise<number> {
  const [sample] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from companies tablesample system (1) repeatable (7) ${whereClause(condition)}`,
  );
  return (sample?.n ?? 0) * 100;
}

/**
 * The number of matches: exact on small tables; on large ones, a 1% block sample first (milliseconds,
 * where an exact count of a broad term visits every match). A sample above TRUSTED_ESTIMATE is the answer,
 * shown as "about …"; otherwise an exact count capped at EXACT_COUNT_LIMIT + 1 settles it.
 */
export async function countMatches(
  db: Db,
  condition: SQL | undefined,
  knownEstimate?: number,
): Promise<{ total: number; isApproximate: boolean; tableRows: number }> {
  const tableRows = await tableRowEstimate.get(db);
  if (tableRows <= EXACT_COUNT_TABLE_ROWS) {
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from companies ${whereClause(condition)}`,
    );
    return { total: row?.n ?? 0, isApproximate: false, tableRows };
  }
  if (!condition) return { total: roundEstimate(tableRows), isApproximate: true, tableRows };
  const estimate = knownEstimate ?? (await sampledEstimate(db, condition));
  if (estimate > TRUSTED_ESTIMATE) return { total: roundEstimate(estimate), isApproximate: true, tableRows };
  const capped = await cappedCount(db, condition);
  if (capped <= EXACT_COUNT_LIMIT) return { total: capped, isApproximate: false, tableRows };
  return { total: roundEstimate(Math.max(estimate, EXACT_COUNT_LIMIT + 1)), isApproximate: true, tableRows };
}

/**
 * A walk of the date index stops after this many rows at most; deeper walks are left to the planner.
 * (200,000 rows of the index in order cost ~60 ms on the server.)
 */
const MAX_WALK_ROWS = 200_000;

/**
 * The rows of one page. Selective searches read their matches (a materialized CTE) and sort them. Others
 * walk the date index and filter as they go, which finds a page of a search that matches more than 0.5% of
 * the table within a few thousand rows. On a large table that walk is fenced: the filter applies to a
 * subquery that reads the index in order (`walk.rows` rows at most, from the sampled match rate), because
 * PostgreSQL's own estimate for a phrase can be off by 50x ('machine learning' on 1,000,000 rows: 100
 * estimated, 5,679 real) and it then sorts every trigram candidate instead (466 ms against 17 ms).
 */
async function pageRows(
  db: Db,
  condition: SQL | undefined,
  page: number,
  selective: boolean,
  walk?: { rows: number; tableRows: number },
): Promise<Row[]> {
  const offset = (page - 1) * PAGE_SIZE;
  if (condition && selective) {
    return queryRows<Row>(
      db,
      sql`with m as materialized (
            select id, last_funding_date from companies ${whereClause(condition)}
          ), p as (
            select id from m order by ${ORDER} limit ${PAGE_SIZE} offset ${offset}
          )
          select ${CARD_COLUMNS} from p join ${FROM} using (id) order by c.${ORDER}`,
    );
  }
  if (condition && walk && walk.rows <= MAX_WALK_ROWS) {
    // The subquery is named "companies", so the filter SQL (which names "companies") reads its rows.
    const rows = await queryRows<Row>(
      db,
      sql`select ${CARD_COLUMNS} from ${FROM} where c.id in (
            select id from (select * from companies order by ${ORDER} limit ${walk.rows}) as companies
            ${whereClause(condition)} order by ${ORDER} limit ${PAGE_SIZE} offset ${offset}
          ) order by c.${ORDER}`,
    );
    // A short page means the walk ended early (the sample overestimated the matches): ask without the
    // fence, unless the walk was long enough to read the whole table (twice its estimated size).
    if (rows.length === PAGE_SIZE || walk.rows >= walk.tableRows * 2) return rows;
  }
  return queryRows<Row>(
    db,
    sql`select ${CARD_COLUMNS} from ${FROM} where c.id in (
          select id from companies ${whereClause(condition)} order by ${ORDER} limit ${PAGE_SIZE} offset ${offset}
        ) order by c.${ORDER}`,
  );
}

/** Rows of the date index to walk for a page, from the sampled match rate, with a fourfold margin. */
function walkFor(page: number, estimate: number, tableRows: number): { rows: number; tableRows: number } {
  const rate = Math.max(estimate, 1) / Math.max(tableRows, 1);
  return { rows: Math.ceil((page * PAGE_SIZE * 4) / Math.min(rate, 1)), tableRows };
}

/**
 * Small tables, count not cached: the page and the exact total from one pass over the matches (a window
 * count on the materialized matches), instead of a count that visits every match and then a page query
 * that visits many of them again ('software', page 200 on 17,555 rows in PGlite: 44 -> 34 ms p95).
 * The total is null when the page lies past the last match (the caller counts and clamps then).
 */
async function pageWithTotal(
  db: Db,
  condition: SQL,
  page: number,
): Promise<{ rows: Row[]; total: number | null }> {
  const offset = (page - 1) * PAGE_SIZE;
  const found = await queryRows<Row & { total: number }>(
    db,
    sql`with m as materialized (
          select id, last_funding_date, count(*) over ()::int as total from companies ${whereClause(condition)}
        ), p as (
          select id, total from m order by ${ORDER} limit ${PAGE_SIZE} offset ${offset}
        )
        select ${CARD_COLUMNS}, p.total from p join ${FROM} using (id) order by c.${ORDER}`,
  );
  return { rows: found, total: found[0]?.total ?? null };
}

function toCard(row: Row, canSeeEmails: boolean): CompanyCard {
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
    // The server is the authority: without access the full address never leaves it.
    email: row.email ? (canSeeEmails ? row.email : maskEmail(row.email)) : null,
    isEmailMasked: Boolean(row.email) && !canSeeEmails,
    website: row.website,
    linkedin: row.linkedin,
  };
}

export interface SearchOptions {
  /** spec 4: active access (pro, trialing or admin) sees full emails; everyone else gets them masked. */
  canSeeEmails: boolean;
  today?: Date;
  /** Tables up to this many rows get exact counts first (default 200,000); tests lower it. */
  smallTableRows?: number;
}

type CountResult = Awaited<ReturnType<typeof countMatches>>;

// spec 9: search data is cached for 5 minutes. Counts are the costly half of a search (every match is
// visited), and paging through results repeats them; imports and seeds clear the cache at once.
const COUNT_TTL_MS = 5 * 60_000;
const COUNT_CACHE_SIZE = 1_000;
let countCaches = new WeakMap<Db, Map<string, { value: Promise<CountResult>; expiresAt: number }>>();

function countCache(db: Db): Map<string, { value: Promise<CountResult>; expiresAt: number }> {
  let cache = countCaches.get(db);
  if (!cache) {
    cache = new Map();
    countCaches.set(db, cache);
  }
  return cache;
}

// The date filter's cutoff moves with the day, so the day is part of the key.
function countKey(state: SearchState, today: Date): string {
  return JSON.stringify([{ ...state, page: 0 }, today.toISOString().slice(0, 10)]);
}

/** The cached count of a search, if there is a fresh one (and marks it recently used). */
function peekCount(db: Db, state: SearchState, today: Date): Promise<CountResult> | undefined {
  const cache = countCache(db);
  const key = countKey(state, today);
  const hit = cache.get(key);
  if (!hit || hit.expiresAt <= Date.now()) return undefined;
  // Re-insert: the Map's order is the eviction order (least recently used first).
  cache.delete(key);
  cache.set(key, hit);
  return hit.value;
}

function storeCount(
  db: Db,
  state: SearchState,
  today: Date,
  value: Promise<CountResult>,
): Promise<CountResult> {
  const cache = countCache(db);
  const key = countKey(state, today);
  cache.set(key, { value, expiresAt: Date.now() + COUNT_TTL_MS });
  value.catch(() => cache.delete(key));
  if (cache.size > COUNT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  return value;
}

function cachedCount(
  db: Db,
  state: SearchState,
  today: Date,
  condition: SQL | undefined,
  estimate?: number,
): Promise<CountResult> {
  return peekCount(db, state, today) ?? storeCount(db, state, today, countMatches(db, condition, estimate));
}

/** Forget cached counts (after an import or a seed changed the companies). */
export function invalidateSearchCounts(): void {
  countCaches = new WeakMap();
}

/**
 * spec 7 "read companies": one count query and one page query, in spec 9's order, 50 per page. On a small
 * table the exact count comes first and picks the page's query shape; on a large one a 1% sample picks
 * it, and the count and the page run side by side on two connections.
 */
export async function searchCompanies(
  db: Db,
  state: SearchState,
  options: SearchOptions,
): Promise<SearchResult> {
  const today = options.today ?? new Date();
  const condition = searchConditions(state, today);
  const tableRows = await tableRowEstimate.get(db);
  let count: CountResult;
  let rows: Row[];
  let page = state.page;
  const small = tableRows <= (options.smallTableRows ?? EXACT_COUNT_TABLE_ROWS);
  // A deep page of a text search with no cached count (a shared link): one pass over the rows gives page
  // and total. Page 1 does better with the count and an index walk that stops after 50 matches, and
  // searches without text with an index-only count.
  const isDeepUncounted = small && state.q !== "" && page > 1 && !peekCount(db, state, today);
  const combined = isDeepUncounted && condition ? await pageWithTotal(db, condition, page) : null;
  if (combined && combined.total !== null) {
    // One pass over the matches gave the page and the exact total: remember the total for the next page.
    count = await storeCount(
      db,
      state,
      today,
      Promise.resolve({ total: combined.total, isApproximate: false, tableRows }),
    );
    rows = combined.rows;
  } else if (small) {
    count = await cachedCount(db, state, today, condition);
    page = Math.min(page, pageCountOf(count.total));
    // Past page 1 of a text search, reading the matches and sorting them beats walking the date index
    // through thousands of rows ('software' page 200, 17,555 rows on PGlite: 26 -> 21 ms).
    const readMatches = isSelective(count.total, tableRows) || (state.q !== "" && page > 1);
    rows = count.total === 0 ? [] : await pageRows(db, condition, page, readMatches);
  } else {
    const estimate = condition ? await sampledEstimate(db, condition) : tableRows;
    const selective = isSelective(estimate, tableRows);
    [count, rows] = await Promise.all([
      cachedCount(db, state, today, condition, estimate),
      pageRows(db, condition, page, selective, walkFor(page, estimate, tableRows)),
    ]);
    if (page > pageCountOf(count.total)) {
      page = pageCountOf(count.total);
      rows = await pageRows(db, condition, page, selective, walkFor(page, estimate, tableRows));
    }
  }
  return {
    companies: rows.map((row) => toCard(row, options.canSeeEmails)),
    total: count.total,
    isTotalApproximate: count.isApproximate,
    page,
    pageCount: pageCountOf(count.total),
  };
}

function pageCountOf(total: number): number {
  return Math.min(Math.max(Math.ceil(total / PAGE_SIZE), 1), MAX_PAGE);
}
