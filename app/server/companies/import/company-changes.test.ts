import { describe, expect, it } from "vitest";
import { isSameValue } from "../../imports/value-changes";
import type { ImportedCompany } from "../crunchbase-row";
import { companyDigest, hasSameValues } from "./company-changes";

const FIELDS = ["organizationName", "industries", "lastFundingAmount", "lastFundingDate"] as const;

function row(overrides: Partial<ImportedCompany> = {}): ImportedCompany {
  return {
    organizationName: "Acme",
    industries: ["Robotics", "AI"],
    lastFundingAmount: 1_500_000.5,
    lastFundingDate: "2024-03-15",
    description: "ignored: not a field of the file",
    ...overrides,
  } as ImportedCompany;
}

describe("hasSameValues", () => {
  it("is true when every field of the file holds the row's value", () => {
    expect(hasSameValues({ ...row(), description: "other" }, row(), FIELDS)).toBe(true);
  });

  it("is false when any field differs: text, a list item, its order, a number, empty against a value", () => {
    expect(hasSameValues(row({ organizationName: "ACME" }), row(), FIELDS)).toBe(false);
    expect(hasSameValues(row({ industries: ["AI", "Robotics"] }), row(), FIELDS)).toBe(false);
    expect(hasSameValues(row({ industries: ["Robotics"] }), row(), FIELDS)).toBe(false);
    expect(hasSameValues(row({ lastFundingAmount: 1_500_000 }), row(), FIELDS)).toBe(false);
    expect(hasSameValues(row({ lastFundingDate: null }), row(), FIELDS)).toBe(false);
  });

  it("counts a field the stored row lacks as empty", () => {
    expect(
      hasSameValues({}, row({ organizationName: null as unknown as string, industries: [] }), [
        "organizationName",
      ]),
    ).toBe(true);
  });
});

describe("isSameValue", () => {
  it("compares a number with the text a driver returns for numeric", () => {
    expect(isSameValue("1500000.5", 1_500_000.5)).toBe(true);
    expect(isSameValue(1_500_000.5, "1500000.50")).toBe(true);
    expect(isSameValue("", 0)).toBe(false);
    expect(isSameValue(undefined, null)).toBe(true);
    expect(isSameValue("1", 1n)).toBe(false);
  });
});

describe("companyDigest", () => {
  it("is the same for the same values and differs when one changes", () => {
    expect(companyDigest(row(), FIELDS)).toBe(companyDigest(row({ description: "x" }), FIELDS));
    const digests = new Set([
      companyDigest(row(), FIELDS),
      companyDigest(row({ industries: ["Robotics, AI"] }), FIELDS),
      companyDigest(row({ industries: ["Robotics", "Ai"] }), FIELDS),
      companyDigest(row({ lastFundingDate: null }), FIELDS),
      companyDigest(row({ lastFundingAmount: 1_500_001 }), FIELDS),
    ]);
    expect(digests.size).toBe(5);
    expect(Number.isSafeInteger(companyDigest(row(), FIELDS))).toBe(true);
  });
});
