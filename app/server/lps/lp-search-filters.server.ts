import { type AnyColumn, and, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import {
  AUM_OPTIONS,
  CHECK_OPTIONS,
  type LpMultiFilterKey,
  type LpSearchState,
  parseLpLocation,
} from "~/core/lp-search-params";
import { countriesOfLpRegion } from "~/core/lp-types";
import { textMatches } from "../companies/search-filters.server";
import { lps } from "../db/schema";

/**
 * The meaning of every /lps filter, in one place: the search, its counts, the option counts and the export
 * all build their WHERE clause here (architecture.md: one rule, one place).
 */
export function lpSearchConditions(state: LpSearchState): SQL[] {
  const conditions: SQL[] = [];
  // Name, city and every contact's name (lps.search_text, kept by triggers), by its trigram index.
  if (state.q) conditions.push(textMatches(lps.searchText, state.q));
  if (state.type.length > 0) conditions.push(anyOf(lps.type, state.type));
  if (state.location.length > 0) conditions.push(locationCondition(state.location));
  // An LP matches a focus filter when it names any of the chosen values (&&, by the GIN index).
  if (state.asset.length > 0) conditions.push(overlaps(lps.assetClasses, state.asset));
  if (state.stage.length > 0) conditions.push(overlaps(lps.stageFocus, state.stage));
  if (state.sector.length > 0) conditions.push(overlaps(lps.sectorFocus, state.sector));
  const aum = AUM_OPTIONS.find((option) => option.value === state.aum);
  if (aum) {
    // A range includes its minimum and excludes its maximum, so an LP sits in exactly one; an undisclosed
    // AUM is in none.
    conditions.push(gte(lps.aumUsd, aum.min));
    if (aum.max !== null) conditions.push(lt(lps.aumUsd, aum.max));
  }
  const check = CHECK_OPTIONS.find((option) => option.value === state.check);
  if (check) {
    // The LP's check range overlaps the chosen one: it writes some check inside it. A range with an
    // unknown end is judged by the end it has.
    const bounds: SQL[] = [];
    if (check.max !== null) bounds.push(sql`coalesce(${lps.checkMinUsd}, ${lps.checkMaxUsd}) < ${check.max}`);
    bounds.push(sql`coalesce(${lps.checkMaxUsd}, ${lps.checkMinUsd}) >= ${check.min}`);
    conditions.push(and(...bounds) as SQL);
  }
  if (state.emerging === "yes") conditions.push(eq(lps.acceptsEmerging, "yes"));
  if (state.firstTime === "yes") conditions.push(eq(lps.backsFirstTimeFunds, true));
  return conditions;
}

/** The conditions of every filter but `key`'s: the base an option count of that filter is taken over. */
export function lpConditionsWithout(state: LpSearchState, key: LpMultiFilterKey): SQL[] {
  return lpSearchConditions({ ...state, [key]: [] });
}

function anyOf(column: AnyColumn, values: readonly string[]): SQL {
  if (values.length === 1) return sql`${column} = ${values[0]}`;
  return sql`${column} = any(${sql.param([...values])}::text[])`;
}

function overlaps(column: AnyColumn, values: readonly string[]): SQL {
  return sql`${column} && ${sql.param([...values])}::text[]`;
}

/**
 * Headquarters in any of the chosen regions or countries. A region is the list of its countries (the
 * continents mapping, lp-types.ts), so both read the (country, city) index.
 */
function locationCondition(values: readonly string[]): SQL {
  const countries = new Set<string>();
  for (const value of values) {
    const location = parseLpLocation(value);
    if (location?.kind === "country") countries.add(location.country);
    else if (location?.kind === "region")
      for (const country of countriesOfLpRegion(location.region)) countries.add(country);
  }
  return countries.size > 0 ? anyOf(lps.country, [...countries]) : sql`false`;
}

/** The SQL of a sort order, spelled as its index reads (schema.ts) so a page is a walk of the index. */
export function lpOrder(sort: LpSearchState["sort"], table?: string): SQL {
  const column = (name: string) => sql.raw(table ? `${table}.${name}` : name);
  switch (sort) {
    case "aum-asc":
      return sql`${column("aum_usd")} asc nulls last, ${column("id")} asc`;
    case "name-asc":
      return sql`lower(${column("name")}) collate "C" asc, ${column("id")} asc`;
    case "name-desc":
      return sql`lower(${column("name")}) collate "C" desc, ${column("id")} desc`;
    default:
      return sql`${column("aum_usd")} desc nulls last, ${column("id")} desc`;
  }
}

/** A WHERE clause of the conditions (joined with AND), or nothing when there are none. */
export function lpWhere(conditions: readonly SQL[]): SQL {
  return conditions.length > 0 ? sql`where ${and(...conditions)}` : sql``;
}
