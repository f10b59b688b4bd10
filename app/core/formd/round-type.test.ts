import { describe, expect, it } from "vitest";
import { FUNDING_TYPES } from "../funding-types";
import { formDFundingType } from "./round-type";

const offering = (isEquity: boolean, isDebt: boolean, otherSecurityTypes: string[] = []) => ({
  isEquity,
  isDebt,
  otherSecurityTypes,
});

describe("Form D round type (decision 031)", () => {
  it("equity is a venture round of unknown series, whatever is sold beside it", () => {
    expect(formDFundingType(offering(true, false))).toBe("Venture - Series Unknown");
    expect(
      formDFundingType(offering(true, true, ["Option, Warrant or Other Right to Acquire Another Security"])),
    ).toBe("Venture - Series Unknown");
  });

  it("debt with a right to acquire shares is a convertible note; other debt is debt financing", () => {
    expect(
      formDFundingType(offering(false, true, ["Option, Warrant or Other Right to Acquire Another Security"])),
    ).toBe("Convertible Note");
    expect(formDFundingType(offering(false, true, ["Convertible promissory notes"]))).toBe(
      "Convertible Note",
    );
    expect(formDFundingType(offering(false, true))).toBe("Debt Financing");
  });

  it("anything else is undisclosed, and every type is one the filters know", () => {
    expect(formDFundingType(offering(false, false, ["SAFE"]))).toBe("Undisclosed");
    expect(formDFundingType(offering(false, false))).toBe("Undisclosed");
    for (const [e, d] of [
      [true, false],
      [false, true],
      [false, false],
    ] as const)
      expect(FUNDING_TYPES).toContain(formDFundingType(offering(e, d)));
  });
});
