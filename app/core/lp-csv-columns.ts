/**
 * docs/product.md#lps: the columns of an LP CSV file, shared by the LP export (one row per contact) and the LP import
 * (which reads the same shape back), so a file exported from Roundlist imports unchanged. LP columns are
 * repeated on each of its contacts' rows; an LP without contacts is one row with the contact columns empty.
 * Lists (asset classes, focus) are separated by "; " and hold labels (the import also takes slugs).
 */
export const LP_CSV_COLUMNS = [
  "LP Name",
  "LP Type",
  "HQ City",
  "HQ Region",
  "HQ Country",
  "Website",
  "AUM (USD)",
  "AUM As Of",
  "Check Min (USD)",
  "Check Max (USD)",
  "Asset Classes",
  "Stage Focus",
  "Sector Focus",
  "Geography Focus",
  "Accepts Emerging Managers",
  "Backs First-Time Funds",
  "MFO Model",
  "Description",
  "Contact First Name",
  "Contact Last Name",
  "Contact Title",
  "Contact Email",
  "Contact LinkedIn",
] as const;

export type LpCsvColumn = (typeof LP_CSV_COLUMNS)[number];

/** The separator of a list value in one cell ("Venture capital; Buyout"). */
export const LP_CSV_LIST_SEPARATOR = "; ";
