import { describe, expect, it } from "vitest";
import {
  backedBy,
  companyMetaDescription,
  foundersOf,
  fundingSentence,
  personTitle,
} from "./company-profile";

const hidden = (email: string) => ({ email: `masked:${email}`, isMasked: true });

describe("foundersOf", () => {
  it("lists every founder of the Founders field; the named one carries the role and the address", () => {
    expect(
      foundersOf(
        "Ada Lovelace, Alan  Turing",
        { firstName: "Ada", lastName: "Lovelace", role: "CTO", email: "ada@a.example" },
        hidden,
      ),
    ).toEqual([
      { name: "Ada Lovelace", role: "CTO", email: "masked:ada@a.example", isEmailMasked: true },
      { name: "Alan Turing", role: "Founder", email: null, isEmailMasked: false },
    ]);
  });

  it("adds the named founder first when the field does not list them, and defaults the role", () => {
    const founders = foundersOf(
      "Grace Hopper",
      { firstName: "Ada", lastName: "Lovelace", role: " ", email: null },
      hidden,
    );
    expect(founders.map((founder) => [founder.name, founder.role])).toEqual([
      ["Ada Lovelace", "Founder"],
      ["Grace Hopper", "Founder"],
    ]);
  });

  it("lists a name once, whatever its case or spacing", () => {
    const founders = foundersOf(
      "ada lovelace, Ada Lovelace",
      { firstName: "Ada", lastName: "Lovelace", role: null, email: null },
      hidden,
    );
    expect(founders).toHaveLength(1);
  });

  it("is empty when the record names nobody", () => {
    expect(foundersOf(null, { firstName: null, lastName: null, role: null, email: null }, hidden)).toEqual(
      [],
    );
  });
});

describe("fundingSentence", () => {
  it("states the last round and the total from the record", () => {
    expect(
      fundingSentence({
        name: "Acme",
        lastFundingType: "Series A",
        lastFundingAmountUsd: 12_000_000,
        lastFundingDate: "2026-03-05",
        totalFundingAmountUsd: 20_500_000,
      }),
    ).toBe("Acme raised $12M in a Series A round in March 2026, $20.5M in total.");
  });

  it("leaves out what the record lacks", () => {
    expect(
      fundingSentence({
        name: "Acme",
        lastFundingType: "Angel",
        lastFundingAmountUsd: null,
        lastFundingDate: null,
        totalFundingAmountUsd: null,
      }),
    ).toBe("Acme raised in an Angel round.");
    expect(
      fundingSentence({
        name: "Acme",
        lastFundingType: null,
        lastFundingAmountUsd: null,
        lastFundingDate: null,
        totalFundingAmountUsd: null,
      }),
    ).toBeNull();
  });
});

describe("companyMetaDescription", () => {
  it("stays within about 160 characters and starts with the facts", () => {
    const text = companyMetaDescription({
      name: "Acme",
      lastFundingType: "Seed",
      lastFundingAmountUsd: 2_000_000,
      lastFundingDate: "2026-01-10",
      totalFundingAmountUsd: null,
      description: "Acme builds very long things ".repeat(10),
      location: "Austin, Texas, United States",
    });
    expect(text.startsWith("Acme raised $2M in a Seed round in January 2026.")).toBe(true);
    expect(text.length).toBeLessThanOrEqual(160);
  });
});

describe("personTitle (docs/product.md#company-pages)", () => {
  it("reads the person's own title, else what their kind says", () => {
    expect(personTitle("  Co-Founder & CTO ", "founder")).toBe("Co-Founder & CTO");
    expect(personTitle(null, "founder")).toBe("Founder");
    expect(personTitle("", "executive")).toBe("Executive");
    expect(personTitle(null, "director")).toBe("Director");
    expect(personTitle(null, "other")).toBe("Team member");
    expect(personTitle(null, "unknown-kind")).toBe("Team member");
  });
});

describe("backedBy (docs/product.md#company-pages)", () => {
  const atlas = { name: "Atlas", path: "/investors/atlas", isLead: false };
  const beacon = { name: "Beacon", path: "/investors/beacon", isLead: false };
  const cove = { name: "Cove", path: "/investors/cove", isLead: false };

  it("lists each investor once, a lead in any round first, then by name", () => {
    const rounds = [
      { investors: [{ ...cove }, { ...beacon }] },
      { investors: [{ ...beacon, isLead: true }, { ...atlas }] },
    ];
    expect(backedBy(rounds, [{ ...atlas }]).map((investor) => [investor.name, investor.isLead])).toEqual([
      ["Beacon", true],
      ["Atlas", false],
      ["Cove", false],
    ]);
  });

  it("adds the investors the source names without a round, a lead there counting as a lead", () => {
    expect(backedBy([], [{ ...cove, isLead: true }, { ...atlas }]).map((investor) => investor.name)).toEqual([
      "Cove",
      "Atlas",
    ]);
  });
});
