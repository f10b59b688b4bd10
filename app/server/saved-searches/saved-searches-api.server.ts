import { data, redirect } from "react-router";
import type { ToastMessage } from "~/core/messages";
import { safeRedirectPath } from "~/core/redirect-path";
import {
  ALERT_FREQUENCY_LABELS,
  type AlertFrequency,
  MAX_SAVED_SEARCHES,
  SAVED_SEARCH_MESSAGES,
} from "~/core/saved-search";
import { getDb } from "../app-database.server";
import { getCurrentUser } from "../auth/session.server";
import { getViewerAccess } from "../billing/viewer-access.server";
import type { Db } from "../db/database.server";
import { flashCookie } from "../flash.server";
import { isJsonType, readForm, readJsonObject } from "../read-body.server";
import {
  createSavedSearch,
  getSavedSearch,
  listSavedSearches,
  parseSavedSearchId,
  removeSavedSearch,
  type SavedSearch,
  SavedSearchError,
  type SavedSearchFieldErrors,
  updateSavedSearch,
} from "./saved-searches.server";

/**
 * docs/product.md#saved-searches: the HTTP side of saved searches, behind /api/saved-searches and /api/saved-searches/:id (the
 * route modules only call these). Every call checks, on the server, that a signed-in user with active
 * access (a trial counts; admins have it) is asking: 401 signed out, 403 without access. Answers are JSON:
 * `{ error, fieldErrors? }` with a 4xx for anything the client got wrong (a body that is not one, a bad
 * field, an id that names none of the user's saved searches), never a 500.
 *
 * A plain HTML form (no JavaScript: the browser navigates to the endpoint) is answered with a redirect
 * back to the page it came from, the outcome as a toast, instead of a page of JSON.
 */

/** What the list answers. */
export interface SavedSearchListAnswer {
  savedSearches: SavedSearch[];
  limit: number;
}

/** What a save, rename or alert change answers. */
export interface SavedSearchAnswer {
  savedSearch: SavedSearch;
  toast: ToastMessage;
}

/** What a delete answers. */
export interface SavedSearchDeletedAnswer {
  deleted: number;
  toast: ToastMessage;
}

export interface SavedSearchRefusal {
  error: string;
  fieldErrors?: SavedSearchFieldErrors;
}

export const SAVED_SEARCH_API_MESSAGES = {
  unknownIntent: 'Say what to change: the intent must be "rename", "alert" or "delete".',
  methodNotAllowed: "This address does not take that method.",
} as const;

/**
 * The outcomes' toasts, shown by the page after a call (or after the redirect of a plain form). They do not
 * quote the name: the name offered when saving is the search's summary, which often starts with a quoted
 * text already, and the list beside the toast shows it.
 */
export const SAVED_SEARCH_TOASTS = {
  saved: (search: SavedSearch): ToastMessage => ({
    title: "Search saved",
    description:
      search.alert === "off"
        ? "Find it under Saved searches."
        : `Find it under Saved searches. ${alertSentence(search.alert)}`,
    type: "success",
  }),
  renamed: (): ToastMessage => ({ title: "Saved search renamed", type: "success" }),
  alert: (search: SavedSearch): ToastMessage => ({
    title: search.alert === "off" ? "Email alert off" : `${ALERT_FREQUENCY_LABELS[search.alert]} on`,
    description: search.alert === "off" ? "No more emails for this search." : alertSentence(search.alert),
    type: "success",
  }),
  deleted: (): ToastMessage => ({ title: "Saved search deleted", type: "success" }),
} as const;

function alertSentence(alert: Exclude<AlertFrequency, "off">): string {
  return alert === "daily"
    ? "You will get an email each morning with the new companies that match it."
    : "You will get an email each Monday with the new companies that match it.";
}

const NO_STORE = { "Cache-Control": "no-store" };

function answer<T>(body: T, status = 200) {
  return data(body, { status, headers: NO_STORE });
}

