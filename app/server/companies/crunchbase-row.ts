import { parseHeadquartersLocation } from "../../core/location";
import { RowProblem, RowProblems } from "../../core/row-problems";
import type { NewCompanyRow } from "../db/schema";
import { type CrunchbaseColumns, type CrunchbaseField, FIELD_LABELS } from "./crunchbase-columns";

// search_text and suppressed are kept by database triggers, never written by the app; the rounds summary's
// inputs and keys are the one writer's (decision 030).
type ImportedKeys = Exclude<
  keyof NewCompanyRow,
  | "id"
  | "slug"
  | "searchText"
  | "suppressed"
  | "createdAt"
  | "updatedAt"
  | "roundRecordedAt"
  | "statedTotalUsd"
  | "statedRoundCount"
  | "fundingRoundCount"
  | "investorKeys"
  | "lastRoundLeadIds"
  | "lastRoundId"
>;

/** A company as one CSV row describes it: every column of the table except id, slug, search text and timestamps. */
export type ImportedCompany = { [K in ImportedKeys]-?: Exclude<NewCompanyRow[K], undefined> };

export type ParsedRow = { ok: true; company: ImportedCompany } | { ok: false; reason: string };

export const MAX_NAME_LENGTH = 200;
export const MAX_FUNDING_TYPE_LENGTH = 100;
/** A trillion dollars: far above any real round, low enough to catch a mangled number. */
export const MAX_USD_AMOUNT = 1e12;
/** Amounts in a round's own currency run higher (a large round in IDR or KRW passes 1e12). */
export const MAX_CURRENCY_AMOUNT = 1e15;
export const MIN_FUNDING_DATE = "1900-01-01";
const MAX_WEBSITE_LENGTH = 2_000;
const MAX_EMAIL_LENGTH = 254;
/** Values quoted in a rejection reason are cut here, so one huge cell cannot bloat a report. */
const SHOWN_VALUE_LENGTH = 40;

/**
 * Validates and converts one data row of a Crunchbase CSV (cells in file order) into a company.
 * `today` bounds Last Funding Date: at most one year after it. A rejected row's reason names every problem
 * of the row (docs/product.md#imports).
 */
export function parseCrunchbaseRow(
  cells: readonly string[],
  columns: CrunchbaseColumns,
  today: Date = new Date(),
): ParsedRow {
  const problems = new RowProblems();
  const company = readCompany(new RowReader(cells, columns), problems, today);
  const reason = problems.reason();
  if (company === null || reason !== null)
    return { ok: false, reason: reason ?? "the row could not be read" };
  return { ok: true, company };
}

/** Each field read on its own (`problems.read`), so one bad cell does not hide the next; null when any failed. */
function readCompany(row: RowReader, problems: RowProblems, today: Date): ImportedCompany | null {
  const field = <T>(read: () => T, fallback: T): T => problems.read(read, fallback);
  const organizationName = field(() => {
    const name = row.text("organizationName");
    if (name === null) row.fail(`${row.label("organizationName")} is empty.`);
    if (name.length > MAX_NAME_LENGTH) {
      row.fail(
        `${row.label("organizationName")} ${show(name)} is longer than ${MAX_NAME_LENGTH} characters.`,
      );
    }
    return name;
  }, null);
  const lastFundingType = field(() => {
    const type = row.text("lastFundingType");
    if (type !== null && type.length > MAX_FUNDING_TYPE_LENGTH) {
      row.fail(
        `${row.label("lastFundingType")} ${show(type)} is longer than ${MAX_FUNDING_TYPE_LENGTH} characters.`,
      );
    }
    return type;
  }, null);
  const headquartersLocation = field(() => row.text("headquartersLocation"), null);
  const founders = field(() => row.text("founders"), null);
  const { firstName, lastName } = personName(
    field(() => row.text("firstName"), null),
    field(() => row.text("lastName"), null),
    founders,
  );
  const values = {
    description: field(() => row.text("description"), null),
    fullDescription: field(() => row.text("fullDescription"), null),
    industries: field(() => row.list("industries"), []),
    industryGroups: field(() => row.list("industryGroups"), []),
    headquartersRegions: field(() => row.list("headquartersRegions"), []),
    role: field(() => row.text("role"), null),
    email: field(() => row.email("email"), null),
    contactEmail: field(() => row.email("contactEmail"), null),
    ...field(() => row.website(), { website: null, websiteDomain: null }),
    linkedin: field(() => row.text("linkedin"), null),
    lastFundingAmountUsd: field(() => row.amount("lastFundingAmountUsd", MAX_USD_AMOUNT, true), null),
    lastFundingAmount: field(() => row.amount("lastFundingAmount", MAX_CURRENCY_AMOUNT, false), null),
    lastFundingCurrency: field(() => row.currency("lastFundingCurrency"), null),
    lastFundingDate: field(() => row.date("lastFundingDate", today), null),
    totalFundingAmountUsd: field(() => row.amount("totalFundingAmountUsd", MAX_USD_AMOUNT, true), null),
  };
  if (organizationName === null || problems.count > 0) return null;
  return {
    organizationName,
    nameKey: organizationName.toLowerCase(),
    headquartersLocation,
    ...parseHeadquartersLocation(headquartersLocation),
    firstName,
    lastName,
    founders,
    lastFundingType,
    ...values,
  };
}

