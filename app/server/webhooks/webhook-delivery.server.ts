import { sql } from "drizzle-orm";
import {
  disabledMailSubject,
  type EndpointKind,
  type EndpointStatus,
  nextAttemptAt,
  RETRY_FOR_MS,
  shouldDisable,
  shownEndpointUrl,
} from "~/core/webhooks";
import { getViewerAccess } from "../billing/viewer-access.server";
import type { Db } from "../db/database.server";
import { queryRows } from "../db/query-rows.server";
import { logger } from "../logger.server";
import { renderMail } from "../mail/mail-message";
import type { Mailer } from "../mail/mailer.server";
import { type DeliveryResult, deliverSlack, deliverWebhook } from "./deliver.server";
import type { Resolve } from "./endpoint-guard.server";
import { newMatchesEvent, slackEventMessage } from "./webhook-events.server";

/**
 * Sends the pending webhook and Slack deliveries (decision 034). A digest's deliveries are created with it,
 * one per active endpoint of its saved search (digest-build.server.ts), so each period's event exists exactly
 * once per endpoint. Each attempt claims its row (pending -> sending, FOR UPDATE SKIP LOCKED: any number of
 * processes may run this at once), posts it, and records the outcome: delivered on a 2xx, otherwise pending
 * again with a doubled wait (core/webhooks.ts nextAttemptAt) until a day has passed, then failed. An endpoint
 * that has failed every attempt for a day is disabled and its owner emailed.
 */

/** A delivery still 'sending' this long after its claim belongs to a process that stopped: it is tried again. */
export const STALE_SENDING_MS = 5 * 60_000;
/** Deliveries posted at once by one run: a slow receiver holds one lane, not the run. */
const DEFAULT_LANES = 16;

export interface WebhookRunOptions {
  mailer: Mailer;
  appUrl: string;
  /** This process, as claimed_by records it. */
  runner: string;
  /** Due-ness, waits and the day of retries are judged at this instant. */
  now: Date;
  /** HTTPS and public addresses only (endpoint-guard.server.ts). */
  production: boolean;
  lanes?: number;
  timeoutMs?: number;
  resolve?: Resolve;
}

export interface WebhookCounts {
  delivered: number;
  /** Failed this attempt, to be tried again. */
  retried: number;
  /** Failed for a day, or their endpoint was disabled: not tried again. */
  failed: number;
  /** Not sent: the endpoint was disabled or the alert turned off, no access, or every company left. */
  dropped: number;
  /** Endpoints disabled by this run (their owners emailed). */
  disabled: number;
  /** 'sending' deliveries of a stopped process, made pending again. */
  resumed: number;
}

interface ClaimedDelivery extends Record<string, unknown> {
  id: number;
  endpoint_id: number;
  digest_id: number;
  event_id: string;
  attempts: number;
  body: string | null;
  created_at: Date | string;
}

interface DeliveryContext extends Record<string, unknown> {
  kind: EndpointKind;
  url: string;
  secret: string | null;
  status: EndpointStatus;
  user_id: string;
  email: string;
  role: string;
  banned_at: Date | string | null;
  search_id: number;
  name: string;
  query: string;
  alert: string;
  company_ids: number[];
  company_count: number;
  window_from: Date | string;
  window_to: Date | string;
}

type Outcome = "delivered" | "retried" | "failed" | "dropped";

export async function deliverPendingWebhooks(db: Db, options: WebhookRunOptions): Promise<WebhookCounts> {
  const counts: WebhookCounts = { delivered: 0, retried: 0, failed: 0, dropped: 0, disabled: 0, resumed: 0 };
  counts.resumed = await resumeStaleSending(db, options.now);
  const lane = async () => {
    for (;;) {
      const delivery = await claimNext(db, options);
      if (!delivery) return;
      try {
        counts[await attempt(db, delivery, options, counts)] += 1;
      } catch (error) {
        // A failure of ours (not the receiver's): the row stays 'sending' and is resumed as stale.
        logger.error({ err: error, deliveryId: delivery.id }, "webhook delivery could not be recorded");
      }
    }
  };
  await Promise.all(Array.from({ length: options.lanes ?? DEFAULT_LANES }, lane));
  return counts;
}

/**
 * A process that stopped mid-post cannot say whether the receiver took the event. It is posted again: a lost
 * event is worse for a pipeline than a repeat, which the receiver drops by its Roundlist-Event-Id.
 */
