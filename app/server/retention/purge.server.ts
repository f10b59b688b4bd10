import { and, inArray, lt, type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { retentionCutoff } from "~/core/retention";
import { DELIVERY_KEEP_MS } from "~/core/webhooks";
import type { Db } from "../db/database.server";
import {
  adminAuditLog,
  apiUsage,
  authAuditEvents,
  contactSubmissions,
  mailMessages,
  publicFormHits,
  rateLimits,
  sessions,
  verifications,
  webhookDeliveries,
} from "../db/schema";
import { logger } from "../logger.server";
import { PUBLIC_FORM_RATE_LIMIT } from "../public-forms/rate-limit.server";

export interface PurgeCounts {
  auditEvents: number;
  adminAuditEntries: number;
  contactSubmissions: number;
  mailMessages: number;
  formHits: number;
  rateLimits: number;
  expiredSessions: number;
  expiredVerifications: number;
  apiUsage: number;
  webhookDeliveries: number;
}

/** Sign-in rate-limit rows older than this are long past any window (better-auth's are a minute). */
const RATE_LIMIT_KEEP_MS = 24 * 60 * 60 * 1000;
/** The API's counted windows (a minute, a UTC day) older than this count towards no limit (decision 033). */
const API_USAGE_KEEP_MS = 2 * 24 * 60 * 60 * 1000;

/**
 * The privacy policy's retention promises, kept: security logs (the sign-in audit trail), messages sent to
 * us (contact and trial forms) and copies of sent mail go after RETENTION_MONTHS; rate-limit records as soon
 * as no window needs them; expired sessions and email/reset tokens once they have expired. Idempotent, so
 * several app processes may run it.
 */
export async function purgeExpiredRecords(db: Db, now: Date = new Date()): Promise<PurgeCounts> {
  const cutoff = retentionCutoff(now);
  const formHitsBefore = new Date(now.getTime() - PUBLIC_FORM_RATE_LIMIT.windowSeconds * 1000);
  return {
    auditEvents: await deleteWhere(db, authAuditEvents, lt(authAuditEvents.createdAt, cutoff)),
    // docs/product.md#admin: the admin audit log is a security log too.
    adminAuditEntries: await deleteWhere(db, adminAuditLog, lt(adminAuditLog.createdAt, cutoff)),
    contactSubmissions: await deleteWhere(db, contactSubmissions, lt(contactSubmissions.createdAt, cutoff)),
    mailMessages: await deleteWhere(db, mailMessages, lt(mailMessages.createdAt, cutoff)),
    formHits: await deleteWhere(db, publicFormHits, lt(publicFormHits.createdAt, formHitsBefore)),
    rateLimits: await deleteWhere(
      db,
      rateLimits,
      lt(rateLimits.lastRequest, now.getTime() - RATE_LIMIT_KEEP_MS),
    ),
    expiredSessions: await deleteWhere(db, sessions, lt(sessions.expiresAt, now)),
    expiredVerifications: await deleteWhere(db, verifications, lt(verifications.expiresAt, now)),
    apiUsage: await deleteWhere(
      db,
      apiUsage,
      lt(apiUsage.startsAt, new Date(now.getTime() - API_USAGE_KEEP_MS)),
    ),
    // decision 034: the delivery log keeps settled deliveries for 30 days; waiting ones stay until settled.
    webhookDeliveries: await deleteWhere(
      db,
      webhookDeliveries,
      and(
        inArray(webhookDeliveries.status, ["delivered", "failed", "dropped"]),
        lt(webhookDeliveries.createdAt, new Date(now.getTime() - DELIVERY_KEEP_MS)),
      ) as SQL,
    ),
  };
}

/** Deletes the rows that meet the condition; returns how many. */
async function deleteWhere(db: Db, table: PgTable, condition: SQL): Promise<number> {
  const rows = await db.delete(table).where(condition).returning({ one: sql<number>`1` });
  return rows.length;
}

/** How often a running server purges: daily, the first time a minute after start (not on the start path). */
const FIRST_RUN_MS = 60_000;
const EVERY_MS = 24 * 60 * 60 * 1000;

/**
 * Runs `purgeExpiredRecords` on a timer in the server process. Timers are unref'd (they never keep the
 * process alive) and a failed run is logged and retried at the next tick. Returns the stop function.
 */
export function schedulePurges(getDb: () => Promise<Db>): () => void {
  let timer: NodeJS.Timeout;
  let stopped = false;
  const run = async () => {
    try {
      const counts = await purgeExpiredRecords(await getDb());
      if (Object.values(counts).some((n) => n > 0)) logger.info({ counts }, "purged expired records");
    } catch (error) {
      logger.error({ err: error }, "purging expired records failed");
    }
    if (!stopped) timer = setTimeout(run, EVERY_MS).unref();
  };
  timer = setTimeout(run, FIRST_RUN_MS).unref();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
