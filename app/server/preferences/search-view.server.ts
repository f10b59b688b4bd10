import { eq } from "drizzle-orm";
import { DEFAULT_SEARCH_VIEW, parseSearchView, type SearchView } from "~/core/search-view";
import type { SessionUser } from "../auth/session.server";
import type { Db } from "../db/database.server";
import { users } from "../db/schema";

/** A visitor's choice lives in this cookie; a signed-in user's in users.search_view (any device). */
export const SEARCH_VIEW_COOKIE = "rl_view";
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

function cookieValue(request: Request): string | null {
  const header = request.headers.get("cookie") ?? "";
  for (const part of header.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === SEARCH_VIEW_COOKIE) return rest.join("=");
  }
  return null;
}

/**
 * The view this viewer chose last: the user's saved choice (users.search_view, read with the session, so no
 * query of its own), a visitor's cookie, else the cards.
 */
export function readSearchView(request: Request, user: Pick<SessionUser, "searchView"> | null): SearchView {
  if (!user) return parseSearchView(cookieValue(request)) ?? DEFAULT_SEARCH_VIEW;
  return parseSearchView(user.searchView ?? null) ?? DEFAULT_SEARCH_VIEW;
}

/**
 * Remembers a view: on the user's row, or for a visitor in a cookie (returned as a Set-Cookie value, to
 * send with the response).
 */
export async function saveSearchView(
  db: Db,
  userId: string | null,
  view: SearchView,
): Promise<string | null> {
  if (userId) {
    await db.update(users).set({ searchView: view }).where(eq(users.id, userId));
    return null;
  }
  return `${SEARCH_VIEW_COOKIE}=${view}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax`;
}
