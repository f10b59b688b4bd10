/**
 * docs/product.md#lps: one data row of an LP CSV file, validated and converted. A row describes an LP (its columns are
 * repeated on each of its contacts' rows) and at most one contact of it. Pure: each problem of a row is a
 * sentence that names the column as the file spells it and quotes the value; a rejected row's reason holds
 * them all (core/row-problems.ts).
 */
import { LP_CONTACT_FIELDS, LP_FIELD_HEADERS, type LpColumns, type LpImportField } from "./lp-import-columns";
import {
  ACCEPTS_EMERGING_OPTIONS,
  type AcceptsEmerging,
  ASSET_CLASS_OPTIONS,
  type AssetClass,
  GEO_FOCUS_OPTIONS,
  type GeoFocus,
  hasMfoModel,
  isPlausibleCheckRange,
  LP_TYPE_OPTIONS,
  type LpOption,
  type LpType,
  MAX_CHECK_SHARE_OF_AUM,
  MFO_MODEL_OPTIONS,
  type MfoModel,
  SECTOR_FOCUS_OPTIONS,
  type SectorFocus,
  STAGE_FOCUS_OPTIONS,
  type StageFocus,
} from "./lp-types";
import { RowProblem, RowProblems } from "./row-problems";

/** An LP as a row describes it: the lps columns an import writes (not id, slug, search text or times). */
export interface ImportedLp {
  name: string;
  type: LpType;
  city: string | null;
  region: string | null;
  country: string | null;
  website: string | null;
  websiteDomain: string | null;
  aumUsd: number | null;
  aumAsOf: string | null;
  checkMinUsd: number | null;
  checkMaxUsd: number | null;
  assetClasses: AssetClass[];
  stageFocus: StageFocus[];
  sectorFocus: SectorFocus[];
  geoFocus: GeoFocus[];
  acceptsEmerging: AcceptsEmerging;
  backsFirstTimeFunds: boolean;
  mfoModel: MfoModel | null;
  description: string | null;
}

/** A contact as a row describes it (lp_contacts columns but the LP and position). */
export interface ImportedLpContact {
  firstName: string;
  lastName: string | null;
  title: string | null;
  email: string | null;
  linkedin: string | null;
}

export type ParsedLpRow =
  | { ok: true; lp: ImportedLp; contact: ImportedLpContact | null }
  | { ok: false; reason: string };

export const MAX_LP_NAME_LENGTH = 200;
const MAX_SHORT_TEXT_LENGTH = 200;
const MAX_DESCRIPTION_LENGTH = 10_000;
const MAX_URL_LENGTH = 2_000;
const MAX_EMAIL_LENGTH = 254;
/** A hundred trillion dollars: above any real fund's assets, low enough to catch a mangled number. */
export const MAX_AUM_USD = 1e14;
/** A trillion dollars: above any real check into one fund. */
export const MAX_CHECK_USD = 1e12;
export const MIN_AUM_DATE = "1900-01-01";
/** Values quoted in a reason are cut here, so one huge cell cannot bloat a report. */
const SHOWN_VALUE_LENGTH = 40;

/**
 * Validates and converts one data row (cells in file order). `today` bounds AUM As Of: a figure cannot be
 * as of a day after it. A rejected row's reason names every problem of the row (docs/product.md#imports).
 */
export function parseLpRow(
  cells: readonly string[],
  columns: LpColumns,
  today: Date = new Date(),
): ParsedLpRow {
  const row = new RowReader(cells, columns);
  const problems = new RowProblems();
  const lp = readLp(row, problems, today);
  const contact = problems.read(() => readContact(row, problems), null);
  const reason = problems.reason();
  if (lp === null || reason !== null) return { ok: false, reason: reason ?? "the row could not be read" };
  return { ok: true, lp, contact };
}

