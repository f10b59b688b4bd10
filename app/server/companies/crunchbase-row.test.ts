import { describe, expect, it } from "vitest";
import { type CsvRecord, crunchbaseRecord, OLD_HEADER_NAMES } from "~tests/fixtures/crunchbase-csv";
import { COMPANY_CSV_HEADERS, resolveHeader } from "./crunchbase-columns";
import { type ImportedCompany, importedFields, parseCrunchbaseRow } from "./crunchbase-row";

const TODAY = new Date("2025-06-15T12:00:00Z");
const { columns } = resolveHeader([...COMPANY_CSV_HEADERS]);

function cellsOf(record: CsvRecord, headers: readonly string[] = COMPANY_CSV_HEADERS): string[] {
  return headers.map((header) => {
    const cell = record[header];
    return cell === null || cell === undefined ? "" : String(cell);
  });
}

/** Parses record 1 with the overrides and expects it to be valid. */
function accept(overrides: CsvRecord): ImportedCompany {
  const result = parseCrunchbaseRow(cellsOf(crunchbaseRecord(1, overrides)), columns, TODAY);
  if (!result.ok) throw new Error(`expected the row to be valid, got: ${result.reason}`);
  return result.company;
}

/** Parses record 1 with the overrides and returns the rejection reason. */
function reject(overrides: CsvRecord): string {
  const result = parseCrunchbaseRow(cellsOf(crunchbaseRecord(1, overrides)), columns, TODAY);
  if (result.ok) throw new Error("expected the row to be rejected");
  return result.reason;
}

