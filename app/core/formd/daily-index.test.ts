import { describe, expect, it } from "vitest";
import {
  accessionWithoutDashes,
  dailyIndexPath,
  filingFolderPath,
  formDEntries,
  parseDailyIndex,
  primaryDocPath,
} from "./daily-index";

const MASTER = [
  "Description:           Daily Index of EDGAR Dissemination Feed by Company Name",
  "Last Data Received:    November 24, 2026",
  "Comments:              webmaster@sec.gov",
  "Anonymous FTP:         ftp://ftp.sec.gov/edgar/",
  " ",
  "CIK|Company Name|Form Type|Date Filed|File Name",
  "--------------------------------------------------------------------------------",
  "1000001|ALPHA ROBOTICS INC|D|20261124|edgar/data/1000001/0001000001-26-000001.txt",
  "0001000002|Beta Bio, LLC|D/A|20261124|edgar/data/1000002/0001000002-26-000007.txt",
  "1000009|BIG PUBLIC CO|10-K|20261124|edgar/data/1000009/0001000009-26-000001.txt",
  "1000010|BROKEN LINE|D|20261124",
  "1000011|BAD PATH|D|20261124|edgar/data/1000011/../../etc/passwd",
  "",
].join("\r\n");

// form.idx: fixed-width columns, sorted by form type; a form type may hold a space, a name doubled spaces.
const FORM = [
  "Description:           Daily Index of EDGAR Dissemination Feed by Form Type",
  "Last Data Received:    November 24, 2026",
  "Comments:              webmaster@sec.gov",
  "Anonymous FTP:         ftp://ftp.sec.gov/edgar/",
  " ",
  "Form Type   Company Name                                                  CIK         Date Filed  File Name",
  "---------------------------------------------------------------------------------------------------------------------------------------------",
  "D           Alpha  Robotics Inc                                           1000001     20261124    edgar/data/1000001/0001000001-26-000001.txt         ",
  "D/A         Beta Bio, LLC                                                 1000002     2026-11-24  edgar/data/1000002/0001000002-26-000007.txt         ",
  "SC 13D      Gamma Holdings                                                1000003     20261124    edgar/data/1000003/0001000003-26-000002.txt         ",
  "D           No Date Inc                                                   1000004     someday     edgar/data/1000004/0001000004-26-000003.txt         ",
].join("\n");

describe("parseDailyIndex (decision 031)", () => {
  it("reads master.idx: CIK without leading zeros, ISO dates, the accession number from the file name", () => {
    const { entries, rejected } = parseDailyIndex(MASTER);
    expect(
      entries.map((entry) => [entry.formType, entry.cik, entry.dateFiled, entry.accessionNumber]),
    ).toEqual([
      ["D", "1000001", "2026-11-24", "0001000001-26-000001"],
      ["D/A", "1000002", "2026-11-24", "0001000002-26-000007"],
      ["10-K", "1000009", "2026-11-24", "0001000009-26-000001"],
    ]);
    expect(entries[1]?.companyName).toBe("Beta Bio, LLC");
    expect(rejected).toEqual([
      { line: 11, reason: "the line does not have the index's five columns" },
      {
        line: 12,
        reason:
          'the file name "edgar/data/1000011/../../etc/passwd" is not edgar/data/{CIK}/{accession number}.txt',
      },
    ]);
  });

  it("reads form.idx's fixed-width columns, a form type with a space and a name with doubled spaces included", () => {
    const { entries, rejected } = parseDailyIndex(FORM);
    expect(entries.map((entry) => [entry.formType, entry.companyName, entry.cik, entry.dateFiled])).toEqual([
      ["D", "Alpha  Robotics Inc", "1000001", "2026-11-24"],
      ["D/A", "Beta Bio, LLC", "1000002", "2026-11-24"],
      ["SC 13D", "Gamma Holdings", "1000003", "2026-11-24"],
    ]);
    expect(rejected.map((row) => row.line)).toEqual([11]);
  });

  it("refuses a file that is not an index (an error page) as one rejected line", () => {
    expect(parseDailyIndex("<html>Access Denied</html>")).toEqual({
      entries: [],
      rejected: [{ line: 1, reason: "not an EDGAR index: no line of dashes under a header" }],
    });
  });

  it("rejects an impossible date", () => {
    const text = MASTER.replace(
      "1000001|ALPHA ROBOTICS INC|D|20261124",
      "1000001|ALPHA ROBOTICS INC|D|20261131",
    );
    expect(parseDailyIndex(text).rejected[0]).toEqual({
      line: 8,
      reason: 'the date "20261131" is not a date',
    });
  });
});

describe("formDEntries (decision 031)", () => {
  it("keeps D and D/A filings, each accession number once", () => {
    const { entries } = parseDailyIndex(MASTER);
    const twice = [...entries, ...entries];
    expect(formDEntries(twice).map((entry) => entry.accessionNumber)).toEqual([
      "0001000001-26-000001",
      "0001000002-26-000007",
    ]);
  });
});

describe("EDGAR paths (decision 031)", () => {
  it("a filing's folder has the CIK without leading zeros and the accession number without dashes", () => {
    expect(filingFolderPath("0000320193", "0000320193-26-000012")).toBe(
      "/Archives/edgar/data/320193/000032019326000012/",
    );
    expect(primaryDocPath("1000001", "0001000001-26-000001")).toBe(
      "/Archives/edgar/data/1000001/000100000126000001/primary_doc.xml",
    );
  });

  it("refuses anything but a CIK and an accession number in a path", () => {
    expect(() => filingFolderPath("../1", "0001000001-26-000001")).toThrow("not a CIK");
    expect(() => accessionWithoutDashes("0001000001-26-00000/")).toThrow("not an accession number");
  });

  it("a day's master index sits in its year's quarter", () => {
    expect(dailyIndexPath("2026-01-05")).toBe("/Archives/edgar/daily-index/2026/QTR1/master.20260105.idx");
    expect(dailyIndexPath("2026-03-31")).toBe("/Archives/edgar/daily-index/2026/QTR1/master.20260331.idx");
    expect(dailyIndexPath("2026-04-01")).toBe("/Archives/edgar/daily-index/2026/QTR2/master.20260401.idx");
    expect(dailyIndexPath("2026-11-24")).toBe("/Archives/edgar/daily-index/2026/QTR4/master.20261124.idx");
    expect(() => dailyIndexPath("2026-02-30")).toThrow("not an ISO date");
  });
});
