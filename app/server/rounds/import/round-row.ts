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
  showValue,
} from "../../../core/crunchbase-cells";
import {
  investorNameList,
  MAX_ROW_INVESTORS,
  namedInvestors,
  type RowInvestor,
} from "../../../core/investor-names";
import { RowProblem, RowProblems } from "../../../core/row-problems";
import { ROUND_FIELD_HEADERS, type RoundColumns, type RoundField } from "./round-columns";

export type { RowInvestor };

/** A round as one row of a funding-rounds file describes it. */
export interface ImportedRound {
  /** The round's Crunchbase URL (Transaction Name URL): its source key and source URL; null when blank. */
  sourceKey: string | null;
  organizationName: string;
  /** lower(trim(name)), as companies.name_key. */
  nameKey: string;
  websiteDomain: string | null;
  fundingType: string | null;
  announcedOn: string | null;
  amountUsd: number | null;
  amount: number | null;
  currency: string | null;
  investorCount: number | null;
  /** Distinct by name key, in file order (the investors, then leads it did not list). */
  investors: RowInvestor[];
}

export type ParsedRound = { ok: true; round: ImportedRound } | { ok: false; reason: string };

/** The most investors a row may name (core/investor-names.ts). */
export const MAX_ROUND_INVESTORS = MAX_ROW_INVESTORS;
const MAX_URL_LENGTH = 2_000;
/** Smallint: Number of Investors is stored as stated. */
const MAX_INVESTOR_COUNT = 32_767;

/**
 * Validates one data row of a funding-rounds file (docs/product.md#imports): every problem of the row is
 * named, as in the companies import; the amount, currency, date, website and length rules are theirs
 * (core/crunchbase-cells.ts).
 */
export function parseRoundRow(cells: readonly string[], columns: RoundColumns, today: Date): ParsedRound {
  const problems = new RowProblems();
  const text = (field: RoundField): string | null => {
    const column = columns[field];
    if (column === undefined) return null;
    const value = (cells[column.index] ?? "").trim().normalize("NFC");
    if (value === "") return null;
    if (value.includes("\0")) throw new RowProblem(`${label(field)} contains a NUL character.`);
    return value;
  };
  const label = (field: RoundField) => columns[field]?.header ?? ROUND_FIELD_HEADERS[field];
  const read = <T>(field: RoundField, parse: (value: string, name: string) => T): T | null =>
    problems.read(() => {
      const value = text(field);
      return value === null ? null : parse(value, label(field));
    }, null);

  const organizationName = problems.read(() => {
    const name = text("organizationName");
    if (name === null) throw new RowProblem(`${label("organizationName")} is empty.`);
    return checkLength(name, label("organizationName"), MAX_NAME_LENGTH);
  }, null);
  const sourceKey = read("transactionUrl", (value, name) => checkLength(value, name, MAX_URL_LENGTH));
  const website = read("organizationWebsite", parseWebsite);
  const fundingType = read("fundingType", (value, name) => checkLength(value, name, MAX_FUNDING_TYPE_LENGTH));
  const amount = read("moneyRaised", (value, name) => parseAmount(value, name, MAX_CURRENCY_AMOUNT, false));
  const currency = read("moneyRaisedCurrency", parseCurrency);
  const amountUsd = read("moneyRaisedUsd", (value, name) => parseAmount(value, name, MAX_USD_AMOUNT, true));
  const announcedOn = read("announcedDate", (value, name) => parseFundingDate(value, name, today));
  const investorCount = read("investorCount", parseCount);
  const investorNames = read("investorNames", investorNameList) ?? [];
  const leadNames = read("leadInvestors", investorNameList) ?? [];
  const investors = problems.read(() => namedInvestors(investorNames, leadNames, label("investorNames")), []);

  const reason = problems.reason();
  if (reason !== null || organizationName === null) {
    return { ok: false, reason: reason ?? "the row could not be read" };
  }
  return {
    ok: true,
    round: {
      sourceKey,
      organizationName,
      nameKey: organizationName.toLowerCase(),
      websiteDomain: website?.websiteDomain ?? null,
      fundingType,
      announcedOn,
      amountUsd,
      amount,
      currency,
      investorCount,
      investors,
    },
  };
}

function parseCount(value: string, name: string): number {
  const plain = value.replaceAll(",", "");
  if (!/^\d+$/.test(plain) || Number(plain) > MAX_INVESTOR_COUNT) {
    throw new RowProblem(`${name} ${showValue(value)} is not a number of investors.`);
  }
  return Number(plain);
}
