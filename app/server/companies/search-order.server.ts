import { type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { companies } from "../db/schema";

/** One key of an ORDER BY. */
interface OrderKey {
  column: AnyPgColumn;
  direction: "asc" | "desc";
  nulls: "first" | "last";
}

/**
 * spec 7: "ordered by Last Funding Date descending, nulls last"; id breaks ties, newest first. The one
 * definition of the search's order: the search page and the CSV export read it here, so the file lists
 * the companies in the order the pages show them.
 *
 * "id desc nulls last" is "id desc" (id is never null) spelled as the index is, so PostgreSQL walks
 * companies_last_funding_date_id_idx ((last_funding_date desc nulls last, id desc nulls last)) without
 * re-sorting each day's rows (plain "id desc" means nulls first, which the index does not give).
 *
 * A user-selectable sort (a later issue) becomes a parameter of searchOrderKeys. Each sort needs an index
 * spelled the same way, and the PGlite export's keyset (export.server.ts) follows this order too.
 */
function searchOrderKeys(): readonly OrderKey[] {
  return [
    { column: companies.lastFundingDate, direction: "desc", nulls: "last" },
    { column: companies.id, direction: "desc", nulls: "last" },
  ];
}

export interface SearchOrderOptions {
  /**
   * The alias the companies table has in the query ("c" in search.server.ts), or none: then the columns
   * are named bare, so the same order also reads a CTE or subquery that has these columns.
   */
  table?: string;
}

/**
 * The search order as an ORDER BY list. Built from bare column names rather than Drizzle's column SQL,
 * which always qualifies them as "companies"."…": the search's page queries order the rows of a
 * materialized CTE and of an aliased table, where that name does not exist.
 */
export function searchOrder(options: SearchOrderOptions = {}): SQL {
  const prefix = options.table === undefined ? "" : `${options.table}.`;
  return sql.raw(
    searchOrderKeys()
      .map(({ column, direction, nulls }) => `${prefix}${column.name} ${direction} nulls ${nulls}`)
      .join(", "),
  );
}