function refusal(status: number, error: string, fieldErrors?: SavedSearchFieldErrors) {
  const body: SavedSearchRefusal = fieldErrors ? { error, fieldErrors } : { error };
  return answer(body, status);
}

function methodNotAllowed(allow: string) {
  return data({ error: SAVED_SEARCH_API_MESSAGES.methodNotAllowed } satisfies SavedSearchRefusal, {
    status: 405,
    headers: { ...NO_STORE, Allow: allow },
  });
}

type Saver = { ok: true; db: Db; userId: string } | { ok: false; status: 401 | 403; error: string };

/** docs/product.md#saved-searches: who may keep saved searches: signed in, with active access (decided from the stored access). */
async function saverOf(request: Request): Promise<Saver> {
  const user = await getCurrentUser(request);
  if (!user) return { ok: false, status: 401, error: SAVED_SEARCH_MESSAGES.signedOut };
  const db = await getDb();
  const access = await getViewerAccess(db, user);
  if (!access.hasActiveAccess) return { ok: false, status: 403, error: SAVED_SEARCH_MESSAGES.noAccess };
  return { ok: true, db, userId: user.id };
}

/** The body's fields: a JSON object, or a form; a body that is neither is the refusal readForm answers. */
async function readFields(
  request: Request,
): Promise<{ ok: true; fields: Record<string, unknown> } | { ok: false; status: number; error: string }> {
  try {
    if (isJsonType(request.headers.get("content-type"))) {
      return { ok: true, fields: await readJsonObject(request) };
    }
    return { ok: true, fields: Object.fromEntries(await readForm(request)) };
  } catch (thrown) {
    // read-body throws its 4xx as a JSON Response; answered here in this API's own shape.
    if (!(thrown instanceof Response)) throw thrown;
    const body = (await thrown.json().catch(() => ({}))) as { error?: unknown };
    return {
      ok: false,
      status: thrown.status,
      error: typeof body.error === "string" ? body.error : "The request's body could not be read.",
    };
  }
}

/** A browser's own form submission (no JavaScript), which navigates to the answer. */
function isPlainFormNavigation(request: Request): boolean {
  return request.headers.get("sec-fetch-mode") === "navigate";
}

/** The page a plain form came from (a path of this site only), else the account page. */
function returnPathOf(request: Request): string {
  const referer = request.headers.get("referer");
  if (referer) {
    try {
      const url = new URL(referer);
      const path = safeRedirectPath(`${url.pathname}${url.search}`);
      if (path) return path;
    } catch {
      // Not a URL: the default below.
    }
  }
  return "/profile";
}

/** The outcome of a mutation: JSON for a script, a redirect with the toast for a plain form. */
function reply(request: Request, status: number, body: SavedSearchAnswer | SavedSearchDeletedAnswer) {
  if (!isPlainFormNavigation(request)) return answer(body, status);
  return redirect(returnPathOf(request), { status: 303, headers: { "Set-Cookie": flashCookie(body.toast) } });
}

function refuse(request: Request, status: number, error: string, fieldErrors?: SavedSearchFieldErrors) {
  if (!isPlainFormNavigation(request)) return refusal(status, error, fieldErrors);
  return redirect(returnPathOf(request), {
    status: 303,
    headers: {
      "Set-Cookie": flashCookie({ title: "Nothing was changed", description: error, type: "error" }),
    },
  });
}

/** A service's refusal as its answer; anything else (a database failure) is the server's own error. */
function refusalOf(request: Request, error: unknown) {
  if (error instanceof SavedSearchError)
    return refuse(request, error.status, error.message, error.fieldErrors);
  throw error;
}

/** GET /api/saved-searches: the user's saved searches, newest first. */
export async function savedSearchesLoader(request: Request) {
  const saver = await saverOf(request);
  if (!saver.ok) return refusal(saver.status, saver.error);
  const body: SavedSearchListAnswer = {
    savedSearches: await listSavedSearches(saver.db, saver.userId),
    limit: MAX_SAVED_SEARCHES,
  };
  return answer(body);
}

