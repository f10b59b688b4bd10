import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import type { AdminAction } from "~/core/admin-actions";
import type { UserActionInput } from "~/core/admin-user-actions";
import {
  ACTIVITY_WINDOW_DAYS,
  USERS_PAGE_SIZE,
  type UserGridQuery,
  type UserSort,
  type UserStatusFilter,
} from "~/core/admin-users-query";
import type { PlanId } from "~/core/plans";
import { isConfiguredAdmin } from "../auth/roles.server";
import { grantPlanTo, grantSubscriptionId, revokeGrantOf } from "../billing/grants.server";
import { containsPattern } from "../companies/search-filters.server";
import type { Db } from "../db/database.server";
import { queryRows } from "../db/query-rows.server";
import { adminAuditLog, sessions, subscriptions, userActivity, users } from "../db/schema";
import { type AdminActor, recordAdminAction } from "./audit-log.server";

const DAY_MS = 24 * 60 * 60 * 1000;

/** One account as the users grid shows it. */
export interface UserGridRow {
  id: string;
  email: string;
  name: string;
  role: "user" | "admin";
  planId: PlanId | null;
  status: string | null;
  trialEnd: string | null;
  lastLogin: string | null;
  createdAt: string;
  bannedAt: string | null;
  searches: number;
  exports: number;
}

const CURRENT_STATUSES = sql.raw(`('active', 'trialing')`);

/** The ORDER BY of each grid sort, on the users table aliased "u"; the id breaks ties. */
const ORDERS: Readonly<Record<UserSort, SQL>> = {
  newest: sql.raw("u.created_at desc, u.id desc"),
  oldest: sql.raw("u.created_at asc, u.id asc"),
  "email-asc": sql.raw("u.email asc"),
  "email-desc": sql.raw("u.email desc"),
  "name-asc": sql.raw("lower(u.name) asc, u.id asc"),
  "last-login": sql.raw("u.last_login desc nulls last, u.id desc"),
  "trial-end":
    sql.raw(`(select min(s.trial_end) from subscriptions s where s.user_id = u.id and s.status = 'trialing'),
    u.created_at desc, u.id desc`),
};

function statusCondition(status: UserStatusFilter): SQL {
  switch (status) {
    case "trialing":
      return sql`exists (select 1 from subscriptions s where s.user_id = u.id and s.status = 'trialing')`;
    case "active":
      return sql`exists (select 1 from subscriptions s where s.user_id = u.id and s.status = 'active')`;
    case "ended":
      return sql`exists (select 1 from subscriptions s where s.user_id = u.id)
        and not exists (select 1 from subscriptions s where s.user_id = u.id and s.status in ${CURRENT_STATUSES})`;
    case "banned":
      return sql`u.banned_at is not null`;
  }
}

function gridConditions(query: UserGridQuery): SQL {
  const parts: SQL[] = [];
  if (query.q) {
    const pattern = containsPattern(query.q);
    parts.push(sql`(u.email ilike ${pattern} or u.name ilike ${pattern})`);
  }
  if (query.role) parts.push(sql`u.role = ${query.role}`);
  if (query.plan === "none") {
    parts.push(
      sql`not exists (select 1 from subscriptions s where s.user_id = u.id and s.status in ${CURRENT_STATUSES})`,
    );
  } else if (query.plan) {
    parts.push(
      sql`exists (select 1 from subscriptions s where s.user_id = u.id and s.plan_id = ${query.plan} and s.status in ${CURRENT_STATUSES})`,
    );
  }
  if (query.status) parts.push(statusCondition(query.status));
  // "On a trial, ending soonest" lists the accounts on a trial: the others have no trial end to order by.
  if (query.sort === "trial-end" && query.status !== "trialing") parts.push(statusCondition("trialing"));
  return parts.length > 0 ? sql`where ${sql.join(parts, sql` and `)}` : sql``;
}

interface GridRowFromDb extends Record<string, unknown> {
  id: string;
  email: string;
  name: string;
  role: "user" | "admin";
  plan_id: PlanId | null;
  status: string | null;
  trial_end: Date | string | null;
  last_login: Date | string | null;
  created_at: Date | string;
  banned_at: Date | string | null;
  searches: number;
  exports: number;
}

