/** docs/product.md#admin: the page number of a console list from its URL (`page=`): 1 when absent or not a number. */
export function pageFromUrl(url: URL, maxPage = 10_000): number {
  const value = Number.parseInt(url.searchParams.get("page") ?? "", 10);
  if (!Number.isFinite(value) || value < 1) return 1;
  return Math.min(value, maxPage);
}

/** One value of a URL parameter, when it is one of `allowed`; otherwise undefined (a bad value is ignored). */
export function oneOf<T extends string>(url: URL, name: string, allowed: readonly T[]): T | undefined {
  const value = url.searchParams.get(name) ?? "";
  return (allowed as readonly string[]).includes(value) ? (value as T) : undefined;
}
