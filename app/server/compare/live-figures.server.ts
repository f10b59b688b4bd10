import { sql } from "drizzle-orm";
import type { LiveFigures } from "~/core/compare";
import { cachedPerKey } from "../cache.server";
import { RECENT_FUNDING_DAYS } from "../companies/catalog.server";
import { readDataVersion } from "../companies/data-version.server";
import { daysBefore } from "../companies/stats.server";
import type { Db } from "../db/database.server";
import { queryRows } from "../db/query-rows.server";

async function loadLiveFigures(db: Db): Promise<LiveFigures> {
  const [row] = await queryRows<{ companies: number; recent: number; emails: number }>(
    db,
    sql`select count(*)::int as companies,
          count(*) filter (where last_funding_date >= ${daysBefore(new Date(), RECENT_FUNDING_DAYS)})::int as recent,
          count(*) filter (where email is not null and email <> '')::int as emails
        from companies where not suppressed`,
  );
  return { companies: row?.companies ?? 0, roundsLast90Days: row?.recent ?? 0, emails: row?.emails ?? 0 };
}

// Per data version (any write anywhere shows at once); the hour bounds the 90-day window moving on.
const liveFiguresCache = cachedPerKey(60 * 60_000, loadLiveFigures);

/** The compare pages' live figures: companies, rounds in the last 90 days, founder emails (none suppressed). */
export async function getLiveFigures(db: Db): Promise<LiveFigures> {
  return liveFiguresCache.get(db, await readDataVersion(db));
}
