/**
 * docs/product.md#search: the orders a search can be read in. The default order (docs/product.md#search: last funding date, newest first, nulls
 * last) stays the default; every order puts companies without the value last and breaks ties by id, so
 * a page never repeats a row of another page. The SQL for each lives in server/companies/search-order.
 */
export const SORT_FIELDS = ["date", "amount", "total", "name"] as const;
export type SortField = (typeof SORT_FIELDS)[number];
export type SortDirection = "asc" | "desc";

export const SORT_OPTIONS = [
  { value: "date-desc", field: "date", direction: "desc", label: "Newest funding first" },
  { value: "date-asc", field: "date", direction: "asc", label: "Oldest funding first" },
  { value: "amount-desc", field: "amount", direction: "desc", label: "Largest last round" },
  { value: "amount-asc", field: "amount", direction: "asc", label: "Smallest last round" },
  { value: "total-desc", field: "total", direction: "desc", label: "Most total funding" },
  { value: "total-asc", field: "total", direction: "asc", label: "Least total funding" },
  { value: "name-asc", field: "name", direction: "asc", label: "Name, A to Z" },
  { value: "name-desc", field: "name", direction: "desc", label: "Name, Z to A" },
] as const satisfies ReadonlyArray<{
  value: `${SortField}-${SortDirection}`;
  field: SortField;
  direction: SortDirection;
  label: string;
}>;

export type SortOption = (typeof SORT_OPTIONS)[number];
export type SortValue = SortOption["value"];

/** docs/product.md#calls: Last Funding Date, newest first. */
export const DEFAULT_SORT: SortValue = "date-desc";

/** The direction a bare field name (`sort=amount`) means: largest, newest or A first. */
const DEFAULT_DIRECTION: Readonly<Record<SortField, SortDirection>> = {
  date: "desc",
  amount: "desc",
  total: "desc",
  name: "asc",
};

/** A URL's sort value: `amount-asc`, or a bare field for its usual direction; undefined if unknown. */
export function sortOption(value: string): SortOption | undefined {
  const text = value.trim().toLowerCase();
  const field = SORT_FIELDS.find((candidate) => candidate === text);
  const full = field ? `${field}-${DEFAULT_DIRECTION[field]}` : text;
  return SORT_OPTIONS.find((option) => option.value === full);
}
