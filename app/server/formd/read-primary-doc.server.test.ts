import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type FormDFixture, primaryDocXml, writePrimaryDocs } from "~tests/fixtures/formd";
import { accessionOfPath, readPrimaryDoc } from "./read-primary-doc.server";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "rl-formd-doc-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const amendment: FormDFixture = {
  accessionNumber: "0001234567-26-000007",
  cik: "1234567",
  name: "Acme Robotics & Co., Inc.",
  filingDate: "2026-08-02",
  previousAccessionNumber: "0001234567-26-000001",
  city: "TORONTO",
  stateOrCountry: "A6",
  stateOrCountryDescription: "ONTARIO, CANADA",
  debt: true,
  equity: false,
  option: true,
  totalOffering: "Indefinite",
  amountSold: 750000,
  saleDate: null,
  previousNames: ["Acme Labs Inc."],
  persons: [
    {
      first: "Ada",
      last: "Lovelace",
      relationships: ["Executive Officer", "Director"],
      clarification: "Founder & CEO",
    },
    { first: "N/A", last: "Acme GP, LLC", relationships: ["Promoter"] },
  ],
  coIssuers: [{ cik: "7654321", name: "Acme Robotics Canada ULC" }],
};

describe("readPrimaryDoc (decision 031)", () => {
  it("reads an X0708 filing, its accession number from its EDGAR folder", async () => {
    const [file] = await writePrimaryDocs(dir, [amendment], "edgar");
    expect(file).toBe(path.join(dir, "1234567", "000123456726000007", "primary_doc.xml"));
    const filing = await readPrimaryDoc(file ?? "");
    expect(filing).toMatchObject({
      accessionNumber: "0001234567-26-000007",
      filingDate: "2026-08-02",
      submissionType: "D/A",
      isTest: false,
      primaryIssuer: {
        cik: "1234567",
        name: "Acme Robotics & Co., Inc.",
        city: "TORONTO",
        stateOrCountry: "A6",
        stateOrCountryDescription: "ONTARIO, CANADA",
        yearOfIncorporation: 2023,
        previousNames: ["Acme Labs Inc."],
      },
      otherIssuers: [{ cik: "7654321", name: "Acme Robotics Canada ULC" }],
      offering: {
        isAmendment: true,
        previousAccessionNumber: "0001234567-26-000001",
        dateOfFirstSale: null,
        yetToOccur: true,
        isEquity: false,
        isDebt: true,
        otherSecurityTypes: ["Option, Warrant or Other Right to Acquire Another Security"],
        totalOfferingIndefinite: true,
        totalAmountSold: 750000,
        totalNumberAlreadyInvested: 7,
      },
      position: { file, line: 1 },
    });
    expect(filing.relatedPersons).toEqual([
      {
        firstName: "Ada",
        middleName: null,
        lastName: "Lovelace",
        relationships: ["Executive Officer", "Director"],
        clarification: "Founder & CEO",
      },
      {
        firstName: null,
        middleName: null,
        lastName: "Acme GP, LLC",
        relationships: ["Promoter"],
        clarification: null,
      },
    ]);
  });

  it("reads one relationship and no co-issuers as lists, and a fund's type", async () => {
    const fund: FormDFixture = {
      accessionNumber: "0001234567-26-000008",
      cik: "1234567",
      name: "Acme Ventures Fund I, L.P.",
      industryGroup: "Pooled Investment Fund",
      investmentFundType: "Venture Capital Fund",
      pooled: true,
      equity: false,
      persons: [{ first: "Grace", last: "Hopper", relationships: ["Director"] }],
    };
    const [file] = await writePrimaryDocs(dir, [fund], "flat");
    expect(path.basename(file ?? "")).toBe("0001234567-26-000008.xml");
    const filing = await readPrimaryDoc(file ?? "");
    expect(filing.otherIssuers).toEqual([]);
    expect(filing.relatedPersons[0]?.relationships).toEqual(["Director"]);
    expect(filing.offering).toMatchObject({
      industryGroup: "Pooled Investment Fund",
      investmentFundType: "Venture Capital Fund",
      isPooledInvestmentFund: true,
    });
  });

  it("refuses a file whose accession number it cannot tell, or that is not a Form D", async () => {
    const loose = path.join(dir, "primary_doc.xml");
    await writeFile(loose, primaryDocXml(amendment));
    await expect(readPrimaryDoc(loose)).rejects.toThrow(/the accession number is not known/);
    const folder = path.join(dir, "000123456726000009");
    await mkdir(folder);
    const other = path.join(folder, "primary_doc.xml");
    await writeFile(other, "<ownershipDocument><issuer/></ownershipDocument>");
    await expect(readPrimaryDoc(other)).rejects.toThrow(/is not a Form D primary_doc.xml/);
    await writeFile(other, primaryDocXml({ ...amendment, amountSold: "plenty" }));
    await expect(readPrimaryDoc(other)).rejects.toThrow('TOTALAMOUNTSOLD is not an amount: "plenty"');
  });

  it("tells the accession number from a folder or a file name", () => {
    expect(accessionOfPath("/x/1234567/000123456726000007/primary_doc.xml")).toBe("0001234567-26-000007");
    expect(accessionOfPath("/x/0001234567-26-000007.xml")).toBe("0001234567-26-000007");
    expect(accessionOfPath("/x/filings/primary_doc.xml")).toBeNull();
  });
});
