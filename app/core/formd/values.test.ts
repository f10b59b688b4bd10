import { describe, expect, it } from "vitest";
import {
  cleanFormDNamePart,
  cleanFormDText,
  edgarFilingUrl,
  FormDValueError,
  parseAccessionNumber,
  parseCik,
  parseFormDAmount,
  parseFormDCount,
  parseFormDDate,
  parseFormDFlag,
  parseFormDRelationships,
} from "./values";

describe("Form D values (decision 031)", () => {
  it("reads the data sets' FILING_DATE and ISO dates alike", () => {
    expect(parseFormDDate("30-JUN-2026", "FILING_DATE")).toBe("2026-06-30");
    expect(parseFormDDate("01-feb-2026", "FILING_DATE")).toBe("2026-02-01");
    expect(parseFormDDate("30-JUN-09", "FILING_DATE")).toBe("2009-06-30");
    expect(parseFormDDate("2026-06-15", "SALE_DATE")).toBe("2026-06-15");
    expect(parseFormDDate("2026-06-15 00:00:00", "SALE_DATE")).toBe("2026-06-15");
    expect(parseFormDDate("  ", "SALE_DATE")).toBeNull();
  });

  it("refuses a date that is not one, naming the column", () => {
    expect(() => parseFormDDate("31-FEB-2026", "FILING_DATE")).toThrow(
      'FILING_DATE is not a date: "31-FEB-2026"',
    );
    expect(() => parseFormDDate("30-JUX-2026", "FILING_DATE")).toThrow(FormDValueError);
    expect(() => parseFormDDate("06/30/2026", "SALE_DATE")).toThrow(FormDValueError);
  });

  it("reads amounts with decimals, commas and Indefinite", () => {
    expect(parseFormDAmount("1500000", "TOTALAMOUNTSOLD")).toEqual({ amount: 1500000, indefinite: false });
    expect(parseFormDAmount("1500000.55", "TOTALAMOUNTSOLD")).toEqual({
      amount: 1500000.55,
      indefinite: false,
    });
    expect(parseFormDAmount("1,500,000", "TOTALAMOUNTSOLD")).toEqual({ amount: 1500000, indefinite: false });
    expect(parseFormDAmount("Indefinite", "TOTALOFFERINGAMOUNT")).toEqual({ amount: null, indefinite: true });
    expect(parseFormDAmount("INDEFINITE", "TOTALOFFERINGAMOUNT")).toEqual({ amount: null, indefinite: true });
    expect(parseFormDAmount("", "TOTALAMOUNTSOLD")).toEqual({ amount: null, indefinite: false });
    expect(() => parseFormDAmount("about 2M", "TOTALAMOUNTSOLD")).toThrow(
      'TOTALAMOUNTSOLD is not an amount: "about 2M"',
    );
    expect(() => parseFormDAmount("-5", "TOTALAMOUNTSOLD")).toThrow(FormDValueError);
  });

  it("reads counts, refusing fractions", () => {
    expect(parseFormDCount("12", "TOTALNUMBERALREADYINVESTED")).toBe(12);
    expect(parseFormDCount("12.0", "TOTALNUMBERALREADYINVESTED")).toBe(12);
    expect(parseFormDCount("", "TOTALNUMBERALREADYINVESTED")).toBeNull();
    expect(() => parseFormDCount("1.5", "TOTALNUMBERALREADYINVESTED")).toThrow(FormDValueError);
  });

  it("reads flags in every spelling the files use, empty as no", () => {
    for (const yes of ["true", "TRUE", "Y", "YES", "1"]) expect(parseFormDFlag(yes, "X")).toBe(true);
    for (const no of ["false", "N", "NO", "0", "", undefined]) expect(parseFormDFlag(no, "X")).toBe(false);
    expect(() => parseFormDFlag("maybe", "ISEQUITYTYPE")).toThrow(
      'ISEQUITYTYPE is not a yes/no flag: "maybe"',
    );
  });

  it("folds no-break and doubled spaces out of names", () => {
    expect(cleanFormDText("ACME\u00a0 ROBOTICS,  INC. ")).toBe("ACME ROBOTICS, INC.");
    expect(cleanFormDText(' He said "hi" ')).toBe('He said "hi"');
    expect(cleanFormDText(" \u00a0 ")).toBeNull();
    expect(cleanFormDNamePart("N/A")).toBeNull();
    expect(cleanFormDNamePart("Mary\u00a0Ann")).toBe("Mary Ann");
  });

  it("reads relationships in any case, each once, refusing others", () => {
    expect(
      parseFormDRelationships(["executive officer", "", "Director", "Director"], "RELATIONSHIP"),
    ).toEqual(["Executive Officer", "Director"]);
    expect(parseFormDRelationships([undefined, null], "RELATIONSHIP")).toEqual([]);
    expect(() => parseFormDRelationships(["Director", "Janitor"], "RELATIONSHIP")).toThrow(
      'RELATIONSHIP_2 is not a relationship: "Janitor"',
    );
  });

  it("reads CIKs without leading zeros and accession numbers in the dashed form", () => {
    expect(parseCik("0001234567")).toBe("1234567");
    expect(() => parseCik("ABC")).toThrow(FormDValueError);
    expect(() => parseCik("0000")).toThrow(FormDValueError);
    expect(parseAccessionNumber("000123456726000001")).toBe("0001234567-26-000001");
    expect(parseAccessionNumber("0001234567-26-000001")).toBe("0001234567-26-000001");
    expect(() => parseAccessionNumber("0001234567-26")).toThrow(FormDValueError);
  });

  it("points at the filing's folder on EDGAR", () => {
    expect(edgarFilingUrl("0001234567", "0001234567-26-000001")).toBe(
      "https://www.sec.gov/Archives/edgar/data/1234567/000123456726000001/",
    );
  });
});
