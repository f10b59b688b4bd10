import { sql } from "drizzle-orm";
import { directoryPaths } from "~/core/directory";
import {
  INVESTOR_PAGE_SIZE,
  type InvestorProfileFacts,
  type InvestorRound,
  investorPaths,
  TOP_CO_INVESTORS,
  TOP_SECTORS,
  TOP_STAGES,
} from "~/core/investor-pages";
import { cachedLru } from "../cache.server";
import { readDataVersion } from "../companies/data-version.server";
import type { Db } from "../db/database.server";
import { queryRows } from "../db/query-rows.server";

/**
 * docs/product.md#investors: an investor page's queries. Its rounds come page by page from the
 * `(investor_id, announced_on desc nulls last, round_id desc) include (company_id, is_lead)` index of
 * round_investors (decision 030): the page's 50 links are found in the index, then their rounds and
 * companies by primary key. A company hidden by a do-not-sell request is left out (VISIBLE_LINK). No person
 * is read here.
 */

/**
 * A round link of a hidden company counts nowhere. `not in` over suppressed_companies (small) runs as a hashed
 * subplan: a filter on the index scan, which keeps the index's order, so a page stops after its rows. A `not
 * exists` became a hash anti-join the planner sorted again, every page reading all the investor's links
 * (decision 030, slice E, has the figures). company_id is never null, so `not in` means what `not exists`
 * does.
 */
export const VISIBLE_LINK = sql.raw("ri.company_id not in (select s.company_id from suppressed_companies s)");

interface RoundRow extends Record<string, unknown> {
  round_id: number;
  announced_on: string | null;
  is_lead: boolean;
  funding_type: string | null;
  amount_usd: string | number | null;
  slug: string;
  organization_name: string;
}

/** Page `page` (from 1) of an investor's rounds, newest first. */
export async function investorRoundsPage(db: Db, investorId: number, page: number): Promise<InvestorRound[]> {
  const rows = await queryRows<RoundRow>(
    db,
    sql`select ri.round_id, ri.announced_on::text as announced_on, ri.is_lead, r.funding_type, r.amount_usd,
          c.slug, c.organization_name
        from (
          select ri.round_id, ri.company_id, ri.announced_on, ri.is_lead from round_investors ri
          where ri.investor_id = ${investorId} and ${VISIBLE_LINK}
          order by ri.announced_on desc nulls last, ri.round_id desc
          offset ${(page - 1) * INVESTOR_PAGE_SIZE} limit ${INVESTOR_PAGE_SIZE}
        ) ri
        join funding_rounds r on r.id = ri.round_id
        join companies c on c.id = ri.company_id
        order by ri.announced_on desc nulls last, ri.round_id desc`,
  );
  return rows.map((row) => ({
    roundId: row.round_id,
    announcedOn: row.announced_on,
    fundingType: row.funding_type,
    amountUsd: row.amount_usd === null ? null : Number(row.amount_usd),
    isLead: row.is_lead,
    company: { name: row.organization_name, path: directoryPaths.company(row.slug) },
  }));
}

async function loadFacts(db: Db, investorId: number): Promise<InvestorProfileFacts> {
  const [stages, sectors, coInvestors, [leads]] = await Promise.all([
    queryRows<{ name: string; count: number }>(
      db,
      sql`select r.funding_type as name, count(*)::int as count
          from round_investors ri join funding_rounds r on r.id = ri.round_id
          where ri.investor_id = ${investorId} and ${VISIBLE_LINK} and r.funding_type is not null
          group by 1 order by 2 desc, 1 limit ${TOP_STAGES}`,
    ),
    queryRows<{ name: string; count: number }>(
      db,
      sql`select industry as name, count(*)::int as count
          from (select distinct ri.company_id from round_investors ri where ri.investor_id = ${investorId}) backed
          join companies c on c.id = backed.company_id and not c.suppressed
          cross join unnest(c.industries) as industry
          group by 1 order by 2 desc, 1 limit ${TOP_SECTORS}`,
    ),
    queryRows<{ slug: string; name: string; type: string; shared: number }>(
      db,
      sql`select i.slug, i.name, i.type, shared.rounds::int as shared
          from (
            select o.investor_id, count(*) as rounds
            from round_investors ri join round_investors o on o.round_id = ri.round_id and o.investor_id <> ri.investor_id
            where ri.investor_id = ${investorId} and ${VISIBLE_LINK}
            group by 1 order by 2 desc, 1 limit ${TOP_CO_INVESTORS}
          ) shared join investors i on i.id = shared.investor_id
          order by shared.rounds desc, i.name`,
    ),
    queryRows<{ leads: number }>(
      db,
      sql`select count(*)::int as leads from round_investors ri
          where ri.investor_id = ${investorId} and ri.is_lead and ${VISIBLE_LINK}`,
    ),
  ]);
  return {
    stages: stages.map((row) => ({ name: row.name, count: Number(row.count) })),
    sectors: sectors.map((row) => ({ name: row.name, count: Number(row.count) })),
    coInvestors: coInvestors.map((row) => ({
      name: row.name,
      path: investorPaths.investor(row.slug),
      type: row.type,
      sharedRounds: Number(row.shared),
    })),
    leadRounds: Number(leads?.leads ?? 0),
  };
}

// An investor's aggregates read all its links (tens of thousands for the largest): computed once per data
// version and investor (decision 030), the most visited few hundred kept.
const factsCache = cachedLru<Db, InvestorProfileFacts>({ ttlMs: 60 * 60_000, maxEntries: 500 });

/** The stages, sectors and co-investors of an investor, per data version. */
export async function getInvestorFacts(db: Db, investorId: number): Promise<InvestorProfileFacts> {
  const version = await readDataVersion(db);
  return factsCache.get(db, String(investorId), version, () => loadFacts(db, investorId));
}

/** Drops this process's investor facts (tests; other processes follow the data version). */
export function invalidateInvestorFacts(): void {
  factsCache.invalidate();
}
