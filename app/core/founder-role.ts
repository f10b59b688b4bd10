/**
 * docs/product.md#data: a founder's Role reads 'Founder' when the record has none. One rule for every place
 * that shows or writes a role: the search page's cards and table, company pages and the companies export
 * (its converter targets included).
 */
export const DEFAULT_ROLE = "Founder";

/** The role as the page shows it: the record's own (trimmed), else 'Founder'. */
export function shownRole(role: string | null | undefined): string {
  return role?.trim() || DEFAULT_ROLE;
}
