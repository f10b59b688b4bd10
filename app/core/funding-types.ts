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

/**
 * docs/product.md#filters: where a funding type sits in the stage filter. Venture stages come first in the order a
 * company raises them (Pre-Seed, Seed, Angel, Series A, B, C, ... any later letter, then 'Venture - Series
 * Unknown'); then every other round type (debt, grants, notes, crowdfunding, private equity, ...) by name,
 * 'Undisclosed' last. A type no list knows (an import's own) still gets a place: among the other types,
 * by name.
 */
const VENTURE_STAGES = ["pre-seed", "seed", "angel"] as const;
const SERIES = /^series ([a-z])$/;
const SERIES_UNKNOWN = "venture - series unknown";
const LAST_TYPE = "undisclosed";

function stageRank(type: string): [group: number, step: number] {
  const name = type.trim().toLowerCase();
  const early = (VENTURE_STAGES as readonly string[]).indexOf(name);
  if (early >= 0) return [0, early];
  const series = SERIES.exec(name)?.[1];
  if (series) return [0, VENTURE_STAGES.length + series.charCodeAt(0) - "a".charCodeAt(0)];
  if (name === SERIES_UNKNOWN) return [0, 100];
  return name === LAST_TYPE ? [2, 0] : [1, 0];
}

/** Orders two funding types as the stage filter lists them (see stageRank); a sort comparator. */
export function compareFundingTypes(a: string, b: string): number {
  const [groupA, stepA] = stageRank(a);
  const [groupB, stepB] = stageRank(b);
  return groupA - groupB || stepA - stepB || a.localeCompare(b, "en", { sensitivity: "base" });
}

/** The funding types in stage order (compareFundingTypes), as a new array. */
export function inStageOrder(types: readonly string[]): string[] {
  return [...types].sort(compareFundingTypes);
}
