import { and, count, desc, eq } from "drizzle-orm";
import { nextDigestAt } from "~/core/alert-schedule";
import {
  type AlertFrequency,
  canonicalSearchQuery,
  cleanSavedSearchName,
  isAlertFrequency,
  MAX_SAVED_SEARCHES,
  readSavedSearchQuery,
  SAVED_SEARCH_MESSAGES,
  type SavedSearchField,
  type SavedSearchItem,
} from "~/core/saved-search";
import { normalizeValue } from "~/core/url-values";
import type { Db } from "../db/database.server";
import { isUniqueViolation } from "../db/database-errors";
import { type SavedSearchRow, savedSearches, users } from "../db/schema";

/**
 * docs/product.md#alerts, saved searches: a user's list, save, rename, alert frequency and delete. The rules (a name, the
 * limit, the stored form of a search, when a digest is due) live in core; this module applies them to the
 * saved_searches table. Every operation is scoped by the user's id: another user's saved search is "not
 * found", and is never read or written.
 */

/** A saved search as the pages and the JSON answers show it (core/saved-search.ts). */
export type SavedSearch = SavedSearchItem;

export type SavedSearchFieldErrors = Partial<Record<SavedSearchField, string>>;

/** Messages of refusals that SAVED_SEARCH_MESSAGES has no sentence for. */
export const SAVED_SEARCH_INPUT_MESSAGES = {
  queryInvalid: "The search to save must be the search page's query string.",
  nothingToChange: "Send a new name or an email alert to change.",
} as const;

/** A refusal the API answers with its status and message (and the fields it is about). */
export class SavedSearchError extends Error {
  override name = "SavedSearchError";
  constructor(
    readonly status: 400 | 404 | 409,
    message: string,
    readonly fieldErrors?: SavedSearchFieldErrors,
  ) {
    super(message);
  }
}

function notFound(): SavedSearchError {
  return new SavedSearchError(404, SAVED_SEARCH_MESSAGES.notFound);
}

function invalid(fieldErrors: SavedSearchFieldErrors): SavedSearchError {
  const message = Object.values(fieldErrors)[0] ?? SAVED_SEARCH_INPUT_MESSAGES.nothingToChange;
  return new SavedSearchError(400, message, fieldErrors);
}

/**
 * A saved search's id from a URL segment or a form: a positive integer written plainly (no sign, no leading
 * zero, no exponent), within the column's safe range; null for anything else.
 */
export function parseSavedSearchId(value: unknown): number | null {
  if (typeof value !== "string" || !/^[1-9][0-9]{0,14}$/.test(value)) return null;
  return Number(value);
}

/**
 * The name as stored, or its error. Control characters are dropped first as from every URL value (a NUL
 * cannot be stored, and none is typed), so the rules of core's cleanSavedSearchName see only text.
 */
function readName(value: unknown, errors: SavedSearchFieldErrors): string | undefined {
  const cleaned = cleanSavedSearchName(typeof value === "string" ? normalizeValue(value) : value);
  if ("error" in cleaned) {
    errors.name = cleaned.error;
    return undefined;
  }
  return cleaned.name;
}

function readAlert(value: unknown, errors: SavedSearchFieldErrors): AlertFrequency | undefined {
  if (isAlertFrequency(value)) return value;
  errors.alert = SAVED_SEARCH_MESSAGES.alertInvalid;
  return undefined;
}

/**
 * The canonical query of a search to save, or its error: a value the search page would drop with a message
 * is refused (with those messages), so a saved search always means what was on the screen.
 */
function readQuery(value: unknown, errors: SavedSearchFieldErrors): string | undefined {
  if (typeof value !== "string") {
    errors.query = SAVED_SEARCH_INPUT_MESSAGES.queryInvalid;
    return undefined;
  }
  const { state, errors: paramErrors } = readSavedSearchQuery(value);
  if (paramErrors.length > 0) {
    errors.query = paramErrors.map((error) => error.message).join(" ");
    return undefined;
  }
  return canonicalSearchQuery(state);
}

function toSavedSearch(row: SavedSearchRow): SavedSearch {
  return {
    id: row.id,
    name: row.name,
    query: row.query,
    alert: row.alert,
    nextDigestAt: row.nextDigestAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function nameTaken(): SavedSearchError {
  const message = SAVED_SEARCH_MESSAGES.nameTaken;
  return new SavedSearchError(409, message, { name: message });
}

/** The user's saved searches, newest first. */
export async function listSavedSearches(db: Db, userId: string): Promise<SavedSearch[]> {
  const rows = await db
    .select()
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId))
    .orderBy(desc(savedSearches.createdAt), desc(savedSearches.id));
  return rows.map(toSavedSearch);
}