/** Each field read on its own (`problems.read`), so one bad cell does not hide the next; null when any failed. */
function readLp(row: RowReader, problems: RowProblems, today: Date): ImportedLp | null {
  const field = <T>(read: () => T, fallback: T): T => problems.read(read, fallback);
  const name = field(() => {
    const value = row.text("name", MAX_LP_NAME_LENGTH);
    if (value === null) row.fail(`${row.label("name")} is empty.`);
    return value;
  }, null);
  const type = field(() => {
    const value = row.option("type", LP_TYPE_OPTIONS, LP_TYPE_SYNONYMS);
    if (value === null) row.fail(`${row.label("type")} is empty; every LP needs a type.`);
    return value;
  }, null);
  const aumUsd = field(() => row.amount("aumUsd", MAX_AUM_USD), null);
  const checkMinUsd = field(() => row.amount("checkMinUsd", MAX_CHECK_USD), null);
  const checkMaxUsd = field(() => row.amount("checkMaxUsd", MAX_CHECK_USD), null);
  field(() => {
    if (checkMinUsd !== null && checkMaxUsd !== null && checkMinUsd > checkMaxUsd) {
      row.fail(
        `${row.label("checkMinUsd")} ${usd(checkMinUsd)} is larger than ${row.label("checkMaxUsd")} ${usd(checkMaxUsd)}.`,
      );
    }
    if (!isPlausibleCheckRange(aumUsd, checkMinUsd, checkMaxUsd)) {
      row.fail(
        `${row.label("checkMaxUsd")} ${usd(checkMaxUsd ?? 0)} is more than ${MAX_CHECK_SHARE_OF_AUM * 100}% of ` +
          `${row.label("aumUsd")} ${usd(aumUsd ?? 0)}: no LP puts that share of its assets into one fund.`,
      );
    }
  }, undefined);
  const mfoModel = field(() => {
    const value = row.option("mfoModel", MFO_MODEL_OPTIONS);
    // Only checked against a type the row has (an empty or unknown type is a problem of its own).
    if (value !== null && type !== null && !hasMfoModel(type)) {
      row.fail(
        `${row.label("mfoModel")} is only for multi-family offices; this LP's type is ${labelOf(type)}.`,
      );
    }
    return value;
  }, null);
  const values = {
    city: field(() => row.text("city", MAX_SHORT_TEXT_LENGTH), null),
    region: field(() => row.text("region", MAX_SHORT_TEXT_LENGTH), null),
    country: field(() => row.text("country", MAX_SHORT_TEXT_LENGTH), null),
    ...field(() => row.website(), { website: null, websiteDomain: null }),
    aumUsd,
    aumAsOf: field(() => row.date("aumAsOf", today), null),
    checkMinUsd,
    checkMaxUsd,
    assetClasses: field(() => row.list("assetClasses", ASSET_CLASS_OPTIONS, "asset classes"), []),
    stageFocus: field(() => row.list("stageFocus", STAGE_FOCUS_OPTIONS, "stages"), []),
    sectorFocus: field(() => row.list("sectorFocus", SECTOR_FOCUS_OPTIONS, "sectors"), []),
    geoFocus: field(() => row.list("geoFocus", GEO_FOCUS_OPTIONS, "regions"), []),
    acceptsEmerging: field(
      () => row.option("acceptsEmerging", ACCEPTS_EMERGING_OPTIONS, YES_NO_SYNONYMS) ?? "unknown",
      "unknown" as AcceptsEmerging,
    ),
    backsFirstTimeFunds: field(() => row.yesNo("backsFirstTimeFunds"), false),
    mfoModel,
    description: field(() => row.text("description", MAX_DESCRIPTION_LENGTH), null),
  };
  if (name === null || type === null || problems.count > 0) return null;
  return { name, type, ...values };
}

/** The row's contact, or null when every contact cell is blank (an LP without contacts). */
function readContact(row: RowReader, problems: RowProblems): ImportedLpContact | null {
  if (LP_CONTACT_FIELDS.every((field) => row.text(field, Number.POSITIVE_INFINITY) === null)) return null;
  const field = <T>(read: () => T, fallback: T): T => problems.read(read, fallback);
  const firstName = field(() => {
    const value = row.text("contactFirstName", MAX_SHORT_TEXT_LENGTH);
    if (value === null) {
      row.fail(
        `${row.label("contactFirstName")} is empty, but the row names a contact in its other contact columns.`,
      );
    }
    return value;
  }, null);
  const contact = {
    lastName: field(() => row.text("contactLastName", MAX_SHORT_TEXT_LENGTH), null),
    title: field(() => row.text("contactTitle", MAX_SHORT_TEXT_LENGTH), null),
    email: field(() => row.email("contactEmail"), null),
    linkedin: field(() => row.url("contactLinkedin"), null),
  };
  return firstName === null ? null : { firstName, ...contact };
}

