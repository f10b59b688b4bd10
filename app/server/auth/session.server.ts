import { eq } from "drizzle-orm";
import { data, redirect } from "react-router";
import { ADMIN_ONLY } from "~/core/messages";
import { sessions } from "../db/schema";
import type { AccountServices } from "./account.server";
import { type Auth, authSettingsOf } from "./auth.server";
import { getAuthServices } from "./auth-services.server";
import { roleOf, syncRole } from "./roles.server";
import { carriesSessionCookie } from "./session-cookie.server";

/** The signed-in user as the pages see them. */
export interface SessionUser {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  isAdmin: boolean;
  lastLogin: string | null;
  /** The results' view this user chose last ("cards", "table"), as stored; null before a choice. */
  searchView?: string | null;
}

interface SessionLookup {
  user: SessionUser | null;
  /** Cookie refreshes better-auth asks for (a session is extended once a day while used). */
  setCookies: string[];
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** docs/product.md#accounts: a session ends 30 days after sign-in, however much it is used... */
export const SESSION_MAX_AGE_MS = 30 * DAY_MS;
/**
 * ...and after 7 days without use. Use is what better-auth records when it refreshes the session (its
 * updatedAt, at most once a day while the session is used), so this limit is exact to within a day.
 */
export const SESSION_IDLE_MS = 7 * DAY_MS;

// Root and route loaders of one request ask for the session; look it up once per request.
const lookups = new WeakMap<Request, Promise<SessionLookup>>();

interface SessionTimes {
  createdAt: Date | string;
  updatedAt: Date | string;
}

/** Whether a session is past its absolute (from sign-in) or idle (since last use) limit at `now`. */
export function sessionHasEnded(session: SessionTimes, now: Date): boolean {
  const at = now.getTime();
  return (
    at - new Date(session.createdAt).getTime() >= SESSION_MAX_AGE_MS ||
    at - new Date(session.updatedAt).getTime() >= SESSION_IDLE_MS
  );
}

/**
 * The signed-in user of this request. better-auth's session slides (each day of use extends it), so the
 * limits of docs/product.md#accounts are checked here, on the session as stored before better-auth refreshes
 * it: a session past either limit is deleted and its cookie cleared. The admin role is derived from
 * ADMIN_EMAILS and the console's grant on every request (and stored when it changed), so removing an address
 * takes effect at once on its open sessions.
 */
export async function lookUpSession(auth: Auth, request: Request): Promise<SessionLookup> {
  const { db, config, now } = authSettingsOf(auth);
  const headers = request.headers;
  const stored = await auth.api.getSession({ headers, query: { disableRefresh: true }, returnHeaders: true });
  let session = stored.response;
  if (!session) return { user: null, setCookies: [] };
  let setCookies = stored.headers.getSetCookie();

  if (sessionHasEnded(session.session, now())) {
    await db.delete(sessions).where(eq(sessions.id, session.session.id));
    // Asked again, better-auth finds no session and answers with the cookies that clear it.
    const cleared = await auth.api.getSession({
      headers,
      query: { disableRefresh: true },
      returnHeaders: true,
    });
    return { user: null, setCookies: cleared.headers.getSetCookie() };
  }

  // better-auth's own rule for a refresh (once a day of use), which records the use and renews the cookie.
  const { expiresIn = 30 * 24 * 60 * 60, updateAge = 24 * 60 * 60 } = auth.options.session ?? {};
  if (new Date(session.session.expiresAt).getTime() - (expiresIn - updateAge) * 1000 <= Date.now()) {
    const refreshed = await auth.api.getSession({ headers, returnHeaders: true });
    if (!refreshed.response) return { user: null, setCookies: refreshed.headers.getSetCookie() };
    session = refreshed.response;
    setCookies = refreshed.headers.getSetCookie();
  }

  const user = session.user as typeof session.user & {
    firstName?: string | null;
    lastName?: string | null;
    role?: string | null;
    lastLogin?: Date | string | null;
    adminGranted?: boolean | null;
    bannedAt?: Date | string | null;
    searchView?: string | null;
  };
  if (user.bannedAt) {
    // Decision 013: a ban ends every session when it is made; one that slipped past it ends here.
    await db.delete(sessions).where(eq(sessions.userId, user.id));
    const cleared = await auth.api.getSession({
      headers,
      query: { disableRefresh: true },
      returnHeaders: true,
    });
    return { user: null, setCookies: cleared.headers.getSetCookie() };
  }
  const role = roleOf(user, config.ADMIN_EMAILS);
  if (user.role !== role) await syncRole(db, user.id, role);
  const lastLogin = user.lastLogin ? new Date(user.lastLogin).toISOString() : null;
  return {
    user: {
      id: user.id,
      email: user.email,
      firstName: user.firstName ?? null,
      lastName: user.lastName ?? null,
      isAdmin: role === "admin",
      lastLogin,
      searchView: user.searchView ?? null,
    },
    setCookies,
  };
}

/**
 * The session of this request (null when signed out), looked up once per request. A request without a
 * session cookie is signed out without asking better-auth (it would find nothing to look up): most
 * visitors' pages are spared its context and header parsing (decision 011).
 */
export function getSession(request: Request): Promise<SessionLookup> {
  let lookup = lookups.get(request);
  if (!lookup) {
    lookup = carriesSessionCookie(request.headers.get("cookie"))
      ? getAuthServices().then(({ auth }) => lookUpSession(auth, request))
      : Promise.resolve({ user: null, setCookies: [] });
    lookups.set(request, lookup);
  }
  return lookup;
}

export async function getCurrentUser(request: Request): Promise<SessionUser | null> {
  return (await getSession(request)).user;
}

function signInRedirect(request: Request): Response {
  const url = new URL(request.url);
  return redirect(`/signin?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
}

/** Guard for signed-in pages: a visitor is sent to /signin and brought back afterwards. */
export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await getCurrentUser(request);
  if (user) return user;
  throw signInRedirect(request);
}

/**
 * Guard for admin-only loaders and actions, over the given services: the role comes with the session,
 * derived on every request from ADMIN_EMAILS (the is_admin call of docs/product.md#calls), never from the
 * client.
 */
export async function requireAdminWith(services: AccountServices, request: Request): Promise<SessionUser> {
  const { user } = await lookUpSession(services.auth, request);
  if (!user) throw signInRedirect(request);
  if (!user.isAdmin) {
    throw data({ message: ADMIN_ONLY }, { status: 403 });
  }
  return user;
}

export async function requireAdmin(request: Request): Promise<SessionUser> {
  return requireAdminWith(await getAuthServices(), request);
}