const iso = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString();

/**
 * docs/product.md#admin: a page of the users grid, filtered and sorted on the server, with each account's current
 * subscription (the one giving access, else the latest) and its searches and exports over 30 days. The page
 * is chosen first (50 accounts), then only its accounts get their subscription and activity.
 */
export async function listUsers(
  db: Db,
  query: UserGridQuery,
  now = new Date(),
): Promise<{ rows: UserGridRow[]; total: number }> {
  const where = gridConditions(query);
  const order = ORDERS[query.sort];
  // The page's ids come from the order's index alone (no table visit for the rows a deep offset skips); only
  // those 50 accounts are then read with their subscription and activity.
  const since = new Date(now.getTime() - ACTIVITY_WINDOW_DAYS * DAY_MS);
  const offset = (query.page - 1) * USERS_PAGE_SIZE;
  const [rows, counted] = await Promise.all([
    queryRows<GridRowFromDb>(
      db,
      sql`select u.id, u.email, u.name, u.role, u.last_login, u.created_at, u.banned_at,
            cur.plan_id, cur.status, cur.trial_end,
            (select count(*) from user_activity a where a.user_id = u.id and a.action_type in ('search', 'filter')
               and a.created_at >= ${since})::int as searches,
            (select count(*) from user_activity a where a.user_id = u.id and a.action_type = 'export'
               and a.created_at >= ${since})::int as exports
          from (select u.id from users u ${where} order by ${order} limit ${USERS_PAGE_SIZE} offset ${offset}) page
          join users u using (id)
          left join lateral (
            select s.plan_id, s.status, s.trial_end from subscriptions s where s.user_id = u.id
            order by (s.status in ${CURRENT_STATUSES}) desc, s.provider_state_at desc limit 1
          ) cur on true
          order by ${order}`,
    ),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from users u ${where}`),
  ]);
  return {
    total: counted[0]?.n ?? 0,
    rows: rows.map((row) => ({
      id: row.id,
      email: row.email,
      name: row.name,
      role: row.role,
      planId: row.plan_id,
      status: row.status,
      trialEnd: iso(row.trial_end),
      lastLogin: iso(row.last_login),
      createdAt: iso(row.created_at) ?? "",
      bannedAt: iso(row.banned_at),
      searches: row.searches,
      exports: row.exports,
    })),
  };
}

/** Everything a user's page shows. */
export interface UserDetail {
  user: {
    id: string;
    email: string;
    name: string;
    firstName: string | null;
    lastName: string | null;
    role: "user" | "admin";
    adminGranted: boolean;
    isConfiguredAdmin: boolean;
    emailVerified: boolean;
    lastLogin: string | null;
    createdAt: string;
    bannedAt: string | null;
    banReason: string | null;
  };
  subscriptions: Array<{
    id: string;
    planId: PlanId;
    status: string;
    provider: string;
    trialEnd: string | null;
    currentPeriodEnd: string | null;
    canceledAt: string | null;
    createdAt: string;
    isGrant: boolean;
  }>;
  activity: Array<{
    id: number;
    type: string;
    /** An `api` row's endpoint ("GET /companies"), and the record it named (a slug or an id). */
    endpoint: string | null;
    resource: string | null;
    database: string | null;
    query: string;
    totalResults: number;
    at: string;
  }>;
  sessions: Array<{
    id: string;
    createdAt: string;
    lastUsedAt: string;
    expiresAt: string;
    ip: string | null;
    userAgent: string | null;
  }>;
  audit: Array<{ id: number; action: string; actor: string; at: string }>;
}

export async function getUserDetail(
  db: Db,
  userId: string,
  adminEmails: readonly string[],
): Promise<UserDetail | null> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) return null;
  const [subs, activity, open, audit] = await Promise.all([
    db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, userId))
      .orderBy(desc(subscriptions.providerStateAt)),
    db
      .select()
      .from(userActivity)
      .where(eq(userActivity.userId, userId))
      .orderBy(desc(userActivity.createdAt), desc(userActivity.id))
      .limit(20),
    db.select().from(sessions).where(eq(sessions.userId, userId)).orderBy(desc(sessions.updatedAt)),
    db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.targetType, "user"), eq(adminAuditLog.targetId, userId)))
      .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
      .limit(20),
  ]);
  return {
    user: {
      id: user.id,
      email: user.email,
      name: user.name,
      firstName: user.firstName,
      lastName: user.lastName,
      role: user.role,
      adminGranted: user.adminGranted,
      isConfiguredAdmin: isConfiguredAdmin(user.email, adminEmails),
      emailVerified: user.emailVerified,
      lastLogin: iso(user.lastLogin),
      createdAt: user.createdAt.toISOString(),
      bannedAt: iso(user.bannedAt),
      banReason: user.banReason,
    },
    subscriptions: subs.map((row) => ({
      id: row.id,
      planId: row.planId,
      status: row.status,
      provider: row.provider,
      trialEnd: iso(row.trialEnd),
      currentPeriodEnd: iso(row.currentPeriodEnd),
      canceledAt: iso(row.canceledAt),
      createdAt: row.createdAt.toISOString(),
      isGrant: row.providerSubscriptionId === grantSubscriptionId(userId, row.planId),
    })),
    activity: activity.map((row) => ({
      id: row.id,
      type: row.actionType,
      endpoint: row.actionDetails.endpoint ?? null,
      resource: row.actionDetails.resource ?? null,
      database: row.actionDetails.database ?? null,
      query: row.actionDetails.query,
      totalResults: row.actionDetails.totalResults,
      at: row.createdAt.toISOString(),
    })),
    sessions: open.map((row) => ({
      id: row.id,
      createdAt: row.createdAt.toISOString(),
      lastUsedAt: row.updatedAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      ip: row.ipAddress,
      userAgent: row.userAgent,
    })),
    audit: audit.map((row) => ({
      id: row.id,
      action: row.action,
      actor: row.actorEmail,
      at: row.createdAt.toISOString(),
    })),
  };
}

/** An admin action the rules refuse (acting on oneself, demoting an ADMIN_EMAILS account...): a 400 with this message. */
export class UserActionError extends Error {
  override name = "UserActionError";
}

/** What an admin can do to an account from its page (parsed by core/admin-user-actions.ts). */
export type UserAction = UserActionInput;

interface TargetUser {
  id: string;
  email: string;
  adminGranted: boolean;
  bannedAt: Date | null;
  banReason: string | null;
}

async function lockedUser(tx: Db, userId: string): Promise<TargetUser> {
  const [row] = await tx
    .select({
      id: users.id,
      email: users.email,
      adminGranted: users.adminGranted,
      bannedAt: users.bannedAt,
      banReason: users.banReason,
    })
    .from(users)
    .where(eq(users.id, userId))
    .for("update");
  if (!row) throw new UserActionError("This account no longer exists.");
  return row;
}

/**
 * The acting admin, checked again inside the transaction (and held for it): an admin demoted or banned
 * while their request was on its way acts no more.
 */
async function requireStillAdmin(tx: Db, actor: AdminActor): Promise<void> {
  const [row] = await tx
    .select({ role: users.role, bannedAt: users.bannedAt })
    .from(users)
    .where(eq(users.id, actor.id))
    .for("share");
  if (row?.role !== "admin" || row.bannedAt) throw new UserActionError("You are no longer an admin.");
}

/** A grant the subscription writer found older than the stored state (clocks apart): nothing was written. */
function staleWrite(): UserActionError {
  return new UserActionError("The plan changed at the same moment; reload the page and try again.");
}

async function activeGrant(tx: Db, userId: string, planId: PlanId): Promise<boolean> {
  const [row] = await tx
    .select({ status: subscriptions.status })
    .from(subscriptions)
    .where(eq(subscriptions.providerSubscriptionId, grantSubscriptionId(userId, planId)));
  return row?.status === "active";
}

/**
 * docs/product.md#admin: applies one admin action to an account and records it in the admin audit log, in one
 * transaction. Plans go through the one subscription writer (grants.server.ts). ADMIN_EMAILS always wins
 * (its accounts cannot be demoted or banned here), and an admin cannot ban or demote themself. A ban ends
 * every session of the account at once.
 */
export async function applyUserAction(
  db: Db,
  actor: AdminActor,
  userId: string,
  action: UserAction,
  adminEmails: readonly string[],
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    await requireStillAdmin(tx, actor);
    const target = await lockedUser(tx, userId);
    const self = target.id === actor.id;
    const configured = isConfiguredAdmin(target.email, adminEmails);
    const record = (
      auditAction: AdminAction,
      before: Record<string, unknown>,
      after: Record<string, unknown>,
    ) =>
      recordAdminAction(tx, actor, {
        action: auditAction,
        targetType: "user",
        targetId: target.id,
        targetLabel: target.email,
        before,
        after,
      });
    switch (action.kind) {
      case "grant-plan": {
        const had = await activeGrant(tx, target.id, action.planId);
        if ((await grantPlanTo(tx, target.id, action.planId, now)) === "stale") throw staleWrite();
        await record(
          "plan.grant",
          { [action.planId]: had ? "granted" : "none" },
          { [action.planId]: "granted" },
        );
        return;
      }
      case "revoke-plan": {
        if (!(await activeGrant(tx, target.id, action.planId))) {
          throw new UserActionError(`This account has no granted ${action.planId} plan to revoke.`);
        }
        if ((await revokeGrantOf(tx, target.id, action.planId, now)) === "stale") throw staleWrite();
        await record("plan.revoke", { [action.planId]: "granted" }, { [action.planId]: "revoked" });
        return;
      }
      case "make-admin": {
        if (target.adminGranted || configured) throw new UserActionError("This account is already an admin.");
        await tx
          .update(users)
          .set({ adminGranted: true, role: "admin", updatedAt: now })
          .where(eq(users.id, target.id));
        await record("role.grant_admin", { admin: configured ? "ADMIN_EMAILS" : "no" }, { admin: "yes" });
        return;
      }
      case "remove-admin": {
        if (self) throw new UserActionError("You cannot remove your own admin role.");
        if (configured) {
          throw new UserActionError(
            "This account is an admin through ADMIN_EMAILS; change the configuration to remove it.",
          );
        }
        if (!target.adminGranted) throw new UserActionError("This account is not an admin.");
        await tx
          .update(users)
          .set({ adminGranted: false, role: "user", updatedAt: now })
          .where(eq(users.id, target.id));
        await record("role.revoke_admin", { admin: "yes" }, { admin: "no" });
        return;
      }
      case "ban": {
        if (self) throw new UserActionError("You cannot ban yourself.");
        if (configured) {
          throw new UserActionError(
            "This account is an admin through ADMIN_EMAILS; change the configuration first.",
          );
        }
        if (target.bannedAt) throw new UserActionError("This account is already banned.");
        await tx
          .update(users)
          .set({ bannedAt: now, banReason: action.reason, updatedAt: now })
          .where(eq(users.id, target.id));
        const ended = await tx
          .delete(sessions)
          .where(eq(sessions.userId, target.id))
          .returning({ id: sessions.id });
        await record(
          "user.ban",
          { banned: "no" },
          { banned: "yes", reason: action.reason, sessionsEnded: ended.length },
        );
        return;
      }
      case "unban": {
        if (!target.bannedAt) throw new UserActionError("This account is not banned.");
        await tx
          .update(users)
          .set({ bannedAt: null, banReason: null, updatedAt: now })
          .where(eq(users.id, target.id));
        await record("user.unban", { banned: "yes", reason: target.banReason }, { banned: "no" });
        return;
      }
      case "revoke-sessions": {
        const ended = await tx
          .delete(sessions)
          .where(eq(sessions.userId, target.id))
          .returning({ id: sessions.id });
        await record("sessions.revoke_all", { sessions: ended.length }, { sessions: 0 });
        return;
      }
    }
  });
}
