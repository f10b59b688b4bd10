import { desc } from "drizzle-orm";
import type { Db } from "../db/database.server";
import { authAuditEvents } from "../db/schema";
import { logger } from "../logger.server";
import { CLIENT_IP_HEADER } from "./client-ip";

export type AuthEvent =
  | "sign_up"
  | "sign_in"
  | "sign_in_failed"
  | "sign_in_unverified"
  | "sign_in_banned"
  | "sign_out"
  | "email_verified"
  | "verification_resent"
  | "password_reset_requested"
  | "password_reset"
  | "password_changed"
  | "profile_updated"
  | "account_deleted"
  | "rate_limited"
  // docs/product.md#plan-changes: the customer's own changes to their subscription.
  | "subscription_canceled"
  | "subscription_resumed"
  | "plan_switched"
  | "payment_method_updated";

export interface AuthEventInput {
  event: AuthEvent;
  userId?: string | null;
  email?: string | null;
  request?: Request | undefined;
  details?: Record<string, string | number | boolean | null>;
}

/**
 * Writes one line of the audit trail: what happened, to which account, from which IP and browser.
 * Never a password, token or link. A failure to write is logged, not thrown: it must not block sign-in.
 */
export async function recordAuthEvent(db: Db, input: AuthEventInput): Promise<void> {
  try {
    await db.insert(authAuditEvents).values({
      event: input.event,
      userId: input.userId ?? null,
      email: input.email?.toLowerCase() ?? null,
      ipAddress: input.request?.headers.get(CLIENT_IP_HEADER) ?? null,
      userAgent: input.request?.headers.get("user-agent")?.slice(0, 500) ?? null,
      details: input.details ?? null,
    });
  } catch (error) {
    logger.error({ err: error, event: input.event }, "could not write the auth audit trail");
  }
}

export interface AuditEntry {
  id: number;
  event: string;
  email: string | null;
  ipAddress: string | null;
  createdAt: string;
}

/** The newest audit lines first, for the admin console. */
export async function listAuthEvents(db: Db, limit = 100): Promise<AuditEntry[]> {
  const rows = await db
    .select({
      id: authAuditEvents.id,
      event: authAuditEvents.event,
      email: authAuditEvents.email,
      ipAddress: authAuditEvents.ipAddress,
      createdAt: authAuditEvents.createdAt,
    })
    .from(authAuditEvents)
    .orderBy(desc(authAuditEvents.createdAt), desc(authAuditEvents.id))
    .limit(Math.min(Math.max(limit, 1), 500));
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}
