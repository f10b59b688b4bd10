import type { FundingType } from "../funding-types";
import type { FormDOffering } from "./filing";

/**
 * Decision 031: the funding type a Form D offering becomes, among the types the stage filter knows
 * (app/core/funding-types.ts). A Form D names the securities sold, never the stage, so:
 * - equity (with or without debt or options beside it) -> 'Venture - Series Unknown';
 * - debt without equity, sold with a right to acquire shares (the data sets' option/warrant or
 *   "security to be acquired" flags, or a description saying "convertible") -> 'Convertible Note';
 * - other debt -> 'Debt Financing';
 * - anything else (options alone, SAFEs and other types, nothing stated) -> 'Undisclosed'.
 */
export function formDFundingType(
  offering: Pick<FormDOffering, "isEquity" | "isDebt" | "otherSecurityTypes">,
): FundingType {
  if (offering.isEquity) return "Venture - Series Unknown";
  if (offering.isDebt) {
    const convertible = offering.otherSecurityTypes.some((type) =>
      /option|warrant|right to acquire|to be acquired|convertible/i.test(type),
    );
    return convertible ? "Convertible Note" : "Debt Financing";
  }
  return "Undisclosed";
}
