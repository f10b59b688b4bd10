import { parse } from "csv-parse/sync";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { neutralizeFormula, UTF8_BOM } from "../csv";
import {
  convertRow,
  emailKey,
  encodeRow,
  type PreparedTarget,
  prepareTarget,
  unmetRequirements,
} from "./convert";
import { fieldForHeader, leadFromRecord, mapHeaders } from "./header-synonyms";
import type { Lead, LeadField } from "./lead";
import { TARGETS, type Target, type TargetId, targetById } from "./targets";

function prepared(id: TargetId): PreparedTarget {
  const target = targetById(id);
  if (target === null) throw new Error(`no target ${id}`);
  return prepareTarget(target);
}

/** The cells of a lead that must convert, by header. */
function cellsByHeader(lead: Lead, id: TargetId): Record<string, string> {
  const target = prepared(id);
  const result = convertRow(lead, target);
  if (!("cells" in result)) throw new Error(`missing ${result.missing.join(", ")}`);
  return Object.fromEntries(target.headers.map((header, index) => [header, result.cells[index] ?? ""]));
}

/** A whole file as the server will write it: the start, then each converted row. */
function fileOf(target: PreparedTarget, leads: readonly Lead[]): string {
  let text = target.fileStart;
  for (const lead of leads) {
    const result = convertRow(lead, target);
    if ("cells" in result) text += encodeRow(target, result.cells);
  }
  return text;
}

function parseFile(text: string, target: Target): string[][] {
  const bytes = Buffer.from(new TextEncoder().encode(text));
  return parse(bytes, { bom: true, delimiter: target.delimiter, relax_quotes: false }) as string[][];
}

const ADA: Lead = {
  organizationName: "Acme Robotics",
  description: "Robots for warehouses",
  industries: "Robotics, Logistics",
  headquartersLocation: "Austin, Texas, United States",
  firstName: "Ada",
  lastName: "Lovelace",
  founders: "Ada Lovelace, Grace Hopper",
  role: "CEO",
  email: " Ada.Lovelace@Acme.EXAMPLE ",
  contactEmail: "hello@acme.example",
  website: "https://www.acme.example/about",
  linkedin: "https://www.linkedin.com/company/acme",
  lastFundingAmountUsd: "15000000",
  lastFundingDate: "2024-03-15",
  lastFundingType: "Series A",
  totalFundingAmountUsd: "20000000",
};

describe("convertRow: required fields", () => {
  it("Salesforce: Last Name and Company", () => {
    const salesforce = prepared("salesforce-leads");
    expect(convertRow({ founders: "Cher", organizationName: "Acme" }, salesforce)).toEqual({
      missing: ["lastName"],
    });
    expect(convertRow({ firstName: "Ada", lastName: "Lovelace" }, salesforce)).toEqual({
      missing: ["organizationName"],
    });
    // A Crunchbase export has only founders: the first one's name is split.
    expect(
      "cells" in convertRow({ founders: "Jan van der Berg", organizationName: "Acme" }, salesforce),
    ).toBe(true);
  });

  it("cold-email tools: an address, the founder's else the company's", () => {
    const instantly = prepared("instantly");
    expect(convertRow({ organizationName: "Acme" }, instantly)).toEqual({ missing: ["email"] });
    expect(convertRow({ email: "n/a" }, instantly)).toEqual({ missing: ["email"] });
    const fallback = convertRow({ email: " ", contactEmail: "Hello@Acme.example" }, instantly);
    expect("cells" in fallback && fallback.cells[0]).toBe("hello@acme.example");
    for (const id of ["lemlist", "smartlead"] as const) {
      expect(convertRow({ organizationName: "Acme" }, prepared(id))).toEqual({ missing: ["email"] });
    }
  });

  it("a 'one of' rule lists its alternatives when none is there", () => {
    expect(convertRow({ organizationName: "Acme" }, prepared("hubspot-contacts"))).toEqual({
      missing: ["email", "firstName", "lastName"],
    });
    expect("cells" in convertRow({ founders: "Cher" }, prepared("hubspot-contacts"))).toBe(true);
    expect(convertRow({ role: "CEO" }, prepared("apollo-contacts"))).toEqual({
      missing: ["organizationName", "website", "personLinkedin", "email"],
    });
    expect(
      "cells" in convertRow({ personLinkedin: "https://linkedin.com/in/ada" }, prepared("apollo-contacts")),
    ).toBe(true);
    // A company's page is not the contact's LinkedIn (docs/product.md#converter), so it fills no "one of" rule.
    expect(
      convertRow({ personLinkedin: "https://www.linkedin.com/company/acme" }, prepared("apollo-contacts")),
    ).toEqual({ missing: ["organizationName", "website", "personLinkedin", "email"] });
  });

  it("Pipedrive needs a person's name, Close a company", () => {
    expect(convertRow({ organizationName: "Acme" }, prepared("pipedrive"))).toEqual({
      missing: ["fullName"],
    });
    expect(convertRow({ founders: "Ada Lovelace" }, prepared("close"))).toEqual({
      missing: ["organizationName"],
    });
  });

  it("Attio and the Excel layout take any row", () => {
    expect("cells" in convertRow({}, prepared("attio-people"))).toBe(true);
    expect("cells" in convertRow({}, prepared("excel-eu"))).toBe(true);
  });
});

