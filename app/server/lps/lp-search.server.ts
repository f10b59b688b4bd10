import { sql } from "drizzle-orm";
import type { LpCard, LpCommitmentCard, LpContactCard, LpSearchResult } from "~/core/lp-card";
import { lpPage } from "~/core/lp-index";
import { EMPTY_LP_SEARCH, type LpSearchState } from "~/core/lp-search-params";
import { maskEmail } from "~/core/mask";
import { pageCountOf } from "~/core/search-plan";
import type { Db } from "../db/database.server";
import { queryRows } from "../db/query-rows.server";
import { lpIndexOf, lpTextNeedle } from "./lp-catalog.server";

/** LPs the sample shows to anyone without LP access: the first page of the default order, at this size. */
export const LP_SAMPLE_SIZE = 25;
/** Commitments a card lists (the newest vintages); the card says how many more are known. */
const COMMITMENTS_SHOWN = 3;

export interface LpSearchOptions {
  /** docs/product.md#access: LP access (the lps plan, or admin) sees full contact emails and may search; others see the sample. */
  hasLpAccess: boolean;
}

/** The exact number of LPs a view matches. */
export async function countLps(db: Db, state: LpSearchState): Promise<number> {
  const [index, needle] = await Promise.all([lpIndexOf(db), lpTextNeedle(db, state.q)]);
  return lpPage(index, state, needle, { page: 1, size: 0 }).total;
}

/**
 * docs/product.md#lps, /lps: one page of LPs in the chosen order with their contacts and newest commitments, and the
 * exact total. Without LP access the answer is the sample whatever was asked (the server is the paywall):
 * the first LP_SAMPLE_SIZE LPs of the default order, contact emails masked.
 *
 * The view is answered by the process's LP index (lp-catalog.server.ts, decision 015) in one pass, total
 * and page together; then the page's LPs are read by id with their contacts and commitments.
 */
export async function searchLps(
  db: Db,
  asked: LpSearchState,
  options: LpSearchOptions,
): Promise<LpSearchResult> {
  const isSample = !options.hasLpAccess;
  const state = isSample ? EMPTY_LP_SEARCH : asked;
  const size = isSample ? LP_SAMPLE_SIZE : state.size;
  const [index, needle] = await Promise.all([lpIndexOf(db), lpTextNeedle(db, state.q)]);
  let page = state.page;
  let found = lpPage(index, state, needle, { page, size });
  const pageCount = pageCountOf(found.total, size);
  if (page > pageCount) {
    // Past the last page (a shared link after the data changed): the last page instead.
    page = pageCount;
    found = lpPage(index, state, needle, { page, size });
  }
  const lps = await cardsOf(db, found.ids, !options.hasLpAccess);
  return { lps, total: found.total, isTotalApproximate: false, page, pageSize: size, pageCount, isSample };
}

/**
 * One LP by its slug as the /lps page's card shows it (contacts, the newest commitments), or null: one probe of
 * lps' unique slug index, then cardsOf. Emails masked unless `maskEmails` is false.
 */
export async function lpBySlug(db: Db, slug: string, maskEmails: boolean): Promise<LpCard | null> {
  const [row] = await queryRows<{ id: number }>(db, sql`select id from lps where slug = ${slug}`);
  if (!row) return null;
  return (await cardsOf(db, [row.id], maskEmails))[0] ?? null;
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
    // docs/product.md#masking: the server masks; a masked address never leaves it in full.
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
