import type * as z from "zod";
import { MAX_SAVED_SEARCHES, SAVED_SEARCH_MESSAGES, savedSearchHref } from "~/core/saved-search";
import {
  createSavedSearch,
  getSavedSearch,
  listSavedSearches,
  parseSavedSearchId,
  removeSavedSearch,
  type SavedSearch,
  SavedSearchError,
  updateSavedSearch,
} from "../saved-searches/saved-searches.server";
import { type SavedSearchAnswer, savedSearchChange, savedSearchCreate } from "./api-schemas.server";
import { ApiAnswer, type ApiContext, ApiRefusal, readJsonBody } from "./api-v1.server";

/**
 * /api/v1/saved-searches (docs/product.md#saved-searches, docs/product.md#api): the saved-search service of the
 * pages and of /api/saved-searches (saved-searches.server.ts), so the rules, the limit of 50, the 409s and
 * every message are that service's. What the API adds: a JSON body only, read bounded (readJsonBody), and a
 * field the schema does not name is refused. A field of the wrong type or value is left to the service,
 * which refuses it with the app's own message and `fieldErrors`.
 */

function answerOf(search: SavedSearch, origin: string): SavedSearchAnswer {
  return { ...search, url: `${origin}${savedSearchHref(search.query)}` };
}

/** The body's fields, or 400 naming a field the schema does not know. */
async function fieldsOf(request: Request, schema: z.ZodObject): Promise<Record<string, unknown>> {
  const fields = await readJsonBody(request);
  const checked = schema.safeParse(fields);
  const unknown = checked.success
    ? []
    : checked.error.issues.flatMap((issue) => (issue.code === "unrecognized_keys" ? issue.keys : []));
  // A client's own key names, cut short: the refusal stays small whatever was sent.
  const named = unknown.slice(0, 3).map((key) => (key.length > 40 ? `${key.slice(0, 40)}...` : key));
  if (unknown.length > 0) throw new ApiRefusal(400, `Unknown field: ${named.join(", ")}.`);
  return fields;
}

/** The service's refusals (400 with fieldErrors, 404, 409) as the API's. */
async function serviced<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof SavedSearchError) {
      throw new ApiRefusal(error.status, error.message, error.fieldErrors as Record<string, string>);
    }
    throw error;
  }
}

function idOf(idParam: string | undefined): number {
  const id = parseSavedSearchId(idParam);
  if (id === null) throw new ApiRefusal(404, SAVED_SEARCH_MESSAGES.notFound);
  return id;
}

/** GET /api/v1/saved-searches: the key owner's saved searches, newest first. */
export async function listSavedSearchesApi({ db, caller, url }: ApiContext) {
  const searches = await listSavedSearches(db, caller.userId);
  return new ApiAnswer(
    { data: searches.map((search) => answerOf(search, url.origin)), max: MAX_SAVED_SEARCHES },
    { count: searches.length },
  );
}

/** POST /api/v1/saved-searches { name, query, alert? }: saves a search, 201. */
export async function createSavedSearchApi({ db, caller, url, request }: ApiContext) {
  const fields = await fieldsOf(request, savedSearchCreate);
  const search = await serviced(() =>
    createSavedSearch(db, caller.userId, { name: fields.name, query: fields.query, alert: fields.alert }),
  );
  return new ApiAnswer(answerOf(search, url.origin), { count: 1, resource: String(search.id) }, 201);
}

/** GET /api/v1/saved-searches/{id}: one of the key owner's saved searches (another's is a 404). */
export async function getSavedSearchApi({ db, caller, url }: ApiContext, idParam: string | undefined) {
  const id = idOf(idParam);
  const search = await serviced(() => getSavedSearch(db, caller.userId, id));
  return new ApiAnswer(answerOf(search, url.origin), { count: 1, resource: String(id) });
}

/** PATCH /api/v1/saved-searches/{id} { name?, alert? }: renames it and/or sets its alert. */
export async function updateSavedSearchApi(
  { db, caller, url, request }: ApiContext,
  idParam: string | undefined,
) {
  const id = idOf(idParam);
  const fields = await fieldsOf(request, savedSearchChange);
  const search = await serviced(() =>
    updateSavedSearch(db, caller.userId, id, {
      ...("name" in fields ? { name: fields.name } : {}),
      ...("alert" in fields ? { alert: fields.alert } : {}),
    }),
  );
  return new ApiAnswer(answerOf(search, url.origin), { count: 1, resource: String(id) });
}

/** DELETE /api/v1/saved-searches/{id}: deletes it (its digests go with it). */
export async function deleteSavedSearchApi({ db, caller }: ApiContext, idParam: string | undefined) {
  const id = idOf(idParam);
  const deleted = await serviced(() => removeSavedSearch(db, caller.userId, id));
  return new ApiAnswer({ deleted: deleted.id }, { count: 1, resource: String(id) });
}
