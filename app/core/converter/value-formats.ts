/**
 * Values in the shapes import tools accept. Each function takes the text a file holds and returns
 * text; "" means "nothing usable", which the converter writes as an empty cell (an import tool skips an empty
 * cell, but rejects a whole row over a number field holding "$2M" or a date field holding "next week").
 */

/**
 * An address as tools compare them: trimmed, a "mailto:" prefix dropped, lower case. Also the key for
 * dropping duplicate emails: mailbox providers treat the local part without regard to case in practice,
 * and every target here de-duplicates case-insensitively.
 */
export function emailKey(email: string): string {
  return email
    .trim()
    .replace(/^mailto:/i, "")
    .toLowerCase();
}

/**
 * The bare domain of a website ("https://www.Acme.io:443/about?x" -> "acme.io"): Apollo asks for "the domain
 * only, without www. or any prefixes", and Attio identifies companies by domain. Scheme, credentials, "www.",
 * port, path, query, fragment and a trailing dot all go. Something that is no domain at all gives "".
 */
export function bareDomain(website: string): string {
  let text = website.trim().toLowerCase();
  text = text.replace(/^[a-z][a-z0-9+.-]*:\/\//, "").replace(/^\/\//, "");
  text = text.replace(/^[^/?#]*@/, "");
  text = text.split(/[/?#\s]/)[0] ?? "";
  text = text.replace(/:\d*$/, "").replace(/\.$/, "");
  text = text.replace(/^www\d*\./, "");
  // A domain has a dot and only letters, digits, hyphens, dots (or any non-ASCII letter of an IDN).
  return /^[^\s.:/?#@]+(\.[^\s.:/?#@]+)+$/.test(text) ? text : "";
}

const MULTIPLIERS: Readonly<Record<string, number>> = { k: 1e3, m: 1e6, mm: 1e6, b: 1e9, bn: 1e9 };

/**
 * "1,500,000.50" and "1.500.000,50" both become "1500000.50": with both separators the last one marks the
 * decimals; a lone separator followed by groups of exactly three digits groups thousands ("1,500", "1.500.000");
 * any other lone comma is a decimal comma ("2,5").
 */
function normalizeSeparators(text: string): string {
  const lastComma = text.lastIndexOf(",");
  const lastDot = text.lastIndexOf(".");
  if (lastComma !== -1 && lastDot !== -1) {
    return lastComma > lastDot ? text.replaceAll(".", "").replace(",", ".") : text.replaceAll(",", "");
  }
  if (/^[-+]?\d{1,3}(,\d{3})+$/.test(text)) return text.replaceAll(",", "");
  if (/^[-+]?\d{1,3}(\.\d{3}){2,}$/.test(text)) return text.replaceAll(".", "");
  return text.replace(",", ".");
}

/**
 * An amount as a plain number ("$1,500,000" -> "1500000", "€2.5M" -> "2500000"): Pipedrive asks for numbers
 * without currency symbols, and number fields everywhere reject separators (see normalizeSeparators).
 */
export function plainAmount(amount: string): string {
  let text = amount
    .trim()
    .toLowerCase()
    .replace(/[\s\u00a0']/g, "");
  text = text.replace(/^[^\d\-+.,]*/, "").replace(/(usd|eur|gbp|[$€£¥])$/, "");
  const suffix = /([a-z]+)$/.exec(text)?.[1];
  let multiplier = 1;
  if (suffix !== undefined) {
    const found = MULTIPLIERS[suffix];
    if (found === undefined) return "";
    multiplier = found;
    text = text.slice(0, -suffix.length);
  }
  text = normalizeSeparators(text);
  // Whole numbers as written stay exact, however long (the database's bigint amounts arrive this way).
  if (multiplier === 1 && /^[-+]?\d+$/.test(text)) return BigInt(text).toString();
  if (!/^[-+]?(\d+\.?\d*|\.\d+)$/.test(text)) return "";
  const value = Number(text) * multiplier;
  if (!Number.isFinite(value)) return "";
  // Whole amounts (the export's are) print without an exponent or a trailing ".0".
  return Number.isInteger(value) && Math.abs(value) < Number.MAX_SAFE_INTEGER
    ? BigInt(value).toString()
    : String(Number(value.toPrecision(15)));
}

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

function isoParts(year: number, month: number, day: number): string {
  const date = new Date(Date.UTC(year, month - 1, day));
  const isReal =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  if (!isReal) return "";
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

function monthNumber(name: string): number {
  return MONTHS.indexOf(name.slice(0, 3).toLowerCase()) + 1;
}

/**
 * A date as ISO 8601 (YYYY-MM-DD), which Attio takes by default and every other target reads unambiguously.
 * Reads ISO dates and timestamps, "Mar 15, 2024", "15 March 2024" and numeric dates whose order is certain
 * (a part above 12 is the day). "03/04/2024" could be either, so it gives "" rather than a guess.
 */
export function isoDate(date: string): string {
  const text = date.trim();
  let match = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/.exec(text);
  if (match) return isoParts(Number(match[1]), Number(match[2]), Number(match[3]));
  match = /^([a-z]+)\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})$/i.exec(text);
  if (match) {
    const month = monthNumber(match[1] ?? "");
    return month > 0 ? isoParts(Number(match[3]), month, Number(match[2])) : "";
  }
  match = /^(\d{1,2})(?:st|nd|rd|th)?\s+([a-z]+)\.?,?\s+(\d{4})$/i.exec(text);
  if (match) {
    const month = monthNumber(match[2] ?? "");
    return month > 0 ? isoParts(Number(match[3]), month, Number(match[1])) : "";
  }
  match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  if (match) {
    const first = Number(match[1]);
    const second = Number(match[2]);
    const year = Number(match[3]);
    if (first > 12 && second <= 12) return isoParts(year, second, first);
    if (second > 12 && first <= 12) return isoParts(year, first, second);
    if (first === second) return isoParts(year, first, second);
  }
  return "";
}

/** The first item of a ", "-separated list ("Fintech, Payments" -> "Fintech"): one industry reads best in an email. */
export function firstListItem(list: string): string {
  return (list.split(",")[0] ?? "").trim();
}

/** Text cut to at most `length` characters (Salesforce's Description holds 32,000), never inside a surrogate pair. */
export function truncate(text: string, length: number): string {
  if (text.length <= length) return text;
  const cut = text.slice(0, length);
  return /[\ud800-\udbff]$/.test(cut) ? cut.slice(0, -1) : cut;
}

/**
 * LinkedIn's pages of organizations (companies, schools, showcase pages), on linkedin.com or any other host
 * named linkedin.* (the demo data's linkedin.example), with or without a scheme or "www.".
 */
const LINKEDIN_ORGANIZATION_PAGE =
  /^(?:https?:\/\/)?(?:[\w-]+\.)*linkedin\.[a-z.]+\/(?:company|school|showcase)\//i;

/**
 * A person's LinkedIn profile as a person's field takes it: "" for an organization's page, which is never a
 * person's profile whatever column it came from (docs/product.md#converter); anything else as given.
 */
export function personLinkedinUrl(url: string): string {
  return LINKEDIN_ORGANIZATION_PAGE.test(url) ? "" : url;
}
