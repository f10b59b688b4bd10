import { describe, expect, it } from "vitest";
import { FORMD_XML_NAME_EXAMPLE, formDUploadHeadProblem, formDUploadNameProblem } from "./upload-file";

const bytes = (text: string) => new TextEncoder().encode(text);

describe("decision 031: the files the console's Form D upload takes", () => {
  it("takes a zip, and an XML named after its accession number (dashed or not)", () => {
    expect(formDUploadNameProblem("2026q3_d.zip")).toBeNull();
    expect(formDUploadNameProblem("2026Q3_D.ZIP")).toBeNull();
    expect(formDUploadNameProblem("0001234567-26-000001.xml")).toBeNull();
    expect(formDUploadNameProblem("000123456726000001.XML")).toBeNull();
  });

  it("refuses an XML without an accession number, naming the expected form", () => {
    const problem = formDUploadNameProblem("primary_doc.xml");
    expect(problem).toContain("primary_doc.xml does not name its filing");
    expect(problem).toContain(FORMD_XML_NAME_EXAMPLE);
  });

  it("refuses other kinds of file", () => {
    expect(formDUploadNameProblem("filings.csv")).toBe(
      `filings.csv is not a Form D file: upload a quarterly data set (.zip) or one filing's XML (${FORMD_XML_NAME_EXAMPLE}).`,
    );
  });

  it("checks a zip's magic bytes", () => {
    expect(formDUploadHeadProblem(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2]), "q.zip")).toBeNull();
    expect(formDUploadHeadProblem(bytes("name,city\n"), "q.zip")).toBe(
      "q.zip is not a zip file: download the quarterly data set again.",
    );
  });

  it("checks that an XML starts as XML or as a Form D submission, after a byte order mark or spaces", () => {
    const name = FORMD_XML_NAME_EXAMPLE;
    expect(formDUploadHeadProblem(bytes('<?xml version="1.0"?><edgarSubmission/>'), name)).toBeNull();
    expect(formDUploadHeadProblem(bytes("\uFEFF\n  <edgarSubmission>"), name)).toBeNull();
    expect(formDUploadHeadProblem(bytes("<html><body>"), name)).toContain("is not a Form D XML file");
    expect(formDUploadHeadProblem(new Uint8Array([0x50, 0x4b, 0x03, 0x04]), name)).toContain(
      "is not a Form D XML file",
    );
  });
});