describe("parseCrunchbaseRow", () => {
  it("converts a complete row", () => {
    expect(accept({})).toEqual({
      organizationName: "Company 1",
      nameKey: "company 1",
      description: "Company 1 builds things.",
      fullDescription: "Company 1 builds things, in more words.",
      industries: ["Software", "Artificial Intelligence (AI)"],
      industryGroups: ["Software", "Data and Analytics"],
      headquartersLocation: "Austin, Texas, United States",
      headquartersRegions: ["Greater Austin Area", "Southern US"],
      city: "Austin",
      region: "Texas",
      country: "United States",
      firstName: "Jane",
      lastName: "Doe1",
      founders: "Jane Doe1, John Smith",
      role: "CEO",
      email: "jane1@company1.example",
      contactEmail: "info@company1.example",
      website: "https://www.company1.example",
      websiteDomain: "company1.example",
      linkedin: "https://www.linkedin.com/company/company-1",
      lastFundingAmountUsd: 1_000_000,
      lastFundingAmount: 1_000_000,
      lastFundingCurrency: null,
      lastFundingDate: "2024-03-15",
      lastFundingType: "Seed",
      totalFundingAmountUsd: 2_500_000,
      statedRoundCount: null,
    } satisfies ImportedCompany);
  });

  it("trims every cell and turns blank cells into null or an empty list", () => {
    const company = accept({
      "Organization Name": "  Acme Labs \t",
      Description: "   ",
      Role: "",
      Industries: " , ",
      "Headquarters Location": "",
      Website: null,
      "Last Funding Amount (in USD)": "",
      "Last Funding Date": "",
    });
    expect(company.organizationName).toBe("Acme Labs");
    expect(company.nameKey).toBe("acme labs");
    expect(company.description).toBeNull();
    expect(company.role).toBeNull();
    expect(company.industries).toEqual([]);
    expect([company.headquartersLocation, company.city, company.region, company.country]).toEqual([
      null,
      null,
      null,
      null,
    ]);
    expect([company.website, company.websiteDomain]).toEqual([null, null]);
    expect(company.lastFundingAmountUsd).toBeNull();
    expect(company.lastFundingDate).toBeNull();
  });

  it("reads a row of the older header generation", () => {
    const headers = COMPANY_CSV_HEADERS.map((header) => OLD_HEADER_NAMES[header] ?? header);
    const old = resolveHeader(headers);
    const record = crunchbaseRecord(7, { "Last Funding Amount (in USD)": "3,000,000" });
    const cells = COMPANY_CSV_HEADERS.map((header) => String(record[header] ?? ""));
    const result = parseCrunchbaseRow(cells, old.columns, TODAY);
    expect(result.ok && result.company.lastFundingAmountUsd).toBe(3_000_000);
    expect(result.ok && result.company.totalFundingAmountUsd).toBe(2_500_000);
    expect(result.ok && result.company.firstName).toBe("Jane");
    expect(result.ok && result.company.linkedin).toBe("https://www.linkedin.com/company/company-7");
  });

  it("reads a file with only some columns, in any order", () => {
    const headers = ["Website", "Organization Name", "Last Funding Amount Currency", "Last Funding Amount"];
    const partial = resolveHeader(headers);
    const result = parseCrunchbaseRow(
      ["acme.io", "Acme", "eur", "2.500.000".replaceAll(".", "")],
      partial.columns,
      TODAY,
    );
    expect(result).toEqual({
      ok: true,
      company: expect.objectContaining({
        organizationName: "Acme",
        websiteDomain: "acme.io",
        lastFundingCurrency: "EUR",
        lastFundingAmount: 2_500_000,
        industries: [],
        firstName: null,
      }),
      // Neither investor column: the company's investors stay as they are (decision 030).
      investors: null,
    });
  });

  describe("Organization Name", () => {
    it("is required", () => {
      expect(reject({ "Organization Name": "  " })).toBe("Organization Name is empty.");
    });

    it("is at most 200 characters, and the reason quotes a shortened value", () => {
      expect(accept({ "Organization Name": "x".repeat(200) }).organizationName).toHaveLength(200);
      expect(reject({ "Organization Name": "y".repeat(201) })).toBe(
        `Organization Name "${"y".repeat(40)}…" is longer than 200 characters.`,
      );
    });
  });

  describe("amounts", () => {
    it.each([
      ["1,000,000", 1_000_000],
      ["$1,000,000", 1_000_000],
      ["1000000.00", 1_000_000],
      ["$ 250,000.40", 250_000],
      ["999.5", 1_000],
      ["0", 0],
    ])("reads %s as %d US dollars", (cell, expected) => {
      expect(accept({ "Last Funding Amount (in USD)": cell }).lastFundingAmountUsd).toBe(expected);
      expect(accept({ "Total Funding Amount (in USD)": cell }).totalFundingAmountUsd).toBe(expected);
    });

    it("keeps the cents of an amount in the round's own currency", () => {
      expect(accept({ "Last Funding Amount": "1,234.56" }).lastFundingAmount).toBe(1234.56);
    });

    it.each(["abc", "1.000.000", "12,34", "1e6", "ten", "$", "1,000 USD", "(5)"])(
      "rejects %j as not an amount",
      (cell) => {
        expect(reject({ "Last Funding Amount (in USD)": cell })).toBe(
          `Last Funding Amount (in USD) ${JSON.stringify(cell)} is not an amount (expected a number such as 1,000,000).`,
        );
      },
    );

    it.each(["-5", "-$1,000", "$-1,000"])("rejects the negative amount %j", (cell) => {
      expect(reject({ "Total Funding Amount (in USD)": cell })).toBe(
        `Total Funding Amount (in USD) ${JSON.stringify(cell)} is negative.`,
      );
    });

    it("rejects USD amounts above a trillion", () => {
      expect(accept({ "Last Funding Amount (in USD)": "1,000,000,000,000" }).lastFundingAmountUsd).toBe(1e12);
      expect(reject({ "Last Funding Amount (in USD)": "1,000,000,000,001" })).toBe(
        'Last Funding Amount (in USD) "1,000,000,000,001" is larger than 1,000,000,000,000.',
      );
    });

    it("names the column as the file spells it", () => {
      const old = resolveHeader(["Organization Name", "Last Funding Amount Currency (in USD)"]);
      expect(parseCrunchbaseRow(["Acme", "lots"], old.columns, TODAY)).toEqual({
        ok: false,
        reason:
          'Last Funding Amount Currency (in USD) "lots" is not an amount (expected a number such as 1,000,000).',
      });
    });
  });

  describe("Last Funding Amount Currency", () => {
    const currencyColumns = resolveHeader(["Organization Name", "Last Funding Amount Currency"]).columns;

    it("is a three-letter code, upper-cased", () => {
      expect(parseCrunchbaseRow(["Acme", "usd"], currencyColumns, TODAY)).toMatchObject({
        ok: true,
        company: { lastFundingCurrency: "USD" },
      });
    });

    it("rejects anything else", () => {
      expect(parseCrunchbaseRow(["Acme", "US Dollar"], currencyColumns, TODAY)).toEqual({
        ok: false,
        reason: 'Last Funding Amount Currency "US Dollar" is not a 3-letter currency code such as USD.',
      });
    });
  });

  describe("Last Funding Date", () => {
    it.each([
      ["2024-03-15", "2024-03-15"],
      ["3/5/2024", "2024-03-05"],
      ["12/31/2023", "2023-12-31"],
      ["2024-03-15T10:30:00Z", "2024-03-15"],
      ["2024-03-15 10:30", "2024-03-15"],
      ["2024-02-29", "2024-02-29"],
      ["1900-01-01", "1900-01-01"],
      ["2026-06-15", "2026-06-15"],
    ])("reads %s as %s", (cell, expected) => {
      expect(accept({ "Last Funding Date": cell }).lastFundingDate).toBe(expected);
    });

    it.each([
      "2023-02-29",
      "2024-13-01",
      "2024-04-31",
      "13/1/2024",
      "15 March 2024",
      "2024/03/15",
      "yesterday",
      "24-03-15",
    ])("rejects %j as not a date", (cell) => {
      expect(reject({ "Last Funding Date": cell })).toBe(
        `Last Funding Date ${JSON.stringify(cell)} is not a valid date (expected YYYY-MM-DD).`,
      );
    });

    it("rejects dates before 1900", () => {
      expect(reject({ "Last Funding Date": "1899-12-31" })).toBe(
        'Last Funding Date "1899-12-31" is before 1900-01-01.',
      );
    });

    it("rejects dates more than a year after today", () => {
      expect(reject({ "Last Funding Date": "2026-06-16" })).toBe(
        'Last Funding Date "2026-06-16" is more than a year in the future.',
      );
    });
  });

  describe("Website", () => {
    it.each([
      ["acme.com", "https://acme.com", "acme.com"],
      ["https://www.acme.com/path?x=1", "https://www.acme.com/path?x=1", "acme.com"],
      ["http://WWW.Acme.CO.uk", "http://WWW.Acme.CO.uk", "acme.co.uk"],
      ["www.acme.io/", "https://www.acme.io/", "acme.io"],
      ["https://app.acme.com:8443", "https://app.acme.com:8443", "app.acme.com"],
      ["https://bücher.example", "https://bücher.example", "xn--bcher-kva.example"],
    ])("reads %s", (cell, website, websiteDomain) => {
      expect(accept({ Website: cell })).toMatchObject({ website, websiteDomain });
    });

    it.each([
      "not a website",
      "N/A",
      "localhost",
      "https://",
      "ftp://acme.com",
      "http://192.168.0.1",
      "mailto:x@acme.com",
      "acme",
    ])("rejects %j", (cell) => {
      expect(reject({ Website: cell })).toBe(`Website ${JSON.stringify(cell)} is not a website address.`);
    });
  });

  describe("emails", () => {
    it("accepts an address in either column", () => {
      expect(accept({ Email: "jane.doe+cb@acme.co", "Contact Email": "hello@acme.io" })).toMatchObject({
        email: "jane.doe+cb@acme.co",
        contactEmail: "hello@acme.io",
      });
    });

    it.each(["jane", "jane@acme", "@acme.com", "jane doe@acme.com", "a@b.com, c@d.com"])(
      "rejects %j",
      (cell) => {
        expect(reject({ Email: cell })).toBe(`Email ${JSON.stringify(cell)} is not an email address.`);
        expect(reject({ "Contact Email": cell })).toBe(
          `Contact Email ${JSON.stringify(cell)} is not an email address.`,
        );
      },
    );
  });

  it("splits list columns on commas, trimming and dropping duplicates", () => {
    const company = accept({
      Industries: " FinTech, Payments ,fintech,, Banking ",
      "Industry Groups": "Financial Services",
      "Headquarters Regions":
        "European Union (EU), Europe, Middle East, and Africa (EMEA),Nordics, European Union (EU)",
    });
    expect(company.industries).toEqual(["FinTech", "Payments", "Banking"]);
    expect(company.industryGroups).toEqual(["Financial Services"]);
    // The EMEA region's own name has commas: it stays one region.
    expect(company.headquartersRegions).toEqual([
      "European Union (EU)",
      "Europe, Middle East, and Africa (EMEA)",
      "Nordics",
    ]);
  });

  it("splits Headquarters Location into city, region and country", () => {
    expect(accept({ "Headquarters Location": "Berlin, Berlin, Germany" })).toMatchObject({
      headquartersLocation: "Berlin, Berlin, Germany",
      city: "Berlin",
      region: "Berlin",
      country: "Germany",
    });
    expect(accept({ "Headquarters Location": "Singapore, Singapore" })).toMatchObject({
      city: "Singapore",
      region: "Unknown Region",
      country: "Singapore",
    });
  });

  it("stores every text in Unicode NFC, so a decomposed Zürich is the same city as a composed one", () => {
    // What a CSV written on macOS may hold: each accented letter as a base letter and a combining mark.
    const company = accept({
      "Organization Name": "Cafe\u0301 Mu\u0308ller",
      "Headquarters Location": "Zu\u0308rich, Zu\u0308rich, Co\u0302te d'Ivoire",
      "Headquarters Regions": "I\u0302le-de-France",
      Industries: "Sante\u0301",
      Founders: "Jose\u0301 Nu\u0301n\u0303ez",
      "First name": null,
      "Last name": null,
    });
    expect(company).toMatchObject({
      organizationName: "Café Müller",
      nameKey: "café müller",
      headquartersLocation: "Zürich, Zürich, Côte d'Ivoire",
      city: "Zürich",
      region: "Zürich",
      country: "Côte d'Ivoire",
      headquartersRegions: ["Île-de-France"],
      industries: ["Santé"],
      founders: "José Núñez",
      firstName: "José",
      lastName: "Núñez",
    });
    expect(company.city).toBe("Zu\u0308rich".normalize("NFC"));
    expect(company.city).not.toBe("Zu\u0308rich");
  });

  describe("founder names", () => {
    it("takes first and last name from the first founder when both are empty", () => {
      const company = accept({
        "First name": "",
        "Last name": "",
        Founders: "Jane van der Berg, John Smith",
      });
      expect([company.firstName, company.lastName]).toEqual(["Jane", "van der Berg"]);
      expect(company.founders).toBe("Jane van der Berg, John Smith");
    });

    it("leaves the last name empty for a one-word founder", () => {
      expect(accept({ "First name": "", "Last name": "", Founders: "Cher" })).toMatchObject({
        firstName: "Cher",
        lastName: null,
      });
    });

    it("keeps given names and does not mix in a founder's", () => {
      expect(accept({ "First name": "Ann", "Last name": "" })).toMatchObject({
        firstName: "Ann",
        lastName: null,
      });
    });

    it("works for a file without name columns", () => {
      const withoutNames = resolveHeader(["Organization Name", "Founders"]);
      expect(parseCrunchbaseRow(["Acme", "Ada Lovelace"], withoutNames.columns, TODAY)).toMatchObject({
        ok: true,
        company: { firstName: "Ada", lastName: "Lovelace" },
      });
    });
  });

  it("limits Last Funding Type to 100 characters", () => {
    expect(accept({ "Last Funding Type": " Series A " }).lastFundingType).toBe("Series A");
    expect(reject({ "Last Funding Type": "z".repeat(101) })).toBe(
      `Last Funding Type "${"z".repeat(40)}…" is longer than 100 characters.`,
    );
  });

  it("rejects a cell holding a NUL character, which PostgreSQL text cannot store", () => {
    expect(reject({ Description: "bad\u0000byte" })).toBe("Description contains a NUL character.");
  });

  it("reports every problem of a row, not only the first (docs/product.md#imports)", () => {
    expect(reject({ "Organization Name": "", "Last Funding Date": "never" })).toBe(
      'Organization Name is empty; Last Funding Date "never" is not a valid date (expected YYYY-MM-DD).',
    );
    expect(
      reject({
        Email: "not-an-address",
        Website: "N/A",
        "Last Funding Amount (in USD)": "lots",
        "Last Funding Currency": "euros",
        "Last Funding Date": "2026-02-30",
      }),
    ).toBe(
      [
        'Email "not-an-address" is not an email address',
        'Website "N/A" is not a website address',
        'Last Funding Amount (in USD) "lots" is not an amount (expected a number such as 1,000,000)',
        'Last Funding Currency "euros" is not a 3-letter currency code such as USD',
        'Last Funding Date "2026-02-30" is not a valid date (expected YYYY-MM-DD).',
      ].join("; "),
    );
  });
});

describe("importedFields", () => {
  it("lists every table field for a complete file", () => {
    expect(importedFields(columns)).toEqual(
      expect.arrayContaining(["organizationName", "nameKey", "city", "region", "country", "websiteDomain"]),
    );
    // decision 027: the export names the round's currency, so a re-imported export keeps it.
    expect(importedFields(columns)).toContain("lastFundingCurrency");
  });

  it("leaves out fields whose column the file lacks", () => {
    const fields = importedFields(resolveHeader(["Organization Name", "Website", "Founders"]).columns);
    expect(fields.sort()).toEqual(
      ["organizationName", "nameKey", "website", "websiteDomain", "founders", "firstName", "lastName"].sort(),
    );
  });
});