/**
 * The lead founder's name. Crunchbase organization exports have a Founders list but no First/Last name
 * columns, so when both are empty they come from the first founder ("Jane Doe, John Smith" -> Jane / Doe).
 * When only one is given, the other is left empty rather than mixed with a possibly different person.
 */
function personName(
  firstName: string | null,
  lastName: string | null,
  founders: string | null,
): { firstName: string | null; lastName: string | null } {
  if (firstName !== null || lastName !== null || founders === null) return { firstName, lastName };
  const lead = founders.split(",")[0]?.trim() ?? "";
  const [first, ...rest] = lead.split(/\s+/).filter((part) => part !== "");
  return { firstName: first ?? null, lastName: rest.length > 0 ? rest.join(" ") : null };
}

const AMOUNT_PATTERN = /^(?:\d+|\d{1,3}(?:,\d{3})+)(?:\.\d+)?$/;
const ISO_DATE_PATTERN =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;
const US_DATE_PATTERN = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const URL_SCHEME_PATTERN = /^[a-z][a-z0-9+.-]*:\/\//i;
// Dotted labels ending in an alphabetic (or punycode) top-level domain: rules out "N/A", "localhost", IPs.
const HOST_PATTERN =
  /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;
const EMAIL_PATTERN = /^[^\s@",;<>()[\]\\]+@[^\s@",;<>()[\]\\]+\.[^\s@",;<>()[\]\\]+$/;
const CURRENCY_PATTERN = /^[A-Z]{3}$/;

class RowReader {
  constructor(
    private readonly cells: readonly string[],
    private readonly columns: CrunchbaseColumns,
  ) {}

  fail(reason: string): never {
    throw new RowProblem(reason);
  }

  /** The file's own header for a field, so a reason points at the column the person sees. */
  label(field: CrunchbaseField): string {
    return this.columns[field]?.header ?? FIELD_LABELS[field];
  }

  /**
   * The trimmed cell in Unicode NFC, or null when the file has no such column or the cell is blank. Every
   * value of a row is read here, so a decomposed "Zu\u0308rich" is stored as "Zürich": one city, not two,
   * and the one a search's location filter names (search params arrive NFC: app/core/search-params.ts).
   */
  text(field: CrunchbaseField): string | null {
    const column = this.columns[field];
    if (column === undefined) return null;
    const value = (this.cells[column.index] ?? "").trim().normalize("NFC");
    if (value === "") return null;
    // PostgreSQL text cannot hold NUL: reject the row here rather than fail the whole batch's write.
    if (value.includes("\0")) this.fail(`${this.label(field)} contains a NUL character.`);
    return value;
  }

  /** A comma-separated list: trimmed, blanks dropped, duplicates (ignoring case) dropped. */
  list(field: CrunchbaseField): string[] {
    const value = this.text(field);
    if (value === null) return [];
    const seen = new Set<string>();
    const items: string[] = [];
    for (const item of splitList(value)) {
      const key = item.toLowerCase();
      if (item === "" || seen.has(key)) continue;
      seen.add(key);
      items.push(item);
    }
    return items;
  }

  /** "1,000,000", "$1,000,000" and "1000000.00" are amounts; blank is null. USD amounts round to dollars. */
  amount(field: CrunchbaseField, max: number, roundToInteger: boolean): number | null {
    const value = this.text(field);
    if (value === null) return null;
    const compact = value.replace(/\s+/g, "");
    // "$-5" and "-$5" both become "-5"; the dollar sign is optional.
    const plain = compact.replace(/^(-?)\$/, "$1");
    if (plain.startsWith("-") && AMOUNT_PATTERN.test(plain.slice(1))) {
      this.fail(`${this.label(field)} ${show(value)} is negative.`);
    }
    if (!AMOUNT_PATTERN.test(plain)) {
      this.fail(
        `${this.label(field)} ${show(value)} is not an amount (expected a number such as 1,000,000).`,
      );
    }
    const amount = Number(plain.replaceAll(",", ""));
    const result = roundToInteger ? Math.round(amount) : amount;
    if (result > max) {
      this.fail(`${this.label(field)} ${show(value)} is larger than ${max.toLocaleString("en-US")}.`);
    }
    return result;
  }

  currency(field: CrunchbaseField): string | null {
    const value = this.text(field);
    if (value === null) return null;
    const code = value.toUpperCase();
    if (!CURRENCY_PATTERN.test(code)) {
      this.fail(`${this.label(field)} ${show(value)} is not a 3-letter currency code such as USD.`);
    }
    return code;
  }

  /** YYYY-MM-DD (a time after it is ignored) or M/D/YYYY, as a real day from 1900 to a year from today. */
  date(field: CrunchbaseField, today: Date): string | null {
    const value = this.text(field);
    if (value === null) return null;
    const iso = ISO_DATE_PATTERN.exec(value);
    const us = iso === null ? US_DATE_PATTERN.exec(value) : null;
    const parts = iso ? [iso[1], iso[2], iso[3]] : us ? [us[3], us[1], us[2]] : null;
    const day = parts === null ? null : calendarDay(Number(parts[0]), Number(parts[1]), Number(parts[2]));
    if (day === null)
      this.fail(`${this.label(field)} ${show(value)} is not a valid date (expected YYYY-MM-DD).`);
    if (day < MIN_FUNDING_DATE)
      this.fail(`${this.label(field)} ${show(value)} is before ${MIN_FUNDING_DATE}.`);
    if (day > latestFundingDate(today)) {
      this.fail(`${this.label(field)} ${show(value)} is more than a year in the future.`);
    }
    return day;
  }

  /**
   * "acme.com" and "https://www.acme.com/path" are websites; the domain (lower case, without "www.") is the
   * import's match key. A value without a scheme is stored with "https://" so the app can link to it.
   */
  website(): { website: string | null; websiteDomain: string | null } {
    const value = this.text("website");
    if (value === null) return { website: null, websiteDomain: null };
    const invalid = () => this.fail(`${this.label("website")} ${show(value)} is not a website address.`);
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

  email(field: CrunchbaseField): string | null {
    const value = this.text(field);
    if (value === null) return null;
    if (value.length > MAX_EMAIL_LENGTH || !EMAIL_PATTERN.test(value)) {
      this.fail(`${this.label(field)} ${show(value)} is not an email address.`);
    }
    return value;
  }
}

/** Crunchbase list values that contain commas themselves; splitting keeps them whole. */
const NAMES_WITH_COMMAS = ["Europe, Middle East, and Africa (EMEA)"].map((name) =>
  name.split(",").map((part) => part.trim().toLowerCase()),
);

/** Splits on commas and trims, re-joining the parts of a known name that has commas in it. */
function splitList(value: string): string[] {
  const parts = value.split(",").map((part) => part.trim());
  const items: string[] = [];
  for (let index = 0; index < parts.length; index++) {
    const known = NAMES_WITH_COMMAS.find((name) =>
      name.every((word, offset) => parts[index + offset]?.toLowerCase() === word),
    );
    const length = known?.length ?? 1;
    items.push(parts.slice(index, index + length).join(", "));
    index += length - 1;
  }
  return items;
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

/** A cell value quoted for a reason, cut to a readable length. */
function show(value: string): string {
  const shown = value.length > SHOWN_VALUE_LENGTH ? `${value.slice(0, SHOWN_VALUE_LENGTH)}…` : value;
  return JSON.stringify(shown);
}

/**
 * The table fields an import of a file with these columns sets. An update writes only these, so a file
 * without, say, a Full Description column leaves the stored descriptions alone instead of blanking them.
 */
export function importedFields(columns: CrunchbaseColumns): ImportedKeys[] {
  const has = (field: CrunchbaseField) => columns[field] !== undefined;
  const fields: ImportedKeys[] = [];
  const add = (when: boolean, ...keys: ImportedKeys[]) => {
    if (when) fields.push(...keys);
  };
  add(has("organizationName"), "organizationName", "nameKey");
  add(has("description"), "description");
  add(has("fullDescription"), "fullDescription");
  add(has("industries"), "industries");
  add(has("industryGroups"), "industryGroups");
  add(has("headquartersLocation"), "headquartersLocation", "city", "region", "country");
  add(has("headquartersRegions"), "headquartersRegions");
  // The founders fallback fills both names, so a Founders column provides them too.
  add(has("firstName") || has("founders"), "firstName");
  add(has("lastName") || has("founders"), "lastName");
  add(has("founders"), "founders");
  add(has("role"), "role");
  add(has("email"), "email");
  add(has("contactEmail"), "contactEmail");
  add(has("website"), "website", "websiteDomain");
  add(has("linkedin"), "linkedin");
  add(has("lastFundingAmountUsd"), "lastFundingAmountUsd");
  add(has("lastFundingAmount"), "lastFundingAmount");
  add(has("lastFundingCurrency"), "lastFundingCurrency");
  add(has("lastFundingDate"), "lastFundingDate");
  add(has("lastFundingType"), "lastFundingType");
  add(has("totalFundingAmountUsd"), "totalFundingAmountUsd");
  return fields;
}
