/** docs/product.md#data: a region named 'Unknown Region' is left out of the displayed location string. */
export const UNKNOWN_REGION = "Unknown Region";

export interface ParsedLocation {
  city: string | null;
  region: string | null;
  country: string | null;
}

/**
 * Splits a Crunchbase "Headquarters Location" ("Austin, Texas, United States") into its parts.
 * Two parts are city and country; one part is a country; more than three keep the last two as
 * region and country and the rest as the city ("Washington, D.C., District of Columbia, United States").
 */
export function parseHeadquartersLocation(location: string | null | undefined): ParsedLocation {
  const parts = (location ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part !== "");
  if (parts.length === 0) return { city: null, region: null, country: null };
  if (parts.length === 1) return { city: null, region: null, country: parts[0] ?? null };
  if (parts.length === 2)
    return { city: parts[0] ?? null, region: UNKNOWN_REGION, country: parts[1] ?? null };
  const country = parts.at(-1) ?? null;
  const region = parts.at(-2) ?? null;
  const city = parts.slice(0, -2).join(", ");
  return { city, region, country };
}

/** docs/product.md#data: 'City, State, Country', or 'City, Country' when the region is 'Unknown Region'. */
export function formatLocation(city: string, region: string | null, country: string): string {
  if (region === null || region === "" || region === UNKNOWN_REGION) return `${city}, ${country}`;
  return `${city}, ${region}, ${country}`;
}