/** One of the user's saved searches; 404 when it is not theirs or does not exist. */
export async function getSavedSearch(db: Db, userId: string, id: number): Promise<SavedSearch> {
  const [row] = await db
    .select()
    .from(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)));
  if (!row) throw notFound();
  return toSavedSearch(row);
}

export interface NewSavedSearchInput {
  name: unknown;
  query: unknown;
  /** "off" when absent. */
  alert?: unknown;
}

/**
 * Saves a search for the user. Refused with 400 (a field's error), or 409 at MAX_SAVED_SEARCHES or when the
 * name is taken (case-insensitively, the unique index's rule). With an alert, the first digest is due at the
 * next digest time after now and covers the companies recorded from now on.
 */
export async function createSavedSearch(
  db: Db,
  userId: string,
  input: NewSavedSearchInput,
  now: Date = new Date(),
): Promise<SavedSearch> {
  const errors: SavedSearchFieldErrors = {};
  const name = readName(input.name, errors);
  const query = readQuery(input.query, errors);
  const alert = input.alert === undefined || input.alert === null ? "off" : readAlert(input.alert, errors);
  if (name === undefined || query === undefined || alert === undefined) throw invalid(errors);

  try {
    return await db.transaction(async (tx) => {
      // One user's saves take turns on their users row: the count below (a statement of its own, so it
      // sees every save committed before the lock was granted) cannot be passed by two saves at once. No key
      // update: it does not block the inserts of other tables that reference the user (sessions, activity).
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("no key update");
      const [counted] = await tx
        .select({ total: count() })
        .from(savedSearches)
        .where(eq(savedSearches.userId, userId));
      if ((counted?.total ?? 0) >= MAX_SAVED_SEARCHES) {
        throw new SavedSearchError(409, SAVED_SEARCH_MESSAGES.limit);
      }
      const [row] = await tx
        .insert(savedSearches)
        .values({
          userId,
          name,
          query,
          alert,
          nextDigestAt: nextDigestAt(alert, now),
          digestSince: now,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!row) throw new Error("the saved search was not inserted");
      return toSavedSearch(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

export interface SavedSearchChange {
  /** A new name; unchanged when absent. */
  name?: unknown;
  /** A new alert frequency; unchanged when absent. */
  alert?: unknown;
}

/**
 * Renames a saved search and/or sets its alert frequency. The digest columns follow the alert only:
 * turned on (from off), the next digest is due at the next digest time after now and covers the companies
 * recorded from now on; switched between daily and weekly, only its due time moves (the window still starts
 * where the last digest ended); turned off, nothing is due. A rename leaves them alone.
 */
export async function updateSavedSearch(
  db: Db,
  userId: string,
  id: number,
  change: SavedSearchChange,
  now: Date = new Date(),
): Promise<SavedSearch> {
  const errors: SavedSearchFieldErrors = {};
  const name = change.name === undefined ? undefined : readName(change.name, errors);
  const alert = change.alert === undefined ? undefined : readAlert(change.alert, errors);
  if (Object.keys(errors).length > 0) throw invalid(errors);
  if (name === undefined && alert === undefined) {
    throw new SavedSearchError(400, SAVED_SEARCH_INPUT_MESSAGES.nothingToChange);
  }

  try {
    return await db.transaction(async (tx) => {
      const [current] = await tx
        .select()
        .from(savedSearches)
        .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
        .for("update");
      if (!current) throw notFound();
      const set: Partial<typeof savedSearches.$inferInsert> = { updatedAt: now };
      if (name !== undefined) set.name = name;
      if (alert !== undefined && alert !== current.alert) {
        set.alert = alert;
        set.nextDigestAt = nextDigestAt(alert, now);
        if (current.alert === "off") set.digestSince = now;
      }
      const [row] = await tx
        .update(savedSearches)
        .set(set)
        .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
        .returning();
      if (!row) throw notFound();
      return toSavedSearch(row);
    });
  } catch (error) {
    if (isUniqueViolation(error) && name !== undefined) throw nameTaken();
    throw error;
  }
}

/**
 * Deletes one of the user's saved searches (its digests go with it) and returns it as it was; 404 when it
 * is not theirs.
 */
export async function removeSavedSearch(db: Db, userId: string, id: number): Promise<SavedSearch> {
  const [deleted] = await db
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning();
  if (!deleted) throw notFound();
  return toSavedSearch(deleted);
}
