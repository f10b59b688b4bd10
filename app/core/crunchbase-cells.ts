import { RowProblem } from "./row-problems";

/**
 * docs/product.md#imports: the cell rules every Crunchbase import shares (the companies export and the
 * funding-rounds export): amounts, currencies, funding dates, websites and lengths. Each takes the trimmed,
 * non-blank cell and the file's own name for its column, and throws a RowProblem naming both.
 */

export const MAX_NAME_LENGTH = 200;
export const MAX_FUNDING_TYPE_LENGTH = 100;
/** A trillion dollars: far above any real round, low enough to catch a mangled number. */
export const MAX_USD_AMOUNT = 1e12;
/** Amounts in a round's own currency run higher (a large round in IDR or KRW passes 1e12). */
export const MAX_CURRENCY_AMOUNT = 1e15;
export const MIN_FUNDING_DATE = "1900-01-01";
const MAX_WEBSITE_LENGTH = 2_000;
/** Values quoted in a rejection reason are cut here, so one huge cell cannot bloat a report. */
const SHOWN_VALUE_LENGTH = 40;

const AMOUNT_PATTERN = /^(?:\d+|\d{1,3}(?:,\d{3})+)(?:\.\d+)?$/;
const ISO_DATE_PATTERN =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;
const US_DATE_PATTERN = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const URL_SCHEME_PATTERN = /^[a-z][a-z0-9+.-]*:\/\//i;
// Dotted labels ending in an alphabetic (or punycode) top-level domain: rules out "N/A", "localhost", IPs.
const HOST_PATTERN =
  /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;
const CURRENCY_PATTERN = /^[A-Z]{3}$/;

function fail(reason: string): never {
  throw new RowProblem(reason);
}

/** A cell value quoted for a reason, cut to a readable length. */
export function showValue(value: string): string {
  const shown = value.length > SHOWN_VALUE_LENGTH ? `${value.slice(0, SHOWN_VALUE_LENGTH)}…` : value;
  return JSON.stringify(shown);
}

/** The value itself when it has at most `max` characters. */
export function checkLength(value: string, label: string, max: number): string {
  if (value.length > max) fail(`${label} ${showValue(value)} is longer than ${max} characters.`);
  return value;
}

/** "1,000,000", "$1,000,000" and "1000000.00" are amounts. USD amounts round to dollars. */
export function parseAmount(value: string, label: string, max: number, roundToInteger: boolean): number {
  const compact = value.replace(/\s+/g, "");
  // "$-5" and "-$5" both become "-5"; the dollar sign is optional.
  const plain = compact.replace(/^(-?)\$/, "$1");
  if (plain.startsWith("-") && AMOUNT_PATTERN.test(plain.slice(1))) {
    fail(`${label} ${showValue(value)} is negative.`);
  }
  if (!AMOUNT_PATTERN.test(plain)) {
    fail(`${label} ${showValue(value)} is not an amount (expected a number such as 1,000,000).`);
  }
  const amount = Number(plain.replaceAll(",", ""));
  const result = roundToInteger ? Math.round(amount) : amount;
  if (result > max) fail(`${label} ${showValue(value)} is larger than ${max.toLocaleString("en-US")}.`);
  return result;
}

/** A 3-letter ISO currency code, upper-cased. */
export function parseCurrency(value: string, label: string): string {
  const code = value.toUpperCase();
  if (!CURRENCY_PATTERN.test(code)) {
    fail(`${label} ${showValue(value)} is not a 3-letter currency code such as USD.`);
  }
  return code;
}

/** YYYY-MM-DD (a time after it is ignored) or M/D/YYYY, as a real day from 1900 to a year from today. */
export function parseFundingDate(value: string, label: string, today: Date): string {
  const iso = ISO_DATE_PATTERN.exec(value);
  const us = iso === null ? US_DATE_PATTERN.exec(value) : null;
  const parts = iso ? [iso[1], iso[2], iso[3]] : us ? [us[3], us[1], us[2]] : null;
  const day = parts === null ? null : calendarDay(Number(parts[0]), Number(parts[1]), Number(parts[2]));
  if (day === null) fail(`${label} ${showValue(value)} is not a valid date (expected YYYY-MM-DD).`);
  if (day < MIN_FUNDING_DATE) fail(`${label} ${showValue(value)} is before ${MIN_FUNDING_DATE}.`);
  if (day > latestFundingDate(today)) fail(`${label} ${showValue(value)} is more than a year in the future.`);
  return day;
}

/**
 * "acme.com" and "https://www.acme.com/path" are websites; the domain (lower case, without "www.") is an
 * import's match key. A value without a scheme is stored with "https://" so the app can link to it.
 */
export function parseWebsite(value: string, label: string): { website: string; websiteDomain: string } {
  const invalid = () => fail(`${label} ${showValue(value)} is not a website address.`);
  if (value.length > MAX_WEBSITE_LENGTH || /\s/.test(value)) invalid();
  const website = URL_SCHEME_PATTERN.test(value) ? value : `https://${value}`;
  let url: URL;
  try {
    url = new URL(website);
  } catch {
    return invalid();
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") invalid();
  if (url.username !== "" || url.password !== "") invalid();
  const host = url.hostname.toLowerCase().replace(/\.$/, "");
  if (!HOST_PATTERN.test(host)) invalid();
  return { website, websiteDomain: host.replace(/^www\./, "") };
}

/** YYYY-MM-DD of a real calendar day (no 2023-02-29), or null. Plain arithmetic: this runs for every row. */
function calendarDay(year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

// An import passes the same `today` for every row: the bound is worked out once.
let latestFor: { today: Date; latest: string } | null = null;

/** The same calendar day one year after `today` (UTC); Feb 29 becomes Mar 1. */
function latestFundingDate(today: Date): string {
  if (latestFor?.today !== today) {
    const latest = new Date(Date.UTC(today.getUTCFullYear() + 1, today.getUTCMonth(), today.getUTCDate()));
    latestFor = { today, latest: latest.toISOString().slice(0, 10) };
  }
  return latestFor.latest;
}
