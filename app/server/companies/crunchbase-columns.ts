/**
 * The columns of a Crunchbase company CSV export and how a file's header maps onto them.
 * Crunchbase renamed some columns over the years ("Last Funding Amount Currency (in USD)" became
 * "Last Funding Amount (in USD)"), and spreadsheets re-case headers, so matching ignores case, spaces,
 * hyphens and underscores, and knows both generations plus a few common aliases.
 */

/**
 * The fields an import reads, keyed by their name in the companies table; the last three are read into the
 * company's investors and stated round count (decision 030, the companies import).
 */
export type CrunchbaseField =
  | "organizationName"
  | "description"
  | "fullDescription"
  | "industries"
  | "industryGroups"
  | "headquartersLocation"
  | "headquartersRegions"
  | "firstName"
  | "lastName"
  | "founders"
  | "role"
  | "email"
  | "contactEmail"
  | "website"
  | "linkedin"
  | "lastFundingAmountUsd"
  | "lastFundingAmount"
  | "lastFundingCurrency"
  | "lastFundingDate"
  | "lastFundingType"
  | "totalFundingAmountUsd"
  | "leadInvestors"
  | "topInvestors"
  | "numberOfFundingRounds";

/**
 * The public names of the company fields (docs/product.md#data), in export order (the CSV export writes these
 * headers). "Last Funding Amount" is the round in its own currency, named by "Last Funding Currency" right
 * after it (decision 027: the one column added to the original list).
 */
export const COMPANY_CSV_HEADERS = [
  "Organization Name",
  "Description",
  "Full Description",
  "Industries",
  "Industry Groups",
  "Headquarters Location",
  "Headquarters Regions",
  "First name",
  "Last name",
  "Founders",
  "Role",
  "Email",
  "Contact Email",
  "Website",
  "LinkedIn",
  "Last Funding Amount (in USD)",
  "Last Funding Amount",
  "Last Funding Currency",
  "Last Funding Date",
  "Last Funding Type",
  "Total Funding Amount (in USD)",
] as const;

export type CompanyCsvHeader = (typeof COMPANY_CSV_HEADERS)[number];

/**
 * decision 030: the columns an export writes after the spec's, unchanged before them: the investors who led
 * any of the company's rounds, every investor, and the number of rounds (Crunchbase's own names); then
 * (decision 031) where the last round came from, with its page (core/round-source.ts sourceCell).
 */
export const COMPANY_EXPORT_EXTRA_HEADERS = [
  "Lead Investors",
  "Investors",
  "Number of Funding Rounds",
  "Source",
  // decision 032: the Email's status (valid, accept_all, invalid, disposable, role, unknown, bounced), when it
  // was established (ISO 8601, UTC) and where the address came from (imported, pattern, reported).
  "Email Status",
  "Email Verified At",
  "Email Source",
] as const;
export const COMPANY_EXPORT_HEADERS = [...COMPANY_CSV_HEADERS, ...COMPANY_EXPORT_EXTRA_HEADERS] as const;
/**
 * docs/product.md#export, one row per person: the same columns (First name, Last name, Role and Email the
 * person's own), then the person's LinkedIn profile (the company's page stays in LinkedIn).
 */
export const PERSON_LINKEDIN_HEADER = "Person LinkedIn";
export const PERSON_EXPORT_HEADERS = [...COMPANY_EXPORT_HEADERS, PERSON_LINKEDIN_HEADER] as const;

/** Each public header with the field it holds, in export order. */
/** The fields the spec's columns hold: all but the investors and the round count (decision 030). */
export type CompanyCsvField = Exclude<
  CrunchbaseField,
  "leadInvestors" | "topInvestors" | "numberOfFundingRounds"
>;

export const COMPANY_CSV_COLUMNS: ReadonlyArray<{ header: CompanyCsvHeader; field: CompanyCsvField }> = [
  { header: "Organization Name", field: "organizationName" },
  { header: "Description", field: "description" },
  { header: "Full Description", field: "fullDescription" },
  { header: "Industries", field: "industries" },
  { header: "Industry Groups", field: "industryGroups" },
  { header: "Headquarters Location", field: "headquartersLocation" },
  { header: "Headquarters Regions", field: "headquartersRegions" },
  { header: "First name", field: "firstName" },
  { header: "Last name", field: "lastName" },
  { header: "Founders", field: "founders" },
  { header: "Role", field: "role" },
  { header: "Email", field: "email" },
  { header: "Contact Email", field: "contactEmail" },
  { header: "Website", field: "website" },
  { header: "LinkedIn", field: "linkedin" },
  { header: "Last Funding Amount (in USD)", field: "lastFundingAmountUsd" },
  { header: "Last Funding Amount", field: "lastFundingAmount" },
  { header: "Last Funding Currency", field: "lastFundingCurrency" },
  { header: "Last Funding Date", field: "lastFundingDate" },
  { header: "Last Funding Type", field: "lastFundingType" },
  { header: "Total Funding Amount (in USD)", field: "totalFundingAmountUsd" },
];

/** How the older Crunchbase export generation spells the public headers it names differently. */
export const OLDER_GENERATION_HEADERS: Readonly<Partial<Record<CompanyCsvHeader, string>>> = {
  "Last Funding Amount (in USD)": "Last Funding Amount Currency (in USD)",
  "Total Funding Amount (in USD)": "Total Funding Amount Currency (in USD)",
  "First name": "First Name",
  "Last name": "Last Name",
  LinkedIn: "Linkedin",
};

