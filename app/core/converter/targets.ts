import type { CsvDelimiter } from "../csv";
import type { LeadField } from "./lead";

/**
 * The import formats of CRMs and cold-email tools, as data (docs/product.md#converter; why: decision 016).
 *
 * Each target is a plain object (it can travel to the browser as JSON for the preview), so a transform is
 * named rather than a function; convert.ts gives the names their meaning. Every target cites the vendor page
 * its column names come from; where the page could not be read, the comment says so and says what the
 * names rest on instead.
 */

/**
 * How a column's value is made from its source field (convert.ts):
 * - firstName / lastName / fullName: the lead's person (its own names, else a full name or the first founder, split);
 * - email: the lead's address (the founder's, else the company's), trimmed and lower-cased; "" if not an address;
 * - domain: the bare domain of the website;
 * - amount: a plain number; date: YYYY-MM-DD;
 * - city / region / country: a part of the headquarters location;
 * - firstItem: the first of a comma-separated list (one industry reads best in an email);
 * - personLinkedin: a person's LinkedIn profile, never an organization's page (docs/product.md#converter).
 */
export type Transform =
  | "firstName"
  | "lastName"
  | "fullName"
  | "email"
  | "domain"
  | "amount"
  | "date"
  | "city"
  | "region"
  | "country"
  | "firstItem"
  | "personLinkedin";

export interface TargetColumn {
  /** The header written to the file, exactly as the target's importer names the field. */
  header: string;
  /** The lead field the value comes from (also what a report names when it is missing). */
  from: LeadField;
  transform?: Transform;
  /** Characters kept at most (the target rejects longer values). */
  maxLength?: number;
  /**
   * Not one of the target's standard fields: a custom variable for personalization (cold-email tools) or a
   * custom property/attribute the user creates while mapping (CRMs). The page says so next to the download.
   */
  custom?: true;
}

export type TargetId =
  | "hubspot-contacts"
  | "salesforce-leads"
  | "pipedrive"
  | "apollo-contacts"
  | "instantly"
  | "lemlist"
  | "smartlead"
  | "attio-people"
  | "close"
  | "excel-eu";

/**
 * What one row of an export stands for (docs/product.md#export): a company (its primary contact in the contact
 * columns), or one of its people (decision 030 §4).
 */
export type RowsPer = "company" | "person";

export interface Target {
  id: TargetId;
  /** The tool's name, as buttons show it ("Export for HubSpot"). */
  name: string;
  columns: readonly TargetColumn[];
  /** Lead fields every row must have (after the transforms); a row without one is reported, not written. */
  required: readonly LeadField[];
  /** Lead fields of which a row must have at least one (a documented "one of" rule). */
  requiredAnyOf?: readonly LeadField[];
  delimiter: CsvDelimiter;
  /** Start the file with a UTF-8 byte order mark (only for Excel: importers may read it as part of the first header). */
  bom: boolean;
  /** Data rows one file may hold (the header row not counted); null when the vendor documents no limit. */
  maxRowsPerFile: number | null;
  /**
   * "person" for a tool that imports one contact per row: an export to it writes one row per person of each
   * company (docs/product.md#export). Absent: one row per company, unless the user asks for one per person.
   */
  rowsPer?: RowsPer;
  /** The vendor's import instructions, for the page's "next step" link. */
  helpUrl: string;
  note?: string;
}

/**
 * docs/product.md#converter: a person's LinkedIn field takes a person's profile only (personLinkedin, which an
 * organization's page never passes); the company's page (Roundlist's LinkedIn column) goes to a column that
 * names the company.
 */
function personLinkedin(header: string, custom?: true): TargetColumn {
  return custom
    ? { header, from: "personLinkedin", transform: "personLinkedin", custom }
    : { header, from: "personLinkedin", transform: "personLinkedin" };
}

/** Excel's worksheet holds 1,048,576 rows, the header row among them. */
const EXCEL_MAX_DATA_ROWS = 1_048_575;

