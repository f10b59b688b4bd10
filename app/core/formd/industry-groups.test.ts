import { describe, expect, it } from "vitest";
import { FORM_D_INDUSTRY_GROUP_KEYS, industryGroupKey, roundlistIndustries } from "./industry-groups";

describe("Form D industry groups (decision 031)", () => {
  it("maps a group onto Roundlist's industries and groups", () => {
    expect(roundlistIndustries("Biotechnology")).toEqual({
      industries: ["Biotechnology"],
      industryGroups: ["Biotechnology", "Science and Engineering"],
    });
    expect(roundlistIndustries("Other Technology").industries).toEqual(["Information Technology"]);
  });

  it("reads '&' and 'and', any case, as one group", () => {
    expect(industryGroupKey("Oil & Gas")).toBe("oil and gas");
    expect(roundlistIndustries("REITS & Finance")).toEqual(roundlistIndustries("REITS and Finance"));
    expect(roundlistIndustries("HOSPITALS AND PHYSICIANS").industries).toEqual(["Health Care", "Medical"]);
  });

  it("names no industry for funds, 'Other', an unknown or a missing group", () => {
    for (const group of ["Pooled Investment Fund", "Other", "Space Elevators", null])
      expect(roundlistIndustries(group).industries).toEqual([]);
  });

  it("covers every group of the X0708 list, and nothing else", () => {
    const x0708 = [
      "Agriculture",
      "Commercial Banking",
      "Insurance",
      "Investing",
      "Investment Banking",
      "Pooled Investment Fund",
      "Other Banking and Financial Services",
      "Business Services",
      "Coal Mining",
      "Electric Utilities",
      "Energy Conservation",
      "Environmental Services",
      "Oil and Gas",
      "Other Energy",
      "Biotechnology",
      "Health Insurance",
      "Hospitals and Physicians",
      "Pharmaceuticals",
      "Other Health Care",
      "Manufacturing",
      "Commercial",
      "Construction",
      "REITS and Finance",
      "Residential",
      "Other Real Estate",
      "Retailing",
      "Restaurants",
      "Computers",
      "Telecommunications",
      "Other Technology",
      "Airlines and Airports",
      "Lodging and Conventions",
      "Tourism and Travel Services",
      "Other Travel",
      "Other",
    ];
    expect([...FORM_D_INDUSTRY_GROUP_KEYS].sort()).toEqual(x0708.map(industryGroupKey).sort());
  });
});
