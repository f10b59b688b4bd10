import { sql } from "drizzle-orm";
import { cachedPerKey } from "../cache.server";
import type { Db } from "../db/database.server";
import { queryRows } from "../db/query-rows.server";
import { readDataVersion } from "./data-version.server";

export interface InvestorName {
  slug: string;
  name: string;
}

/**
 * Every investor's slug and name by id, for the investor filter's options (decision 030): read once per data
 * version. About 60 bytes an investor: 3,000 demo investors take 0.2 MB, 100,000 about 6 MB.
 */
const byId = cachedPerKey(10 * 60_000, async (db: Db) => {
  const rows = await queryRows<{ id: number; slug: string; name: string }>(
    db,
    sql`select id, slug, name from investors`,
  );
  const map = new Map<number, InvestorName>();
  for (const row of rows) map.set(row.id, { slug: row.slug, name: row.name });
  return map;
});

export async function investorsById(db: Db): Promise<Map<number, InvestorName>> {
  return byId.get(db, await readDataVersion(db));
}

/** Forgets the investor names (invalidateCatalog calls it). */
export function invalidateInvestorNames(): void {
  byId.invalidate();
  searchable.invalidate();
}

/** The names of these investors' slugs (unknown slugs are left out), for chips and the picker. */
export async function investorNamesOf(db: Db, slugs: readonly string[]): Promise<Record<string, string>> {
  if (slugs.length === 0) return {};
  const rows = await queryRows<{ slug: string; name: string }>(
    db,
    sql`select slug, name from investors where slug = any(${sql.param([...slugs])}::text[])`,
  );
  return Object.fromEntries(rows.map((row) => [row.slug, row.name]));
}

/** The most investors a name search answers with. */
export const INVESTOR_MATCHES = 20;
/** A longer query names no investor: it is cut, not searched (docs/product.md#filters). */
export const MAX_INVESTOR_QUERY_LENGTH = 100;

/** Lower case without accents, as names are compared ("Société" finds "societe"). */
function folded(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
}

/**
 * Every investor with its name folded, sorted by name, per data version: folding and sorting cost more than
 * searching, so a keystroke folds only the query and takes matches in the order they come
 * (decision 030, "Search at 1,000,000 with investors").
 */
const searchable = cachedPerKey(10 * 60_000, async (db: Db) => {
  const byName = new Intl.Collator();
  return [...(await investorsById(db)).values()]
    .sort((a, b) => byName.compare(a.name, b.name))
    .map((investor) => ({ ...investor, folded: folded(investor.name) }));
});

/**
 * decision 030: the investor picker's name search over every investor (the picker lists only the 50 of most
 * companies): names containing the query, those starting with it first, then by name; at most `max` (20 for
 * the picker; the API's /investors pages through all of them). Read from the per-data-version list, so a
 * keystroke costs one pass over the names in memory, no query.
 */
export async function findInvestors(
  db: Db,
  query: string,
  max: number = INVESTOR_MATCHES,
): Promise<InvestorName[]> {
  const wanted = folded(query.trim().slice(0, MAX_INVESTOR_QUERY_LENGTH));
  if (wanted === "") return [];
  const starting: InvestorName[] = [];
  const containing: InvestorName[] = [];
  for (const investor of await searchable.get(db, await readDataVersion(db))) {
    const at = investor.folded.indexOf(wanted);
    if (at < 0) continue;
    const into = at === 0 ? starting : containing;
    if (into.length < max) into.push({ slug: investor.slug, name: investor.name });
    if (starting.length === max) break;
  }
  return [...starting, ...containing].slice(0, max);
}