/**
 * HubSpot contacts.
 * Sources: https://knowledge.hubspot.com/import-and-export/set-up-your-import-file (header row, one column per
 * property, matched to property names; UTF-8; 1,048,576 rows per file on paid plans, 20 MB on free; its
 * example file's headers are "First Name", "Last Name", "Email Address") and
 * https://developers.hubspot.com/docs-beta/crm/contacts (a contact needs at least one of email, firstname,
 * lastname; email is the primary unique identifier). The other headers are HubSpot's default contact property
 * labels (Job Title, Company Name, Website URL, City, State/Region, Country/Region); the labels page
 * (knowledge.hubspot.com/properties/hubspots-default-contact-properties) was only found in Japanese, so those
 * labels are not confirmed word for word (HubSpot's mapping step shows any that it does not match).
 */
const HUBSPOT: Target = {
  id: "hubspot-contacts",
  name: "HubSpot",
  columns: [
    { header: "First Name", from: "firstName", transform: "firstName" },
    { header: "Last Name", from: "lastName", transform: "lastName" },
    { header: "Email Address", from: "email", transform: "email" },
    { header: "Job Title", from: "role" },
    { header: "Company Name", from: "organizationName" },
    { header: "Website URL", from: "website" },
    { header: "City", from: "headquartersLocation", transform: "city" },
    { header: "State/Region", from: "headquartersLocation", transform: "region" },
    { header: "Country/Region", from: "headquartersLocation", transform: "country" },
    personLinkedin("LinkedIn URL", true),
    { header: "Company LinkedIn URL", from: "linkedin", custom: true },
    { header: "Industries", from: "industries", custom: true },
    { header: "Last Funding Type", from: "lastFundingType", custom: true },
    { header: "Last Funding Amount (USD)", from: "lastFundingAmountUsd", transform: "amount", custom: true },
    { header: "Last Funding Date", from: "lastFundingDate", transform: "date", custom: true },
    {
      header: "Total Funding Amount (USD)",
      from: "totalFundingAmountUsd",
      transform: "amount",
      custom: true,
    },
  ],
  required: [],
  requiredAnyOf: ["email", "firstName", "lastName"],
  delimiter: ",",
  bom: false,
  maxRowsPerFile: EXCEL_MAX_DATA_ROWS,
  rowsPer: "person",
  helpUrl: "https://knowledge.hubspot.com/import-and-export/set-up-your-import-file",
  note: "Create the custom properties (LinkedIn URL, Company LinkedIn URL, funding) while mapping, or leave them unmapped. Free HubSpot accounts take files up to 20 MB.",
};

/**
 * Salesforce leads, Data Import Wizard.
 * Source: https://help.salesforce.com/s/articleView?id=xcloud.field_mapping_for_importing_leads.htm ("label the
 * columns in your import file to match the Salesforce Lead fields": Company, First Name and Last Name (not
 * together with Full Name), Email, City, Country, Industry, Description, Lead Source, ... were read there;
 * the rows after "Record Owner" (where Title, Website and State/Province sit) were cut off in the copy read,
 * so those three are the Lead object's standard field labels, unconfirmed on that page). Required: Last
 * Name and Company (developers.explorium.ai/docs/mandatory-fields; developer.salesforce.com sales lead
 * mapping marks Company required). 50,000 records per import:
 * https://help.salesforce.com/s/articleView?id=sales.sales_core_import_csv.htm (which also says the "Import
 * from File" flow reads UTF-8 only). Description holds 32,000 characters (Lead field reference).
 * Custom fields must exist in Salesforce before an import, so funding columns are left out.
 */
const SALESFORCE: Target = {
  id: "salesforce-leads",
  name: "Salesforce",
  columns: [
    { header: "First Name", from: "firstName", transform: "firstName" },
    { header: "Last Name", from: "lastName", transform: "lastName" },
    { header: "Company", from: "organizationName" },
    { header: "Email", from: "email", transform: "email" },
    { header: "Title", from: "role" },
    { header: "Website", from: "website" },
    { header: "City", from: "headquartersLocation", transform: "city" },
    { header: "State/Province", from: "headquartersLocation", transform: "region" },
    { header: "Country", from: "headquartersLocation", transform: "country" },
    { header: "Industry", from: "industries", transform: "firstItem" },
    { header: "Description", from: "description", maxLength: 32_000 },
  ],
  required: ["lastName", "organizationName"],
  delimiter: ",",
  bom: false,
  maxRowsPerFile: 50_000,
  rowsPer: "person",
  helpUrl: "https://help.salesforce.com/s/articleView?id=xcloud.field_mapping_for_importing_leads.htm",
  note: "Set the Lead Source for the whole file on the wizard's first page.",
};

