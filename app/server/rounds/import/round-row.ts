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
import { investorNameKey } from "../../../core/investor-match";
import { RowProblem, RowProblems } from "../../../core/row-problems";
import { ROUND_FIELD_HEADERS, type RoundColumns, type RoundField } from "./round-columns";

/** An investor a row names: as spelled (the first spelling of its key), and whether it led the round. */
export interface RowInvestor {
  name: string;
  nameKey: string;
  isLead: boolean;
}

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

/** The most investors a row may name: far above a real round, low enough to keep a batch's links bounded. */
export const MAX_ROUND_INVESTORS = 500;
const MAX_URL_LENGTH = 2_000;
/** Smallint: Number of Investors is stored as stated. */
const MAX_INVESTOR_COUNT = 32_767;
/** What Crunchbase's list separator splits off a name that has a comma in it ("Acme Ventures, LLC"). */
const NAME_SUFFIX = /^(?:l\.?l\.?c\.?|inc\.?|ltd\.?|l\.?p\.?|llp|plc|gmbh|ag|s\.?a\.?|co\.?|corp\.?)$/i;

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
  const investorNames = read("investorNames", names) ?? [];
  const leadNames = read("leadInvestors", names) ?? [];
  const investors = problems.read(() => roundInvestors(investorNames, leadNames, label("investorNames")), []);

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

/**
 * A comma-separated list of names, trimmed, blanks dropped; a part that is only a company suffix ("LLC",
 * "L.P.") belongs to the name before it.
 */
function names(value: string, name: string): string[] {
  const parts: string[] = [];
  for (const raw of value.split(",")) {
    const part = raw.trim();
    if (part === "") continue;
    const previous = parts.length - 1;
    if (previous >= 0 && NAME_SUFFIX.test(part)) parts[previous] = `${parts[previous]}, ${part}`;
    else parts.push(checkLength(part, name, MAX_NAME_LENGTH));
  }
  return parts;
}

/** The round's investors: each name once (by investor name key), a lead also when Investor Names omits it. */
function roundInvestors(investorNames: string[], leadNames: string[], label: string): RowInvestor[] {
  const leads = new Set(leadNames.map(investorNameKey));
  const byKey = new Map<string, RowInvestor>();
  for (const name of [...investorNames, ...leadNames]) {
    const nameKey = investorNameKey(name);
    if (nameKey === "" || byKey.has(nameKey)) continue;
    byKey.set(nameKey, { name, nameKey, isLead: leads.has(nameKey) });
  }
  if (byKey.size > MAX_ROUND_INVESTORS) {
    throw new RowProblem(
      `${label} names ${byKey.size} investors; a round may name at most ${MAX_ROUND_INVESTORS}.`,
    );
  }
  return [...byKey.values()];
}
