import { describe, expect, it } from "vitest";
import { bareDomain, emailKey, firstListItem, isoDate, plainAmount, truncate } from "./value-formats";

describe("emailKey (the de-duplication key)", () => {
  it("trims, drops mailto: and lower-cases", () => {
    expect(emailKey("  Ada.Lovelace@Acme.EXAMPLE ")).toBe("ada.lovelace@acme.example");
    expect(emailKey("mailto:ADA@acme.example")).toBe("ada@acme.example");
    expect(emailKey("ada@acme.example")).toBe(emailKey("ADA@ACME.EXAMPLE"));
    expect(emailKey("")).toBe("");
  });
});

describe("bareDomain (Apollo: the domain only, without www. or any prefixes)", () => {
  it.each([
    ["https://www.acme.io", "acme.io"],
    ["http://Acme.IO/about?x=1#team", "acme.io"],
    ["www.acme.io", "acme.io"],
    ["acme.io", "acme.io"],
    ["https://acme.io:8443/path", "acme.io"],
    ["//cdn.acme.io/x", "cdn.acme.io"],
    ["https://user:pw@www2.acme.co.uk/", "acme.co.uk"],
    ["  https://app.acme.io.  ", "app.acme.io"],
    ["https://münchen.example/", "münchen.example"],
    ["not a website", ""],
    ["localhost", ""],
    ["", ""],
  ])("%j -> %j", (input, domain) => {
    expect(bareDomain(input)).toBe(domain);
  });
});

describe("plainAmount (numbers without currency symbols)", () => {
  it.each([
    ["1500000", "1500000"],
    ["$1,500,000", "1500000"],
    ["USD 1,500,000", "1500000"],
    ["1500000 USD", "1500000"],
    ["€2.5M", "2500000"],
    ["$750k", "750000"],
    ["1.2B", "1200000000"],
    ["1.500.000", "1500000"],
    ["1.500.000,50", "1500000.5"],
    ["1,500,000.50", "1500000.5"],
    ["2,5", "2.5"],
    ["12345678901234567890", "12345678901234567890"],
    ["007", "7"],
    ["undisclosed", ""],
    ["5 apples", ""],
    ["", ""],
  ])("%j -> %j", (input, amount) => {
    expect(plainAmount(input)).toBe(amount);
  });
});

describe("isoDate", () => {
  it.each([
    ["2024-03-15", "2024-03-15"],
    ["2024-3-5", "2024-03-05"],
    ["2024-03-15T10:00:00Z", "2024-03-15"],
    ["Mar 15, 2024", "2024-03-15"],
    ["March 15th, 2024", "2024-03-15"],
    ["15 March 2024", "2024-03-15"],
    ["15/03/2024", "2024-03-15"],
    ["03/15/2024", "2024-03-15"],
    ["03/03/2024", "2024-03-03"],
    ["03/04/2024", ""],
    ["2024-02-30", ""],
    ["Smarch 1, 2024", ""],
    ["soon", ""],
    ["", ""],
  ])("%j -> %j", (input, date) => {
    expect(isoDate(input)).toBe(date);
  });
});

describe("firstListItem and truncate", () => {
  it("takes the first industry", () => {
    expect(firstListItem("Fintech, Payments")).toBe("Fintech");
    expect(firstListItem("")).toBe("");
  });

  it("cuts text without splitting a surrogate pair", () => {
    expect(truncate("abcdef", 3)).toBe("abc");
    expect(truncate("ab", 3)).toBe("ab");
    expect(truncate("a😀b", 2)).toBe("a");
  });
});