async function resumeStaleSending(db: Db, now: Date): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update webhook_deliveries set status = 'pending', claimed_by = null, next_attempt_at = ${now.toISOString()}::timestamptz
        where status = 'sending' and claimed_at < ${new Date(now.getTime() - STALE_SENDING_MS).toISOString()}::timestamptz
        returning id`,
  );
  if (rows.length > 0) logger.warn({ count: rows.length }, "webhook deliveries resumed after a stop");
  return rows.length;
}

async function claimNext(db: Db, options: WebhookRunOptions): Promise<ClaimedDelivery | null> {
  const [row] = await queryRows<ClaimedDelivery>(
    db,
    sql`update webhook_deliveries
        set status = 'sending', claimed_by = ${options.runner}, claimed_at = clock_timestamp(),
            attempts = attempts + 1
        where id = (
          select id from webhook_deliveries
          where status = 'pending' and next_attempt_at <= ${options.now.toISOString()}::timestamptz
          order by next_attempt_at, id limit 1 for update skip locked)
        returning id, endpoint_id, digest_id, event_id, attempts, body, created_at`,
  );
  return row ?? null;
}

async function contextOf(db: Db, delivery: ClaimedDelivery): Promise<DeliveryContext | null> {
  const [row] = await queryRows<DeliveryContext>(
    db,
    sql`select e.kind, e.url, e.secret, e.status, e.user_id, u.email, u.role, u.banned_at,
          s.id as search_id, s.name, s.query, s.alert,
          d.company_ids, d.company_count, d.window_from, d.window_to
        from webhook_endpoints e
        join saved_searches s on s.id = e.saved_search_id
        join users u on u.id = e.user_id
        join alert_digests d on d.id = ${delivery.digest_id}
        where e.id = ${delivery.endpoint_id}`,
  );
  return row ?? null;
}

/** Why a delivery is no longer wanted, or the account's access (read as it is now) when it is. */
async function wanted(
  db: Db,
  context: DeliveryContext | null,
): Promise<{ reason: string } | { canSeeEmails: boolean }> {
  if (!context) return { reason: "The endpoint or its saved search was deleted." };
  if (context.status !== "active") return { reason: "The endpoint was disabled." };
  if (context.alert === "off") return { reason: "The saved search's alert was turned off." };
  const access =
    context.banned_at === null
      ? await getViewerAccess(db, { id: context.user_id, isAdmin: context.role === "admin" })
      : null;
  if (!access?.hasActiveAccess) return { reason: "The account has no access." };
  return { canSeeEmails: access.hasExportAccess };
}

/** The body: built at the first attempt from the companies as they are then, reused byte for byte after. */
async function bodyOf(
  db: Db,
  delivery: ClaimedDelivery,
  context: DeliveryContext,
  canSeeEmails: boolean,
  options: WebhookRunOptions,
): Promise<string | null> {
  if (delivery.body !== null) return delivery.body;
  const event = await newMatchesEvent(db, {
    eventId: delivery.event_id,
    savedSearch: { id: Number(context.search_id), name: context.name, query: context.query },
    digest: {
      companyIds: context.company_ids,
      companyCount: Number(context.company_count),
      windowFrom: new Date(context.window_from),
      windowTo: new Date(context.window_to),
    },
    canSeeEmails,
    appUrl: options.appUrl,
    now: options.now,
  });
  if (event === null) return null;
  return JSON.stringify(context.kind === "slack" ? slackEventMessage(event) : event);
}

async function post(
  context: DeliveryContext,
  delivery: ClaimedDelivery,
  body: string,
  options: WebhookRunOptions,
) {
  const common = {
    url: context.url,
    production: options.production,
    timeoutMs: options.timeoutMs,
    resolve: options.resolve,
  };
  if (context.kind === "slack") return deliverSlack({ ...common, payload: JSON.parse(body) });
  return deliverWebhook({ ...common, secret: context.secret ?? "", body, eventId: delivery.event_id });
}

async function attempt(
  db: Db,
  delivery: ClaimedDelivery,
  options: WebhookRunOptions,
  counts: WebhookCounts,
): Promise<Outcome> {
  const context = await contextOf(db, delivery);
  const verdict = await wanted(db, context);
  const body =
    context && "canSeeEmails" in verdict
      ? await bodyOf(db, delivery, context, verdict.canSeeEmails, options)
      : null;
  if (!context || body === null) {
    const error =
      "reason" in verdict ? verdict.reason : "Every company left the data (do-not-sell) before sending.";
    await settle(db, delivery, options, { status: "dropped", error });
    return "dropped";
  }
  const result = await post(context, delivery, body, options);
  if (result.ok) {
    await settle(db, delivery, options, { status: "delivered", result, body });
    await db.execute(
      sql`update webhook_endpoints set failing_since = null
          where id = ${delivery.endpoint_id} and failing_since is not null`,
    );
    return "delivered";
  }
  const next = nextAttemptAt(delivery.attempts, new Date(delivery.created_at), options.now);
  await settle(db, delivery, options, { status: next ? "pending" : "failed", result, body, next });
  if (await noteFailure(db, delivery.endpoint_id, context, options)) counts.disabled += 1;
  return next ? "retried" : "failed";
}

interface Settlement {
  status: "delivered" | "pending" | "failed" | "dropped";
  result?: DeliveryResult;
  body?: string;
  next?: Date | null;
  error?: string;
}

async function settle(db: Db, delivery: ClaimedDelivery, options: WebhookRunOptions, outcome: Settlement) {
  const error = outcome.error ?? outcome.result?.error ?? null;
  await db.execute(
    sql`update webhook_deliveries
        set status = ${outcome.status},
            body = coalesce(body, ${outcome.body ?? null}),
            last_status_code = ${outcome.result?.status ?? null},
            last_error = ${error === null ? null : error.slice(0, 500)},
            last_attempt_at = ${options.now.toISOString()}::timestamptz,
            next_attempt_at = coalesce(${outcome.next?.toISOString() ?? null}::timestamptz, next_attempt_at),
            delivered_at = case when ${outcome.status} = 'delivered' then clock_timestamp() else delivered_at end,
            claimed_by = null
        where id = ${delivery.id} and status = 'sending' and claimed_by = ${options.runner}`,
  );
}

/**
 * Records a failed attempt against its endpoint; an endpoint failing every attempt for a day is disabled,
 * its waiting deliveries failed and its owner emailed (once: the UPDATE from active is the claim). True when
 * this call disabled it.
 */
async function noteFailure(
  db: Db,
  endpointId: number,
  context: DeliveryContext,
  options: WebhookRunOptions,
): Promise<boolean> {
  const now = options.now.toISOString();
  const [endpoint] = await queryRows<{ failing_since: Date | string }>(
    db,
    sql`update webhook_endpoints set failing_since = coalesce(failing_since, ${now}::timestamptz)
        where id = ${endpointId} returning failing_since`,
  );
  if (!endpoint || !shouldDisable(new Date(endpoint.failing_since), options.now)) return false;
  const reason = `Every delivery failed for ${RETRY_FOR_MS / 3_600_000} hours.`;
  const disabled = await queryRows<{ id: number }>(
    db,
    sql`update webhook_endpoints set status = 'disabled', disabled_at = ${now}::timestamptz, disabled_reason = ${reason}
        where id = ${endpointId} and status = 'active' returning id`,
  );
  if (disabled.length === 0) return false;
  await db.execute(
    sql`update webhook_deliveries set status = 'failed', last_error = 'The endpoint was disabled.'
        where endpoint_id = ${endpointId} and status = 'pending'`,
  );
  await mailOwner(context, reason, options);
  return true;
}

async function mailOwner(context: DeliveryContext, reason: string, options: WebhookRunOptions) {
  const where = shownEndpointUrl(context.kind, context.url);
  const { text, html } = renderMail({
    heading: disabledMailSubject(context.name),
    paragraphs: [
      `We stopped delivering your saved search “${context.name}” to ${where}. ${reason}`,
      "Check that the endpoint is up and answers with a 2xx status, then enable it again on your profile page. Events of the days it was disabled are not resent; the saved search's email alert is unaffected.",
    ],
    action: { label: "Open your profile", url: `${options.appUrl}/profile#webhooks-title` },
  });
  try {
    await options.mailer.send({ to: context.email, subject: disabledMailSubject(context.name), text, html });
  } catch (error) {
    logger.warn({ err: error, endpoint: where }, "the email about a disabled webhook was not sent");
  }
}