/**
 * Pipedrive, people with their organizations in one file.
 * Sources: https://support.pipedrive.com/en/article/importing-mandatory-fields (a person needs a person
 * name; "if the names are separated by first and last name into separate columns, map the first name and
 * last name fields"), https://support.pipedrive.com/en/article/import-fields (fields grouped as Person,
 * Organization, ...; default fields are those in Settings > Data fields) and
 * https://support.pipedrive.com/hc/pt-br/articles/208039595 (numbers without currency symbols). The
 * "Person - Name" / "Organization - Name" header form is how Pipedrive labels fields in its spreadsheet
 * exports (getcapt.com/blog/pipedrive-import-csv, a third party): Pipedrive's own pages do not list
 * header spellings, its mapping step matches by field name. Limits (50 MB, 50,000 rows) come from a
 * Pipedrive partner's page (pd.surpass-star.com/1254400), not from Pipedrive.
 * "Person - Job title" and "Organization - Website" assume the default fields of current accounts (Job title,
 * Website); older accounts may lack them, and the mapping step then shows them unmatched.
 * Custom fields must be created under Data fields first, so funding columns are left out.
 */
const PIPEDRIVE: Target = {
  id: "pipedrive",
  name: "Pipedrive",
  columns: [
    { header: "Person - First name", from: "firstName", transform: "firstName" },
    { header: "Person - Last name", from: "lastName", transform: "lastName" },
    { header: "Person - Email", from: "email", transform: "email" },
    { header: "Person - Job title", from: "role" },
    { header: "Organization - Name", from: "organizationName" },
    { header: "Organization - Address", from: "headquartersLocation" },
    { header: "Organization - Website", from: "website" },
  ],
  required: ["fullName"],
  delimiter: ",",
  bom: false,
  maxRowsPerFile: 50_000,
  rowsPer: "person",
  helpUrl: "https://support.pipedrive.com/en/article/importing-mandatory-fields",
};

/**
 * Apollo contacts.
 * Source: https://knowledge.apollo.io/hc/en-us/articles/4409161532045 ("Import a CSV of Contacts": at least
 * one of Company Name, Company Website, Contact LinkedIn URL, Contact Email; First Name and Last Name
 * recommended; website as "the domain only, without www. or any prefixes"; multi-select values separated by
 * ";"; avoid files over 10,000 rows). City, State, Country and the title field are Apollo default contact
 * fields (https://knowledge.apollo.io/hc/en-us/articles/20336914916365: "Primary Title" in one version of
 * the page, "Current job" in another, so the header "Title" relies on the mapping step). "Company LinkedIn
 * URL" is the company's page (Apollo exports name it so; its import page does not list it, so it also relies
 * on the mapping step); "Contact LinkedIn URL" is the person's profile only.
 */
const APOLLO: Target = {
  id: "apollo-contacts",
  name: "Apollo",
  columns: [
    { header: "First Name", from: "firstName", transform: "firstName" },
    { header: "Last Name", from: "lastName", transform: "lastName" },
    { header: "Title", from: "role" },
    { header: "Company Name", from: "organizationName" },
    { header: "Company Website", from: "website", transform: "domain" },
    { header: "Contact Email", from: "email", transform: "email" },
    personLinkedin("Contact LinkedIn URL"),
    { header: "Company LinkedIn URL", from: "linkedin" },
    { header: "City", from: "headquartersLocation", transform: "city" },
    { header: "State", from: "headquartersLocation", transform: "region" },
    { header: "Country", from: "headquartersLocation", transform: "country" },
  ],
  required: [],
  requiredAnyOf: ["organizationName", "website", "personLinkedin", "email"],
  delimiter: ",",
  bom: false,
  maxRowsPerFile: 10_000,
  rowsPer: "person",
  helpUrl: "https://knowledge.apollo.io/hc/en-us/articles/4409161532045",
};

