import { type SQL, sql } from "drizzle-orm";
import { DEFAULT_SORT, SORT_OPTIONS, type SortField, type SortValue } from "~/core/search-sort";

/** The column a sort field reads, how its values compare, and whether it can be empty. */
interface SortColumn {
  /** The companies column. */
  column: string;
  /** Appended to the column wherever it is compared: the collation of the name order. */
  collate: string;
  /** The SQL type a key value read back as text is cast to (the PGlite export's keyset). */
  cast: string;
  nullable: boolean;
}

/**
 * Decision 011: each sort field and its column. Names sort by name_key (the lower-cased name) in the "C"
 * collation: the same order on PGlite and on any server whatever its locale, case-insensitive for plain
 * letters. Every order has an index spelled exactly as searchOrder spells it (migrations 0000 and 0013), so
 * PostgreSQL walks it without a sort.
 */
const SORT_COLUMNS: Readonly<Record<SortField, SortColumn>> = {
  date: { column: "last_funding_date", collate: "", cast: "date", nullable: true },
  amount: { column: "last_funding_amount_usd", collate: "", cast: "bigint", nullable: true },
  total: { column: "total_funding_amount_usd", collate: "", cast: "bigint", nullable: true },
  name: { column: "name_key", collate: ' collate "C"', cast: "text", nullable: false },
};

/** A sort order's key column and direction: the shape the page queries and the export's keyset need. */
export interface SortKey extends SortColumn {
  direction: "asc" | "desc";
}

export function sortKeyOf(sort: SortValue = DEFAULT_SORT): SortKey {
  const option = SORT_OPTIONS.find((candidate) => candidate.value === sort) ?? SORT_OPTIONS[0];
  return { ...SORT_COLUMNS[option.field], direction: option.direction };
}

export interface SearchOrderOptions {
  /**
   * The alias the companies table has in the query ("c" in search-pages.server.ts), or none: then the
   * columns are named bare, so the same order also reads a CTE or subquery that has these columns.
   */
  table?: string;
}

/**
 * A search order as an ORDER BY list: its key, empty values last in either direction, then id in the same
 * direction (the tie-breaker that makes pages stable). The default (docs/product.md#search) is "last_funding_date desc nulls
 * last, id desc nulls last": "id desc nulls last" is "id desc" (id is never null) spelled as the index is.
 * The search page and the CSV export read it here, so the file lists the companies in the order the pages
 * show them.
 *
 * Built from bare column names rather than Drizzle's column SQL, which always qualifies them as
 * "companies"."…": the search's page queries order the rows of a materialized CTE and of an aliased
 * table, where that name does not exist.
 */
export function searchOrder(sort: SortValue = DEFAULT_SORT, options: SearchOrderOptions = {}): SQL {
  const prefix = options.table === undefined ? "" : `${options.table}.`;
  const key = sortKeyOf(sort);
  const direction = key.direction;
  // A column that is never empty is spelled as its index reads backwards ("desc nulls first"): the order
  // is the same, and PostgreSQL, which does not reason from NOT NULL, then walks the index instead of
  // sorting every row (measured in decision 011).
  const nulls = key.nullable || direction === "asc" ? "nulls last" : "nulls first";
  return sql.raw(
    `${prefix}${key.column}${key.collate} ${direction} ${nulls}, ${prefix}id ${direction} ${nulls}`,
  );
}

/** The sort key's column, bare: what a CTE of matches must carry for searchOrder to sort it. */
export function sortColumn(sort: SortValue = DEFAULT_SORT): SQL {
  return sql.raw(sortKeyOf(sort).column);
}