/** The name a rejection reason uses for a field the file does not name itself. */
export const FIELD_LABELS: Readonly<Record<CrunchbaseField, string>> = {
  ...(Object.fromEntries(COMPANY_CSV_COLUMNS.map(({ header, field }) => [field, header])) as Record<
    CompanyCsvField,
    string
  >),
  leadInvestors: "Lead Investors",
  topInvestors: "Top 5 Investors",
  numberOfFundingRounds: "Number of Funding Rounds",
};

/** Fields a file must have: without a name there is nothing to store or match on. */
export const REQUIRED_FIELDS: readonly CrunchbaseField[] = ["organizationName"];

/**
 * Accepted header spellings per field, written readably; they are compared through `headerKey`.
 * The older export generation appended "Currency" to the USD columns; the plain "... Currency" column
 * holds the round's ISO currency code. Crunchbase's own "Total Funding Amount" (in the round currency)
 * has no field here, so it is ignored like every other unknown column.
 */
const HEADER_ALIASES: Readonly<Record<CrunchbaseField, readonly string[]>> = {
  organizationName: ["Organization Name", "Organisation Name", "Organization", "Company Name", "Company"],
  description: ["Description", "Short Description"],
  fullDescription: ["Full Description", "Long Description"],
  industries: ["Industries", "Industry"],
  industryGroups: ["Industry Groups", "Industry Group"],
  headquartersLocation: ["Headquarters Location", "HQ Location", "Location"],
  headquartersRegions: ["Headquarters Regions", "Headquarters Region", "HQ Regions"],
  firstName: ["First name", "First Name", "Founder First Name"],
  lastName: ["Last name", "Last Name", "Founder Last Name"],
  founders: ["Founders", "Founder", "Founder Names"],
  role: ["Role", "Title", "Job Title"],
  email: ["Email", "Email Address", "E-mail"],
  contactEmail: ["Contact Email", "Contact Email Address"],
  website: ["Website", "Website URL", "Homepage URL", "Homepage"],
  linkedin: ["LinkedIn", "Linkedin", "LinkedIn URL", "LinkedIn Profile"],
  lastFundingAmountUsd: [
    "Last Funding Amount (in USD)",
    "Last Funding Amount Currency (in USD)",
    "Last Funding Amount USD",
  ],
  lastFundingAmount: ["Last Funding Amount"],
  lastFundingCurrency: ["Last Funding Amount Currency", "Last Funding Currency"],
  lastFundingDate: ["Last Funding Date"],
  lastFundingType: ["Last Funding Type"],
  totalFundingAmountUsd: [
    "Total Funding Amount (in USD)",
    "Total Funding Amount Currency (in USD)",
    "Total Funding Amount USD",
  ],
  // Crunchbase's own names; an export of ours writes every investor under "Investors" (decision 030).
  leadInvestors: ["Lead Investors", "Lead Investor"],
  topInvestors: ["Top 5 Investors", "Investors", "Top Investors"],
  numberOfFundingRounds: ["Number of Funding Rounds", "Funding Rounds"],
};

/**
 * The comparison form of a header: lower case without spaces, hyphens, underscores, a byte order mark or
 * zero-width characters, so "Last Funding Amount (in USD)", "last_funding_amount(in usd)" and "LinkedIn" /
 * "Linkedin" meet.
 */
export function headerKey(header: string): string {
  return header
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[\s_\-\u200b-\u200d\ufeff]+/g, "");
}

const FIELD_BY_KEY: ReadonlyMap<string, CrunchbaseField> = new Map(
  (Object.entries(HEADER_ALIASES) as Array<[CrunchbaseField, readonly string[]]>).flatMap(
    ([field, aliases]) => aliases.map((alias) => [headerKey(alias), field] as const),
  ),
);

/** Where a field sits in the file, and the file's own name for it (rejection reasons quote that name). */
export interface ColumnRef {
  index: number;
  header: string;
}

export type CrunchbaseColumns = Readonly<Partial<Record<CrunchbaseField, ColumnRef>>>;

export interface ResolvedHeader {
  columns: CrunchbaseColumns;
  /** Public names of required fields no column provides. */
  missingRequired: string[];
  /** Headers of columns that provide a field an earlier column already provides. */
  duplicate: string[];
  /** Headers that map to no field (Crunchbase's CB Rank, Phone Number, Organization Name URL, ...). */
  ignored: string[];
}

/** Maps a CSV header row onto the company fields. */
export function resolveHeader(header: readonly string[]): ResolvedHeader {
  const columns: Partial<Record<CrunchbaseField, ColumnRef>> = {};
  const duplicate: string[] = [];
  const ignored: string[] = [];
  header.forEach((raw, index) => {
    const name = raw.trim();
    const field = FIELD_BY_KEY.get(headerKey(name));
    if (field === undefined) ignored.push(name);
    else if (columns[field] !== undefined) duplicate.push(name);
    else columns[field] = { index, header: name };
  });
  const missingRequired = REQUIRED_FIELDS.filter((field) => columns[field] === undefined).map(
    (field) => FIELD_LABELS[field],
  );
  return { columns, missingRequired, duplicate, ignored };
}
