import { and, count, desc, eq, type SQL } from "drizzle-orm";
import type { AdminAction, AdminTargetType } from "~/core/admin-actions";
import type { Db } from "../db/database.server";
import { type AdminAuditRow, adminAuditLog } from "../db/schema";

/** The admin making a change, and where from (server.mjs's client IP header). */
export interface AdminActor {
  id: string;
  email: string;
  ipAddress: string | null;
}

/** One change for the admin audit log: what, to which record, and the values before and after. */
export interface AdminChange {
  action: AdminAction;
  targetType: AdminTargetType;
  targetId?: string | null;
  /** What the target was called (a user's email, "site settings"), kept as it was at the time. */
  targetLabel?: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/**
 * docs/product.md#admin: writes one admin change to the audit log. Callers pass the transaction that made the change,
 * so the change and its record commit together or not at all.
 */
export async function recordAdminAction(db: Db, actor: AdminActor, change: AdminChange): Promise<void> {
  await db.insert(adminAuditLog).values({
    actorId: actor.id,
    actorEmail: actor.email,
    action: change.action,
    targetType: change.targetType,
    targetId: change.targetId ?? null,
    targetLabel: change.targetLabel ?? null,
    before: change.before ?? null,
    after: change.after ?? null,
    ipAddress: actor.ipAddress,
  });
}

export interface AdminLogQuery {
  page: number;
  size: number;
  action?: AdminAction | undefined;
  targetType?: AdminTargetType | undefined;
  targetId?: string | undefined;
}

/** A page of the admin audit log, newest first, with the number of entries that match. */
export async function listAdminActions(
  db: Db,
  { page, size, action, targetType, targetId }: AdminLogQuery,
): Promise<{ rows: AdminAuditRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (action) conditions.push(eq(adminAuditLog.action, action));
  if (targetType) conditions.push(eq(adminAuditLog.targetType, targetType));
  if (targetId) conditions.push(eq(adminAuditLog.targetId, targetId));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(adminAuditLog)
      .where(where)
      .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
      .limit(size)
      .offset((page - 1) * size),
    db.select({ total: count() }).from(adminAuditLog).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}
