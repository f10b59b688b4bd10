/**
 * The lead the converter (docs/product.md#converter) works on, one row of a file at a time.
 *
 * The fields are those of a Roundlist company export (COMPANY_CSV_HEADERS in
 * app/server/companies/crunchbase-columns.ts, named the same way), plus `fullName` for files that hold one
 * person's name in one column ("Full Name", "Contact Name"), and `personLinkedin` for a person's LinkedIn
 * profile: neither Roundlist nor Crunchbase writes those.
 * `app/core` may not import from `app/server`, so the list is repeated here; lead.test.ts (tests may cross
 * the layers) keeps the two in step.
 *
 * Every value is text, exactly as a CSV parser or the export's `::text` columns give it: the converter reads
 * a row, writes a row and keeps nothing, so it never has to know a column's database type.
 */

/**
 * The lead fields, in the Roundlist export's column order, then `fullName` and `personLinkedin`. `linkedin` is
 * the company's LinkedIn page (the Roundlist and Crunchbase "LinkedIn" column); `personLinkedin` is a person's
 * profile, which only a file that names one provides: targets keep the two apart (docs/product.md#converter).
 */
export const LEAD_FIELDS = [
  "organizationName",
  "description",
  "fullDescription",
  "industries",
  "industryGroups",
  "headquartersLocation",
  "headquartersRegions",
  "firstName",
  "lastName",
  "founders",
  "role",
  "email",
  "contactEmail",
  "website",
  "linkedin",
  "lastFundingAmountUsd",
  "lastFundingAmount",
  "lastFundingCurrency",
  "lastFundingDate",
  "lastFundingType",
  "totalFundingAmountUsd",
  "fullName",
  "personLinkedin",
  // decision 032: the Email's status and when it was established (the export's Email Status columns).
  "emailStatus",
  "emailVerifiedAt",
] as const;

export type LeadField = (typeof LEAD_FIELDS)[number];

/** One lead: a value per field the file provides; a missing key and an empty string mean the same. */
export type Lead = Readonly<Partial<Record<LeadField, string>>>;

/**
 * A field's name for people: the Roundlist export's own header where it has one, so a report ("12 rows have
 * no Last name") uses the words the user sees in their file.
 */
export const LEAD_FIELD_LABELS: Readonly<Record<LeadField, string>> = {
  organizationName: "Organization Name",
  description: "Description",
  fullDescription: "Full Description",
  industries: "Industries",
  industryGroups: "Industry Groups",
  headquartersLocation: "Headquarters Location",
  headquartersRegions: "Headquarters Regions",
  firstName: "First name",
  lastName: "Last name",
  founders: "Founders",
  role: "Role",
  email: "Email",
  contactEmail: "Contact Email",
  website: "Website",
  linkedin: "LinkedIn",
  lastFundingAmountUsd: "Last Funding Amount (in USD)",
  lastFundingAmount: "Last Funding Amount",
  lastFundingCurrency: "Last Funding Currency",
  lastFundingDate: "Last Funding Date",
  lastFundingType: "Last Funding Type",
  totalFundingAmountUsd: "Total Funding Amount (in USD)",
  fullName: "Full name",
  personLinkedin: "Person LinkedIn",
  emailStatus: "Email Status",
  emailVerifiedAt: "Email Verified At",
};

/** A field's value with surrounding white space removed; "" when the lead has none. */
export function leadValue(lead: Lead, field: LeadField): string {
  return lead[field]?.trim() ?? "";
}
