import { type SQL, sql } from "drizzle-orm";
import type { SearchState } from "~/core/search-params";
import { readsCoveredTextParts } from "~/core/search-plan";

/**
 * The longest search_text (in bytes) that companies_stage_date_text_idx carries (migration 0025: a btree
 * entry is limited to 2,704 bytes). The predicates below are spelled as in that migration, constants
 * included: PostgreSQL uses a partial index only for a query whose conditions imply its predicate.
 */
export const COVERED_TEXT_MAX_BYTES = 2000;
const SHORT_TEXT = `coalesce(octet_length(search_text), ${COVERED_TEXT_MAX_BYTES + 1}) <= ${COVERED_TEXT_MAX_BYTES}`;
const LONG_TEXT = `coalesce(octet_length(search_text), ${COVERED_TEXT_MAX_BYTES + 1}) > ${COVERED_TEXT_MAX_BYTES}`;

/** Every company, read as two parts the partial indexes of migration 0025 each cover; named "companies". */
const SPLIT_BY_TEXT_LENGTH = sql.raw(
  `(select * from companies where ${SHORT_TEXT} union all select * from companies where ${LONG_TEXT}) as companies`,
);
/** The companies table itself, as a FROM item. */
export const WHOLE_TABLE = sql.raw("companies");

/**
 * The FROM item a search reads its matches from (decision 011). A text search with a stage filter
 * reads the companies as the two parts above: the planner then may read the short texts' part from
 * companies_stage_date_text_idx, which holds the stage, date, country, do-not-sell flag and text, and
 * match the text there without visiting the table, which makes its count much cheaper (measured in
 * decision 011); the long texts' part has its own small index. The two parts are every company exactly
 * once. Other searches read the table itself. The item is named "companies", so the filter SQL (which
 * names "companies") reads its rows.
 */
export function searchSource(state: Pick<SearchState, "q" | "stage">): SQL {
  return readsCoveredTextParts(state) ? SPLIT_BY_TEXT_LENGTH : WHOLE_TABLE;
}
