import { describe, expect, it } from "vitest";
import { formDFiling } from "~tests/fixtures/formd";
import type { FormDFiling } from "./filing";
import {
  formDPeople,
  type MapFilingContext,
  mapFiling,
  mapFilingContext,
  personRoleKind,
  personTitle,
} from "./map-filing";

const context: MapFilingContext = { fundIssuerCiks: new Set(), roots: new Map() };
const base = formDFiling();

describe("mapFiling (decision 031)", () => {
  it("turns an operating company's filing into a company, a round and people", () => {
    const mapped = mapFiling(base, context);
    expect(mapped).toEqual({
      kind: "company",
      company: {
        cik: "1900001",
        organizationName: "Nimbus Robotics, Inc.",
        matchName: "nimbus robotics",
        city: "San Francisco",
        region: "California",
        country: "United States",
        industries: ["Information Technology"],
        industryGroups: ["Information Technology"],
        yearFounded: 2023,
      },
      round: {
        sourceKey: "0001900001-26-000001",
        announcedOn: "2026-06-20",
        fundingType: "Venture - Series Unknown",
        amountUsd: 2500000,
        investorCount: 7,
        sourceUrl: "https://www.sec.gov/Archives/edgar/data/1900001/000190000126000001/",
      },
      people: [
        {
          firstName: "Ada",
          lastName: "Lovelace",
          title: "Executive Officer, Director: Chief Executive Officer",
          roleKind: "executive",
        },
      ],
    });
  });

  it("dates a round by its filing when the first sale is yet to occur, and rounds cents to dollars", () => {
    const filing = formDFiling({
      offering: { ...base.offering, dateOfFirstSale: null, yetToOccur: true, totalAmountSold: 1500000.5 },
    });
    const mapped = mapFiling(filing, context);
    if (mapped.kind !== "company") throw new Error(mapped.kind);
    expect(mapped.round.announcedOn).toBe("2026-07-15");
    expect(mapped.round.amountUsd).toBe(1500001);
  });

  it("places a company abroad by its EDGAR code, with no region outside the US and Canada", () => {
    const filing = formDFiling({
      primaryIssuer: { ...base.primaryIssuer, city: "LONDON", stateOrCountry: "X0" },
    });
    const mapped = mapFiling(filing, context);
    if (mapped.kind !== "company") throw new Error(mapped.kind);
    expect(mapped.company).toMatchObject({ city: "London", region: null, country: "United Kingdom" });
  });

  it("keys an amendment's round by its chain's root", () => {
    const original = base;
    const amendment = formDFiling({
      accessionNumber: "0001900001-26-000009",
      submissionType: "D/A",
      offering: {
        ...base.offering,
        isAmendment: true,
        previousAccessionNumber: original.accessionNumber,
        totalAmountSold: 4000000,
      },
    });
    const mapped = mapFiling(amendment, mapFilingContext([amendment, original]));
    if (mapped.kind !== "company") throw new Error(mapped.kind);
    expect(mapped.round.sourceKey).toBe(original.accessionNumber);
    expect(mapped.round.amountUsd).toBe(4000000);
    expect(mapped.round.sourceUrl).toBe(
      "https://www.sec.gov/Archives/edgar/data/1900001/000190000126000009/",
    );
  });

  it("makes nothing of a TEST filing, a fund's or a non-operating issuer's, saying why", () => {
    expect(mapFiling({ ...base, isTest: true }, context)).toEqual({ kind: "test" });
    const fund: FormDFiling = {
      ...base,
      offering: { ...base.offering, industryGroup: "Pooled Investment Fund" },
    };
    expect(mapFiling(fund, context)).toEqual({
      kind: "fund",
      reason: "Industry group is Pooled Investment Fund",
    });
    const parallel = { ...base, accessionNumber: "0001900001-26-000003" };
    expect(mapFiling(parallel, mapFilingContext([fund, parallel])).kind).toBe("fund");
    const trust = { ...base, primaryIssuer: { ...base.primaryIssuer, entityType: "Business Trust" } };
    expect(mapFiling(trust, context)).toEqual({
      kind: "not_operating",
      reason: "Issuer is a Business Trust",
    });
  });
});

describe("Form D people (decision 031)", () => {
  const person = (
    first: string | null,
    last: string | null,
    relationships: FormDFiling["relatedPersons"][number]["relationships"],
    clarification: string | null = null,
  ) => ({
    firstName: first,
    middleName: null,
    lastName: last,
    relationships,
    clarification,
  });

  it("titles a person by relationships and clarification", () => {
    expect(personTitle(person("A", "B", ["Executive Officer", "Director"], "CEO"))).toBe(
      "Executive Officer, Director: CEO",
    );
    expect(personTitle(person("A", "B", ["Director"]))).toBe("Director");
    expect(personTitle(person("A", "B", [], "Advisor"))).toBe("Advisor");
  });

  it("makes a founder only where the filing says so", () => {
    expect(personRoleKind(person("A", "B", ["Executive Officer"], "Co-Founder and CEO"))).toBe("founder");
    expect(personRoleKind(person("A", "B", ["Executive Officer", "Director"]))).toBe("executive");
    expect(personRoleKind(person("A", "B", ["Director"]))).toBe("director");
    expect(personRoleKind(person("A", "B", ["Promoter"]))).toBe("other");
  });

  it("leaves out nameless rows and companies filed as related persons", () => {
    const people = formDPeople({
      relatedPersons: [
        person(null, null, ["Director"]),
        person(null, "AIPCF VI, LLC", ["Promoter"]),
        person("Grace", "Hopper", ["Director"]),
      ],
    });
    expect(people.map((p) => p.lastName)).toEqual(["Hopper"]);
  });
});
