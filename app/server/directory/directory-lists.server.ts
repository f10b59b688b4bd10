import { and, type SQL, sql } from "drizzle-orm";
import type { CompanyListing } from "~/core/company-listing";
import { DIRECTORY_PAGE_SIZE, type DirectoryLetter } from "~/core/directory";
import { EMPTY_SEARCH } from "~/core/search-params";
import { isSelective, walkFor } from "~/core/search-plan";
import { DEFAULT_SORT } from "~/core/search-sort";
import { estimatedTableRows } from "../companies/search-count.server";
import { cityCondition, searchConditions } from "../companies/search-filters.server";
import { pageRows } from "../companies/search-pages.server";
import type { Db } from "../db/database.server";
import { queryRows } from "../db/query-rows.server";
import { notSuppressed } from "../suppression/suppression-filter.server";
import { LISTING_COLUMNS, type ListingRow, toListing } from "./company-listing.server";

/** The companies of a city page: the city in its country (any region), not suppressed. */
export function cityMembers(city: string, country: string): SQL {
  return and(notSuppressed(), cityCondition(city, country)) as SQL;
}

/** The companies of an industry page: exactly the search's industry filter (industries or groups). */
export function industryMembers(name: string, today = new Date()): SQL {
  return searchConditions({ ...EMPTY_SEARCH, industry: [name] }, today) as SQL;
}

/**
 * One page of a city or industry list, in the search's order (latest round first), through the search's own
 * page reader: `total` is the list's exact size (from the directory catalog). A small list is read whole and
 * sorted; a city's pages come from its (country, city, date) index; an industry's (its companies are in a
 * GIN index, which has no order) from a walk of the date index sized by the industry's share of the table.
 */
export async function listPage(
  db: Db,
  members: SQL,
  total: number,
  page: number,
  order: "city-index" | "date-walk",
): Promise<CompanyListing[]> {
  if (total === 0) return [];
  const tableRows = await estimatedTableRows(db);
  const selective = isSelective(total, tableRows);
  const walk = order === "date-walk" ? walkFor(page, total, tableRows) : undefined;
  const rows = await pageRows(
    db,
    members,
    { page, size: DIRECTORY_PAGE_SIZE, sort: DEFAULT_SORT },
    selective,
    walk,
  );
  return rows.map(toListing);
}

/** The slug range of a letter: "a" is [a, b); "0-9" is everything before "a" (slugs start with a-z or 0-9). */
function letterRange(letter: DirectoryLetter): SQL {
  if (letter === "0-9") return sql`c.slug < 'a'`;
  const next = String.fromCharCode(letter.charCodeAt(0) + 1);
  return sql`c.slug >= ${letter} and c.slug < ${next}`;
}

/**
 * One page of an A-Z list, by slug. The page's ids come from the (slug, id) index alone, so a deep page
 * skips its offset without reading the table (decision 009 has the figures).
 */
export async function letterPage(db: Db, letter: DirectoryLetter, page: number): Promise<CompanyListing[]> {
  const rows = await queryRows<ListingRow>(
    db,
    sql`select ${LISTING_COLUMNS} from companies c
        where c.id in (
          select c.id from companies c
          where ${letterRange(letter)}
            and not exists (select 1 from suppressed_companies s where s.company_id = c.id)
          order by c.slug
          limit ${DIRECTORY_PAGE_SIZE} offset ${(page - 1) * DIRECTORY_PAGE_SIZE}
        )
        order by c.slug`,
  );
  return rows.map(toListing);
}