describe("convertRow: LinkedIn (docs/product.md#converter)", () => {
  const COMPANY_PAGE = "https://www.linkedin.com/company/acme";
  const PROFILE = "https://www.linkedin.com/in/ada-lovelace";
  const personColumns = (target: Target) =>
    target.columns.filter((column) => column.from === "personLinkedin").map((column) => column.header);
  const companyColumns = (target: Target) =>
    target.columns.filter((column) => column.from === "linkedin").map((column) => column.header);

  it.each(TARGETS.map((target) => [target.id, target] as const))(
    "%s: a Roundlist row's company page lands only in company columns, a person's profile only in person columns",
    (id, target) => {
      const roundlistRow = cellsByHeader({ ...ADA, linkedin: COMPANY_PAGE }, id);
      for (const [header, value] of Object.entries(roundlistRow)) {
        if (value === COMPANY_PAGE) expect(companyColumns(target)).toContain(header);
      }
      for (const header of personColumns(target)) expect(roundlistRow[header]).toBe("");
      for (const header of companyColumns(target)) expect(roundlistRow[header]).toBe(COMPANY_PAGE);

      const withProfile = cellsByHeader({ ...ADA, linkedin: COMPANY_PAGE, personLinkedin: PROFILE }, id);
      for (const header of personColumns(target)) expect(withProfile[header]).toBe(PROFILE);
      for (const [header, value] of Object.entries(withProfile)) {
        if (value === PROFILE) expect(personColumns(target)).toContain(header);
      }
    },
  );

  it("a company page mapped by hand as a person's LinkedIn still never fills a person's field", () => {
    for (const target of TARGETS) {
      for (const page of [
        COMPANY_PAGE,
        "linkedin.com/school/mit/",
        "https://linkedin.example/company/acme",
      ]) {
        const cells = cellsByHeader({ ...ADA, personLinkedin: page }, target.id);
        for (const header of personColumns(target))
          expect([target.id, cells[header]]).toEqual([target.id, ""]);
      }
    }
  });

  it("recognises a person's LinkedIn column by its header, and leaves a bare 'LinkedIn URL' to the manual mapping", () => {
    expect(fieldForHeader("LinkedIn")).toBe("linkedin");
    expect(fieldForHeader("Company LinkedIn URL")).toBe("linkedin");
    expect(fieldForHeader("Person Linkedin Url")).toBe("personLinkedin");
    expect(fieldForHeader("Contact LinkedIn URL")).toBe("personLinkedin");
    expect(fieldForHeader("LinkedIn Profile")).toBe("personLinkedin");
    expect(fieldForHeader("LinkedIn URL")).toBeNull();
  });
});

