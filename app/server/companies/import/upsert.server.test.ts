import { describe, expect, it } from "vitest";
import type { ImportedCompany } from "../crunchbase-row";
import { companyJson } from "./upsert.server";

const company = {
  organizationName: "Acme Robotics",
  nameKey: "acme robotics",
  industries: ["Robotics", 'AI, "ML"'],
  lastFundingAmountUsd: 1_500_000,
  lastFundingDate: "2024-05-01",
  website: null,
} as unknown as ImportedCompany;

describe("a company's upsert JSON", () => {
  it("holds each written column by its name but the id and slug, an unknown value as null", () => {
    const members = JSON.parse(`{${companyJson(company).slice(1)}}`);
    expect(members).toMatchObject({
      organization_name: "Acme Robotics",
      name_key: "acme robotics",
      industries: ["Robotics", 'AI, "ML"'],
      last_funding_amount_usd: 1_500_000,
      last_funding_date: "2024-05-01",
      website: null,
      description: null,
    });
    expect(members).not.toHaveProperty("id");
    expect(members).not.toHaveProperty("slug");
    expect(members).not.toHaveProperty("search_text");
    // The 26 columns of a row and the 6 the summary sets beside them (decision 030).
    expect(Object.keys(members)).toHaveLength(32);
  });
});
