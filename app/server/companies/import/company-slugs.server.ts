import { sql } from "drizzle-orm";
import type { Db } from "../../db/database.server";
import { queryRows } from "../../db/query-rows.server";
import { allocateSlugsAmong } from "../../imports/slug-allocation.server";

/** Unique slugs for new companies, in the order of `bases` (allocateSlugsAmong against the companies table). */
export function allocateSlugs(db: Db, bases: string[]): Promise<string[]> {
  return allocateSlugsAmong(bases, (slugs) => storedSlugs(db, slugs));
}

async function storedSlugs(db: Db, slugs: string[]): Promise<Set<string>> {
  if (slugs.length === 0) return new Set();
  const rows = await queryRows<{ slug: string }>(
    db,
    sql`select slug from companies where slug = any(${sql.param(slugs)}::text[])`,
  );
  return new Set(rows.map((row) => row.slug));
}
