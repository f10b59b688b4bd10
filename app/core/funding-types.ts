/** Last Funding Type values as Crunchbase names them, earliest stage first. */
export const FUNDING_TYPES = [
  "Pre-Seed",
  "Seed",
  "Angel",
  "Series A",
  "Series B",
  "Series C",
  "Series D",
  "Series E",
  "Series F",
  "Series G",
  "Series H",
  "Venture - Series Unknown",
  "Convertible Note",
  "Corporate Round",
  "Debt Financing",
  "Equity Crowdfunding",
  "Grant",
  "Non-equity Assistance",
  "Private Equity",
  "Post-IPO Equity",
  "Post-IPO Debt",
  "Secondary Market",
  "Undisclosed",
] as const;

export type FundingType = (typeof FUNDING_TYPES)[number];