describe("convertRow: transforms", () => {
  it("HubSpot: split names, lower-cased email, location parts, plain amounts, ISO dates", () => {
    expect(cellsByHeader({ ...ADA, lastFundingDate: "Mar 15, 2024" }, "hubspot-contacts")).toEqual({
      "First Name": "Ada",
      "Last Name": "Lovelace",
      "Email Address": "ada.lovelace@acme.example",
      "Job Title": "CEO",
      "Company Name": "Acme Robotics",
      "Website URL": "https://www.acme.example/about",
      City: "Austin",
      "State/Region": "Texas",
      "Country/Region": "United States",
      // docs/product.md#converter: the company's page is not the contact's LinkedIn.
      "LinkedIn URL": "",
      "Company LinkedIn URL": "https://www.linkedin.com/company/acme",
      Industries: "Robotics, Logistics",
      "Last Funding Type": "Series A",
      "Last Funding Amount (USD)": "15000000",
      "Last Funding Date": "2024-03-15",
      "Total Funding Amount (USD)": "20000000",
    });
  });

  it("Apollo: the website as a bare domain; names split from a full name", () => {
    const cells = cellsByHeader(
      { fullName: "Mary Ann Smith", website: "HTTP://WWW.Acme.example:8080/x", organizationName: "Acme" },
      "apollo-contacts",
    );
    expect(cells).toMatchObject({
      "First Name": "Mary Ann",
      "Last Name": "Smith",
      "Company Website": "acme.example",
    });
  });

  it("Instantly: funding round, amount, date, industry, city and the email's status as custom variables", () => {
    expect(
      cellsByHeader(
        {
          ...ADA,
          lastFundingAmountUsd: "$15,000,000",
          emailStatus: "accept_all",
          emailVerifiedAt: "2026-11-02T10:00:00Z",
        },
        "instantly",
      ),
    ).toEqual({
      email: "ada.lovelace@acme.example",
      first_name: "Ada",
      last_name: "Lovelace",
      company_name: "Acme Robotics",
      website: "https://www.acme.example/about",
      job_title: "CEO",
      linkedin_url: "",
      company_linkedin_url: "https://www.linkedin.com/company/acme",
      funding_round: "Series A",
      funding_amount_usd: "15000000",
      funding_date: "2024-03-15",
      industry: "Robotics",
      city: "Austin",
      // decision 032: a sequence can leave accept-all addresses out.
      email_status: "accept_all",
      email_verified_at: "2026-11-02",
    });
  });

  it("lemlist and Smartlead name the same variables their own way", () => {
    expect(cellsByHeader(ADA, "lemlist")).toMatchObject({
      firstName: "Ada",
      companyDomain: "acme.example",
      fundingRound: "Series A",
      fundingAmountUsd: "15000000",
      fundingDate: "2024-03-15",
      industry: "Robotics",
      city: "Austin",
    });
    expect(cellsByHeader(ADA, "smartlead")).toMatchObject({
      first_name: "Ada",
      location: "Austin, Texas, United States",
      funding_round: "Series A",
      funding_amount_usd: "15000000",
      city: "Austin",
    });
  });

  it("Pipedrive and Close: the person's names; Crunchbase's 'Unknown Region' is no region", () => {
    const lead: Lead = {
      founders: "Jan van der Berg",
      organizationName: "Acme",
      headquartersLocation: "Singapore, Singapore",
    };
    expect(cellsByHeader(lead, "pipedrive")).toMatchObject({
      "Person - First name": "Jan",
      "Person - Last name": "van der Berg",
      "Organization - Name": "Acme",
    });
    expect(cellsByHeader(lead, "close")).toMatchObject({
      "contacts.name": "Jan van der Berg",
      "addresses.city": "Singapore",
      "addresses.state": "",
      "addresses.country": "Singapore",
    });
  });

  it("Salesforce: one industry, and a description cut to what the field holds", () => {
    const cells = cellsByHeader({ ...ADA, description: "x".repeat(40_000) }, "salesforce-leads");
    expect(cells.Industry).toBe("Robotics");
    expect(cells.Description).toHaveLength(32_000);
  });

  it("unusable amounts and dates become empty cells rather than rejected rows", () => {
    const cells = cellsByHeader(
      { ...ADA, lastFundingAmountUsd: "undisclosed", lastFundingDate: "03/04/2024" },
      "instantly",
    );
    expect([cells.funding_amount_usd, cells.funding_date]).toEqual(["", ""]);
  });
});