/** Other ways files name the LP types, besides their slugs and labels. */
const LP_TYPE_SYNONYMS: Readonly<Record<string, LpType>> = {
  "family office": "single-family-office",
  sfo: "single-family-office",
  mfo: "multi-family-office",
  "high net worth": "hnwi",
  hnw: "hnwi",
  "high net worth individual": "hnwi",
  individual: "hnwi",
  "angel investor": "hnwi",
  fof: "fund-of-funds",
  "funds of funds": "fund-of-funds",
  corporate: "corporate",
  strategic: "corporate",
  "corporate venture": "corporate",
  ria: "ria",
  "asset manager": "ria",
  "registered investment adviser": "ria",
  "registered investment advisor": "ria",
  "wealth manager": "ria",
  pension: "public-pension",
  "pension fund": "public-pension",
  "public pension fund": "public-pension",
  "corporate pension fund": "corporate-pension",
  insurance: "insurance",
  insurer: "insurance",
  government: "government",
  "development finance": "government",
  dfi: "government",
  "sovereign wealth": "sovereign-wealth",
  swf: "sovereign-wealth",
};

const YES_NO_SYNONYMS: Readonly<Record<string, AcceptsEmerging>> = {
  y: "yes",
  true: "yes",
  "1": "yes",
  n: "no",
  false: "no",
  "0": "no",
  "?": "unknown",
  "n/a": "unknown",
  "not known": "unknown",
};

/** Case, spacing and punctuation do not matter when naming a value: "Corporate / strategic" = "corporate-strategic". */
export function lpValueKey(value: string): string {
  return value
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}+?]+/gu, " ")
    .trim();
}

/** Lookups of each vocabulary by value key: slugs and labels, and for some lists their synonyms. */
const optionIndexes = new WeakMap<readonly LpOption[], Map<string, string>>();

function optionIndex(
  options: readonly LpOption[],
  synonyms: Readonly<Record<string, string>>,
): Map<string, string> {
  let index = optionIndexes.get(options);
  if (index === undefined) {
    index = new Map();
    for (const [synonym, slug] of Object.entries(synonyms)) index.set(lpValueKey(synonym), slug);
    for (const { slug, label } of options) {
      index.set(lpValueKey(slug), slug);
      index.set(lpValueKey(label), slug);
    }
    optionIndexes.set(options, index);
  }
  return index;
}

function labelOf(type: LpType): string {
  return LP_TYPE_OPTIONS.find((option) => option.slug === type)?.label ?? type;
}

function knownLabels(options: readonly LpOption[]): string {
  return options.map((option) => option.label).join(", ");
}

const AMOUNT_PATTERN = /^(?:\d+|\d{1,3}(?:,\d{3})+)(?:\.\d+)?$/;
const SCALES: Readonly<Record<string, number>> = { k: 1e3, m: 1e6, mm: 1e6, b: 1e9, bn: 1e9, t: 1e12 };
const ISO_DATE_PATTERN =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;
const US_DATE_PATTERN = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const URL_SCHEME_PATTERN = /^[a-z][a-z0-9+.-]*:\/\//i;
// Dotted labels ending in an alphabetic (or punycode) top-level domain: rules out "N/A", "localhost", IPs.
const HOST_PATTERN =
  /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;