/**
 * The personalization variables every cold-email target carries, named in the tool's own style; and
 * (decision 032) the address's status and the day it was checked, so a sequence can leave out accept-all or
 * unknown addresses: the tools document no email-status field of their own, so these are custom variables.
 */
function fundingVariables(names: {
  round: string;
  amount: string;
  date: string;
  industry: string;
  city: string;
  emailStatus: string;
  emailVerifiedAt: string;
}): TargetColumn[] {
  return [
    { header: names.round, from: "lastFundingType", custom: true },
    { header: names.amount, from: "lastFundingAmountUsd", transform: "amount", custom: true },
    { header: names.date, from: "lastFundingDate", transform: "date", custom: true },
    { header: names.industry, from: "industries", transform: "firstItem", custom: true },
    { header: names.city, from: "headquartersLocation", transform: "city", custom: true },
    { header: names.emailStatus, from: "emailStatus", custom: true },
    { header: names.emailVerifiedAt, from: "emailVerifiedAt", transform: "date", custom: true },
  ];
}

/**
 * Instantly.
 * Source: https://developer.instantly.ai/api-reference/lead/add-leads-in-bulk-to-a-campaign-or-list (lead
 * fields email, first_name, last_name, company_name, website, phone, personalization, custom_variables;
 * a lead added to a campaign must have an email; blocklisted and duplicate leads are skipped). Instantly's
 * CSV upload help page could not be read, so the headers are those API field names, and every other column
 * is a custom variable ({{funding_round}} in a sequence). No CSV row limit is documented.
 */
const INSTANTLY: Target = {
  id: "instantly",
  name: "Instantly",
  columns: [
    { header: "email", from: "email", transform: "email" },
    { header: "first_name", from: "firstName", transform: "firstName" },
    { header: "last_name", from: "lastName", transform: "lastName" },
    { header: "company_name", from: "organizationName" },
    { header: "website", from: "website" },
    { header: "job_title", from: "role", custom: true },
    personLinkedin("linkedin_url", true),
    { header: "company_linkedin_url", from: "linkedin", custom: true },
    ...fundingVariables({
      round: "funding_round",
      amount: "funding_amount_usd",
      date: "funding_date",
      industry: "industry",
      city: "city",
      emailStatus: "email_status",
      emailVerifiedAt: "email_verified_at",
    }),
  ],
  required: ["email"],
  delimiter: ",",
  bom: false,
  maxRowsPerFile: null,
  rowsPer: "person",
  helpUrl: "https://developer.instantly.ai/api-reference/lead/add-leads-in-bulk-to-a-campaign-or-list",
};

/**
 * lemlist.
 * Source: https://developer.lemlist.com/api-reference/objects-definitions/lead (lead fields email,
 * firstName, lastName, companyName, phone, linkedinUrl, picture, icebreaker, timezone). lemlist's CSV import
 * help page could not be read, so the headers are those field names; other columns become custom variables
 * ({{fundingRound}}), named in lemlist's camelCase. No CSV row limit is documented.
 */
const LEMLIST: Target = {
  id: "lemlist",
  name: "lemlist",
  columns: [
    { header: "email", from: "email", transform: "email" },
    { header: "firstName", from: "firstName", transform: "firstName" },
    { header: "lastName", from: "lastName", transform: "lastName" },
    { header: "companyName", from: "organizationName" },
    personLinkedin("linkedinUrl"),
    { header: "jobTitle", from: "role", custom: true },
    { header: "companyDomain", from: "website", transform: "domain", custom: true },
    { header: "companyLinkedinUrl", from: "linkedin", custom: true },
    ...fundingVariables({
      round: "fundingRound",
      amount: "fundingAmountUsd",
      date: "fundingDate",
      industry: "industry",
      city: "city",
      emailStatus: "emailStatus",
      emailVerifiedAt: "emailVerifiedAt",
    }),
  ],
  required: ["email"],
  delimiter: ",",
  bom: false,
  maxRowsPerFile: null,
  rowsPer: "person",
  helpUrl: "https://developer.lemlist.com/api-reference/objects-definitions/lead",
};

