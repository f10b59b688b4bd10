/**
 * docs/product.md#compare: the company-vs-company pages' rules: their URL (one canonical order), how a URL's two slugs are
 * found (slugs contain hyphens, even "-vs-"), and the factual sentence that compares the two rounds.
 */

import { hasSlugShape, isCompanySlugShape, MAX_COMPANY_SLUG_LENGTH } from "./slug";

const SEPARATOR = "-vs-";

/** The canonical path of a pair: slugs in alphabetical order. */
export function comparePath(a: string, b: string): string {
  const [first, second] = a < b ? [a, b] : [b, a];
  return `/compare/${first}${SEPARATOR}${second}`;
}

/** The longest compare path segment that can name two companies: two of the longest slugs and "-vs-". */
export const MAX_PAIR_PARAM_LENGTH = 2 * MAX_COMPANY_SLUG_LENGTH + SEPARATOR.length;

/**
 * Every way to read `param` as "{a}-vs-{b}" where both could be company slugs (their shape and length),
 * left split first. A segment longer than MAX_PAIR_PARAM_LENGTH, or with a character no slug holds, has
 * none: it is refused before any split is made. So at most MAX_COMPANY_SLUG_LENGTH / 4 + 1 splits come
 * back, each of two bounded slugs, whatever was sent (docs/decisions/018).
 */
export function pairSplits(param: string): Array<[string, string]> {
  const splits: Array<[string, string]> = [];
  if (param.length > MAX_PAIR_PARAM_LENGTH || !hasSlugShape(param)) return splits;
  // The first slug ends where the second can still fit: no split is cut where either side is too long.
  const firstFrom = Math.max(1, param.length - SEPARATOR.length - MAX_COMPANY_SLUG_LENGTH);
  for (let at = param.indexOf(SEPARATOR, firstFrom); at !== -1; at = param.indexOf(SEPARATOR, at + 1)) {
    if (at > MAX_COMPANY_SLUG_LENGTH) break;
    const a = param.slice(0, at);
    const b = param.slice(at + SEPARATOR.length);
    if (isCompanySlugShape(a) && isCompanySlugShape(b)) splits.push([a, b]);
  }
  return splits;
}

export interface RoundFacts {
  name: string;
  lastFundingType: string | null;
  lastFundingDate: string | null;
}

const MONTH_YEAR = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" });
const NUMBER_WORDS = [
  "zero",
  "one",
  "two",
  "three",
  "four",
  "five",
  "six",
  "seven",
  "eight",
  "nine",
  "ten",
  "eleven",
  "twelve",
];

function monthsBetween(earlier: string, later: string): number {
  const a = new Date(`${earlier.slice(0, 10)}T00:00:00Z`);
  const b = new Date(`${later.slice(0, 10)}T00:00:00Z`);
  return (b.getUTCFullYear() - a.getUTCFullYear()) * 12 + (b.getUTCMonth() - a.getUTCMonth());
}

function span(months: number): string {
  if (months < 12 || months % 12 !== 0) {
    const words = NUMBER_WORDS[months] ?? String(months);
    return `${words} month${months === 1 ? "" : "s"}`;
  }
  const years = months / 12;
  return `${NUMBER_WORDS[years] ?? years} year${years === 1 ? "" : "s"}`;
}

function roundOf(company: RoundFacts): string {
  return company.lastFundingType ? `its ${company.lastFundingType} round` : "its last round";
}

/**
 * One sentence from the two records: "A raised its Series B in March 2026, eight months after B's Series A
 * round." The later round comes first; rounds in the same month say so; a missing date gives what is known.
 */
export function comparisonSummary(a: RoundFacts, b: RoundFacts): string | null {
  if (!a.lastFundingDate || !b.lastFundingDate) {
    const known = [a, b].find((company) => company.lastFundingDate);
    if (!known?.lastFundingDate) return null;
    return `${known.name} raised ${roundOf(known)} in ${MONTH_YEAR.format(new Date(`${known.lastFundingDate.slice(0, 10)}T00:00:00Z`))}.`;
  }
  const [later, earlier] = a.lastFundingDate >= b.lastFundingDate ? [a, b] : [b, a];
  const when = MONTH_YEAR.format(new Date(`${(later.lastFundingDate as string).slice(0, 10)}T00:00:00Z`));
  const months = monthsBetween(earlier.lastFundingDate as string, later.lastFundingDate as string);
  const theirs = earlier.lastFundingType
    ? `${earlier.name}'s ${earlier.lastFundingType} round`
    : `${earlier.name}'s last round`;
  if (months === 0) return `${later.name} raised ${roundOf(later)} in ${when}, the same month as ${theirs}.`;
  return `${later.name} raised ${roundOf(later)} in ${when}, ${span(months)} after ${theirs}.`;
}

/** Roundlist's live figures on the compare pages (none of them counts a suppressed company). */
export interface LiveFigures {
  companies: number;
  roundsLast90Days: number;
  emails: number;
}
