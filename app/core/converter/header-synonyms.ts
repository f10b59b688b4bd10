import { LEAD_FIELDS, type Lead, type LeadField } from "./lead";

/**
 * Which lead field each column of an uploaded file holds, read from its header row
 * (docs/product.md#converter: recognised columns map automatically, the rest by hand).
 *
 * Knows the Roundlist export's headers, both Crunchbase export generations (the older one appended
 * "Currency" to the USD amounts and spelled "First Name" / "Linkedin"), and the spellings other tools and
 * people use ("E-mail", "Company", "Website URL", ...). Matching ignores case, spaces, hyphens, underscores,
 * dots, a byte order mark and zero-width characters, so "E-mail", "e_mail" and "EMAIL" meet.
 *
 * A header it does not know is reported, not guessed: the page's manual mapping decides. "Name" is left
 * unknown on purpose: in a leads file it is as often the company as the person.
 */
const SYNONYMS: Readonly<Record<LeadField, readonly string[]>> = {
  organizationName: [
    "Organization Name",
    "Organisation Name",
    "Organization",
    "Organisation",
    "Company Name",
    "Company",
    "Account Name",
  ],
  description: ["Description", "Short Description", "Company Description"],
  fullDescription: ["Full Description", "Long Description"],
  industries: ["Industries", "Industry"],
  industryGroups: ["Industry Groups", "Industry Group"],
  headquartersLocation: ["Headquarters Location", "HQ Location", "Location", "Headquarters"],
  headquartersRegions: ["Headquarters Regions", "Headquarters Region", "HQ Regions"],
  firstName: ["First name", "First Name", "Founder First Name", "Given Name", "Firstname"],
  lastName: ["Last name", "Last Name", "Founder Last Name", "Surname", "Family Name", "Lastname"],
  founders: ["Founders", "Founder", "Founder Names", "Founder Name"],
  role: ["Role", "Title", "Job Title", "Position"],
  email: ["Email", "Email Address", "E-mail", "E-mail Address", "Mail", "Work Email", "Founder Email"],
  contactEmail: ["Contact Email", "Contact Email Address", "Company Email", "General Email"],
  website: ["Website", "Website URL", "Homepage URL", "Homepage", "Company Website", "URL", "Web", "Domain"],
  // "LinkedIn" is the company's page in Roundlist and Crunchbase files; a plain "LinkedIn URL" may be either
  // and is left to the manual mapping (docs/product.md#converter: never a company page in a person's field).
  linkedin: [
    "LinkedIn",
    "Company LinkedIn",
    "Company LinkedIn URL",
    "Company LinkedIn Page",
    "LinkedIn Company Page",
    "Organization LinkedIn URL",
  ],
  lastFundingAmountUsd: [
    "Last Funding Amount (in USD)",
    "Last Funding Amount Currency (in USD)",
    "Last Funding Amount USD",
  ],
  lastFundingAmount: ["Last Funding Amount"],
  lastFundingCurrency: ["Last Funding Amount Currency", "Last Funding Currency"],
  lastFundingDate: ["Last Funding Date", "Funding Date", "Announced Date"],
  lastFundingType: ["Last Funding Type", "Funding Type", "Funding Round", "Round", "Stage"],
  totalFundingAmountUsd: [
    "Total Funding Amount (in USD)",
    "Total Funding Amount Currency (in USD)",
    "Total Funding Amount USD",
    "Total Funding (USD)",
  ],
  emailStatus: ["Email Status", "Email Verification Status", "Verification Status"],
  emailVerifiedAt: ["Email Verified At", "Email Last Verified", "Last Verified At"],
  fullName: ["Full Name", "Contact Name", "Person Name", "Contact Full Name", "Lead Name"],
  personLinkedin: [
    "Person LinkedIn URL",
    "Person LinkedIn",
    "Contact LinkedIn URL",
    "Contact LinkedIn",
    "LinkedIn Profile",
    "LinkedIn Profile URL",
    "Founder LinkedIn",
    "Founder LinkedIn URL",
  ],
};

/** The comparison form of a header (see the module comment). */
export function headerKey(header: string): string {
  return header
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[\s_\-.\u200b-\u200d\ufeff]+/g, "");
}

const FIELD_BY_KEY: ReadonlyMap<string, LeadField> = new Map(
  LEAD_FIELDS.flatMap((field) => SYNONYMS[field].map((synonym) => [headerKey(synonym), field] as const)),
);

/** The lead field a header names, or null when it is not one the converter knows. */
export function fieldForHeader(header: string): LeadField | null {
  return FIELD_BY_KEY.get(headerKey(header)) ?? null;
}

/** A column of the file: its position and its header as written. */
export interface FileColumn {
  index: number;
  header: string;
}

/** Which column holds each lead field (a manual mapping starts from this and overrides entries). */
export type ColumnMapping = Readonly<Partial<Record<LeadField, number>>>;

export interface HeaderMapping {
  columns: ColumnMapping;
  /** Columns whose header names no lead field: what a manual mapping offers to assign. */
  unrecognised: FileColumn[];
  /** Columns naming a field an earlier column already provides (the first one wins). */
  duplicates: Array<FileColumn & { field: LeadField }>;
}

/** Maps a file's header row onto lead fields. */
export function mapHeaders(headers: readonly string[]): HeaderMapping {
  const columns: Partial<Record<LeadField, number>> = {};
  const unrecognised: FileColumn[] = [];
  const duplicates: Array<FileColumn & { field: LeadField }> = [];
  headers.forEach((raw, index) => {
    const header = raw.trim();
    const field = fieldForHeader(header);
    if (field === null) unrecognised.push({ index, header });
    else if (columns[field] !== undefined) duplicates.push({ index, header, field });
    else columns[field] = index;
  });
  return { columns, unrecognised, duplicates };
}

/** Whether some column can give a lead an address (the founder's or the company's): without one, no tool takes the file. */
export function hasEmailColumn(columns: ColumnMapping): boolean {
  return columns.email !== undefined || columns.contactEmail !== undefined;
}

/** One parsed record of the file as a lead, through a mapping; works row by row, keeps nothing. */
export function leadFromRecord(record: readonly string[], columns: ColumnMapping): Lead {
  const lead: Partial<Record<LeadField, string>> = {};
  for (const field of LEAD_FIELDS) {
    const index = columns[field];
    if (index === undefined) continue;
    const value = record[index];
    if (value !== undefined && value !== "") lead[field] = value;
  }
  return lead;
}
