import { describe, expect, it } from "vitest";
import { COMPANY_CSV_COLUMNS, COMPANY_CSV_HEADERS, headerKey, resolveHeader } from "./crunchbase-columns";

describe("COMPANY_CSV_HEADERS", () => {
  it("lists the public field names of docs/product.md#data in order, with Last Funding Currency after the round's own amount (decision 027)", () => {
    expect(COMPANY_CSV_HEADERS).toEqual([
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
    ]);
    expect(COMPANY_CSV_COLUMNS.map((column) => column.header)).toEqual([...COMPANY_CSV_HEADERS]);
  });

  it("resolves every one of its own headers to the field the export writes there", () => {
    const { columns, missingRequired, duplicate, ignored } = resolveHeader([...COMPANY_CSV_HEADERS]);
    expect(missingRequired).toEqual([]);
    expect(duplicate).toEqual([]);
    expect(ignored).toEqual([]);
    COMPANY_CSV_COLUMNS.forEach(({ header, field }, index) => {
      expect(columns[field]).toEqual({ index, header });
    });
  });
});

describe("resolveHeader", () => {
  it("reads the current Crunchbase header generation", () => {
    const { columns } = resolveHeader([
      "Organization Name",
      "Last Funding Amount (in USD)",
      "Total Funding Amount (in USD)",
      "First name",
      "LinkedIn",
    ]);
    expect(columns.organizationName?.index).toBe(0);
    expect(columns.lastFundingAmountUsd?.index).toBe(1);
    expect(columns.totalFundingAmountUsd?.index).toBe(2);
    expect(columns.firstName?.index).toBe(3);
    expect(columns.linkedin?.index).toBe(4);
  });

  it("reads the older generation, whose USD columns say 'Currency (in USD)'", () => {
    const { columns, ignored } = resolveHeader([
      "Organization Name",
      "Last Funding Amount Currency (in USD)",
      "Total Funding Amount Currency (in USD)",
      "Last Funding Amount Currency",
      "Last Funding Amount",
      "First Name",
      "Last Name",
      "Linkedin",
    ]);
    expect(columns.lastFundingAmountUsd).toEqual({
      index: 1,
      header: "Last Funding Amount Currency (in USD)",
    });
    expect(columns.totalFundingAmountUsd).toEqual({
      index: 2,
      header: "Total Funding Amount Currency (in USD)",
    });
    expect(columns.lastFundingCurrency?.index).toBe(3);
    expect(columns.lastFundingAmount?.index).toBe(4);
    expect(columns.firstName?.index).toBe(5);
    expect(columns.lastName?.index).toBe(6);
    expect(columns.linkedin).toEqual({ index: 7, header: "Linkedin" });
    expect(ignored).toEqual([]);
  });

  it("ignores case, extra spaces, hyphens, underscores and a byte order mark", () => {
    const { columns } = resolveHeader([
      "\ufeff organization  NAME ",
      "last_funding_amount (IN usd)",
      "E-mail",
      "CONTACT EMAIL",
      "Head quarters Location",
    ]);
    expect(columns.organizationName).toEqual({ index: 0, header: "\ufeff organization  NAME".trim() });
    expect(columns.lastFundingAmountUsd?.index).toBe(1);
    expect(columns.email?.index).toBe(2);
    expect(columns.contactEmail?.index).toBe(3);
    expect(columns.headquartersLocation?.index).toBe(4);
  });

  it("knows common aliases", () => {
    const { columns } = resolveHeader(["Company Name", "Homepage URL", "Short Description", "Title"]);
    expect(columns.organizationName?.index).toBe(0);
    expect(columns.website?.index).toBe(1);
    expect(columns.description?.index).toBe(2);
    expect(columns.role?.index).toBe(3);
  });

  it("lists columns it does not use as ignored, keeping their position out of the map", () => {
    const result = resolveHeader([
      "Organization Name URL",
      "Organization Name",
      "CB Rank (Company)",
      "Phone Number",
    ]);
    expect(result.columns.organizationName?.index).toBe(1);
    expect(result.ignored).toEqual(["Organization Name URL", "CB Rank (Company)", "Phone Number"]);
    expect(Object.keys(result.columns)).toEqual(["organizationName"]);
  });

  it("reports a missing Organization Name column by its public name", () => {
    const result = resolveHeader(["Website", "Industries"]);
    expect(result.missingRequired).toEqual(["Organization Name"]);
    expect(result.columns.website?.index).toBe(0);
  });

  it("reports a second column for a field already provided, keeping the first", () => {
    const result = resolveHeader([
      "Organization Name",
      "Last Funding Amount (in USD)",
      "Last Funding Amount Currency (in USD)",
      "organization name",
    ]);
    expect(result.duplicate).toEqual(["Last Funding Amount Currency (in USD)", "organization name"]);
    expect(result.columns.organizationName?.index).toBe(0);
    expect(result.columns.lastFundingAmountUsd?.index).toBe(1);
  });

  it("keeps the currency-amount and USD-amount columns apart", () => {
    expect(headerKey("Last Funding Amount")).not.toBe(headerKey("Last Funding Amount (in USD)"));
    const { columns } = resolveHeader(["Last Funding Amount", "Last Funding Amount (in USD)"]);
    expect(columns.lastFundingAmount?.index).toBe(0);
    expect(columns.lastFundingAmountUsd?.index).toBe(1);
  });
});
