import { PLAN_IDS, type PlanId } from "./plans";

/**
 * docs/product.md#admin: the admin users grid's state, all in its URL (`/admin/users?q=&role=&plan=&status=&sort=&page=`)
 * so a view can be shared, reloaded and paged on the server.
 */
export const USER_SORTS = {
  newest: "Newest first",
  oldest: "Oldest first",
  "email-asc": "Email, A to Z",
  "email-desc": "Email, Z to A",
  "name-asc": "Name, A to Z",
  "last-login": "Last login, recent first",
  "trial-end": "On a trial, ending soonest",
} as const;
export type UserSort = keyof typeof USER_SORTS;

/** The plan filter: a current (active or trialing) subscription of that plan, or none at all. */
export const USER_PLAN_FILTERS = [...PLAN_IDS, "none"] as const;
export type UserPlanFilter = PlanId | "none";

/**
 * The status filter, on the account's subscriptions: on a trial now, paying (or granted) now, a plan that
 * ended, banned accounts.
 */
export const USER_STATUS_FILTERS = {
  trialing: "On a trial",
  active: "Active plan",
  ended: "Plan ended",
  banned: "Banned",
} as const;
export type UserStatusFilter = keyof typeof USER_STATUS_FILTERS;

export const USER_ROLE_FILTERS = ["admin", "user"] as const;
export type UserRoleFilter = (typeof USER_ROLE_FILTERS)[number];

export const USERS_PAGE_SIZE = 50;
/** The grid's searches and exports columns count this many days. */
export const ACTIVITY_WINDOW_DAYS = 30;
/** Deeper than this the grid asks for a narrower filter (offset paging of 100,000 accounts stays fast). */
export const USERS_MAX_PAGE = 2_000;
const MAX_QUERY_LENGTH = 100;

export interface UserGridQuery {
  q: string;
  role: UserRoleFilter | undefined;
  plan: UserPlanFilter | undefined;
  status: UserStatusFilter | undefined;
  sort: UserSort;
  page: number;
}

export const DEFAULT_USER_SORT: UserSort = "newest";

function pick<T extends string>(value: string | null, allowed: readonly T[]): T | undefined {
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : undefined;
}

/** The grid's state from its URL; unknown values are ignored (the grid shows everyone for that filter). */
export function parseUserGridQuery(url: URL): UserGridQuery {
  const params = url.searchParams;
  const page = Number.parseInt(params.get("page") ?? "", 10);
  return {
    // Control characters (a NUL would be refused by PostgreSQL) are dropped, like the search page does.
    q: (params.get("q") ?? "")
      .replace(/\p{Cc}/gu, "")
      .trim()
      .slice(0, MAX_QUERY_LENGTH),
    role: pick(params.get("role"), USER_ROLE_FILTERS),
    plan: pick(params.get("plan"), USER_PLAN_FILTERS),
    status: pick(params.get("status"), Object.keys(USER_STATUS_FILTERS) as UserStatusFilter[]),
    sort: pick(params.get("sort"), Object.keys(USER_SORTS) as UserSort[]) ?? DEFAULT_USER_SORT,
    page: Number.isFinite(page) && page >= 1 ? Math.min(page, USERS_MAX_PAGE) : 1,
  };
}

/** The URL search string of a grid state (defaults left out), as links and forms build it. */
export function userGridSearch(query: Partial<UserGridQuery>): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.role) params.set("role", query.role);
  if (query.plan) params.set("plan", query.plan);
  if (query.status) params.set("status", query.status);
  if (query.sort && query.sort !== DEFAULT_USER_SORT) params.set("sort", query.sort);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** Account ids as better-auth makes them (letters, digits, _ and -): anything else names no account. */
export function isAccountId(value: string): boolean {
  return /^[A-Za-z0-9_-]{1,64}$/.test(value);
}
