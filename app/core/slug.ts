/** The longest slug `slugify` makes. */
export const MAX_SLUG_BASE_LENGTH = 80;

/**
 * The longest company slug that can exist: a name's slug and a "-N" suffix told apart from a taken one
 * (the importer and the demo data add "-2", "-3"...; 19 characters hold any such number). A longer path
 * segment names no company, so it is answered without a query (docs/decisions/018).
 */
export const MAX_COMPANY_SLUG_LENGTH = MAX_SLUG_BASE_LENGTH + 20;

/** What a slug is made of: lower case ASCII letters and digits in runs joined by single hyphens. */
const SLUG_SHAPE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Whether `text` has a slug's shape: letters and digits in runs joined by single hyphens. */
export function hasSlugShape(text: string): boolean {
  return SLUG_SHAPE.test(text);
}

/** Whether `text` could be a company's slug (its shape and length), without asking the database. */
export function isCompanySlugShape(text: string): boolean {
  return text.length <= MAX_COMPANY_SLUG_LENGTH && SLUG_SHAPE.test(text);
}

/**
 * URL slug of a name: lower case ASCII letters, digits and single hyphens.
 * Accents are folded ("Café Ñu" -> "cafe-nu"); a name with no usable characters gives "company".
 */
export function slugify(name: string, fallback = "company"): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, MAX_SLUG_BASE_LENGTH)
    .replace(/-+$/g, "");
  return slug === "" ? fallback : slug;
}