/** POST /api/saved-searches { name, query, alert? } (JSON or a form): saves a search, 201. */
export async function savedSearchesAction(request: Request) {
  if (request.method !== "POST") return methodNotAllowed("GET, POST");
  const saver = await saverOf(request);
  if (!saver.ok) return refuse(request, saver.status, saver.error);
  const body = await readFields(request);
  if (!body.ok) return refuse(request, body.status, body.error);
  const { name, query, alert } = body.fields;
  try {
    const savedSearch = await createSavedSearch(saver.db, saver.userId, { name, query, alert });
    return reply(request, 201, { savedSearch, toast: SAVED_SEARCH_TOASTS.saved(savedSearch) });
  } catch (error) {
    return refusalOf(request, error);
  }
}

/** GET /api/saved-searches/:id: one of the user's saved searches. */
export async function savedSearchLoader(request: Request, idParam: string | undefined) {
  const saver = await saverOf(request);
  if (!saver.ok) return refusal(saver.status, saver.error);
  const id = parseSavedSearchId(idParam);
  if (id === null) return refusal(404, SAVED_SEARCH_MESSAGES.notFound);
  try {
    return answer({ savedSearch: await getSavedSearch(saver.db, saver.userId, id) });
  } catch (error) {
    return refusalOf(request, error);
  }
}

type Change = { kind: "update"; name?: unknown; alert?: unknown } | { kind: "delete" };

/**
 * What a request to /api/saved-searches/:id asks: PATCH { name?, alert? }, DELETE, or a plain form's POST
 * with `intent` rename (name), alert (alert) or delete.
 */
function changeOf(method: string, fields: Record<string, unknown>): Change | null {
  if (method === "DELETE") return { kind: "delete" };
  if (method === "PATCH") {
    return {
      kind: "update",
      ...("name" in fields ? { name: fields.name } : {}),
      ...("alert" in fields ? { alert: fields.alert } : {}),
    };
  }
  // A field the form left out is an empty one: refused with that field's message.
  if (fields.intent === "rename") return { kind: "update", name: fields.name ?? "" };
  if (fields.intent === "alert") return { kind: "update", alert: fields.alert ?? "" };
  if (fields.intent === "delete") return { kind: "delete" };
  return null;
}

/** PATCH / DELETE /api/saved-searches/:id, and POST with an intent for plain forms. */
export async function savedSearchAction(request: Request, idParam: string | undefined) {
  const method = request.method.toUpperCase();
  if (method !== "PATCH" && method !== "DELETE" && method !== "POST") {
    return methodNotAllowed("GET, PATCH, DELETE, POST");
  }
  const saver = await saverOf(request);
  if (!saver.ok) return refuse(request, saver.status, saver.error);
  const id = parseSavedSearchId(idParam);
  if (id === null) return refuse(request, 404, SAVED_SEARCH_MESSAGES.notFound);
  // A DELETE carries no body (one that does is not read).
  const body = method === "DELETE" ? ({ ok: true, fields: {} } as const) : await readFields(request);
  if (!body.ok) return refuse(request, body.status, body.error);
  const change = changeOf(method, body.fields);
  if (!change) return refuse(request, 400, SAVED_SEARCH_API_MESSAGES.unknownIntent);
  try {
    if (change.kind === "delete") {
      const deleted = await removeSavedSearch(saver.db, saver.userId, id);
      return reply(request, 200, { deleted: deleted.id, toast: SAVED_SEARCH_TOASTS.deleted() });
    }
    const savedSearch = await updateSavedSearch(saver.db, saver.userId, id, change);
    const toast =
      change.name === undefined ? SAVED_SEARCH_TOASTS.alert(savedSearch) : SAVED_SEARCH_TOASTS.renamed();
    return reply(request, 200, { savedSearch, toast });
  } catch (error) {
    return refusalOf(request, error);
  }
}
