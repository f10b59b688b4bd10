import { type SQL, sql } from "drizzle-orm";
import type { LpCard, LpCommitmentCard, LpContactCard, LpSearchResult } from "~/core/lp-card";
import { EMPTY_LP_SEARCH, type LpSearchState, lpFiltersOf } from "~/core/lp-search-params";
import { maskEmail } from "~/core/mask";
import { cachedLru } from "../cache.server";
import { readDataVersion } from "../companies/data-version.server";
import { isSelective, pageCountOf } from "../companies/search-plan";
import type { Db } from "../db/database.server";
import { queryRows } from "../db/query-rows.server";
import { lpOrder, lpSearchConditions, lpWhere } from "./lp-search-filters.server";

/** LPs the sample shows to anyone without LP access: the first page of the default order, at this size. */
export const LP_SAMPLE_SIZE = 25;
/** Commitments a card lists (the newest vintages); the card says how many more are known. */
const COMMITMENTS_SHOWN = 3;

export interface LpSearchOptions {
  /** spec 4: LP access (the lps plan, or admin) sees full contact emails and may search; others see the sample. */
  hasLpAccess: boolean;
}

// A count is served only at the data version it was counted at (lps and lp_contacts writes move it,
// migration 0021), for at most five minutes (spec 9), as the companies' counts are.
const counts = cachedLru<Db, number>({ ttlMs: 5 * 60_000, maxEntries: 1_000 });

function countKey(state: LpSearchState): string {
  return JSON.stringify(["lps", state.q, lpFiltersOf(state)]);
}

/** Forgets this process's cached LP counts (the benchmark measures counts cold; other processes go by version). */
export function invalidateLpCounts(): void {
  counts.invalidate();
}

/** The exact number of LPs a view matches, cached per data version. */
export async function countLps(db: Db, state: LpSearchState, version?: string): Promise<number> {
  const at = version ?? (await readDataVersion(db));
  return counts.get(db, countKey(state), at, async () => {
    const [row] = await queryRows<{ total: number }>(
      db,
      sql`select count(*)::int as total from lps ${lpWhere(lpSearchConditions(state))}`,
    );
    return row?.total ?? 0;
  });
}

/**
 * Issue 17 /lps: one page of LPs in the chosen order with their contacts and newest commitments, and the
 * exact total. Without LP access the answer is the sample whatever was asked (the server is the paywall):
 * the first LP_SAMPLE_SIZE LPs of the default order, contact emails masked.
 *
 * The count comes first (cached per data version, so paging repeats nothing) and chooses the page's plan
 * by the rule the company search uses (search-plan.ts isSelective): a selective view reads its matches
 * and sorts them, any other walks the order's index and filters as it goes. Without that rule PostgreSQL
 * walks the AUM index for a rare text with a type filter, row by row (71 ms at 100,000 LPs).
 */
export async function searchLps(
  db: Db,
  asked: LpSearchState,
  options: LpSearchOptions,
): Promise<LpSearchResult> {
  const isSample = !options.hasLpAccess;
  const state = isSample ? { ...EMPTY_LP_SEARCH, size: 25 as const } : asked;
  const size = isSample ? LP_SAMPLE_SIZE : state.size;
  const version = await readDataVersion(db);
  const conditions = lpSearchConditions(state);
  // A text search whose count is not known yet: its matches are read once (the trigram index finds
  // candidates, each checked in the table) for the page and the exact total together, rather than once
  // for the count and again for the page ('family' at 100,000 LPs: 21,519 matches).
  if (state.q !== "" && !counts.peek(db, countKey(state), version)) {
    const once = await pageWithTotal(db, conditions, state.sort, state.page, size);
    if (once) {
      void counts.set(db, countKey(state), version, Promise.resolve(once.total));
      const lps = await cardsOf(db, once.ids, !options.hasLpAccess);
      const pageCount = pageCountOf(once.total, size);
      return {
        lps,
        total: once.total,
        isTotalApproximate: false,
        page: state.page,
        pageSize: size,
        pageCount,
        isSample,
      };
    }
  }
  const [total, tableRows] = await Promise.all([
    countLps(db, state, version),
    countLps(db, EMPTY_LP_SEARCH, version),
  ]);
  const pageCount = pageCountOf(total, size);
  const page = Math.min(state.page, pageCount);
  // The companies' rule (search-plan.ts): matches up to 5% of the table are read and sorted; more are
  // found by walking the order's index, which meets a page of them within a few hundred entries.
  const selective = isSelective(total, tableRows, "name-asc");
  const ids = total === 0 ? [] : await pageIds(db, conditions, state.sort, page, size, selective);
  const lps = await cardsOf(db, ids, !options.hasLpAccess);
  return { lps, total, isTotalApproximate: false, page, pageSize: size, pageCount, isSample };
}

/**
 * One page of a view and its exact total from one pass over the matches (a window count on the
 * materialized matches); null when the page lies past the last match (the caller counts and clamps then).
 */
async function pageWithTotal(
  db: Db,
  conditions: SQL[],
  sort: LpSearchState["sort"],
  page: number,
  size: number,
): Promise<{ ids: number[]; total: number } | null> {
  const rows = await queryRows<{ id: number; total: number }>(
    db,
    sql`with m as materialized (
          select id, aum_usd, name, count(*) over ()::int as total from lps ${lpWhere(conditions)}
        )
        select id, total from m order by ${lpOrder(sort)} limit ${size} offset ${(page - 1) * size}`,
  );
  const first = rows[0];
  return first ? { ids: rows.map((row) => row.id), total: first.total } : null;
}

