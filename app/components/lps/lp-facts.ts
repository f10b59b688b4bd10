import type { LpCard } from "~/core/lp-card";
import { formatUsdShort } from "~/core/lp-search-params";
import {
  ACCEPTS_EMERGING_OPTIONS,
  ASSET_CLASS_OPTIONS,
  GEO_FOCUS_OPTIONS,
  type LpOption,
  lpOptionLabel,
  MFO_MODEL_OPTIONS,
  SECTOR_FOCUS_OPTIONS,
  STAGE_FOCUS_OPTIONS,
} from "~/core/lp-types";

/** How an LP's facts read on its card and in its table row. */

export function lpPlace(lp: Pick<LpCard, "city" | "country">): string {
  return [lp.city, lp.country].filter(Boolean).join(", ") || "Unknown";
}

export function checkRange(lp: Pick<LpCard, "checkMinUsd" | "checkMaxUsd">): string {
  if (lp.checkMinUsd === null && lp.checkMaxUsd === null) return "—";
  if (lp.checkMinUsd === lp.checkMaxUsd || lp.checkMaxUsd === null) return formatUsdShort(lp.checkMinUsd);
  if (lp.checkMinUsd === null) return `up to ${formatUsdShort(lp.checkMaxUsd)}`;
  return `${formatUsdShort(lp.checkMinUsd)} - ${formatUsdShort(lp.checkMaxUsd)}`;
}

export function labelList(options: readonly LpOption[], slugs: readonly string[], empty = "—"): string {
  return slugs.length === 0 ? empty : slugs.map((slug) => lpOptionLabel(options, slug)).join(", ");
}

export const assetClasses = (lp: LpCard) => labelList(ASSET_CLASS_OPTIONS, lp.assetClasses);
export const stageFocus = (lp: LpCard) => labelList(STAGE_FOCUS_OPTIONS, lp.stageFocus);
/** An empty sector list is a generalist (lp-types.ts). */
export const sectorFocus = (lp: LpCard) => labelList(SECTOR_FOCUS_OPTIONS, lp.sectorFocus, "Generalist");
export const geoFocus = (lp: LpCard) => labelList(GEO_FOCUS_OPTIONS, lp.geoFocus);
export const emergingLabel = (lp: LpCard) => lpOptionLabel(ACCEPTS_EMERGING_OPTIONS, lp.acceptsEmerging);
export const mfoLabel = (lp: LpCard) => (lp.mfoModel ? lpOptionLabel(MFO_MODEL_OPTIONS, lp.mfoModel) : null);
