import { type AnyColumn, and, eq, gte, lt, notInArray, or, type SQL, sql } from "drizzle-orm";
import { CONTINENTS, COUNTRIES_BY_CONTINENT, countriesOfContinent } from "~/core/continents";
import { emailFilterOption } from "~/core/email-status";
import { amountOption, dateCutoff, dateOption, roundsOption } from "~/core/funding-filters";
import { parseHeadquartersLocation } from "~/core/location";
import type { SearchState } from "~/core/search-params";
import { companies } from "../db/schema";
import { notSuppressed } from "../suppression/suppression-filter.server";

/**
 * LIKE pattern for a literal substring: %, _ and \ in the user's text match themselves. The case is left
 * as typed: the database lowers the pattern with the same lower() that wrote search_text (JavaScript's
 * toLowerCase differs: "İ" becomes "i̇" there, "i" in PostgreSQL), see textCondition.
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * docs/product.md#search: text search on search_text (lower-cased, NFC, kept by a trigger): the query arrives NFC from
 * parseSearchParams and is lowered here by the database, so both sides are folded by one function. The
 * pattern is one parameter under immutable functions, folded to a constant when the plan is made: the
 * trigram index still serves it.
 */
function textCondition(q: string): SQL {
  return textMatches(companies.searchText, q);
}

/** `q` as a substring of a search_text column (companies', or lps' for /lps), by its trigram index. */
export function textMatches(column: SQL | AnyColumn, q: string): SQL {
  return sql`${column} like normalize(lower(${containsPattern(q)}::text), NFC)`;
}

/**
 * Continents that hold a large share of any funded-startup data set (North America about half, Europe and
 * Asia a quarter to a sixth each in Crunchbase's): filtering by one of them alone walks the date index, and
 * reading their rows through the country index never pays.
 */
const BROAD_CONTINENTS: ReadonlySet<string> = new Set(["North America", "Europe", "Asia"]);

/**
 * docs/product.md#filters: the location filter. Countries, regions and cities are matched on the parsed columns rather than
 * as substrings of the location text (which would make "country:India" match Indiana); a continent
 * matches any of its countries, and 'Other' any country no continent lists.
 */
function locationCondition(location: string, withText = false): SQL | undefined {
  if (location.startsWith("continent:")) {
    const name = location.slice("continent:".length).trim();
    if (name === "Other") {
      const all = CONTINENTS.flatMap((continent) => COUNTRIES_BY_CONTINENT[continent]);
      return notInArray(companies.country, all);
    }
    const countries = countriesOfContinent(name);
    if (!countries) return sql`false`;
    const inContinent = sql`${companies.country} = any(${sql.param([...countries])}::text[])`;
    // With a text search, a broad continent is checked on the rows the text's index found, not read from
    // the country index: PostgreSQL otherwise builds a bitmap of every North American company (half the
    // table) to intersect with the trigram bitmap. Without text it keeps the index: intersected with an
    // amount range it spares reading many rows (both measured in decision 011).
    // "is true" means the same and is not an index condition.
    return withText && BROAD_CONTINENTS.has(name) ? sql`(${inContinent}) is true` : inContinent;
  }
  if (location.startsWith("country:")) return eq(companies.country, location.slice("country:".length).trim());
  if (location.startsWith("state:")) return eq(companies.region, location.slice("state:".length).trim());
  // A plain city string, as the picker builds it: "City, State, Country" or "City, Country".
  const { city, region, country } = parseHeadquartersLocation(location);
  if (!city) return country ? eq(companies.country, country) : undefined;
  return cityCondition(city, country, region);
}

/** Any of several locations (docs/product.md#filters: OR within the filter); a location naming nothing matches nothing. */
function anyLocationCondition(locations: readonly string[], withText: boolean): SQL {
  const each = locations.map((location) => locationCondition(location, withText) ?? sql`false`);
  return (each.length === 1 ? each[0] : or(...each)) as SQL;
}

/**
 * A city: its name and country, and its region when one is given. A directory city page (decision 009) is a
 * city in a country, whatever its region; the search picker's location strings name the region too.
 */
export function cityCondition(city: string, country: string | null, region?: string | null): SQL | undefined {
  return and(
    eq(companies.city, city),
    region ? eq(companies.region, region) : undefined,
    country ? eq(companies.country, country) : undefined,
  );
}

/**
 * A search's conditions in two parts (decision 011). `covered`: those the amount and total sort indexes can
 * check from their own entries (stage, country and continent, amount, date, and the do-not-sell anti-join
 * on id), so a walk of such an index filters without visiting the table. `uncovered`: those that need the
 * row (text, industries, city or region, the do-not-sell flag).
 */
export interface ConditionParts {
  covered: SQL[];
  uncovered: SQL[];
}

/**
 * The meaning of every filter, in one place (docs/architecture.md): search, counts, export and directory
 * pages all build their WHERE clause here.
 */
