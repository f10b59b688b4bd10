import { describe, expect, it } from "vitest";
import {
  investorDomain,
  investorNameKey,
  investorSlug,
  matchInvestor,
  mergedInvestorType,
} from "./investor-match";

describe("investor matching (decision 030)", () => {
  it.each([
    ["Sequoia Capital", "sequoia capital"],
    ["Sequoia Capital Operations, LLC", "sequoia capital"],
    ["SEQUOIA CAPITAL FUND XV, L.P.", "sequoia capital"],
    ["Sequoia Capital Fund 3", "sequoia capital"],
    ["Sequoia Capital China", "sequoia capital china"],
    ["The Fund", "fund"],
    ["Index Ventures", "index ventures"],
    ["Bessemer Venture Partners", "bessemer venture partners"],
    ["Kleiner Perkins Caufield & Byers", "kleiner perkins caufield and byers"],
    ["Y Combinator", "y combinator"],
    ["Société Générale Ventures", "societe generale ventures"],
    ["O'Reilly AlphaTech Ventures", "oreilly alphatech ventures"],
    ["Holdings", "holdings"],
    ["Andreessen Horowitz", "andreessen horowitz"],
    ["a16z", "a16z"],
  ])("reduces %j to the key %j", (name, key) => {
    expect(investorNameKey(name)).toBe(key);
  });

  it.each([
    ["https://www.sequoiacap.com/", "sequoiacap.com"],
    ["sequoiacap.com", "sequoiacap.com"],
    ["HTTP://WWW.Accel.COM./team", "accel.com"],
    ["https://www.linkedin.com/company/sequoia", null],
    ["https://www.crunchbase.com/organization/sequoia-capital", null],
    ["https://x.com/sequoia", null],
    ["mailto:hello@fund.example", null],
    ["not a website", null],
    ["", null],
    [null, null],
  ])("finds the domain of %j: %j", (website, domain) => {
    expect(investorDomain(website)).toBe(domain);
  });

  const stored = [
    { id: 1, nameKey: "sequoia capital", domain: "sequoiacap.com" },
    { id: 2, nameKey: "accel", domain: "accel.com" },
    { id: 3, nameKey: "first round", domain: null },
    { id: 4, nameKey: "first round", domain: null },
  ];

  it("matches by domain first, then by name key where either side has no website", () => {
    expect(matchInvestor({ nameKey: "sequoia capital", domain: null }, stored)?.id).toBe(1);
    expect(
      matchInvestor({ nameKey: investorNameKey("SEQUOIA CAPITAL FUND XV, L.P."), domain: null }, stored)?.id,
    ).toBe(1);
    expect(matchInvestor({ nameKey: "sequoia", domain: "sequoiacap.com" }, stored)?.id).toBe(1);
    expect(matchInvestor({ nameKey: "sequoia capital china", domain: null }, stored)).toBeUndefined();
    // The same name on another website is another firm.
    expect(matchInvestor({ nameKey: "accel", domain: "accel.in" }, stored)).toBeUndefined();
    // Two stored rows with the key: the lowest id.
    expect(matchInvestor({ nameKey: "first round", domain: "firstround.com" }, stored)?.id).toBe(3);
  });

  it("makes a free slug and keeps a known type", () => {
    const taken = new Set(["sequoia-capital", "sequoia-capital-2"]);
    expect(investorSlug("Sequoia Capital", (slug) => taken.has(slug))).toBe("sequoia-capital-3");
    expect(investorSlug("!!!", () => false)).toBe("investor");
    expect(mergedInvestorType("venture_capital", "other")).toBe("venture_capital");
    expect(mergedInvestorType("other", "angel")).toBe("angel");
    expect(mergedInvestorType("angel", "venture_capital")).toBe("angel");
  });
});