describe("the file: formulas, quoting, delimiter, BOM", () => {
  it("neutralises formulas from any field", () => {
    const hostile: Lead = {
      ...ADA,
      organizationName: '=HYPERLINK("http://evil.example","x")',
      role: "+1 555 0100",
      description: "@SUM(A1:A2)",
      firstName: "-2+3",
    };
    for (const target of TARGETS) {
      const prep = prepareTarget(target);
      const [, row] = parseFile(fileOf(prep, [hostile]), target);
      for (const cell of row ?? []) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
    }
    const [, row] = parseFile(
      fileOf(prepared("salesforce-leads"), [hostile]),
      prepared("salesforce-leads").target,
    );
    expect(row?.[2]).toBe('\'=HYPERLINK("http://evil.example","x")');
  });

  it("quotes per RFC 4180 with the target's delimiter", () => {
    const lead: Lead = { ...ADA, description: 'Says "hi"; ships, fast\r\nsecond line' };
    const salesforce = prepared("salesforce-leads");
    // Comma file: the quote doubled, the comma and line break quoted, the semicolon left alone.
    expect(fileOf(salesforce, [lead])).toContain(',Robotics,"Says ""hi""; ships, fast\r\nsecond line"\r\n');
    // Semicolon file: a semicolon or a comma in a value is quoted; fields are separated by semicolons.
    const excel = prepared("excel-eu");
    const text = fileOf(excel, [lead]);
    expect(text).toContain(';"Says ""hi""; ships, fast\r\nsecond line";');
    expect(text).toContain(';"Austin, Texas, United States";');
    expect(parseFile(text, excel.target)[1]?.[1]).toBe('Says "hi"; ships, fast\r\nsecond line');
  });

  it("starts only the Excel layout with a byte order mark, and every file with its header record", () => {
    for (const target of TARGETS) {
      const prep = prepareTarget(target);
      expect(prep.fileStart.startsWith(UTF8_BOM)).toBe(target.bom);
      expect(parseFile(prep.fileStart, target)).toEqual([target.columns.map((column) => column.header)]);
    }
    const bytes = new TextEncoder().encode(prepared("excel-eu").fileStart);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(prepared("excel-eu").fileStart).toContain("Organization Name;Description;");
  });

  it("refuses a target with a repeated or empty header (a programming error)", () => {
    const base = prepared("instantly").target;
    expect(() =>
      prepareTarget({ ...base, columns: [...base.columns, { header: "email", from: "email" }] }),
    ).toThrow(/repeats/);
    expect(() => prepareTarget({ ...base, columns: [{ header: " ", from: "email" }] })).toThrow(/empty/);
  });
});

/** Text a file may hold, trimmed (the converter trims every value) and never only white space. */
const text = fc
  .string({
    unit: fc.constantFrom(
      '"',
      ",",
      ";",
      "\r",
      "\n",
      "=",
      "+",
      "-",
      "@",
      "\t",
      "'",
      " ",
      "a",
      "Z",
      "é",
      "ü",
      "0",
    ),
    minLength: 1,
    maxLength: 12,
  })
  .map((value) => value.trim())
  .filter((value) => value !== "");
const nameWord = fc.string({
  unit: fc.constantFrom("a", "Z", "é", "'", "-", "=", "ß", "O"),
  minLength: 1,
  maxLength: 8,
});
const digits = fc.bigInt({ min: 0n, max: 10n ** 15n }).map(String);
const isoDay = fc
  .date({ min: new Date("1990-01-01T00:00:00Z"), max: new Date("2030-12-31T00:00:00Z"), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));

