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
    .slice(0, 80)
    .replace(/-+$/g, "");
  return slug === "" ? fallback : slug;
}
