import { headerKey } from "../../companies/crunchbase-columns";
import { duplicateColumnsMessage, missingColumnText } from "../../imports/import-messages";

/**
 * The columns of Crunchbase's funding-rounds CSV export (one row per round) that the rounds import reads
 * (decision 030). Headers match as the companies export's do (crunchbase-columns.ts: case, spaces, hyphens
 * and underscores ignored), both generations: `Money Raised (in USD)` is the older
 * `Money Raised Currency (in USD)`. Other columns are ignored.
 */
export type RoundField =
  | "transactionName"
  | "transactionUrl"
  | "organizationName"
  | "organizationUrl"
  | "organizationWebsite"
  | "fundingType"
  | "moneyRaised"
  | "moneyRaisedCurrency"
  | "moneyRaisedUsd"
  | "announcedDate"
  | "investorCount"
  | "leadInvestors"
  | "investorNames";

/** Each field's name in the current export: what a rejection reason says when the file names it otherwise. */
export const ROUND_FIELD_HEADERS: Readonly<Record<RoundField, string>> = {
  transactionName: "Transaction Name",
  transactionUrl: "Transaction Name URL",
  organizationName: "Organization Name",
  organizationUrl: "Organization Name URL",
  organizationWebsite: "Organization Website",
  fundingType: "Funding Type",
  moneyRaised: "Money Raised",
  moneyRaisedCurrency: "Money Raised Currency",
  moneyRaisedUsd: "Money Raised (in USD)",
  announcedDate: "Announced Date",
  investorCount: "Number of Investors",
  leadInvestors: "Lead Investors",
  investorNames: "Investor Names",
};

/** The spellings accepted beside each field's own header, both export generations. */
const ALIASES: Readonly<Partial<Record<RoundField, readonly string[]>>> = {
  moneyRaisedUsd: ["Money Raised Currency (in USD)", "Money Raised USD"],
  organizationName: ["Organisation Name"],
  organizationWebsite: ["Organization Website URL", "Website"],
  investorNames: ["Investors"],
};

/** Without these a row names no company, or no round: a file lacking one is refused. */
const REQUIRED: readonly RoundField[] = ["organizationName", "fundingType", "announcedDate"];

const FIELD_BY_KEY: ReadonlyMap<string, RoundField> = new Map(
  (Object.keys(ROUND_FIELD_HEADERS) as RoundField[]).flatMap((field) =>
    [ROUND_FIELD_HEADERS[field], ...(ALIASES[field] ?? [])].map((name) => [headerKey(name), field] as const),
  ),
);

/** Where a field sits in the file, and the file's own name for it (rejection reasons quote that name). */
export interface RoundColumnRef {
  index: number;
  header: string;
}

export type RoundColumns = Readonly<Partial<Record<RoundField, RoundColumnRef>>>;

export function resolveRoundHeader(cells: readonly string[]): {
  columns: RoundColumns;
  missingRequired: string[];
  duplicate: string[];
} {
  const columns: Partial<Record<RoundField, RoundColumnRef>> = {};
  const duplicate: string[] = [];
  cells.forEach((raw, index) => {
    const name = raw.trim();
    const field = FIELD_BY_KEY.get(headerKey(name));
    if (field === undefined) return;
    if (columns[field] !== undefined) duplicate.push(name);
    else columns[field] = { index, header: name };
  });
  const missingRequired = REQUIRED.filter((field) => columns[field] === undefined).map(
    (field) => ROUND_FIELD_HEADERS[field],
  );
  return { columns, missingRequired, duplicate };
}

/** Why a header row cannot be imported as a funding-rounds file, or null. */
export function roundHeaderProblem(cells: readonly string[]): string | null {
  const resolved = resolveRoundHeader(cells);
  const [missing] = resolved.missingRequired;
  if (missing !== undefined) {
    return missingColumnText(missing, cells, "is it a Crunchbase funding-rounds CSV export?");
  }
  if (resolved.duplicate.length > 0) return duplicateColumnsMessage(resolved.duplicate);
  return null;
}

/** A file naming more rounds than one import takes. */
export function tooManyRoundsMessage(max: number): string {
  const shown = max.toLocaleString("en-US");
  return `The file names more than ${shown} rounds, more than one import takes; split it into files of at most ${shown} rows.`;
}
