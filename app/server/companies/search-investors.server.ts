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