/**
 * Smartlead.
 * Sources: https://api.smartlead.ai/guides/lead-management (lead fields email, first_name, last_name,
 * company_name, location, plus a custom_fields object used as {{field_name}} in sequences; imports check the
 * block list, unsubscribes and other campaigns) and docs.getcargo.ai/integration/smartlead (a third party:
 * phone_number, website, linkedin_profile, company_url). Smartlead's CSV upload help page could not be read,
 * so the headers are those API field names. No CSV row limit is documented.
 */
const SMARTLEAD: Target = {
  id: "smartlead",
  name: "Smartlead",
  columns: [
    { header: "email", from: "email", transform: "email" },
    { header: "first_name", from: "firstName", transform: "firstName" },
    { header: "last_name", from: "lastName", transform: "lastName" },
    { header: "company_name", from: "organizationName" },
    { header: "website", from: "website" },
    personLinkedin("linkedin_profile"),
    { header: "company_linkedin_url", from: "linkedin", custom: true },
    { header: "location", from: "headquartersLocation" },
    { header: "job_title", from: "role", custom: true },
    ...fundingVariables({
      round: "funding_round",
      amount: "funding_amount_usd",
      date: "funding_date",
      industry: "industry",
      city: "city",
      emailStatus: "email_status",
      emailVerifiedAt: "email_verified_at",
    }),
  ],
  required: ["email"],
  delimiter: ",",
  bom: false,
  maxRowsPerFile: null,
  rowsPer: "person",
  helpUrl: "https://api.smartlead.ai/guides/lead-management",
};

/**
 * Attio, People object.
 * Sources: https://attio.com/help/reference/imports-exports/import-data-into-attio-via-csv (one object per
 * import; include the object's required attributes and a unique one: email addresses for people, domains for
 * companies; attributes can be created inside the importer) and
 * https://attio.com/help/reference/imports-exports/csv-import-formatting-guide (dates ISO YYYY-MM-DD by
 * default; plain numbers). Attribute titles from https://docs.attio.com/docs/standard-objects/standard-objects-people
 * (Email addresses, Name with first and last parts, Job title, Description, LinkedIn; Companies: Domains).
 * People have no required attribute, so nothing is required; rows without an email import but cannot be
 * matched or enriched. "Company" is a relationship matched by the company's domain, so "Company domain" is
 * the column to map to it; the name column is for a text attribute if wanted. No row limit is documented.
 */
const ATTIO: Target = {
  id: "attio-people",
  name: "Attio",
  columns: [
    { header: "Email addresses", from: "email", transform: "email" },
    { header: "First name", from: "firstName", transform: "firstName" },
    { header: "Last name", from: "lastName", transform: "lastName" },
    { header: "Job title", from: "role" },
    personLinkedin("LinkedIn"),
    { header: "Company", from: "organizationName", custom: true },
    { header: "Company LinkedIn", from: "linkedin", custom: true },
    { header: "Company domain", from: "website", transform: "domain" },
    { header: "Primary location", from: "headquartersLocation" },
    { header: "Last funding type", from: "lastFundingType", custom: true },
    { header: "Last funding amount (USD)", from: "lastFundingAmountUsd", transform: "amount", custom: true },
    { header: "Last funding date", from: "lastFundingDate", transform: "date", custom: true },
    {
      header: "Total funding amount (USD)",
      from: "totalFundingAmountUsd",
      transform: "amount",
      custom: true,
    },
  ],
  required: [],
  delimiter: ",",
  bom: false,
  maxRowsPerFile: null,
  rowsPer: "person",
  helpUrl: "https://attio.com/help/reference/imports-exports/import-data-into-attio-via-csv",
  note: "Map Company domain to the person's company (matched by its domain); create the funding attributes in the importer.",
};

