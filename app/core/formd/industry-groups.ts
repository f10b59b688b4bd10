/**
 * Decision 031: Form D's industry groups (X0708's `industryGroupType`, the data sets' INDUSTRYGROUPTYPE) as
 * Roundlist's industries and industry groups: the Crunchbase names the search filters offer and the demo
 * data uses. A group Form D draws too widely to name one industry honestly (Business Services, Other) maps to
 * none; Pooled Investment Fund maps to none because a fund never becomes a company (core/formd/filing-kind.ts).
 */
export interface RoundlistIndustries {
  industries: readonly string[];
  industryGroups: readonly string[];
}

const NONE: RoundlistIndustries = { industries: [], industryGroups: [] };

function to(industries: readonly string[], industryGroups: readonly string[]): RoundlistIndustries {
  return { industries, industryGroups };
}

/** Keyed by the group's key (industryGroupKey): Form D prints "Oil and Gas" or "Oil & Gas", in any case. */
const TABLE: Record<string, RoundlistIndustries> = {
  agriculture: to(["Agriculture"], ["Agriculture and Farming"]),
  // Banking and financial services
  "commercial banking": to(["Banking"], ["Financial Services", "Lending and Investments"]),
  insurance: to(["Insurance"], ["Financial Services"]),
  investing: to(["Financial Services"], ["Financial Services", "Lending and Investments"]),
  "investment banking": to(["Financial Services"], ["Financial Services", "Lending and Investments"]),
  "pooled investment fund": NONE,
  "other banking and financial services": to(["Financial Services"], ["Financial Services"]),
  "business services": to([], ["Professional Services"]),
  // Energy
  "coal mining": to(["Energy"], ["Energy", "Natural Resources"]),
  "electric utilities": to(["Energy"], ["Energy"]),
  "energy conservation": to(["Clean Energy"], ["Energy", "Sustainability"]),
  "environmental services": to(["GreenTech"], ["Sustainability"]),
  "oil and gas": to(["Energy"], ["Energy", "Natural Resources"]),
  "other energy": to(["Energy"], ["Energy"]),
  // Health care
  biotechnology: to(["Biotechnology"], ["Biotechnology", "Science and Engineering"]),
  "health insurance": to(["Insurance", "Health Care"], ["Financial Services", "Health Care"]),
  "hospitals and physicians": to(["Health Care", "Medical"], ["Health Care"]),
  pharmaceuticals: to(["Pharmaceutical"], ["Health Care"]),
  "other health care": to(["Health Care"], ["Health Care"]),
  manufacturing: to(["Manufacturing"], ["Manufacturing"]),
  // Real estate
  commercial: to(["Real Estate"], ["Real Estate"]),
  construction: to(["Construction"], ["Real Estate"]),
  "reits and finance": to(["Real Estate"], ["Real Estate", "Financial Services"]),
  residential: to(["Real Estate"], ["Real Estate"]),
  "other real estate": to(["Real Estate"], ["Real Estate"]),
  retailing: to(["Retail"], ["Commerce and Shopping"]),
  restaurants: to(["Restaurants"], ["Food and Beverage"]),
  // Technology
  computers: to(["Hardware"], ["Hardware"]),
  telecommunications: to(["Telecommunications"], ["Hardware", "Messaging and Telecommunications"]),
  "other technology": to(["Information Technology"], ["Information Technology"]),
  // Travel
  "airlines and airports": to(["Transportation"], ["Transportation"]),
  "lodging and conventions": to(["Hospitality"], ["Travel and Tourism"]),
  "tourism and travel services": to(["Travel"], ["Travel and Tourism"]),
  "other travel": to(["Travel"], ["Travel and Tourism"]),
  other: NONE,
};

/** The lookup key of an industry group: lower case, `&` as "and", spaces folded. */
export function industryGroupKey(group: string): string {
  return group.toLowerCase().replace(/&/g, " and ").replace(/\s+/g, " ").trim();
}

/** Every Form D industry group the table knows, as keys. */
export const FORM_D_INDUSTRY_GROUP_KEYS: readonly string[] = Object.keys(TABLE);

/** Roundlist's industries for a Form D industry group; none for an empty or unknown group. */
export function roundlistIndustries(group: string | null): RoundlistIndustries {
  if (group === null) return NONE;
  return TABLE[industryGroupKey(group)] ?? NONE;
}