const EMAIL_PATTERN = /^[^\s@",;<>()[\]\\]+@[^\s@",;<>()[\]\\]+\.[^\s@",;<>()[\]\\]+$/;

class RowReader {
  constructor(
    private readonly cells: readonly string[],
    private readonly columns: LpColumns,
  ) {}

  fail(reason: string): never {
    throw new RowProblem(reason);
  }

  /** The file's own header for a field, so a reason points at the column the person sees. */
  label(field: LpImportField): string {
    return this.columns[field]?.header ?? LP_FIELD_HEADERS[field];
  }

  /**
   * The trimmed cell in Unicode NFC (one city is one spelling), or null when the file has no such column or
   * the cell is blank. Longer than `maxLength`, or holding a NUL (which PostgreSQL text cannot store, and
   * which would fail a whole batch's write), the row is rejected.
   */
  text(field: LpImportField, maxLength: number): string | null {
    const column = this.columns[field];
    if (column === undefined) return null;
    const value = (this.cells[column.index] ?? "").trim().normalize("NFC");
    if (value === "") return null;
    if (value.includes("\0")) this.fail(`${this.label(field)} contains a NUL character.`);
    if (value.length > maxLength) {
      this.fail(
        `${this.label(field)} ${show(value)} is longer than ${maxLength.toLocaleString("en-US")} characters.`,
      );
    }
    return value;
  }

  /** One value of a vocabulary, named by its slug, its label or a synonym; null when blank. */
  option<Slug extends string>(
    field: LpImportField,
    options: readonly LpOption<Slug>[],
    synonyms: Readonly<Record<string, Slug>> = {},
  ): Slug | null {
    const value = this.text(field, MAX_SHORT_TEXT_LENGTH);
    if (value === null) return null;
    const slug = optionIndex(options, synonyms).get(lpValueKey(value));
    if (slug === undefined) {
      this.fail(`${this.label(field)} ${show(value)} is not one of: ${knownLabels(options)}.`);
    }
    return slug as Slug;
  }

  /**
   * A list separated by ";" (or ","; no value has a comma): slugs or labels, duplicates dropped, stored in
   * the vocabulary's order so the same set is always the same list. Unknown values are named, all of them.
   */
  list<Slug extends string>(field: LpImportField, options: readonly LpOption<Slug>[], what: string): Slug[] {
    const value = this.text(field, MAX_DESCRIPTION_LENGTH);
    if (value === null) return [];
    const index = optionIndex(options, {});
    const found = new Set<string>();
    const unknown: string[] = [];
    for (const item of value.split(/[;,]/)) {
      const trimmed = item.trim();
      if (trimmed === "") continue;
      const slug = index.get(lpValueKey(trimmed));
      if (slug === undefined) unknown.push(trimmed);
      else found.add(slug);
    }
    if (unknown.length > 0) {
      const named = unknown.slice(0, 5).map(show).join(", ");
      const more = unknown.length > 5 ? ` and ${unknown.length - 5} more` : "";
      this.fail(
        `${this.label(field)} names ${unknown.length === 1 ? "a value that is not one" : "values that are not"} of the known ${what}: ` +
          `${named}${more} (known: ${knownLabels(options)}).`,
      );
    }
    return options.filter((option) => found.has(option.slug)).map((option) => option.slug);
  }

  /** yes/no (true/false, y/n, 1/0); blank is no: "backs first-time funds" means known to. */
  yesNo(field: LpImportField): boolean {
    const value = this.text(field, MAX_SHORT_TEXT_LENGTH);
    if (value === null) return false;
    const key = lpValueKey(value);
    if (key === "yes" || YES_NO_SYNONYMS[key] === "yes") return true;
    if (key === "no" || YES_NO_SYNONYMS[key] === "no") return false;
    return this.fail(`${this.label(field)} ${show(value)} is not yes or no.`);
  }

  /**
   * A whole number of US dollars: "250000000", "250,000,000", "$250,000,000", "250M", "1.5B", "500k"; blank
   * is not disclosed (null).
   */
  amount(field: LpImportField, max: number): number | null {
    const value = this.text(field, MAX_SHORT_TEXT_LENGTH);
    if (value === null) return null;
    const compact = value
      .replace(/\s+/g, "")
      .replace(/^(-?)(?:US)?\$/i, "$1")
      .replace(/^USD/i, "");
    if (compact.startsWith("-")) this.fail(`${this.label(field)} ${show(value)} is negative.`);
    const scaled = /^(.*?)(k|mm|m|bn|b|t)$/i.exec(compact);
    const digits = scaled ? (scaled[1] ?? "") : compact;
    const scale = scaled ? (SCALES[(scaled[2] ?? "").toLowerCase()] ?? 1) : 1;
    if (!AMOUNT_PATTERN.test(digits)) {
      this.fail(
        `${this.label(field)} ${show(value)} is not an amount in USD (expected a number such as 25,000,000 or 25M).`,
      );
    }
    const amount = Math.round(Number(digits.replaceAll(",", "")) * scale);
    if (amount > max) this.fail(`${this.label(field)} ${show(value)} is larger than ${usd(max)}.`);
    return amount;
  }

  /** YYYY-MM-DD (a time after it is ignored) or M/D/YYYY: a real day from 1900 up to `today`. */
  date(field: LpImportField, today: Date): string | null {
    const value = this.text(field, MAX_SHORT_TEXT_LENGTH);
    if (value === null) return null;
    const iso = ISO_DATE_PATTERN.exec(value);
    const us = iso === null ? US_DATE_PATTERN.exec(value) : null;
    const parts = iso ? [iso[1], iso[2], iso[3]] : us ? [us[3], us[1], us[2]] : null;
    const day = parts === null ? null : calendarDay(Number(parts[0]), Number(parts[1]), Number(parts[2]));
    if (day === null)
      this.fail(`${this.label(field)} ${show(value)} is not a valid date (expected YYYY-MM-DD).`);
    if (day < MIN_AUM_DATE) this.fail(`${this.label(field)} ${show(value)} is before ${MIN_AUM_DATE}.`);
    if (day > today.toISOString().slice(0, 10))
      this.fail(`${this.label(field)} ${show(value)} is in the future.`);
    return day;
  }

  /**
   * "fund.example" and "https://www.fund.example/about" are websites; the host (lower case, without "www.")
   * is the import's match key. A value without a scheme is stored with "https://" so the app can link it.
   */
  website(): { website: string | null; websiteDomain: string | null } {
    const value = this.text("website", MAX_URL_LENGTH);
    if (value === null) return { website: null, websiteDomain: null };
    const url = this.httpUrl("website", value);
    const host = url.hostname.toLowerCase().replace(/\.$/, "");
    if (!HOST_PATTERN.test(host))
      this.fail(`${this.label("website")} ${show(value)} is not a website address.`);
    return {
      website: URL_SCHEME_PATTERN.test(value) ? value : `https://${value}`,
      websiteDomain: host.replace(/^www\./, ""),
    };
  }

  /** A web address (a LinkedIn profile): stored as given, with "https://" when it had no scheme. */
  url(field: LpImportField): string | null {
    const value = this.text(field, MAX_URL_LENGTH);
    if (value === null) return null;
    this.httpUrl(field, value);
    return URL_SCHEME_PATTERN.test(value) ? value : `https://${value}`;
  }

  email(field: LpImportField): string | null {
    const value = this.text(field, Number.POSITIVE_INFINITY);
    if (value === null) return null;
    if (value.length > MAX_EMAIL_LENGTH || !EMAIL_PATTERN.test(value)) {
      this.fail(`${this.label(field)} ${show(value)} is not an email address.`);
    }
    return value;
  }

  private httpUrl(field: LpImportField, value: string): URL {
    const invalid = (): never => this.fail(`${this.label(field)} ${show(value)} is not a web address.`);
    if (/\s/.test(value)) invalid();
    let url: URL;
    try {
      url = new URL(URL_SCHEME_PATTERN.test(value) ? value : `https://${value}`);
    } catch {
      return invalid();
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") invalid();
    if (url.username !== "" || url.password !== "") invalid();
    return url;
  }
}

/** YYYY-MM-DD of a real calendar day (no 2023-02-29), or null. */
function calendarDay(year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

function usd(amount: number): string {
  return `$${amount.toLocaleString("en-US")}`;
}

/** A cell value quoted for a reason, cut to a readable length. */
function show(value: string): string {
  const shown = value.length > SHOWN_VALUE_LENGTH ? `${value.slice(0, SHOWN_VALUE_LENGTH)}…` : value;
  return JSON.stringify(shown);
}
