/**
 * docs/product.md#lps: how the header of an LP CSV file maps onto the LP import's fields. The canonical names are the
 * LP export's (lp-csv-columns.ts), so an exported file imports as it is; files from elsewhere (a CRM, a
 * spreadsheet) name columns differently, so a few common synonyms are known too, and matching ignores case,
 * spaces, hyphens, underscores and slashes ("HQ Country", "hq_country" and "HQ-country" meet).
 */
import { LP_CSV_COLUMNS, type LpCsvColumn } from "./lp-csv-columns";

/** The fields an LP import reads: an LP's columns, then its contact's. */
export type LpImportField =
  | "name"
  | "type"
  | "city"
  | "region"
  | "country"
  | "website"
  | "aumUsd"
  | "aumAsOf"
  | "checkMinUsd"
  | "checkMaxUsd"
  | "assetClasses"
  | "stageFocus"
  | "sectorFocus"
  | "geoFocus"
  | "acceptsEmerging"
  | "backsFirstTimeFunds"
  | "mfoModel"
  | "description"
  | "contactFirstName"
  | "contactLastName"
  | "contactTitle"
  | "contactEmail"
  | "contactLinkedin";

/** Each field's canonical header (the export's), in LP_CSV_COLUMNS order. */
export const LP_FIELD_HEADERS = {
  name: "LP Name",
  type: "LP Type",
  city: "HQ City",
  region: "HQ Region",
  country: "HQ Country",
  website: "Website",
  aumUsd: "AUM (USD)",
  aumAsOf: "AUM As Of",
  checkMinUsd: "Check Min (USD)",
  checkMaxUsd: "Check Max (USD)",
  assetClasses: "Asset Classes",
  stageFocus: "Stage Focus",
  sectorFocus: "Sector Focus",
  geoFocus: "Geography Focus",
  acceptsEmerging: "Accepts Emerging Managers",
  backsFirstTimeFunds: "Backs First-Time Funds",
  mfoModel: "MFO Model",
  description: "Description",
  contactFirstName: "Contact First Name",
  contactLastName: "Contact Last Name",
  contactTitle: "Contact Title",
  contactEmail: "Contact Email",
  contactLinkedin: "Contact LinkedIn",
} as const satisfies Record<LpImportField, LpCsvColumn>;

/** The fields of the contact on a row; a row with all of them blank is an LP without a contact. */
export const LP_CONTACT_FIELDS = [
  "contactFirstName",
  "contactLastName",
  "contactTitle",
  "contactEmail",
  "contactLinkedin",
] as const satisfies readonly LpImportField[];

/** Without a name there is nothing to match or store; without a type a new LP cannot be stored. */
export const LP_REQUIRED_FIELDS: readonly LpImportField[] = ["name", "type"];

/** Other spellings accepted besides the canonical header (compared through `lpHeaderKey`). */
const SYNONYMS: Readonly<Partial<Record<LpImportField, readonly string[]>>> = {
  name: ["Name", "LP", "Limited Partner", "Investor Name", "Organization Name", "Organisation Name", "Firm"],
  type: ["Type", "Investor Type", "Organization Type", "LP Category"],
  city: ["City", "Headquarters City", "HQ Location City"],
  region: ["Region", "State", "State/Province", "Headquarters Region", "HQ State"],
  country: ["Country", "Headquarters Country"],
  website: ["Website URL", "URL", "Homepage", "Web"],
  aumUsd: ["AUM", "AUM USD", "Assets Under Management", "Assets Under Management (USD)"],
  aumAsOf: ["AUM Date", "AUM As Of Date", "AUM Date (As Of)"],
  checkMinUsd: ["Check Min", "Check Size Min", "Min Check", "Minimum Check", "Minimum Check (USD)"],
  checkMaxUsd: ["Check Max", "Check Size Max", "Max Check", "Maximum Check", "Maximum Check (USD)"],
  assetClasses: ["Asset Class"],
  stageFocus: ["Stages", "Stage", "Stage Preference"],
  sectorFocus: ["Sectors", "Sector", "Sector Preference"],
  geoFocus: ["Geographic Focus", "Geo Focus", "Geography", "Geographies"],
  acceptsEmerging: ["Accepts Emerging", "Emerging Managers", "Invests In Emerging Managers"],
  backsFirstTimeFunds: ["First-Time Funds", "Backs First Time Funds", "Invests In First-Time Funds"],
  mfoModel: ["MFO", "Multi-Family Office Model"],
  description: ["About", "Notes", "Summary"],
  contactFirstName: ["First Name", "Contact First"],
  contactLastName: ["Last Name", "Contact Last", "Surname"],
  contactTitle: ["Title", "Job Title", "Contact Role", "Role"],
  contactEmail: ["Email", "Email Address", "E-mail", "Contact Email Address"],
  contactLinkedin: ["LinkedIn", "LinkedIn URL", "Contact LinkedIn URL", "LinkedIn Profile"],
};

/**
 * The comparison form of a header: NFKC, lower case, without spaces, hyphens, underscores, slashes, a byte
 * order mark or zero-width characters.
 */
export function lpHeaderKey(header: string): string {
  return header
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[\s_\-/\u200b-\u200d\ufeff]+/g, "");
}

const FIELD_BY_KEY: ReadonlyMap<string, LpImportField> = new Map(
  (Object.keys(LP_FIELD_HEADERS) as LpImportField[]).flatMap((field) =>
    [LP_FIELD_HEADERS[field], ...(SYNONYMS[field] ?? [])].map((name) => [lpHeaderKey(name), field] as const),
  ),
);

/** Where a field sits in the file, and the file's own name for it (reasons quote that name). */
export interface LpColumnRef {
  index: number;
  header: string;
}

export type LpColumns = Readonly<Partial<Record<LpImportField, LpColumnRef>>>;

export interface ResolvedLpHeader {
  columns: LpColumns;
  /** Canonical headers of required fields no column provides. */
  missingRequired: string[];
  /** Headers of columns that provide a field an earlier column already provides. */
  duplicate: string[];
  /** Headers that map to no field (left alone by the import). */
  ignored: string[];
}

/** Maps a CSV header row onto the LP import's fields. */
export function resolveLpHeader(header: readonly string[]): ResolvedLpHeader {
  const columns: Partial<Record<LpImportField, LpColumnRef>> = {};
  const duplicate: string[] = [];
  const ignored: string[] = [];
  header.forEach((raw, index) => {
    const name = raw.trim();
    const field = FIELD_BY_KEY.get(lpHeaderKey(name));
    if (field === undefined) ignored.push(name);
    else if (columns[field] !== undefined) duplicate.push(name);
    else columns[field] = { index, header: name };
  });
  const missingRequired = LP_REQUIRED_FIELDS.filter((field) => columns[field] === undefined).map(
    (field) => LP_FIELD_HEADERS[field],
  );
  return { columns, missingRequired, duplicate, ignored };
}

/** Whether the file has any contact column (a file of LPs alone never replaces stored contacts). */
export function hasContactColumns(columns: LpColumns): boolean {
  return LP_CONTACT_FIELDS.some((field) => columns[field] !== undefined);
}

// The export's header is the canonical one: every canonical name must resolve to its own field.
if (new Set(Object.values(LP_FIELD_HEADERS)).size !== LP_CSV_COLUMNS.length) {
  throw new Error("lp-import-columns: LP_FIELD_HEADERS and LP_CSV_COLUMNS disagree");
}
