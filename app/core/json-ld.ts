import type { Crumb } from "./directory";

/** A JSON-LD document: plain JSON values. */
export type JsonLd = { [key: string]: JsonLdValue };
type JsonLdValue = string | number | boolean | null | JsonLd | JsonLdValue[];

/**
 * JSON for inside `<script type="application/ld+json">`: every `<`, `>` and `&` (and the line separators
 * JavaScript once rejected) is written as a \u escape, so no field, whatever it holds ("</script>",
 * "<!--"), can end the script element or change how the HTML parser reads it. JSON.parse gives back the
 * same values.
 */
export function serializeJsonLd(document: JsonLd | JsonLd[]): string {
  return JSON.stringify(document).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

function absoluteUrl(origin: string, path: string): string {
  return `${origin.replace(/\/+$/, "")}${path}`;
}

/** schema.org BreadcrumbList of a trail (absolute URLs, as Google asks). */
export function breadcrumbList(origin: string, crumbs: readonly Crumb[]): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: absoluteUrl(origin, crumb.path),
    })),
  };
}

export interface OrganizationFacts {
  name: string;
  path: string;
  description: string | null;
  website: string | null;
  linkedin: string | null;
  city: string | null;
  region: string | null;
  country: string | null;
}

/**
 * schema.org Organization of a company page: name, url, description, address and its LinkedIn as sameAs.
 * Never an email or a person: the founders' addresses are what subscribers pay for.
 */
export function organization(origin: string, facts: OrganizationFacts): JsonLd {
  const document: JsonLd = {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: facts.name,
    url: absoluteUrl(origin, facts.path),
  };
  if (facts.description) document.description = facts.description;
  const sameAs = [facts.website, facts.linkedin].filter(
    (link): link is string => typeof link === "string" && /^https?:\/\//i.test(link),
  );
  if (sameAs.length > 0) document.sameAs = sameAs;
  if (facts.city || facts.country) {
    const address: JsonLd = { "@type": "PostalAddress" };
    if (facts.city) address.addressLocality = facts.city;
    if (facts.region && facts.region !== "Unknown Region") address.addressRegion = facts.region;
    if (facts.country) address.addressCountry = facts.country;
    document.address = address;
  }
  return document;
}
