import { data, redirect } from "react-router";
import { ADMIN_ONLY } from "~/core/messages";
import type { AccountServices } from "./account.server";
import type { Auth } from "./auth.server";
import { getAuthServices } from "./auth-services.server";

/** The signed-in user as the pages see them. */
export interface SessionUser {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  isAdmin: boolean;
  lastLogin: string | null;
}

interface SessionLookup {
  user: SessionUser | null;
  /** Cookie refreshes better-auth asks for (a session is extended once a day while used). */
  setCookies: string[];
}

// Root and route loaders of one request ask for the session; look it up once per request.
const lookups = new WeakMap<Request, Promise<SessionLookup>>();

export async function lookUpSession(auth: Auth, request: Request): Promise<SessionLookup> {
  const result = await auth.api.getSession({ headers: request.headers, returnHeaders: true });
  const session = result.response;
  if (!session) return { user: null, setCookies: [] };
  const user = session.user as typeof session.user & {
    firstName?: string | null;
    lastName?: string | null;
    role?: string | null;
    lastLogin?: Date | string | null;
  };
  const lastLogin = user.lastLogin ? new Date(user.lastLogin).toISOString() : null;
  return {
    user: {
      id: user.id,
      email: user.email,
      firstName: user.firstName ?? null,
      lastName: user.lastName ?? null,
      isAdmin: user.role === "admin",
      lastLogin,
    },
    setCookies: result.headers.getSetCookie(),
  };
}

/** The session of this request (null when signed out), looked up once per request. */
export function getSession(request: Request): Promise<SessionLookup> {
  let lookup = lookups.get(request);
  if (!lookup) {
    lookup = getAuthServices().then(({ auth }) => lookUpSession(auth, request));
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
 * which reads the user's row from the database on every request (spec 7 is_admin), never from the client.
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
