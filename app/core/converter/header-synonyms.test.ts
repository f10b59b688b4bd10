import { describe, expect, it } from "vitest";
import { COMPANY_CSV_HEADERS, OLDER_GENERATION_HEADERS } from "~/server/companies/crunchbase-columns";
import { fieldForHeader, hasEmailColumn, headerKey, leadFromRecord, mapHeaders } from "./header-synonyms";
import { LEAD_FIELD_LABELS, LEAD_FIELDS } from "./lead";

describe("mapHeaders: header synonyms", () => {
  it("maps a Roundlist export's header row, column by column, with nothing left over", () => {
    const mapping = mapHeaders([...COMPANY_CSV_HEADERS]);
    expect(mapping.unrecognised).toEqual([]);
    expect(mapping.duplicates).toEqual([]);
    COMPANY_CSV_HEADERS.forEach((header, index) => {
      const field = fieldForHeader(header);
      expect(field).not.toBeNull();
      expect(mapping.columns[field ?? "email"]).toBe(index);
    });
  });

  it("knows every field's own label", () => {
    for (const field of LEAD_FIELDS) expect(fieldForHeader(LEAD_FIELD_LABELS[field])).toBe(field);
  });

  it("maps the older Crunchbase generation's spellings to the same fields", () => {
    for (const [current, older] of Object.entries(OLDER_GENERATION_HEADERS)) {
      expect(fieldForHeader(older ?? "")).toBe(fieldForHeader(current));
    }
    expect(fieldForHeader("Last Funding Amount Currency (in USD)")).toBe("lastFundingAmountUsd");
    expect(fieldForHeader("Last Funding Amount Currency")).toBe("lastFundingCurrency");
  });

  it("maps common synonyms, ignoring case, spaces, hyphens, underscores and dots", () => {
    expect(fieldForHeader("E-mail")).toBe("email");
    expect(fieldForHeader("e_mail")).toBe("email");
    expect(fieldForHeader("EMAIL ADDRESS")).toBe("email");
    expect(fieldForHeader("Company")).toBe("organizationName");
    expect(fieldForHeader("Website URL")).toBe("website");
    expect(fieldForHeader("first_name")).toBe("firstName");
    expect(fieldForHeader("Job Title")).toBe("role");
    expect(fieldForHeader("Full Name")).toBe("fullName");
    expect(fieldForHeader("\uFEFFOrganization Name")).toBe("organizationName");
    expect(headerKey("Last Funding Amount (in USD)")).toBe("lastfundingamount(inusd)");
  });

  it("reports unknown headers with their position and leaves the ambiguous 'Name' to the user", () => {
    const mapping = mapHeaders(["Name", " Email ", "CB Rank", "Company", "E-mail"]);
    expect(mapping.columns).toEqual({ email: 1, organizationName: 3 });
    expect(mapping.unrecognised).toEqual([
      { index: 0, header: "Name" },
      { index: 2, header: "CB Rank" },
    ]);
    expect(mapping.duplicates).toEqual([{ index: 4, header: "E-mail", field: "email" }]);
  });

  it("says whether a file has any address column", () => {
    expect(hasEmailColumn(mapHeaders(["Organization Name", "Contact Email"]).columns)).toBe(true);
    expect(hasEmailColumn(mapHeaders(["Organization Name", "Website"]).columns)).toBe(false);
  });
});

describe("leadFromRecord", () => {
  it("reads a record through the mapping, leaving out empty and absent cells", () => {
    const { columns } = mapHeaders(["Company", "Email", "Notes", "Website"]);
    expect(leadFromRecord(["Acme", "ada@acme.example", "x", ""], columns)).toEqual({
      organizationName: "Acme",
      email: "ada@acme.example",
    });
    expect(leadFromRecord(["Acme"], columns)).toEqual({ organizationName: "Acme" });
  });
});
