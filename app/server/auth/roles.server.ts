import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/database.server";
import { users } from "../db/schema";

export type Role = "user" | "admin";

/** docs/product.md#accounts: the accounts in ADMIN_EMAILS hold the admin role; everyone else is a user. */
export function roleForEmail(email: string, adminEmails: readonly string[]): Role {
  return adminEmails.includes(email.trim().toLowerCase()) ? "admin" : "user";
}

/**
 * An account is admin when ADMIN_EMAILS lists it (which always wins: the console cannot demote it) or when an
 * admin made it admin in the console (decision 013).
 */
export function roleOf(
  user: { email: string; adminGranted?: boolean | null },
  adminEmails: readonly string[],
): Role {
  return roleForEmail(user.email, adminEmails) === "admin" || user.adminGranted === true ? "admin" : "user";
}

/** Whether ADMIN_EMAILS makes this account admin (the console shows it and refuses to demote it). */
export function isConfiguredAdmin(email: string, adminEmails: readonly string[]): boolean {
  return roleForEmail(email, adminEmails) === "admin";
}

/**
 * At every new session: record last_login (docs/product.md#data) and bring the role in line with ADMIN_EMAILS
 * and the console's grant (roleOf). Existing sessions follow the configuration too: lookUpSession derives the
 * role from ADMIN_EMAILS on every request (and stores it with syncRole when the two differ).
 */
export async function syncRoleAndLastLogin(
  db: Db,
  userId: string,
  adminEmails: readonly string[],
): Promise<void> {
  const admins = adminEmails.length > 0 ? adminEmails : [""];
  await db
    .update(users)
    .set({
      lastLogin: sql`now()`,
      role: sql`case when lower(${users.email}) in (${sql.join(
        admins.map((email) => sql`${email}`),
        sql`, `,
      )}) or ${users.adminGranted} then 'admin' else 'user' end`,
    })
    .where(eq(users.id, userId));
}

/** Stores the role the configuration gives an account (lookUpSession, when the stored one differs). */
export async function syncRole(db: Db, userId: string, role: Role): Promise<void> {
  await db.update(users).set({ role }).where(eq(users.id, userId));
}

/** The account's ban, if an admin banned it (decision 013). */
export async function banOf(db: Db, userId: string): Promise<{ reason: string | null } | null> {
  const [row] = await db
    .select({ bannedAt: users.bannedAt, reason: users.banReason })
    .from(users)
    .where(eq(users.id, userId));
  return row?.bannedAt ? { reason: row.reason } : null;
}
