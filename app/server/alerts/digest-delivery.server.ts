import { sql } from "drizzle-orm";
import { type DigestCompany, digestContent } from "~/core/digest-mail";
import type { AlertFrequency } from "~/core/saved-search";
import { getViewerAccess } from "../billing/viewer-access.server";
import type { Db } from "../db/database.server";
import { queryRows } from "../db/query-rows.server";
import { logger } from "../logger.server";
import { renderMail } from "../mail/mail-message";
import type { Mailer } from "../mail/mailer.server";
import { notSuppressed } from "../suppression/suppression-filter.server";
import { unsubscribeToken } from "./unsubscribe-token.server";

/** Tries of a digest the SMTP server refused or could not be reached for, before it is marked failed. */
export const MAX_SEND_ATTEMPTS = 5;
/**
 * A digest still 'sending' this long after its claim was being sent by a process that stopped (a crash, a
 * restart) before recording the outcome. Whether the SMTP server took it cannot be known, so it is marked
 * 'unknown' and never sent again: a lost digest is logged; a duplicate would be in a buyer's inbox.
 */
export const STALE_SENDING_MS = 10 * 60_000;

/** Digests sent between two pauses (DeliveryOptions.pause). */
const PACE_EVERY = 25;

export interface DeliveryOptions {
  mailer: Mailer;
  appUrl: string;
  /** This process, as claimed_by records it. */
  runner: string;
  now: Date;
  /** After every PACE_EVERY digests, pause this many times as long as they took (as buildDueDigests does). */
  pause?: number;
  /** Test hook: runs after the SMTP server accepted a digest, before the outcome is recorded. */
  afterSend?: (digestId: number) => void | Promise<void>;
}

export interface DeliveryCounts {
  sent: number;
  /** Not sent: the user lost access, turned the alert off, or every company left (do-not-sell). */
  dropped: number;
  /** Refused or unreachable: to be tried again later (or failed after MAX_SEND_ATTEMPTS). */
  retried: number;
  failed: number;
  /** 'sending' digests of a stopped process, marked 'unknown' (STALE_SENDING_MS). */
  abandoned: number;
}

interface ClaimedDigest extends Record<string, unknown> {
  id: number;
  saved_search_id: number;
  user_id: string;
  company_ids: number[];
  company_count: number;
  window_from: Date | string;
  attempts: number;
}

interface Recipient extends Record<string, unknown> {
  email: string;
  role: string;
  banned_at: Date | string | null;
  name: string;
  query: string;
  alert: AlertFrequency;
}

interface CompanyRow extends Record<string, unknown> {
  id: number;
  slug: string;
  organization_name: string;
  last_funding_type: string | null;
  last_funding_amount_usd: string | number | null;
  last_funding_date: string | null;
  headquarters_location: string | null;
  industries: string[];
}

/**
 * Sends every pending digest once. Each is claimed by one atomic UPDATE of its row (pending -> sending,
 * FOR UPDATE SKIP LOCKED), so two processes never take the same one; the outcome is recorded after the SMTP
 * server answers. What is sent is decided at sending time: the user's access and the alert are checked
 * again and the companies are read as they are now (one that joined the do-not-sell list since is left
 * out).
 */
export async function deliverPendingDigests(db: Db, options: DeliveryOptions): Promise<DeliveryCounts> {
  const counts: DeliveryCounts = { sent: 0, dropped: 0, retried: 0, failed: 0, abandoned: 0 };
  counts.abandoned = await abandonStaleSending(db, options.now);
  let sliceStarted = performance.now();
  for (let index = 1; ; index += 1) {
    const digest = await claimNext(db, options);
    if (!digest) return counts;
    counts[await deliver(db, digest, options)] += 1;
    if (index % PACE_EVERY === 0 && options.pause) {
      await new Promise((resolve) =>
        setTimeout(resolve, (performance.now() - sliceStarted) * (options.pause ?? 0)),
      );
      sliceStarted = performance.now();
    }
  }
}

