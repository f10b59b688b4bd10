import { describe, expect, it } from "vitest";
import { type CardRow, toCard } from "./search-card.server";

const ROW: CardRow = {
  id: 7,
  slug: "acme",
  organization_name: "Acme",
  description: "Rockets",
  industries: ["Space"],
  headquarters_location: "Austin, Texas, United States",
  last_funding_type: "Seed",
  last_funding_amount_usd: "2500000",
  last_funding_date: "2025-05-01",
  total_funding_amount_usd: "4000000",
  founders: "Ada Lovelace, Alan Turing",
  first_name: "Ada",
  last_name: "Lovelace",
  role: "  ",
  email: "ada@acme.example",
  email_status: "valid",
  email_checked_at: "2026-11-02T10:00:00Z",
  email_source: "imported",
  website: "https://acme.example",
  linkedin: null,
  lead_investors: ["Sequoia Capital"],
};

describe("toCard", () => {
  it("maps a row to a card: joined founder name, numeric amount, 'Founder' as the default role", () => {
    expect(toCard(ROW, true)).toEqual({
      id: 7,
      slug: "acme",
      organizationName: "Acme",
      description: "Rockets",
      industries: ["Space"],
      location: "Austin, Texas, United States",
      lastFundingType: "Seed",
      lastFundingAmountUsd: 2_500_000,
      lastFundingDate: "2025-05-01",
      totalFundingAmountUsd: 4_000_000,
      founderName: "Ada Lovelace",
      otherFounders: ["Alan Turing"],
      role: "Founder",
      email: "ada@acme.example",
      isEmailMasked: false,
      emailStatus: { status: "valid", checkedAt: "2026-11-02T10:00:00Z", source: "imported" },
      website: "https://acme.example",
      linkedin: null,
      leadInvestors: ["Sequoia Capital"],
    });
  });

  it("lists every founder the Founders field names, the lead first and once", () => {
    expect(
      toCard({ ...ROW, founders: "Grace Hopper, ada  lovelace, Alan Turing" }, true).otherFounders,
    ).toEqual(["Grace Hopper", "Alan Turing"]);
    expect(
      toCard({ ...ROW, first_name: null, last_name: null, founders: "Grace Hopper" }, true),
    ).toMatchObject({
      founderName: null,
      otherFounders: ["Grace Hopper"],
    });
  });

  it("masks the email without access, so the full address never leaves the server", () => {
    const card = toCard(ROW, false);
    expect(card.isEmailMasked).toBe(true);
    expect(card.email).not.toBe(ROW.email);
    expect(card.email).not.toContain("ada@");
    expect(JSON.stringify(card)).not.toContain("ada@acme");
  });

  it("keeps the address's status beside a masked address (decision 032: the status is not secret)", () => {
    expect(toCard(ROW, false).emailStatus).toEqual({
      status: "valid",
      checkedAt: "2026-11-02T10:00:00Z",
      source: "imported",
    });
    expect(toCard({ ...ROW, email: null }, true).emailStatus).toBeNull();
  });

  it("leaves out what the row lacks", () => {
    const card = toCard(
      {
        ...ROW,
        first_name: null,
        last_name: null,
        email: null,
        last_funding_amount_usd: null,
        role: "CEO",
        industries: null as unknown as string[],
      },
      false,
    );
    expect(card).toMatchObject({
      founderName: null,
      email: null,
      isEmailMasked: false,
      lastFundingAmountUsd: null,
      role: "CEO",
      industries: [],
    });
  });
});