/** A lead as a Roundlist export holds it: canonical amounts and dates, a first name always there. */
const exportLead: fc.Arbitrary<Lead> = fc.record(
  {
    organizationName: text,
    description: text,
    fullDescription: text,
    industries: text,
    industryGroups: text,
    headquartersLocation: text,
    headquartersRegions: text,
    firstName: nameWord,
    lastName: nameWord,
    founders: text,
    role: text,
    email: text,
    contactEmail: text,
    website: text,
    linkedin: text,
    lastFundingAmountUsd: digits,
    lastFundingAmount: digits,
    lastFundingDate: isoDay,
    lastFundingType: text,
    totalFundingAmountUsd: digits,
  },
  { requiredKeys: ["firstName"] },
);

describe("round trip: a converted file parses back to the same leads", () => {
  it("the Excel layout parses back, through the header synonyms, to the same leads", () => {
    const excel = prepared("excel-eu");
    fc.assert(
      fc.property(fc.array(exportLead, { maxLength: 8 }), (leads) => {
        const [header = [], ...records] = parseFile(fileOf(excel, leads), excel.target);
        const { columns, unrecognised } = mapHeaders(header);
        expect(unrecognised).toEqual([]);
        // Formula-like text comes back with the apostrophe that keeps it inert, and nothing else changed.
        const expected = leads.map((lead) =>
          Object.fromEntries(Object.entries(lead).map(([field, value]) => [field, neutralizeFormula(value)])),
        );
        expect(records.map((record) => leadFromRecord(record, columns))).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });

  it("every target's file parses back to exactly the cells converted, row for row", () => {
    fc.assert(
      fc.property(fc.constantFrom(...TARGETS), fc.array(exportLead, { maxLength: 6 }), (target, leads) => {
        const prep = prepareTarget(target);
        const converted = leads.map((lead) => convertRow(lead, prep)).filter((result) => "cells" in result);
        const [header, ...records] = parseFile(fileOf(prep, leads), target);
        expect(header).toEqual(prep.headers);
        expect(records).toEqual(converted.map((result) => result.cells.map(neutralizeFormula)));
      }),
      { numRuns: 300 },
    );
  });

  it("a lead read from a Roundlist export and sent to Instantly keeps its person and company", () => {
    const roundlist = [
      "Organization Name,First name,Last name,Email,Website,Last Funding Type",
      "Acme Robotics,Ada,Lovelace,Ada@Acme.example,https://acme.example,Seed",
    ].join("\r\n");
    const [header = [], record = []] = parse(roundlist) as string[][];
    const lead = leadFromRecord(record, mapHeaders(header).columns);
    const instantly = prepared("instantly");
    const [outHeader = [], outRecord = []] = parseFile(fileOf(instantly, [lead]), instantly.target);
    const back = Object.fromEntries(outHeader.map((name, index) => [name, outRecord[index]]));
    expect(back).toMatchObject({
      email: "ada@acme.example",
      first_name: "Ada",
      last_name: "Lovelace",
      company_name: "Acme Robotics",
      website: "https://acme.example",
      funding_round: "Seed",
    });
  });
});

describe("unmetRequirements (a file that cannot go to a target at all)", () => {
  const fields = (...list: LeadField[]) => new Set<LeadField>(list);

  it("names the required fields no column can fill", () => {
    const instantly = prepared("instantly").target;
    expect(unmetRequirements(instantly, fields("organizationName", "website"))).toEqual(["email"]);
    expect(unmetRequirements(instantly, fields("contactEmail"))).toEqual([]);
    const salesforce = prepared("salesforce-leads").target;
    expect(unmetRequirements(salesforce, fields("founders"))).toEqual(["organizationName"]);
    expect(unmetRequirements(salesforce, fields("fullName", "organizationName"))).toEqual([]);
    expect(unmetRequirements(prepared("hubspot-contacts").target, fields("website"))).toEqual([
      "email",
      "firstName",
      "lastName",
    ]);
  });
});

describe("emailKey (exposed for the server's duplicate check)", () => {
  it("is the same for addresses that differ only in case and spaces", () => {
    expect(emailKey(" Ada@Acme.Example")).toBe(emailKey("ada@acme.example "));
  });
});
