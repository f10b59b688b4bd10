import { describe, expect, it } from "vitest";
import { COMPANY_CSV_HEADERS } from "~/server/companies/crunchbase-columns";
import { TARGETS, type TargetId, targetById } from "./targets";

/**
 * Each target's headers exactly as its documentation names them (see the citation above each target in
 * targets.ts). Written out, not snapshotted, so a change to a header is a deliberate edit here too.
 */
const EXPECTED_HEADERS: Readonly<Record<TargetId, readonly string[]>> = {
  "hubspot-contacts": [
    "First Name",
    "Last Name",
    "Email Address",
    "Job Title",
    "Company Name",
    "Website URL",
    "City",
    "State/Region",
    "Country/Region",
    "LinkedIn URL",
    "Company LinkedIn URL",
    "Industries",
    "Last Funding Type",
    "Last Funding Amount (USD)",
    "Last Funding Date",
    "Total Funding Amount (USD)",
  ],
  "salesforce-leads": [
    "First Name",
    "Last Name",
    "Company",
    "Email",
    "Title",
    "Website",
    "City",
    "State/Province",
    "Country",
    "Industry",
    "Description",
  ],
  pipedrive: [
    "Person - First name",
    "Person - Last name",
    "Person - Email",
    "Person - Job title",
    "Organization - Name",
    "Organization - Address",
    "Organization - Website",
  ],
  "apollo-contacts": [
    "First Name",
    "Last Name",
    "Title",
    "Company Name",
    "Company Website",
    "Contact Email",
    "Contact LinkedIn URL",
    "Company LinkedIn URL",
    "City",
    "State",
    "Country",
  ],
  "attio-people": [
    "Email addresses",
    "First name",
    "Last name",
    "Job title",
    "LinkedIn",
    "Company",
    "Company LinkedIn",
    "Company domain",
    "Primary location",
    "Last funding type",
    "Last funding amount (USD)",
    "Last funding date",
    "Total funding amount (USD)",
  ],
  close: [
    "name",
    "url",
    "description",
    "contacts.name",
    "contacts.title",
    "contacts.emails.email",
    "addresses.city",
    "addresses.state",
    "addresses.country",
  ],
  instantly: [
    "email",
    "first_name",
    "last_name",
    "company_name",
    "website",
    "job_title",
    "linkedin_url",
    "company_linkedin_url",
    "funding_round",
    "funding_amount_usd",
    "funding_date",
    "industry",
    "city",
    "email_status",
    "email_verified_at",
  ],
  lemlist: [
    "email",
    "firstName",
    "lastName",
    "companyName",
    "linkedinUrl",
    "jobTitle",
    "companyDomain",
    "companyLinkedinUrl",
    "fundingRound",
    "fundingAmountUsd",
    "fundingDate",
    "industry",
    "city",
    "emailStatus",
    "emailVerifiedAt",
  ],
  smartlead: [
    "email",
    "first_name",
    "last_name",
    "company_name",
    "website",
    "linkedin_profile",
    "company_linkedin_url",
    "location",
    "job_title",
    "funding_round",
    "funding_amount_usd",
    "funding_date",
    "industry",
    "city",
    "email_status",
    "email_verified_at",
  ],
  "excel-eu": [...COMPANY_CSV_HEADERS],
};

/** The custom variables each cold-email tool gets for personalization. */
const EXPECTED_CUSTOM: Readonly<Partial<Record<TargetId, readonly string[]>>> = {
  instantly: [
    "job_title",
    "linkedin_url",
    "company_linkedin_url",
    "funding_round",
    "funding_amount_usd",
    "funding_date",
    "industry",
    "city",
    "email_status",
    "email_verified_at",
  ],
  lemlist: [
    "jobTitle",
    "companyDomain",
    "companyLinkedinUrl",
    "fundingRound",
    "fundingAmountUsd",
    "fundingDate",
    "industry",
    "city",
    "emailStatus",
    "emailVerifiedAt",
  ],
  smartlead: [
    "company_linkedin_url",
    "job_title",
    "funding_round",
    "funding_amount_usd",
    "funding_date",
    "industry",
    "city",
    "email_status",
    "email_verified_at",
  ],
};

