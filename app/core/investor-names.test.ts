import { describe, expect, it } from "vitest";
import { investorNameList, namedInvestors } from "./investor-names";

describe("investor names of an import row (decision 030)", () => {
  it("keeps a legal suffix with the name a comma split it from", () => {
    expect(
      investorNameList("Acme Ventures, LLC, Accel,  , Sequoia Capital Fund XV, L.P.", "Investors"),
    ).toEqual(["Acme Ventures, LLC", "Accel", "Sequoia Capital Fund XV, L.P."]);
  });

  it("names each investor once, the shortest spelling, a lead marked wherever it is listed", () => {
    expect(
      namedInvestors(
        ["SEQUOIA CAPITAL FUND XV, L.P.", "Accel"],
        ["Sequoia Capital", "Index Ventures"],
        "Investors",
      ),
    ).toEqual([
      { name: "Sequoia Capital", nameKey: "sequoia capital", isLead: true },
      { name: "Accel", nameKey: "accel", isLead: false },
      { name: "Index Ventures", nameKey: "index ventures", isLead: true },
    ]);
  });
});
