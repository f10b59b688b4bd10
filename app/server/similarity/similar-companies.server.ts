import { sql } from "drizzle-orm";
import type { Db } from "../db/database.server";
import { queryRows } from "../db/query-rows.server";

/** Compare pages are linked and listed for each company's this many most similar companies. */
export const CHOSEN_PAIRS_PER_COMPANY = 3;

/**
 * A compare sitemap lists the pairs chosen by the companies of one block of this many ids: at most
 * 45,000 pairs, the sitemaps' limit.
 */
export const COMPARE_BLOCK_COMPANIES = 45_000 / CHOSEN_PAIRS_PER_COMPANY;

/** The current generation's row of a company (one primary-key lookup), joined to the state's one row. */
const CURRENT = sql.raw(
  "company_similarities s join similarity_state st on st.id = 1 and st.generation = s.generation",
);

/**
 * The ids of a company's most similar companies and their rank (1 = most similar), best first, of those
 * still visible (not suppressed), at most `limit`; null when the last refresh did not cover this company (imported since: the caller falls
 * back to its indexed rule).
 */
export async function similarCompanyIds(
  db: Db,
  companyId: number,
  limit: number,
): Promise<Array<{ id: number; rank: number }> | null> {
  const rows = await queryRows<{ id: number | null; ord: number | null }>(
    db,
    sql`select x.id, x.ord::int as ord from ${CURRENT}
        left join lateral (
          select u.id, u.ord from unnest(s.similar_ids) with ordinality as u(id, ord)
          join companies c on c.id = u.id and not c.suppressed
          order by u.ord limit ${limit}
        ) x on true
        where s.company_id = ${companyId}
        order by x.ord`,
  );
  if (rows.length === 0) return null;
  return rows.flatMap((row) => (row.id === null || row.ord === null ? [] : [{ id: row.id, rank: row.ord }]));
}

/**
 * Whether a compare page's pair was chosen by the similarity rule: either company is among the other's
 * CHOSEN_PAIRS_PER_COMPANY most similar. Only chosen pairs are linked, listed in the sitemap and indexed.
 */
export async function isChosenPair(db: Db, a: number, b: number): Promise<boolean> {
  const rows = await queryRows<{ chosen: boolean }>(
    db,
    sql`select bool_or(
          (s.company_id = ${a} and ${b} = any(s.similar_ids[1:${CHOSEN_PAIRS_PER_COMPANY}]))
          or (s.company_id = ${b} and ${a} = any(s.similar_ids[1:${CHOSEN_PAIRS_PER_COMPANY}]))
        ) as chosen
        from ${CURRENT} where s.company_id in (${a}, ${b})`,
  );
  return rows[0]?.chosen === true;
}
