import {
  checkLength,
  MAX_CURRENCY_AMOUNT,
  MAX_FUNDING_TYPE_LENGTH,
  MAX_NAME_LENGTH,
  MAX_USD_AMOUNT,
  parseAmount,
  parseCurrency,
  parseFundingDate,
  parseWebsite,
  showValue as show,
} from "../../core/crunchbase-cells";
import { investorNameList, namedInvestors, type RowInvestor } from "../../core/investor-names";
import { parseHeadquartersLocation } from "../../core/location";
import { RowProblem, RowProblems } from "../../core/row-problems";
import type { NewCompanyRow } from "../db/schema";
import { type CrunchbaseColumns, type CrunchbaseField, FIELD_LABELS } from "./crunchbase-columns";

// search_text and suppressed are kept by database triggers, never written by the app; the rounds summary's
// keys are the one writer's (decision 030). Number of Funding Rounds is read into stated_round_count; Total
// Funding into total_funding_amount_usd, which the writer stores as the stated total.
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
  | "fundingRoundCount"
  | "investorKeys"
  | "lastRoundLeadIds"
  | "lastRoundId"
  | "cik"
  // decision 032: copies of the address's status, kept by the database.
  | "emailStatus"
  | "emailCheckedAt"
  | "emailSource"
>;

/** A company as one CSV row describes it: every column of the table except id, slug, search text and timestamps. */
export type ImportedCompany = { [K in ImportedKeys]-?: Exclude<NewCompanyRow[K], undefined> };

/**
 * A valid row: the company, and the investors its Top 5 Investors and Lead Investors name (null when the
 * file has neither column: the company's investors stay as they are).
 */
export type ParsedRow =
  | { ok: true; company: ImportedCompany; investors: RowInvestor[] | null }
  | { ok: false; reason: string };

/** Number of Funding Rounds: a whole number, at most this. */
const MAX_ROUND_COUNT = 1_000;

// The cell rules shared with the funding-rounds import live in core/crunchbase-cells.ts.
export {
  MAX_CURRENCY_AMOUNT,
  MAX_FUNDING_TYPE_LENGTH,
  MAX_NAME_LENGTH,
  MAX_USD_AMOUNT,
  MIN_FUNDING_DATE,
} from "../../core/crunchbase-cells";

const MAX_EMAIL_LENGTH = 254;

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
  const reader = new RowReader(cells, columns);
  const company = readCompany(reader, problems, today);
  const investors = readInvestors(reader, columns, problems);
  const reason = problems.reason();
  if (company === null || reason !== null)
    return { ok: false, reason: reason ?? "the row could not be read" };
  return { ok: true, company, investors };
}

/** decision 030: Top 5 Investors and Lead Investors, each name once, leads marked; null without either column. */
function readInvestors(
  row: RowReader,
  columns: CrunchbaseColumns,
  problems: RowProblems,
): RowInvestor[] | null {
  if (columns.topInvestors === undefined && columns.leadInvestors === undefined) return null;
  const list = (field: "topInvestors" | "leadInvestors") =>
    problems.read(() => {
      const value = row.text(field);
      return value === null ? [] : investorNameList(value, row.label(field));
    }, []);
  const top = list("topInvestors");
  const leads = list("leadInvestors");
  return problems.read(() => namedInvestors(top, leads, row.label("topInvestors")), []);
}

/** Each field read on its own (`problems.read`), so one bad cell does not hide the next; null when any failed. */
function readCompany(row: RowReader, problems: RowProblems, today: Date): ImportedCompany | null {
  const field = <T>(read: () => T, fallback: T): T => problems.read(read, fallback);
  const organizationName = field(() => {
    const name = row.text("organizationName");
    if (name === null) row.fail(`${row.label("organizationName")} is empty.`);
    return checkLength(name, row.label("organizationName"), MAX_NAME_LENGTH);
  }, null);
  const lastFundingType = field(() => {
    const type = row.text("lastFundingType");
    return type === null ? null : checkLength(type, row.label("lastFundingType"), MAX_FUNDING_TYPE_LENGTH);
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
    statedRoundCount: field(() => row.count("numberOfFundingRounds", MAX_ROUND_COUNT), null),
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

const EMAIL_PATTERN = /^[^\s@",;<>()[\]\\]+@[^\s@",;<>()[\]\\]+\.[^\s@",;<>()[\]\\]+$/;

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
    return parseAmount(value, this.label(field), max, roundToInteger);
  }

  /** A whole number from 0 to `max` ("12", "1,000"); blank is null. */
  count(field: CrunchbaseField, max: number): number | null {
    const value = this.text(field);
    if (value === null) return null;
    const plain = value.replaceAll(",", "");
    if (!/^\d+$/.test(plain) || Number(plain) > max) {
      this.fail(`${this.label(field)} ${show(value)} is not a number of rounds.`);
    }
    return Number(plain);
  }

  currency(field: CrunchbaseField): string | null {
    const value = this.text(field);
    if (value === null) return null;
    return parseCurrency(value, this.label(field));
  }

  /** YYYY-MM-DD (a time after it is ignored) or M/D/YYYY, as a real day from 1900 to a year from today. */
  date(field: CrunchbaseField, today: Date): string | null {
    const value = this.text(field);
    if (value === null) return null;
    return parseFundingDate(value, this.label(field), today);
  }

  /**
   * "acme.com" and "https://www.acme.com/path" are websites; the domain (lower case, without "www.") is the
   * import's match key. A value without a scheme is stored with "https://" so the app can link to it.
   */
  website(): { website: string | null; websiteDomain: string | null } {
    const value = this.text("website");
    if (value === null) return { website: null, websiteDomain: null };
    return parseWebsite(value, this.label("website"));
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
  add(has("numberOfFundingRounds"), "statedRoundCount");
  return fields;
}