/**
 * Close.
 * Close's CSV import help page could not be read (not found in the sources available), so the headers are
 * the documented API field names, qualified by the object that holds them:
 * https://developer.close.com/resources/leads (a lead is a company holding contacts; lead name, url,
 * description, addresses with city/state/country; contacts with name, title, emails). Close's import mapping
 * step matches or lets the user pick each column. A lead is a company, so the company name is required
 * (Roundlist's choice: an unnamed lead is useless there). No row limit is documented. One row per company by
 * default (decision 030, the export one row per person): a row is a lead, and no page read says that the
 * importer merges rows of one company into one lead, so rows per person could create a lead per person.
 */
const CLOSE: Target = {
  id: "close",
  name: "Close",
  columns: [
    { header: "name", from: "organizationName" },
    { header: "url", from: "website" },
    { header: "description", from: "description" },
    { header: "contacts.name", from: "fullName", transform: "fullName" },
    { header: "contacts.title", from: "role" },
    { header: "contacts.emails.email", from: "email", transform: "email" },
    { header: "addresses.city", from: "headquartersLocation", transform: "city" },
    { header: "addresses.state", from: "headquartersLocation", transform: "region" },
    { header: "addresses.country", from: "headquartersLocation", transform: "country" },
  ],
  required: ["organizationName"],
  delimiter: ",",
  bom: false,
  maxRowsPerFile: null,
  helpUrl: "https://developer.close.com/resources/leads",
};

/**
 * A spreadsheet for Excel in continental Europe: the Roundlist export's own columns, in UTF-8 with a byte
 * order mark (without it Excel reads UTF-8 as the local code page: donatstudios.com/CSV-An-Encoding-Nightmare)
 * and separated by semicolons (Excel's list separator where the decimal separator is a comma:
 * convertmystuff.com/resources/developer-tools/csv-encoding-and-excel). Amounts are plain integers, so no
 * decimal separator is ever needed; dates are ISO, which Excel reads in every locale. At most Excel's
 * worksheet limit of 1,048,576 rows per file (Microsoft's "Excel specifications and limits"; not re-read here).
 */
const EXCEL_EU: Target = {
  id: "excel-eu",
  name: "Excel (Europe)",
  columns: [
    { header: "Organization Name", from: "organizationName" },
    { header: "Description", from: "description" },
    { header: "Full Description", from: "fullDescription" },
    { header: "Industries", from: "industries" },
    { header: "Industry Groups", from: "industryGroups" },
    { header: "Headquarters Location", from: "headquartersLocation" },
    { header: "Headquarters Regions", from: "headquartersRegions" },
    { header: "First name", from: "firstName", transform: "firstName" },
    { header: "Last name", from: "lastName", transform: "lastName" },
    { header: "Founders", from: "founders" },
    { header: "Role", from: "role" },
    // Copied as they are: a spreadsheet copy keeps the founder's and the company's address apart.
    { header: "Email", from: "email" },
    { header: "Contact Email", from: "contactEmail" },
    { header: "Website", from: "website" },
    { header: "LinkedIn", from: "linkedin" },
    { header: "Last Funding Amount (in USD)", from: "lastFundingAmountUsd", transform: "amount" },
    { header: "Last Funding Amount", from: "lastFundingAmount", transform: "amount" },
    { header: "Last Funding Currency", from: "lastFundingCurrency" },
    { header: "Last Funding Date", from: "lastFundingDate", transform: "date" },
    { header: "Last Funding Type", from: "lastFundingType" },
    { header: "Total Funding Amount (in USD)", from: "totalFundingAmountUsd", transform: "amount" },
  ],
  required: [],
  delimiter: ";",
  bom: true,
  maxRowsPerFile: EXCEL_MAX_DATA_ROWS,
  helpUrl: "https://convertmystuff.com/resources/developer-tools/csv-encoding-and-excel",
};

/** Every target, in the order the page offers them (CRMs, then cold-email tools, then the spreadsheet). */
export const TARGETS: readonly Target[] = [
  HUBSPOT,
  SALESFORCE,
  PIPEDRIVE,
  APOLLO,
  ATTIO,
  CLOSE,
  INSTANTLY,
  LEMLIST,
  SMARTLEAD,
  EXCEL_EU,
];

/** The target with this id (a URL or form value), or null for anything else. */
export function targetById(id: string): Target | null {
  return TARGETS.find((target) => target.id === id) ?? null;
}
