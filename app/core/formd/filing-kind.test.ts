import { describe, expect, it } from "vitest";
import { formDFiling } from "~tests/fixtures/formd";
import type { FormDFiling } from "./filing";
import { formDFilingKind, fundIssuerCiks } from "./filing-kind";

const base = formDFiling();
const withOffering = (offering: Partial<FormDFiling["offering"]>) =>
  formDFiling({ offering: { ...base.offering, ...offering } });
const withIssuer = (issuer: Partial<FormDFiling["primaryIssuer"]>) =>
  formDFiling({ primaryIssuer: { ...base.primaryIssuer, ...issuer } });
const none = new Set<string>();

describe("Form D filing kinds (decision 031)", () => {
  it("an operating company's round is operating", () => {
    expect(formDFilingKind(base, none)).toEqual({ kind: "operating" });
  });

  it("a TEST filing is not real, before anything else", () => {
    expect(
      formDFilingKind(
        formDFiling({ isTest: true, offering: { ...base.offering, isPooledInvestmentFund: true } }),
        none,
      ),
    ).toEqual({
      kind: "test",
    });
  });

  it("a pooled investment fund is a fund by its group, its fund type or its securities", () => {
    expect(formDFilingKind(withOffering({ industryGroup: "Pooled Investment Fund" }), none)).toEqual({
      kind: "fund",
      reason: "Industry group is Pooled Investment Fund",
    });
    expect(formDFilingKind(withOffering({ investmentFundType: "Venture Capital Fund" }), none)).toEqual({
      kind: "fund",
      reason: "Investment fund type is Venture Capital Fund",
    });
    expect(formDFilingKind(withOffering({ isPooledInvestmentFund: true }), none).kind).toBe("fund");
  });

  it("every issuer of a fund's filing is left out, parallel vehicles included, wherever they file", () => {
    const fund = formDFiling({
      accessionNumber: "0001900002-26-000002",
      primaryIssuer: { ...base.primaryIssuer, cik: "1900002", name: "Nimbus Ventures Fund I, L.P." },
      otherIssuers: [{ cik: "2900002", name: "Nimbus Ventures Parallel Fund I, L.P." }],
      offering: { ...base.offering, industryGroup: "Pooled Investment Fund" },
    });
    const ciks = fundIssuerCiks([fund, base]);
    expect([...ciks].sort()).toEqual(["1900002", "2900002"]);
    // The parallel vehicle files alone, as an ordinary-looking issuer: still a fund's.
    const parallelAlone = withIssuer({ cik: "2900002", name: "Nimbus Parallel Holdings, Inc." });
    expect(formDFilingKind(parallelAlone, ciks)).toEqual({
      kind: "fund",
      reason: "Issuer CIK 2900002 files as a fund",
    });
    // A company whose co-issuer is a fund's vehicle.
    expect(formDFilingKind(formDFiling({ otherIssuers: [{ cik: "1900002", name: "x" }] }), ciks).kind).toBe(
      "fund",
    );
  });

  it("a TEST fund filing marks no CIK as a fund's", () => {
    const testFund = withOffering({ industryGroup: "Pooled Investment Fund" });
    expect(fundIssuerCiks([{ ...testFund, isTest: true }]).size).toBe(0);
  });

  it("partnerships, trusts, mergers, property interests, property real estate and vehicles are not operating", () => {
    expect(formDFilingKind(withIssuer({ entityType: "Limited Partnership" }), none)).toEqual({
      kind: "not_operating",
      reason: "Issuer is a Limited Partnership",
    });
    expect(formDFilingKind(withIssuer({ entityType: "Business Trust" }), none).kind).toBe("not_operating");
    expect(formDFilingKind(withOffering({ isBusinessCombination: true }), none)).toEqual({
      kind: "not_operating",
      reason: "Offering is a business combination",
    });
    expect(
      formDFilingKind(
        withOffering({ isEquity: false, otherSecurityTypes: ["Tenant-in-Common Securities"] }),
        none,
      ).kind,
    ).toBe("not_operating");
    expect(formDFilingKind(withOffering({ industryGroup: "REITS and Finance" }), none).kind).toBe(
      "not_operating",
    );
    expect(formDFilingKind(withOffering({ industryGroup: "Residential" }), none).kind).toBe("not_operating");
    expect(
      formDFilingKind(withIssuer({ name: "Anthropic Jan 2026, a Series of CGF2021 LLC" }), none).kind,
    ).toBe("not_operating");
    expect(formDFilingKind(withIssuer({ name: "Acme SPV LLC" }), none).kind).toBe("not_operating");
  });

  it("construction companies, LLCs and names that merely contain 'fund' stay operating", () => {
    expect(formDFilingKind(withOffering({ industryGroup: "Construction" }), none).kind).toBe("operating");
    expect(formDFilingKind(withIssuer({ entityType: "Limited Liability Company" }), none).kind).toBe(
      "operating",
    );
    expect(formDFilingKind(withIssuer({ name: "Fundbox, Inc." }), none).kind).toBe("operating");
  });
});
