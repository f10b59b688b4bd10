import { checkLength, MAX_NAME_LENGTH } from "./crunchbase-cells";
import { investorNameKey } from "./investor-match";
import { RowProblem } from "./row-problems";

/**
 * decision 030: how an import reads a cell of investor names (the rounds export's Investor Names and Lead
 * Investors, the companies export's Top 5 Investors and Lead Investors). One rule for both importers.
 */

/** An investor a row names: as spelled (the first spelling of its key), and whether it led. */
export interface RowInvestor {
  name: string;
  nameKey: string;
  isLead: boolean;
}

/** The most investors a row may name: far above a real round, low enough to keep a batch's links bounded. */
export const MAX_ROW_INVESTORS = 500;

/** What Crunchbase's list separator splits off a name that has a comma in it ("Acme Ventures, LLC"). */
const NAME_SUFFIX = /^(?:l\.?l\.?c\.?|inc\.?|ltd\.?|l\.?p\.?|llp|plc|gmbh|ag|s\.?a\.?|co\.?|corp\.?)$/i;

/**
 * A comma-separated list of names, trimmed, blanks dropped; a part that is only a company suffix ("LLC",
 * "L.P.") belongs to the name before it. `label` names the column in a rejection reason.
 */
export function investorNameList(value: string, label: string): string[] {
  const parts: string[] = [];
  for (const raw of value.split(",")) {
    const part = raw.trim();
    if (part === "") continue;
    const previous = parts.length - 1;
    if (previous >= 0 && NAME_SUFFIX.test(part)) parts[previous] = `${parts[previous]}, ${part}`;
    else parts.push(checkLength(part, label, MAX_NAME_LENGTH));
  }
  return parts;
}

/**
 * The investors a row names: each once (by investor name key), in file order (the investors, then the leads
 * the list omits), spelled the shortest way the row spells it ("Sequoia Capital", not "SEQUOIA CAPITAL FUND
 * XV, L.P."): a new investor takes that name. A lead is marked wherever it is listed. More than
 * MAX_ROW_INVESTORS rejects the row.
 */
export function namedInvestors(investorNames: string[], leadNames: string[], label: string): RowInvestor[] {
  const leads = new Set(leadNames.map(investorNameKey));
  const byKey = new Map<string, RowInvestor>();
  for (const name of [...investorNames, ...leadNames]) {
    const nameKey = investorNameKey(name);
    if (nameKey === "") continue;
    const known = byKey.get(nameKey);
    if (known === undefined) byKey.set(nameKey, { name, nameKey, isLead: leads.has(nameKey) });
    else if (name.length < known.name.length) known.name = name;
  }
  if (byKey.size > MAX_ROW_INVESTORS) {
    throw new RowProblem(
      `${label} names ${byKey.size} investors; a row may name at most ${MAX_ROW_INVESTORS}.`,
    );
  }
  return [...byKey.values()];
}
