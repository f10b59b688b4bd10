import { mkdtemp, readFile, rm, stat, truncate, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type FormDFixture, generateFormDFilings, writeQuarterZip } from "~tests/fixtures/formd";
import { FormDSourceError } from "./formd-source-error";
import { type FormDReadItem, readQuarter } from "./read-quarter.server";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "rl-formd-quarter-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function readAll(zipPath: string): Promise<FormDReadItem[]> {
  const items: FormDReadItem[] = [];
  for await (const item of readQuarter(zipPath)) items.push(item);
  return items;
}

const acme: FormDFixture = {
  accessionNumber: "0001234567-26-000001",
  cik: "1234567",
  name: "ACME\u00a0ROBOTICS,  INC.",
  filingDate: "2026-06-30",
  city: "LONDON",
  stateOrCountry: "X0",
  stateOrCountryDescription: "UNITED KINGDOM",
  totalOffering: "Indefinite",
  amountSold: "1250000.50",
  persons: [
    {
      first: "Ada",
      last: 'Lovelace "Countess"',
      relationships: ["Executive Officer", "Director"],
      clarification: "CEO",
    },
    { first: "Grace", middle: "B.", last: "Hopper", relationships: ["Director"] },
  ],
  coIssuers: [{ cik: "7654321", name: "Acme Robotics UK Ltd" }],
};

