/**
 * What Roundlist can do, and who gets it: the one list every text that states a fact about the product is
 * written from (docs/product.md#capabilities): the plan cards, the FAQ, the trial banner, the comparison pages
 * and the admin console. `app/core/capabilities.test.tsx` checks each entry against the product itself
 * (its routes, the access rules of docs/product.md#access) and each of those texts against this list, so a
 * text cannot promise what the product lacks nor deny what it has.
 */

export const CAPABILITY_IDS = [
  "search",
  "founderEmails",
  "savedSearches",
  "alerts",
  "csvExport",
  "converter",
  "lpDatabase",
  "publicApi",
] as const;
export type CapabilityId = (typeof CAPABILITY_IDS)[number];

/**
 * Who gets a capability: the startup plans' 7-day trial includes it ("trial"); only a paid startup plan
 * ("paid"); any signed-in account ("account"); the LP plan ("lpPlan"); nobody, the product lacks it ("none").
 */
export type CapabilityAccess = "trial" | "paid" | "account" | "lpPlan" | "none";

export interface Capability {
  id: CapabilityId;
  /** How a list of what is included names it: "saved searches". */
  name: string;
  access: CapabilityAccess;
  /** The page or endpoint that serves it, as app/routes.ts spells the path; null when the product lacks it. */
  route: string | null;
}

export const CAPABILITIES: Record<CapabilityId, Capability> = {
  search: { id: "search", name: "search and filters", access: "trial", route: "search" },
  founderEmails: {
    id: "founderEmails",
    name: "founder emails to see and copy",
    access: "trial",
    route: "search",
  },
  savedSearches: {
    id: "savedSearches",
    name: "saved searches",
    access: "trial",
    route: "api/saved-searches",
  },
  // docs/product.md#alerts: a saved search's daily or weekly digest (its unsubscribe link is the route).
  alerts: {
    id: "alerts",
    name: "daily or weekly email alerts",
    access: "trial",
    route: "alerts/unsubscribe/:token",
  },
  // docs/product.md#access: export access = pro access and not trialing. The CRM formats ride on it.
  csvExport: { id: "csvExport", name: "CSV export", access: "paid", route: "api/export-csv" },
  converter: {
    id: "converter",
    name: "the converter into CRM import files",
    access: "account",
    route: "converter",
  },
  lpDatabase: { id: "lpDatabase", name: "the LP database", access: "lpPlan", route: "lps" },
  // docs/product.md#api: the REST API with a key; a trial gets addresses masked (the API is a bulk path).
  publicApi: { id: "publicApi", name: "the REST API", access: "trial", route: "api/v1/companies" },
};

export function hasCapability(id: CapabilityId): boolean {
  return CAPABILITIES[id].access !== "none";
}

/** The capabilities with a given access, in CAPABILITY_IDS order. */
export function capabilitiesWith(access: CapabilityAccess): Capability[] {
  return CAPABILITY_IDS.map((id) => CAPABILITIES[id]).filter((capability) => capability.access === access);
}

/** "a, b and c". */
export function listInWords(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}