describe("targets as data (decision 016)", () => {
  it("offers the ten targets, each once", () => {
    expect(TARGETS.map((target) => target.id).sort()).toEqual(Object.keys(EXPECTED_HEADERS).sort());
  });

  it.each(TARGETS.map((target) => [target.id, target] as const))(
    "%s: headers as documented",
    (id, target) => {
      expect(target.columns.map((column) => column.header)).toEqual(EXPECTED_HEADERS[id]);
    },
  );

  it("requires what each tool requires", () => {
    const rules = Object.fromEntries(
      TARGETS.map((target) => [target.id, { all: target.required, oneOf: target.requiredAnyOf ?? [] }]),
    );
    expect(rules).toEqual({
      "hubspot-contacts": { all: [], oneOf: ["email", "firstName", "lastName"] },
      "salesforce-leads": { all: ["lastName", "organizationName"], oneOf: [] },
      pipedrive: { all: ["fullName"], oneOf: [] },
      "apollo-contacts": { all: [], oneOf: ["organizationName", "website", "personLinkedin", "email"] },
      "attio-people": { all: [], oneOf: [] },
      close: { all: ["organizationName"], oneOf: [] },
      instantly: { all: ["email"], oneOf: [] },
      lemlist: { all: ["email"], oneOf: [] },
      smartlead: { all: ["email"], oneOf: [] },
      "excel-eu": { all: [], oneOf: [] },
    });
  });

  it("writes comma files without a BOM for importers, and the Excel layout with a BOM and semicolons", () => {
    for (const target of TARGETS) {
      const isExcel = target.id === "excel-eu";
      expect([target.id, target.delimiter, target.bom]).toEqual([target.id, isExcel ? ";" : ",", isExcel]);
    }
  });

  it("writes one row per person for the tools that import one contact per row (docs/product.md#export)", () => {
    expect(Object.fromEntries(TARGETS.map((target) => [target.id, target.rowsPer ?? "company"]))).toEqual({
      "hubspot-contacts": "person",
      "salesforce-leads": "person",
      pipedrive: "person",
      "apollo-contacts": "person",
      "attio-people": "person",
      // A Close lead is a company holding contacts: per company unless asked (decision 030).
      close: "company",
      instantly: "person",
      lemlist: "person",
      smartlead: "person",
      "excel-eu": "company",
    });
  });

  it("splits files at each tool's documented limit", () => {
    expect(Object.fromEntries(TARGETS.map((target) => [target.id, target.maxRowsPerFile]))).toEqual({
      "hubspot-contacts": 1_048_575,
      "salesforce-leads": 50_000,
      pipedrive: 50_000,
      "apollo-contacts": 10_000,
      "attio-people": null,
      close: null,
      instantly: null,
      lemlist: null,
      smartlead: null,
      "excel-eu": 1_048_575,
    });
  });

  it("gives the cold-email tools funding round, amount, date, industry, city and the email's status (decision 032) as custom variables", () => {
    for (const [id, expected] of Object.entries(EXPECTED_CUSTOM)) {
      const target = targetById(id);
      expect(target?.columns.filter((column) => column.custom).map((column) => column.header)).toEqual(
        expected,
      );
    }
  });

  /**
   * Every LinkedIn column of every target, written out: a person's field (the contact, lead or person the
   * target imports) takes the person's profile only; the company's page (Roundlist's LinkedIn column) goes
   * to a column that names the company, or to the spreadsheet's own LinkedIn column.
   */
  const LINKEDIN_COLUMNS: Readonly<Record<TargetId, ReadonlyArray<[header: string, from: string]>>> = {
    "hubspot-contacts": [
      ["LinkedIn URL", "personLinkedin"],
      ["Company LinkedIn URL", "linkedin"],
    ],
    "salesforce-leads": [],
    pipedrive: [],
    "apollo-contacts": [
      ["Contact LinkedIn URL", "personLinkedin"],
      ["Company LinkedIn URL", "linkedin"],
    ],
    "attio-people": [
      ["LinkedIn", "personLinkedin"],
      ["Company LinkedIn", "linkedin"],
    ],
    close: [],
    instantly: [
      ["linkedin_url", "personLinkedin"],
      ["company_linkedin_url", "linkedin"],
    ],
    lemlist: [
      ["linkedinUrl", "personLinkedin"],
      ["companyLinkedinUrl", "linkedin"],
    ],
    smartlead: [
      ["linkedin_profile", "personLinkedin"],
      ["company_linkedin_url", "linkedin"],
    ],
    "excel-eu": [["LinkedIn", "linkedin"]],
  };

  it.each(TARGETS.map((target) => [target.id, target] as const))(
    "%s: the company's LinkedIn page never fills a person's LinkedIn field (docs/product.md#converter)",
    (id, target) => {
      const linkedinColumns = target.columns.filter(
        (column) =>
          /linkedin/i.test(column.header) || column.from === "linkedin" || column.from === "personLinkedin",
      );
      expect(linkedinColumns.map((column) => [column.header, column.from])).toEqual(LINKEDIN_COLUMNS[id]);
      for (const column of linkedinColumns) {
        if (column.from === "personLinkedin") expect(column.transform).toBe("personLinkedin");
        // The company's page goes where the header says company, except in the spreadsheet of the export's own columns.
        if (column.from === "linkedin" && id !== "excel-eu") expect(column.header).toMatch(/^company/i);
      }
    },
  );

  it("gives Apollo the website as a bare domain", () => {
    const website = targetById("apollo-contacts")?.columns.find(
      (column) => column.header === "Company Website",
    );
    expect(website).toEqual({ header: "Company Website", from: "website", transform: "domain" });
  });

  it("links every target to its vendor's instructions over HTTPS", () => {
    for (const target of TARGETS) expect(target.helpUrl).toMatch(/^https:\/\/[^\s]+$/);
  });

  it("finds a target by id and nothing for anything else", () => {
    expect(targetById("instantly")?.name).toBe("Instantly");
    expect(targetById("toString")).toBeNull();
    expect(targetById("")).toBeNull();
  });
});
