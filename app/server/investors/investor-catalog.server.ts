import { sql } from "drizzle-orm";
import type { DirectoryLetter } from "~/core/directory";
import {
  ACTIVE_WINDOW_DAYS,
  HUB_MOST_ACTIVE,
  INVESTOR_LETTERS,
  type InvestorSummary,
  investorLetter,
} from "~/core/investor-pages";
import { cachedPerKey } from "../cache.server";
import { readDataVersion } from "../companies/data-version.server";
import type { Db } from "../db/database.server";
import { queryRows } from "../db/query-rows.server";
import { VISIBLE_LINK } from "./investor-page.server";

/**
 * docs/product.md#investors: every investor with its figures over the companies that are not hidden by a
 * do-not-sell request (their rounds count nowhere), from one aggregate over round_investors. Like the
 * directory catalog it is computed once per data version (any write to companies, rounds, investors or
 * suppressions in any process makes the next read recompute it) and shared by the hub, the A-Z pages, the
 * sitemaps and every investor page's header; decision 030 has its cost.
 */
export interface InvestorCatalog {
  investors: InvestorSummary[];
  bySlug: ReadonlyMap<string, InvestorSummary>;
  /** The hub's list: most rounds in the last 12 months, then most companies, then name. */
  mostActive: InvestorSummary[];
  /** Investors per A-Z letter, by name (every investor, thin ones too). */
  byLetter: ReadonlyMap<DirectoryLetter, InvestorSummary[]>;
}

interface CatalogRow extends Record<string, unknown> {
  id: number;
  slug: string;
  name: string;
  type: string;
  companies: number;
  rounds: number;
  recent: number;
  last_round_on: string | null;
  website: string | null;
  city: string | null;
  region: string | null;
  country: string | null;
}

async function loadCatalog(db: Db): Promise<InvestorCatalog> {
  const rows = await queryRows<CatalogRow>(
    db,
    sql`select i.id, i.slug, i.name, i.type, i.website, i.city, i.region, i.country,
          coalesce(f.companies, 0)::int as companies, coalesce(f.rounds, 0)::int as rounds,
          coalesce(f.recent, 0)::int as recent, f.last_round_on
        from investors i
        left join (
          select ri.investor_id, count(distinct ri.company_id) as companies, count(*) as rounds,
            count(*) filter (where ri.announced_on >= current_date - ${ACTIVE_WINDOW_DAYS}::int) as recent,
            max(ri.announced_on)::text as last_round_on
          from round_investors ri
          where ${VISIBLE_LINK}
          group by ri.investor_id
        ) f on f.investor_id = i.id
        order by i.name, i.id`,
  );
  const investors: InvestorSummary[] = rows.map((row) => ({
    id: row.id,
    slug: row.slug,
    name: row.name,
    type: row.type,
    companies: Number(row.companies),
    rounds: Number(row.rounds),
    recentRounds: Number(row.recent),
    lastRoundOn: row.last_round_on,
    website: row.website,
    city: row.city,
    region: row.region,
    country: row.country,
  }));
  const byLetter = new Map<DirectoryLetter, InvestorSummary[]>(
    INVESTOR_LETTERS.map((letter) => [letter, []]),
  );
  for (const investor of investors) byLetter.get(investorLetter(investor.slug))?.push(investor);
  const mostActive = investors
    .filter((investor) => investor.recentRounds > 0)
    .sort(
      (a, b) => b.recentRounds - a.recentRounds || b.companies - a.companies || a.name.localeCompare(b.name),
    )
    .slice(0, HUB_MOST_ACTIVE);
  return {
    investors,
    bySlug: new Map(investors.map((investor) => [investor.slug, investor])),
    mostActive,
    byLetter,
  };
}

// The version decides freshness; the hour bounds the 12-month window's drift and an idle process's copy.
const catalogCache = cachedPerKey(60 * 60_000, loadCatalog);

export async function getInvestorCatalog(db: Db): Promise<InvestorCatalog> {
  return catalogCache.get(db, await readDataVersion(db));
}

/** Drops this process's catalog (tests; other processes follow the data version). */
export function invalidateInvestorCatalog(): void {
  catalogCache.invalidate();
}
