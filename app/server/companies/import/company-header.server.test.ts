import { describe, expect, it } from "vitest";
import { companyFileHeadProblem as fileHeadProblem, headerProblem } from "./company-header.server";

describe("fileHeadProblem", () => {
  it("passes the start of a Crunchbase export, with or without a byte order mark or blank lines first", () => {
    expect(fileHeadProblem(Buffer.from("Organization Name,Website\nAcme,acme.example\n"))).toBeNull();
    expect(fileHeadProblem(Buffer.from("\uFEFF\r\n\r\nOrganization Name,Website\r\nAcme"))).toBeNull();
  });

  it("refuses what the importer would refuse: empty, binary, no name column, two columns for one field", () => {
    expect(fileHeadProblem(Buffer.from("\n\n"))).toBe("The file is empty.");
    expect(fileHeadProblem(Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2]))).toMatch(/Excel workbook/);
    expect(fileHeadProblem(Buffer.from("a,b\u0000c\n"))).toBe("The file is not a CSV text file.");
    expect(fileHeadProblem(Buffer.from("Name,Website\nAcme,x\n"))).toBe(
      "The file has no 'Organization Name' column; is it a Crunchbase CSV export? Found columns: 'Name', 'Website'.",
    );
    expect(fileHeadProblem(Buffer.from("Organization Name,Company\nAcme,x\n"))).toBe(
      "The file has more than one column for the same field: 'Company'. Remove the extra column.",
    );
    expect(fileHeadProblem(Buffer.from('Organization Name,"Web"site\nAcme,x\n'))).toBe(
      "The file is not a CSV text file: its first line could not be read as CSV.",
    );
  });

  it("leaves to the import a header it cannot see whole", () => {
    expect(fileHeadProblem(Buffer.from("Organization Name,Web"))).toBeNull();
    expect(fileHeadProblem(Buffer.from('Name,"Web\nsite",x\n'))).toBeNull();
    expect(fileHeadProblem(Buffer.from([0xff, 0xfe, 0x4e, 0x00, 0x0a, 0x00]))).toBeNull();
  });

  it("checks a header row as the importer does", () => {
    expect(headerProblem(["Organization Name", "Website"])).toBeNull();
    expect(headerProblem([])).toMatch(/Found columns: none\.$/);
  });
});
