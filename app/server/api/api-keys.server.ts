import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import {
  API_KEY_PREFIX,
  API_KEY_SHOWN_LENGTH,
  API_MESSAGES,
  type ApiKeyView,
  apiKeyNameProblem,
  MAX_API_KEYS,
} from "~/core/api-keys";
import { roleOf } from "../auth/roles.server";
import type { Db } from "../db/database.server";
import { apiKeys, users } from "../db/schema";
import { env } from "../env.server";

/**
 * The API's keys (decision 033): created with a name and shown once, listed by prefix with their creation
 * and last use, revoked. Only the SHA-256 of a key is stored; a key is 32 random bytes, so no slow hash is
 * needed against guessing, and a lookup is one index probe.
 */

/** The user a key speaks for, as the API's access checks need them. */
export interface ApiCaller {
  keyId: number;
  userId: string;
  email: string;
  isAdmin: boolean;
}

export class ApiKeyError extends Error {}

/** Last use is written at most this often per key: use does not cost a write per call. */
const LAST_USED_PRECISION_MS = 60_000;

export function hashApiKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

/** Creates a key for `userId`: the key itself (shown once, never stored) and its listing. */
export async function createApiKey(
  db: Db,
  userId: string,
  name: string,
): Promise<{ key: string; view: ApiKeyView }> {
  const problem = apiKeyNameProblem(name);
  if (problem !== null) throw new ApiKeyError(problem);
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString("base64url")}`;
  return db.transaction(async (tx) => {
    // One user's creations take turns, so two at once cannot both pass the limit.
    await tx.execute(sql`select id from users where id = ${userId} for update`);
    const [held] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(apiKeys)
      .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
    if ((held?.n ?? 0) >= MAX_API_KEYS) throw new ApiKeyError(API_MESSAGES.tooManyKeys);
    const [row] = await tx
      .insert(apiKeys)
      .values({
        userId,
        name: name.trim(),
        prefix: key.slice(0, API_KEY_SHOWN_LENGTH),
        keyHash: hashApiKey(key),
      })
      .returning();
    if (!row) throw new Error("The key was not stored");
    return { key, view: viewOf(row) };
  });
}

/** A user's keys, newest first, revoked ones included (marked). */
export async function listApiKeys(db: Db, userId: string): Promise<ApiKeyView[]> {
  const rows = await db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.userId, userId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map(viewOf);
}

/** Revokes one of the user's keys (again: no change). False when the user holds no such key. */
export async function revokeApiKey(db: Db, userId: string, keyId: number): Promise<boolean> {
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, now())` })
    .where(and(eq(apiKeys.id, keyId), eq(apiKeys.userId, userId)))
    .returning({ id: apiKeys.id });
  return rows.length > 0;
}

/**
 * The caller behind a key's hash (hashApiKey of bearerKeyOf's key): null for an unknown or revoked key, or a
 * banned account. Records the key's use (at most once a minute).
 */
export async function authenticateApiKey(
  db: Db,
  keyHash: string,
  now: Date = new Date(),
): Promise<ApiCaller | null> {
  const [row] = await db
    .select({
      keyId: apiKeys.id,
      lastUsedAt: apiKeys.lastUsedAt,
      userId: users.id,
      email: users.email,
      adminGranted: users.adminGranted,
      bannedAt: users.bannedAt,
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(and(eq(apiKeys.keyHash, keyHash), isNull(apiKeys.revokedAt)));
  if (!row || row.bannedAt !== null) return null;
  if (row.lastUsedAt === null || now.getTime() - row.lastUsedAt.getTime() >= LAST_USED_PRECISION_MS) {
    await db.update(apiKeys).set({ lastUsedAt: now }).where(eq(apiKeys.id, row.keyId));
  }
  return {
    keyId: row.keyId,
    userId: row.userId,
    email: row.email,
    isAdmin: roleOf(row, env().ADMIN_EMAILS) === "admin",
  };
}

/** The key of a Bearer header, or null when there is none or it cannot be one of ours. */
export function bearerKeyOf(authorization: string | null): string | null {
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(authorization ?? "");
  const key = match?.[1];
  return key?.startsWith(API_KEY_PREFIX) && key.length <= 200 ? key : null;
}

function viewOf(row: typeof apiKeys.$inferSelect): ApiKeyView {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}
