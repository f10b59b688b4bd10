import { createHmac } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "../db/database.server";
import { queryRows } from "../db/query-rows.server";
import { env } from "../env.server";

/** Addresses compare case-insensitively and without surrounding spaces ("Ann@X.example " is ann@x.example). */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * The key of the do-not-sell list (docs/product.md#do-not-sell): HMAC-SHA-256 of the normalized address, keyed with a server
 * secret (the "salt"), so the list holds no addresses and guessed addresses cannot be checked against it
 * without the secret. The secret is AUTH_SECRET, which production must set anyway. Rotating AUTH_SECRET
 * orphans the list: companies already hidden stay hidden (suppressed_companies holds their ids), but
 * later imports no longer recognise the addresses, and the list cannot be re-keyed since it holds no
 * addresses. Do not rotate it without a plan for the list.
 */
export function suppressionHash(email: string, secret: string = env().AUTH_SECRET): string {
  return createHmac("sha256", secret).update(normalizeEmail(email)).digest("hex");
}

/** The suppression hashes of a row's addresses (blank ones left out). */
export function suppressionHashes(
  emails: ReadonlyArray<string | null | undefined>,
  secret: string = env().AUTH_SECRET,
): string[] {
  const hashes: string[] = [];
  for (const email of emails) if (email && email.trim() !== "") hashes.push(suppressionHash(email, secret));
  return hashes;
}

/**
 * Which of these hashes are on the suppression list: one primary-key lookup with one array parameter for
 * the whole set, so the importer asks once per batch (a parameter per hash cost more CPU than the query).
 */
export async function suppressedHashesAmong(db: Db, hashes: readonly string[]): Promise<Set<string>> {
  if (hashes.length === 0) return new Set();
  // An empty list suppresses nothing: one look at it costs less than sending a batch's every hash.
  const [list] = await queryRows<{ held: boolean }>(
    db,
    sql`select exists (select 1 from suppressed_contacts) as held`,
  );
  if (!list?.held) return new Set();
  const rows = await queryRows<{ email_hash: string }>(
    db,
    sql`select email_hash from suppressed_contacts where email_hash = any(${sql.param([...new Set(hashes)])}::text[])`,
  );
  return new Set(rows.map((row) => row.email_hash));
}
