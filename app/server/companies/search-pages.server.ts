import { type SQL, sql } from "drizzle-orm";
import { type IndexWalk, MAX_WALK_ROWS } from "~/core/search-plan";
import type { SortValue } from "~/core/search-sort";
import type { Db } from "../db/database.server";
import { queryRows } from "../db/query-rows.server";
import { CARD_COLUMNS, type CardRow } from "./search-card.server";
import { type ConditionParts, whereClause } from "./search-filters.server";
import { searchOrder, sortColumn } from "./search-order.server";
import { WHOLE_TABLE } from "./search-source.server";

/** The companies table, aliased "c", so the filter SQL (which names "companies") keeps working. */
const FROM = sql.raw(`companies c`);
/** Which page of which order: the page number, its size (25, 50 or 100) and the sort order. */
export interface PageSpec {
  page: number;
  size: number;
  sort: SortValue;
}

/** The order on bare columns (of the companies table, a subquery or the CTE of matches) and on "c". */
function ordersOf(sort: SortValue): { order: SQL; orderC: SQL } {
  return { order: searchOrder(sort), orderC: searchOrder(sort, { table: "c" }) };
}

/**
 * The rows of one page. Selective searches read their matches (a materialized CTE, from `source`:
 * searchSource) and sort them. Others
 * walk the order's index and filter as they go, which finds a page of a search that matches more than 0.5% of
 * the table within a few thousand rows. On a large table that walk is fenced: the filter applies to a
 * subquery that reads the index in order (`walk.rows` rows at most, from the sampled match rate), because
 * PostgreSQL's own estimate for a phrase can be far off, and it then sorts every trigram candidate instead
 * (measured in decision 005).
 */
export async function pageRows(
  db: Db,
  condition: SQL | undefined,
  { page, size, sort }: PageSpec,
  selective: boolean,
  walk?: IndexWalk,
  source: SQL = WHOLE_TABLE,
): Promise<CardRow[]> {
  const offset = (page - 1) * size;
  const { order, orderC } = ordersOf(sort);
  if (condition && selective) {
    return queryRows<CardRow>(
      db,
      sql`with m as materialized (
            select id, ${sortColumn(sort)} from ${source} ${whereClause(condition)}
          ), p as (
            select id from m order by ${order} limit ${size} offset ${offset}
          )
          select ${CARD_COLUMNS} from p join ${FROM} using (id) order by ${orderC}`,
    );
  }
  if (condition && walk && walk.rows <= MAX_WALK_ROWS) {
    // The subquery is named "companies", so the filter SQL (which names "companies") reads its rows.
    const rows = await queryRows<CardRow>(
      db,
      sql`select ${CARD_COLUMNS} from ${FROM} where c.id in (
            select id from (select * from companies order by ${order} limit ${walk.rows}) as companies
            ${whereClause(condition)} order by ${order} limit ${size} offset ${offset}
          ) order by ${orderC}`,
    );
    // A short page means the walk ended early (the sample overestimated the matches): ask without the
    // fence, unless the walk was long enough to read the whole table (twice its estimated size).
    if (rows.length === size || walk.rows >= walk.tableRows * 2) return rows;
  }
  return queryRows<CardRow>(
    db,
    sql`select ${CARD_COLUMNS} from ${FROM} where c.id in (
          select id from companies ${whereClause(condition)} order by ${order} limit ${size} offset ${offset}
        ) order by ${orderC}`,
  );
}

/**
 * Decision 011: a page in an amount or total order, read by walking that order's covering index
 * (walksCoveringIndex). The inner query walks the index and checks the covered conditions in its entries
 * alone; only the entries that pass are looked up in the table (by id) for the uncovered ones, in the
 * walk's order, until the page is full. Without uncovered conditions the walk alone gives the page.
 */
export async function pageByCoveringWalk(
  db: Db,
  { covered, uncovered }: ConditionParts,
  { page, size, sort }: PageSpec,
): Promise<CardRow[]> {
  const offset = (page - 1) * size;
  const { order, orderC } = ordersOf(sort);
  if (uncovered.length === 0) {
    return queryRows<CardRow>(
      db,
      sql`select ${CARD_COLUMNS} from ${FROM} where c.id in (
            select id from companies ${whereClause(...covered)} order by ${order} limit ${size} offset ${offset}
          ) order by ${orderC}`,
    );
  }
  // "offset 0" keeps the walk a query of its own, so it is not merged into the join; the uncovered
  // conditions name "companies": the table joined by id, whose rows they check.
  const orderW = searchOrder(sort, { table: "w" });
  return queryRows<CardRow>(
    db,
    sql`select ${CARD_COLUMNS} from ${FROM} where c.id in (
          select w.id from (
            select id, ${sortColumn(sort)} from companies ${whereClause(...covered)} order by ${order} offset 0
          ) w join companies using (id) ${whereClause(...uncovered)}
          order by ${orderW} limit ${size} offset ${offset}
        ) order by ${orderC}`,
  );
}

/**
 * Small tables, count not cached: the page and the exact total from one pass over the matches (a window
 * count on the materialized matches), instead of a count that visits every match and then a page query
 * that visits many of them again (measured in decision 005).
 * The total is null when the page lies past the last match (the caller counts and clamps then).
 */
export async function pageWithTotal(
  db: Db,
  condition: SQL,
  { page, size, sort }: PageSpec,
  source: SQL = WHOLE_TABLE,
): Promise<{ rows: CardRow[]; total: number | null }> {
  const offset = (page - 1) * size;
  const { order, orderC } = ordersOf(sort);
  const found = await queryRows<CardRow & { total: number }>(
    db,
    sql`with m as materialized (
          select id, ${sortColumn(sort)}, count(*) over ()::int as total from ${source} ${whereClause(condition)}
        ), p as (
          select id, total from m order by ${order} limit ${size} offset ${offset}
        )
        select ${CARD_COLUMNS}, p.total from p join ${FROM} using (id) order by ${orderC}`,
  );
  return { rows: found, total: found[0]?.total ?? null };
}