export function searchConditions(state: SearchState, today: Date): SQL {
  return allConditions(searchConditionParts(state, today));
}

/**
 * A search's parts joined into its WHERE condition. Never empty: every search carries the do-not-sell
 * condition (searchConditionParts), so the fallback is only there for the type.
 */
export function allConditions({ covered, uncovered }: ConditionParts): SQL {
  // Cheap tests first: PostgreSQL keeps the written order among conditions of equal cost, and where it
  // checks rows one by one (the 1% sample, a walk of an index) the stage, place, amount and date then spare
  // most rows the text match (measured in decision 011).
  return and(...covered, ...uncovered) ?? sql`true`;
}

/** searchConditions, split by what the sort indexes hold (ConditionParts). */
export function searchConditionParts(state: SearchState, today: Date): ConditionParts {
  const covered: SQL[] = [];
  const uncovered: SQL[] = [];
  if (state.q) uncovered.push(textCondition(state.q));
  if (state.industry.length > 0) {
    // docs/product.md#filters: the industry filter matches Industries or Industry Groups, any of the chosen ones.
    const values = sql.param(state.industry);
    uncovered.push(
      or(
        sql`${companies.industries} && ${values}::text[]`,
        sql`${companies.industryGroups} && ${values}::text[]`,
      ) as SQL,
    );
  }
  // docs/product.md#filters: funding stage is an exact match on Last Funding Type (any of the chosen stages).
  if (state.stage.length === 1) covered.push(eq(companies.lastFundingType, state.stage[0] as string));
  else if (state.stage.length > 1)
    covered.push(sql`${companies.lastFundingType} = any(${sql.param(state.stage)}::text[])`);
  if (state.location.length > 0) {
    const byCountry = state.location.every((value) => /^(continent|country):/.test(value));
    (byCountry ? covered : uncovered).push(anyLocationCondition(state.location, state.q !== ""));
  }
  const amount = state.amount ? amountOption(state.amount) : undefined;
  if (amount) {
    covered.push(gte(companies.lastFundingAmountUsd, amount.min));
    if (amount.max !== null) covered.push(lt(companies.lastFundingAmountUsd, amount.max));
  }
  const date = state.date ? dateOption(state.date) : undefined;
  // docs/product.md#filters: Last Funding Date on or after the cutoff.
  if (date) covered.push(gte(companies.lastFundingDate, dateCutoff(date, today)));
  if (state.investor.length > 0) uncovered.push(investorCondition(state.investor, state.led === "1"));
  const rounds = state.rounds ? roundsOption(state.rounds) : undefined;
  if (rounds) {
    uncovered.push(gte(companies.fundingRoundCount, rounds.min));
    if (rounds.max !== null) uncovered.push(sql`${companies.fundingRoundCount} <= ${rounds.max}`);
  }
  // decision 032: the primary contact's email status (kept on the row by migration 0030's triggers).
  const email = state.email ? emailFilterOption(state.email) : undefined;
  if (email) {
    uncovered.push(
      email.statuses.length === 1
        ? eq(companies.emailStatus, email.statuses[0])
        : sql`${companies.emailStatus} = any(${sql.param([...email.statuses])}::text[])`,
    );
  }
  // docs/product.md#do-not-sell: suppressed founders never appear, whatever the filters. A search with a
  // condition that needs the row (text, industries, a city, investors, rounds) reads every candidate row
  // anyway, so it checks the flag there; other searches keep index-only plans with the anti-join. The
  // anti-join beside an uncovered condition became a hash join under an amount or total walk, which
  // PostgreSQL then sorted whole (decision 030, "Search at 1,000,000 with investors").
  if (uncovered.length > 0) uncovered.unshift(notSuppressed("flag"));
  else covered.unshift(notSuppressed("join"));
  return { covered, uncovered };
}

/**
 * docs/product.md#filters, investor (decision 030): companies any of the chosen investors invested in, or with
 * 'led by' led a round of. `investor_keys` holds each investor's id and, for a lead, its negated id, so both
 * forms are one overlap test on one GIN index. The slugs become ids in the query (one lookup by the unique
 * slug index, run once): an unknown slug matches nothing.
 */
function investorCondition(slugs: readonly string[], led: boolean): SQL {
  const ids = led
    ? sql`(select coalesce(array_agg(-id), '{}') from investors where slug = any(${sql.param([...slugs])}::text[]))`
    : sql`(select coalesce(array_agg(id), '{}') from investors where slug = any(${sql.param([...slugs])}::text[]))`;
  return sql`${companies.investorKeys} && ${ids}::int[]`;
}

/** A WHERE clause of the conditions given (joined with AND), or nothing when none is. */
export function whereClause(...conditions: ReadonlyArray<SQL | undefined>): SQL {
  const present = conditions.filter((condition): condition is SQL => condition !== undefined);
  return present.length > 0 ? sql`where ${sql.join(present, sql` and `)}` : sql``;
}