/** The ids of one page, in order. */
async function pageIds(
  db: Db,
  conditions: SQL[],
  sort: LpSearchState["sort"],
  page: number,
  size: number,
  selective: boolean,
): Promise<number[]> {
  const offset = (page - 1) * size;
  const query =
    selective && conditions.length > 0
      ? sql`with m as materialized (
              select id, aum_usd, name from lps ${lpWhere(conditions)}
            )
            select id from m order by ${lpOrder(sort)} limit ${size} offset ${offset}`
      : sql`select id from lps ${lpWhere(conditions)} order by ${lpOrder(sort)} limit ${size} offset ${offset}`;
  const rows = await queryRows<{ id: number }>(db, query);
  return rows.map((row) => row.id);
}

interface LpRowData {
  id: number;
  slug: string;
  name: string;
  type: string;
  city: string | null;
  region: string | null;
  country: string | null;
  website: string | null;
  aum_usd: string | number | null;
  aum_as_of: string | null;
  check_min_usd: string | number | null;
  check_max_usd: string | number | null;
  asset_classes: string[];
  stage_focus: string[];
  sector_focus: string[];
  geo_focus: string[];
  accepts_emerging: string;
  backs_first_time_funds: boolean;
  mfo_model: string | null;
  description: string | null;
}

interface ContactRowData {
  lp_id: number;
  id: number;
  first_name: string;
  last_name: string | null;
  title: string | null;
  email: string | null;
  linkedin: string | null;
}

interface CommitmentRowData {
  lp_id: number;
  fund_name: string;
  vintage: number | null;
  amount_usd: string | number | null;
  known: number;
}

function amount(value: string | number | null): number | null {
  return value === null ? null : Number(value);
}

/** The cards of these LPs in this order, contacts in their order; emails masked unless `maskEmails` is false. */
export async function cardsOf(db: Db, ids: readonly number[], maskEmails: boolean): Promise<LpCard[]> {
  if (ids.length === 0) return [];
  const idList = sql.param([...ids]);
  const [rows, contacts, commitments] = await Promise.all([
    queryRows<LpRowData & Record<string, unknown>>(
      db,
      sql`select id, slug, name, type, city, region, country, website, aum_usd, aum_as_of::text as aum_as_of,
                 check_min_usd, check_max_usd, asset_classes, stage_focus, sector_focus, geo_focus,
                 accepts_emerging, backs_first_time_funds, mfo_model, description
            from lps where id = any(${idList}::int[])`,
    ),
    queryRows<ContactRowData & Record<string, unknown>>(
      db,
      sql`select lp_id, id, first_name, last_name, title, email, linkedin
            from lp_contacts where lp_id = any(${idList}::int[]) order by lp_id, position, id`,
    ),
    queryRows<CommitmentRowData & Record<string, unknown>>(
      db,
      sql`select lp_id, fund_name, vintage, amount_usd, count(*) over (partition by lp_id)::int as known
            from lp_commitments where lp_id = any(${idList}::int[])
           order by lp_id, vintage desc nulls last, id desc`,
    ),
  ]);
  const contactsOf = groupBy(contacts, (contact) => toContact(contact, maskEmails));
  const commitmentsOf = groupBy(commitments, (row) => row);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const held = commitmentsOf.get(id) ?? [];
    return [
      toCard(
        row,
        contactsOf.get(id) ?? [],
        held.slice(0, COMMITMENTS_SHOWN).map(toCommitment),
        held[0]?.known ?? 0,
      ),
    ];
  });
}

function groupBy<Row extends { lp_id: number }, Value>(
  rows: Row[],
  map: (row: Row) => Value,
): Map<number, Value[]> {
  const groups = new Map<number, Value[]>();
  for (const row of rows) {
    const group = groups.get(row.lp_id);
    if (group) group.push(map(row));
    else groups.set(row.lp_id, [map(row)]);
  }
  return groups;
}

function toContact(row: ContactRowData, maskEmails: boolean): LpContactCard {
  return {
    id: row.id,
    name: [row.first_name, row.last_name].filter(Boolean).join(" "),
    title: row.title,
    // spec 4 / decisions.md: the server masks; a masked address never leaves it in full.
    email: row.email === null ? null : maskEmails ? maskEmail(row.email) : row.email,
    isEmailMasked: maskEmails && row.email !== null,
    linkedin: row.linkedin,
  };
}

function toCommitment(row: CommitmentRowData): LpCommitmentCard {
  return { fundName: row.fund_name, vintage: row.vintage, amountUsd: amount(row.amount_usd) };
}

function toCard(
  row: LpRowData,
  contacts: LpContactCard[],
  commitments: LpCommitmentCard[],
  commitmentCount: number,
): LpCard {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    type: row.type,
    city: row.city,
    region: row.region,
    country: row.country,
    website: row.website,
    aumUsd: amount(row.aum_usd),
    aumAsOf: row.aum_as_of,
    checkMinUsd: amount(row.check_min_usd),
    checkMaxUsd: amount(row.check_max_usd),
    assetClasses: row.asset_classes,
    stageFocus: row.stage_focus,
    sectorFocus: row.sector_focus,
    geoFocus: row.geo_focus,
    acceptsEmerging: row.accepts_emerging,
    backsFirstTimeFunds: row.backs_first_time_funds,
    mfoModel: row.mfo_model,
    description: row.description,
    contacts,
    commitments,
    commitmentCount,
  };
}
