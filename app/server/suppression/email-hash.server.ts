import { createHmac } from "node:crypto";
import { inArray } from "drizzle-orm";
import type { Db } from "../db/database.server";
import { suppressedContacts } from "../db/schema";
import { env } from "../env.server";

/** Addresses compare case-insensitively and without surrounding spaces ("Ann@X.example " is ann@x.example). */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * The key of the do-not-sell list (issue 7): HMAC-SHA-256 of the normalized address, keyed with a server
 * secret (the "salt"), so the list holds no addresses and guessed addresses cannot be checked against it
 * without the secret. The secret is AUTH_SECRET, which production must set anyway. Rotating AUTH_SECRET
 * orphans the list: companies already hidden stay hidden (suppressed_companies holds their ids), but
 * later imports no longer recognise the addresses, and the list cannot be re-keyed since it holds no
 * addresses. Do not rotate it without a plan for the list.
 */
export function suppressionHash(email: string, secret: string = env().AUTH_SECRET): string {
  return createHmac("sha256", secret).update(normalizeEmail(email)).digest("hex");
}

/**
 * Which of these addresses are on the suppression list, as normalized addresses. One primary-key lookup for
 * the whole set, so the importer can ask once per batch.
 */
export async function suppressedEmailsAmong(
  db: Db,
  emails: ReadonlyArray<string | null | undefined>,
  secret: string = env().AUTH_SECRET,
): Promise<Set<string>> {
  const byHash = new Map<string, string>();
  for (const email of emails) {
    if (email && email.trim() !== "") byHash.set(suppressionHash(email, secret), normalizeEmail(email));
  }
  if (byHash.size === 0) return new Set();
  const rows = await db
    .select({ hash: suppressedContacts.emailHash })
    .from(suppressedContacts)
    .where(inArray(suppressedContacts.emailHash, [...byHash.keys()]));
  return new Set(rows.flatMap((row) => byHash.get(row.hash) ?? []));
}