async function abandonStaleSending(db: Db, now: Date): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update alert_digests set status = 'unknown',
          error = 'The process sending it stopped before recording whether it was sent; not sent again.'
        where status = 'sending' and claimed_at < ${new Date(now.getTime() - STALE_SENDING_MS).toISOString()}::timestamptz
        returning id`,
  );
  if (rows.length > 0)
    logger.warn({ digestIds: rows.map((row) => row.id) }, "alert digests abandoned mid-send");
  return rows.length;
}

async function claimNext(db: Db, options: DeliveryOptions): Promise<ClaimedDigest | null> {
  const [digest] = await queryRows<ClaimedDigest>(
    db,
    sql`update alert_digests
        set status = 'sending', claimed_by = ${options.runner}, claimed_at = clock_timestamp(),
            attempts = attempts + 1
        where id = (
          select id from alert_digests
          where status = 'pending' and (retry_at is null or retry_at <= ${options.now.toISOString()}::timestamptz)
          order by id limit 1 for update skip locked)
        returning id, saved_search_id, user_id, company_ids, company_count, window_from, attempts`,
  );
  return digest ?? null;
}

async function settle(db: Db, id: number, runner: string, status: string, error: string | null) {
  await db.execute(
    sql`update alert_digests set status = ${status}, error = ${error},
          sent_at = case when ${status} = 'sent' then clock_timestamp() else sent_at end
        where id = ${id} and status = 'sending' and claimed_by = ${runner}`,
  );
}

async function deliver(
  db: Db,
  digest: ClaimedDigest,
  options: DeliveryOptions,
): Promise<"sent" | "dropped" | "retried" | "failed"> {
  const [recipient] = await queryRows<Recipient>(
    db,
    sql`select u.email, u.role, u.banned_at, s.name, s.query, s.alert
        from saved_searches s join users u on u.id = s.user_id
        where s.id = ${digest.saved_search_id} and u.id = ${digest.user_id}`,
  );
  const access =
    recipient && recipient.banned_at === null
      ? await getViewerAccess(db, { id: digest.user_id, isAdmin: recipient.role === "admin" })
      : null;
  if (!recipient || recipient.alert === "off" || !access?.hasActiveAccess) {
    await settle(
      db,
      digest.id,
      options.runner,
      "dropped",
      "No longer wanted: no access, or the alert was turned off.",
    );
    return "dropped";
  }
  const companies = await currentCompanies(db, digest.company_ids);
  if (companies.length === 0) {
    await settle(
      db,
      digest.id,
      options.runner,
      "dropped",
      "Every company left the data (do-not-sell) before sending.",
    );
    return "dropped";
  }
  const removed = digest.company_ids.length - companies.length;
  const content = digestContent({
    searchName: recipient.name,
    searchQuery: recipient.query,
    frequency: recipient.alert,
    total: Math.max(companies.length, digest.company_count - removed),
    companies,
    windowFrom: new Date(digest.window_from),
    appUrl: options.appUrl,
    unsubscribeUrl: `${options.appUrl}/alerts/unsubscribe/${unsubscribeToken(digest.saved_search_id)}`,
  });
  const { text, html } = renderMail(content);
  try {
    await options.mailer.send({
      to: recipient.email,
      subject: content.subject,
      text,
      html,
      headers: {
        // RFC 2369 and RFC 8058: the mail client's own unsubscribe button, one click, no sign-in.
        "List-Unsubscribe": `<${content.footerLink.url}>`,
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        "Message-ID": `<digest-${digest.id}@${new URL(options.appUrl).hostname}>`,
      },
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const isLast = digest.attempts >= MAX_SEND_ATTEMPTS;
    logger.warn({ err: error, digestId: digest.id, attempt: digest.attempts }, "alert digest not sent");
    await db.execute(
      sql`update alert_digests
          set status = ${isLast ? "failed" : "pending"}, error = ${message.slice(0, 500)},
              retry_at = ${new Date(options.now.getTime() + 2 ** digest.attempts * 60_000).toISOString()}::timestamptz
          where id = ${digest.id} and status = 'sending' and claimed_by = ${options.runner}`,
    );
    return isLast ? "failed" : "retried";
  }
  await options.afterSend?.(digest.id);
  await settle(db, digest.id, options.runner, "sent", null);
  return "sent";
}

/** The digest's companies as they are now, in the digest's order, without any on the do-not-sell list. */
async function currentCompanies(db: Db, ids: readonly number[]): Promise<DigestCompany[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<CompanyRow>(
    db,
    sql`select id, slug, organization_name, last_funding_type, last_funding_amount_usd,
          last_funding_date::text as last_funding_date, headquarters_location, industries
        from companies where id = any(${sql.param([...ids])}::integer[]) and ${notSuppressed("join")}`,
  );
  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    return [
      {
        slug: row.slug,
        name: row.organization_name,
        stage: row.last_funding_type,
        amountUsd: row.last_funding_amount_usd === null ? null : Number(row.last_funding_amount_usd),
        date: row.last_funding_date,
        location: row.headquarters_location,
        industries: row.industries,
      },
    ];
  });
}
