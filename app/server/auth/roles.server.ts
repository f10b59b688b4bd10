import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/database.server";
import { users } from "../db/schema";

export type Role = "user" | "admin";

/** decisions.md: the accounts in ADMIN_EMAILS hold the admin role; everyone else is a user. */
export function roleForEmail(email: string, adminEmails: readonly string[]): Role {
  return adminEmails.includes(email.trim().toLowerCase()) ? "admin" : "user";
}

/**
 * At every new session: record last_login (spec 4) and bring the role in line with ADMIN_EMAILS. Existing
 * sessions follow the configuration too: lookUpSession derives the role from ADMIN_EMAILS on every request
 * (and stores it with syncRole when the two differ).
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
      )}) then 'admin' else 'user' end`,
    })
    .where(eq(users.id, userId));
}

/** Stores the role the configuration gives an account (lookUpSession, when the stored one differs). */
export async function syncRole(db: Db, userId: string, role: Role): Promise<void> {
  await db.update(users).set({ role }).where(eq(users.id, userId));
}
