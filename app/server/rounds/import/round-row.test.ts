import { describe, expect, it } from "vitest";
import { resolveRoundHeader, roundHeaderProblem } from "./round-columns";
import { MAX_ROUND_INVESTORS, parseRoundRow } from "./round-row";

const TODAY = new Date("2026-01-15T00:00:00Z");
const HEADER = [
  "transaction name url",
  "ORGANIZATION NAME",
  "Funding_Type",
  "Money Raised Currency (in USD)",
  "Announced Date",
  "Number of Investors",
  "Lead Investors",
  "Investor Names",
];
const { columns } = resolveRoundHeader(HEADER);

function parse(cells: Partial<Record<(typeof HEADER)[number], string>>) {
  const row = {
    "transaction name url": "https://www.crunchbase.com/funding_round/acme-series-a",
    "ORGANIZATION NAME": "Acme",
    Funding_Type: "Series A",
    "Money Raised Currency (in USD)": "$1,500,000",
    "Announced Date": "3/4/2025",
    "Number of Investors": "3",
    "Lead Investors": "Benchmark",
    "Investor Names": "Acme Ventures, LLC, Index Ventures",
    ...cells,
  };
  return parseRoundRow(
    HEADER.map((header) => row[header as keyof typeof row] ?? ""),
    columns,
    TODAY,
  );
}

describe("a funding-rounds row (docs/product.md#imports)", () => {
  it("reads headers of the older generation, in any case and spacing", () => {
    expect(roundHeaderProblem(HEADER)).toBeNull();
    expect(columns.moneyRaisedUsd?.header).toBe("Money Raised Currency (in USD)");
    expect(roundHeaderProblem(["Organization Name", "Announced Date"])).toMatch(
      /^The file has no 'Funding Type' column; is it a Crunchbase funding-rounds CSV export\?/,
    );
    expect(roundHeaderProblem([...HEADER, "Money Raised (in USD)"])).toContain("more than one column");
  });

  it("reads a round: amounts, a US date, its investors with a lead they leave out, a suffix after a comma", () => {
    expect(parse({})).toEqual({
      ok: true,
      round: {
        sourceKey: "https://www.crunchbase.com/funding_round/acme-series-a",
        organizationName: "Acme",
        nameKey: "acme",
        websiteDomain: null,
        fundingType: "Series A",
        announcedOn: "2025-03-04",
        amountUsd: 1_500_000,
        amount: null,
        currency: null,
        investorCount: 3,
        investors: [
          { name: "Acme Ventures, LLC", nameKey: "acme ventures", isLead: false },
          { name: "Index Ventures", nameKey: "index ventures", isLead: false },
          { name: "Benchmark", nameKey: "benchmark", isLead: true },
        ],
      },
    });
  });

  it("names every problem of a row, with the file's own headers", () => {
    expect(
      parse({ "ORGANIZATION NAME": "", "Number of Investors": "a few", "Announced Date": "2030-01-01" }),
    ).toEqual({
      ok: false,
      reason:
        'ORGANIZATION NAME is empty; Announced Date "2030-01-01" is more than a year in the future; Number of Investors "a few" is not a number of investors.',
    });
  });

  it("refuses a row naming more investors than a round has", () => {
    const names = Array.from({ length: MAX_ROUND_INVESTORS + 1 }, (_, index) => `Fund ${index}`).join(", ");
    expect(parse({ "Investor Names": names, "Lead Investors": "" })).toEqual({
      ok: false,
      reason: `Investor Names names ${MAX_ROUND_INVESTORS + 1} investors; a row may name at most ${MAX_ROUND_INVESTORS}.`,
    });
  });
});