describe("readQuarter (decision 031)", () => {
  it("reads a quarter's six files joined on the accession number", async () => {
    const zip = await writeQuarterZip(path.join(dir, "2026q3_d.zip"), [acme]);
    const items = await readAll(zip);
    expect(items).toHaveLength(1);
    const filing = items[0]?.filing;
    expect(filing).toMatchObject({
      accessionNumber: "0001234567-26-000001",
      filingDate: "2026-06-30",
      submissionType: "D",
      isTest: false,
      primaryIssuer: { cik: "1234567", name: "ACME ROBOTICS, INC.", city: "LONDON", stateOrCountry: "X0" },
      otherIssuers: [{ cik: "7654321", name: "Acme Robotics UK Ltd" }],
      offering: { totalOfferingAmount: null, totalOfferingIndefinite: true, totalAmountSold: 1250000.5 },
      position: { file: "2026q3_d.zip:2026Q3_d/FORMDSUBMISSION.tsv", line: 2 },
    });
    // An unquoted '"' is an ordinary character.
    expect(
      filing?.relatedPersons.map((p) => [p.firstName, p.middleName, p.lastName, p.relationships]),
    ).toEqual([
      ["Ada", null, 'Lovelace "Countess"', ["Executive Officer", "Director"]],
      ["Grace", "B.", "Hopper", ["Director"]],
    ]);
  });

  it("rejects a bad row with its file, line and reason, and the filing it belongs to, losing nothing else", async () => {
    const good = { ...acme, accessionNumber: "0001234567-26-000002" };
    const broken = { ...acme, accessionNumber: "0001234567-26-000003", amountSold: "lots" };
    const zip = await writeQuarterZip(path.join(dir, "q.zip"), [good, broken], {
      extraLines: { "ISSUERS.tsv": ["0009999999-26-000001\tYES\t9\t0000000042\tOrphan Inc"] },
    });
    const items = await readAll(zip);
    const rejected = items.flatMap((item) => (item.rejected ? [item.rejected] : []));
    expect(items.filter((item) => item.filing).map((item) => item.filing?.accessionNumber)).toEqual([
      "0001234567-26-000002",
    ]);
    expect(rejected).toEqual([
      {
        position: { file: "q.zip:2026Q3_d/ISSUERS.tsv", line: 6 },
        accessionNumber: "0009999999-26-000001",
        reason: "5 cells where the header has 23",
      },
      {
        position: { file: "q.zip:2026Q3_d/OFFERING.tsv", line: 3 },
        accessionNumber: "0001234567-26-000003",
        reason: 'TOTALAMOUNTSOLD is not an amount: "lots"',
      },
      {
        position: { file: "q.zip:2026Q3_d/FORMDSUBMISSION.tsv", line: 3 },
        accessionNumber: "0001234567-26-000003",
        reason:
          'A row of this filing was rejected (OFFERING.tsv line 3: TOTALAMOUNTSOLD is not an amount: "lots")',
      },
    ]);
  });

  it("rejects the filing of a row split by a stray line break, naming both halves", async () => {
    const zip = await writeQuarterZip(
      path.join(dir, "q.zip"),
      [acme, { ...acme, accessionNumber: "0001234567-26-000002" }],
      {
        extraLines: {
          "RELATEDPERSONS.tsv": [
            "0001234567-26-000001\t3\tAlan\t\tTuring\t1 MAIN",
            " STREET\t\tLONDON\tX0\t\t\tDirector\t\t\tChief Scientist",
          ],
        },
      },
    );
    const items = await readAll(zip);
    const summary = items.map((item) =>
      item.filing
        ? item.filing.accessionNumber
        : [item.rejected?.position.line, item.rejected?.accessionNumber, item.rejected?.reason],
    );
    expect(summary).toEqual([
      [6, "0001234567-26-000001", "6 cells where the header has 15"],
      [7, "0001234567-26-000001", "10 cells where the header has 15"],
      [
        2,
        "0001234567-26-000001",
        "A row of this filing was rejected (RELATEDPERSONS.tsv line 7: 10 cells where the header has 15)",
      ],
      "0001234567-26-000002",
    ]);
  });

  it("rejects a related person with a relationship Form D does not have, and its filing", async () => {
    const zip = await writeQuarterZip(path.join(dir, "q.zip"), [acme], {
      extraLines: {
        "RELATEDPERSONS.tsv": ["000123456726000001\t3\tAlan\t\tTuring\t\t\t\t\t\t\tJanitor\t\t\t"],
      },
    });
    const items = await readAll(zip);
    expect(
      items.map((item) => [
        item.rejected?.position.line,
        item.rejected?.accessionNumber,
        item.rejected?.reason,
      ]),
    ).toEqual([
      [4, "0001234567-26-000001", 'RELATIONSHIP_1 is not a relationship: "Janitor"'],
      [
        2,
        "0001234567-26-000001",
        'A row of this filing was rejected (RELATEDPERSONS.tsv line 4: RELATIONSHIP_1 is not a relationship: "Janitor")',
      ],
    ]);
  });

  it("rejects a filing with no primary issuer or no offering", async () => {
    const zip = await writeQuarterZip(path.join(dir, "q.zip"), [acme], {
      replace: { "OFFERING.tsv": "ACCESSIONNUMBER\tINDUSTRYGROUPTYPE\tTOTALAMOUNTSOLD" },
    });
    const items = await readAll(zip);
    expect(items.map((item) => item.rejected?.reason)).toEqual(["No offering in OFFERING.tsv"]);
  });

  it("refuses, before yielding anything, a zip missing one of the six files", async () => {
    const zip = await writeQuarterZip(path.join(dir, "q.zip"), [acme], { omit: ["SIGNATURES.tsv"] });
    const reading = readQuarter(zip);
    await expect(reading.next()).rejects.toThrow(
      "q.zip has no SIGNATURES.tsv: a quarterly Form D data set holds FORMDSUBMISSION.tsv, ISSUERS.tsv, OFFERING.tsv, RELATEDPERSONS.tsv, RECIPIENTS.tsv and SIGNATURES.tsv",
    );
  });

  it("refuses, before yielding anything, a zip cut in the middle", async () => {
    const zip = await writeQuarterZip(path.join(dir, "q.zip"), generateFormDFilings({ count: 50 }));
    await truncate(zip, Math.floor((await stat(zip)).size / 2));
    await expect(readQuarter(zip).next()).rejects.toThrow(FormDSourceError);
    await expect(readQuarter(zip).next()).rejects.toThrow(
      /q\.zip is not a complete zip file .*: download it again/,
    );
  });

  it("refuses, before yielding anything, a zip whose data is damaged in the middle", async () => {
    const zip = await writeQuarterZip(path.join(dir, "q.zip"), generateFormDFilings({ count: 200 }));
    const bytes = await readFile(zip);
    bytes.fill(0, Math.floor(bytes.length * 0.3), Math.floor(bytes.length * 0.5));
    await writeFile(zip, bytes);
    await expect(readQuarter(zip).next()).rejects.toThrow(FormDSourceError);
  });

  it("refuses a zip holding two quarters' files", async () => {
    const zip = await writeQuarterZip(path.join(dir, "q.zip"), [acme], {
      extraMembers: { "2026Q2_d/OFFERING.tsv": "x" },
    });
    await expect(readQuarter(zip).next()).rejects.toThrow(
      "q.zip holds OFFERING.tsv 2 times: give one quarter per zip",
    );
  });

  it("refuses a file that is not a zip, and a data set file without its columns", async () => {
    const notZip = path.join(dir, "notes.zip");
    await writeFile(notZip, "hello");
    await expect(readQuarter(notZip).next()).rejects.toThrow(FormDSourceError);
    const zip = await writeQuarterZip(path.join(dir, "q.zip"), [acme], {
      replace: { "ISSUERS.tsv": "A\tB\n1\t2" },
    });
    await expect(readQuarter(zip).next()).rejects.toThrow(
      "q.zip:2026Q3_d/ISSUERS.tsv has no ACCESSIONNUMBER, IS_PRIMARYISSUER_FLAG, CIK, ENTITYNAME, CITY, STATEORCOUNTRY column: it is not a Form D data set file",
    );
  });

  it("reads a generated quarter whole: every filing once, TEST and D/A ones marked", async () => {
    const fixtures = generateFormDFilings({ count: 400, seed: 7 });
    const zip = await writeQuarterZip(path.join(dir, "q.zip"), fixtures);
    const items = await readAll(zip);
    expect(items.every((item) => item.filing)).toBe(true);
    const filings = items.map((item) => item.filing);
    expect(filings.map((f) => f?.accessionNumber)).toEqual(fixtures.map((f) => f.accessionNumber));
    expect(filings.filter((f) => f?.isTest)).toHaveLength(fixtures.filter((f) => f.test).length);
    expect(filings.filter((f) => f?.submissionType === "D/A")).toHaveLength(
      fixtures.filter((f) => f.previousAccessionNumber).length,
    );
    expect(filings.reduce((sum, f) => sum + (f?.relatedPersons.length ?? 0), 0)).toBe(
      fixtures.reduce((sum, f) => sum + (f.persons?.length ?? 0), 0),
    );
  });
});
