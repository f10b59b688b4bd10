import { sql } from "drizzle-orm";
import type { ViewerAccess } from "~/core/access";
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
  /**
   * After each delivery the run waits this many times as long as its own work took (the queries and the
   * body, not the wait for the receiver), counted over all lanes: the database and this process spend at most
   * 1 / (1 + pause) of their time on deliveries, whatever the receivers' speed (runAlerts: 3).
   */
  pause?: number;
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

/** A claimed delivery and what sending it needs; the endpoint's columns are null once it is deleted. */
interface ClaimedDelivery extends Record<string, unknown> {
  id: number;
  endpoint_id: number;
  event_id: string;
  attempts: number;
  body: string | null;
  created_at: Date | string;
  kind: EndpointKind;
  url: string;
  secret: string | null;
  /** Null when the endpoint was deleted (its other columns then too). */
  status: EndpointStatus | null;
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

type Outcome = { kind: "delivered" | "retried" | "failed" | "dropped"; disabled: boolean };

export async function deliverPendingWebhooks(db: Db, options: WebhookRunOptions): Promise<WebhookCounts> {
  const counts: WebhookCounts = { delivered: 0, retried: 0, failed: 0, dropped: 0, disabled: 0, resumed: 0 };
  counts.resumed = await resumeStaleSending(db, options.now);
  const run: Run = { accessOf: accessCache(db), pacer: new Pacer(options.pause ?? 0) };
  const lane = async () => {
    for (;;) {
      const started = performance.now();
      const delivery = await claimNext(db, options);
      if (!delivery) return;
      let postMs = 0;
      try {
        const outcome = await attempt(db, delivery, options, run, (ms) => {
          postMs = ms;
        });
        counts[outcome.kind] += 1;
        if (outcome.disabled) counts.disabled += 1;
      } catch (error) {
        // A failure of ours (not the receiver's): the row stays 'sending' and is resumed as stale.
        logger.error({ err: error, deliveryId: delivery.id }, "webhook delivery could not be recorded");
      }
      await run.pacer.after(performance.now() - started - postMs);
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
  // Staleness by the database's clock, which claimed_at was written with (not the run's `now`, which a test
  // or a skewed host may set ahead).
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update webhook_deliveries set status = 'pending', claimed_by = null, next_attempt_at = ${now.toISOString()}::timestamptz
        where status = 'sending'
          and claimed_at < clock_timestamp() - ${STALE_SENDING_MS} * interval '1 millisecond'
        returning id`,
  );
  if (rows.length > 0) logger.warn({ count: rows.length }, "webhook deliveries resumed after a stop");
  return rows.length;
}

/** The next due delivery, claimed, with what sending it needs (null columns when its endpoint is gone). */
async function claimNext(db: Db, options: WebhookRunOptions): Promise<ClaimedDelivery | null> {
  const [row] = await queryRows<ClaimedDelivery>(
    db,
    sql`with claimed as (
          update webhook_deliveries
          set status = 'sending', claimed_by = ${options.runner}, claimed_at = clock_timestamp(),
              attempts = attempts + 1
          where id = (
            select id from webhook_deliveries
            where status = 'pending' and next_attempt_at <= ${options.now.toISOString()}::timestamptz
            order by next_attempt_at, id limit 1 for update skip locked)
          returning id, endpoint_id, digest_id, event_id, attempts, body, created_at)
        select c.id, c.endpoint_id, c.event_id, c.attempts, c.body, c.created_at,
          e.kind, e.url, e.secret, e.status, e.user_id, u.email, u.role, u.banned_at,
          s.id as search_id, s.name, s.query, s.alert,
          d.company_ids, d.company_count, d.window_from, d.window_to
        from claimed c
        left join webhook_endpoints e on e.id = c.endpoint_id
        left join saved_searches s on s.id = e.saved_search_id
        left join users u on u.id = e.user_id
        left join alert_digests d on d.id = c.digest_id`,
  );
  return row ?? null;
}

/** Each account's access, read once a run (as the digests' build does). */
function accessCache(db: Db) {
  const known = new Map<string, Promise<ViewerAccess>>();
  return (userId: string, isAdmin: boolean): Promise<ViewerAccess> => {
    let access = known.get(userId);
    if (!access) {
      access = getViewerAccess(db, { id: userId, isAdmin });
      known.set(userId, access);
    }
    return access;
  };
}

/**
 * Spreads the run's work over time (WebhookRunOptions.pause): each delivery's work moves the instant the next
 * may start by `pause` times its length, for all lanes together.
 */
class Pacer {
  private freeAt = 0;
  constructor(private readonly pause: number) {}
  async after(workMs: number): Promise<void> {
    if (this.pause <= 0) return;
    const now = performance.now();
    this.freeAt = Math.max(this.freeAt, now) + Math.max(0, workMs) * this.pause;
    const wait = this.freeAt - now;
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

interface Run {
  accessOf: ReturnType<typeof accessCache>;
  pacer: Pacer;
}

/** Why a delivery is no longer wanted, or the account's access (read as it is now) when it is. */
async function wanted(
  context: ClaimedDelivery,
  run: Run,
): Promise<{ reason: string } | { canSeeEmails: boolean }> {
  if (context.status === null) return { reason: "The endpoint or its saved search was deleted." };
  if (context.status !== "active") return { reason: "The endpoint was disabled." };
  if (context.alert === "off") return { reason: "The saved search's alert was turned off." };
  const access =
    context.banned_at === null ? await run.accessOf(context.user_id, context.role === "admin") : null;
  if (!access?.hasActiveAccess) return { reason: "The account has no access." };
  return { canSeeEmails: access.hasExportAccess };
}

/**
 * The body: built at the first attempt from the companies as they are then, and kept only while the delivery
 * waits for a retry, which sends it byte for byte. A do-not-sell request clears waiting bodies
 * (do-not-sell.server.ts), so a retry after it is built again without the company.
 */
async function bodyOf(
  db: Db,
  delivery: ClaimedDelivery,
  canSeeEmails: boolean,
  options: WebhookRunOptions,
): Promise<string | null> {
  if (delivery.body !== null) return delivery.body;
  const event = await newMatchesEvent(db, {
    eventId: delivery.event_id,
    savedSearch: { id: Number(delivery.search_id), name: delivery.name, query: delivery.query },
    digest: {
      companyIds: delivery.company_ids,
      companyCount: Number(delivery.company_count),
      windowFrom: new Date(delivery.window_from),
      windowTo: new Date(delivery.window_to),
    },
    canSeeEmails,
    appUrl: options.appUrl,
    now: options.now,
  });
  if (event === null) return null;
  return JSON.stringify(delivery.kind === "slack" ? slackEventMessage(event) : event);
}

async function post(delivery: ClaimedDelivery, body: string, options: WebhookRunOptions) {
  const common = {
    url: delivery.url,
    production: options.production,
    timeoutMs: options.timeoutMs,
    resolve: options.resolve,
  };
  if (delivery.kind === "slack") return deliverSlack({ ...common, payload: JSON.parse(body) });
  return deliverWebhook({ ...common, secret: delivery.secret ?? "", body, eventId: delivery.event_id });
}

async function attempt(
  db: Db,
  delivery: ClaimedDelivery,
  options: WebhookRunOptions,
  run: Run,
  tookPost: (ms: number) => void,
): Promise<Outcome> {
  const verdict = await wanted(delivery, run);
  const body = "canSeeEmails" in verdict ? await bodyOf(db, delivery, verdict.canSeeEmails, options) : null;
  if (body === null) {
    const error =
      "reason" in verdict ? verdict.reason : "Every company left the data (do-not-sell) before sending.";
    await settle(db, delivery, options, { status: "dropped", error });
    // A failure before the drop no longer counts towards disabling once nothing of the endpoint is waiting.
    await db.execute(
      sql`update webhook_endpoints set failing_since = null
          where id = ${delivery.endpoint_id} and failing_since is not null
            and not exists (select 1 from webhook_deliveries
              where endpoint_id = ${delivery.endpoint_id} and status in ('pending', 'sending'))`,
    );
    return { kind: "dropped", disabled: false };
  }
  const result = await post(delivery, body, options);
  tookPost(result.ms);
  if (result.ok) {
    await settle(db, delivery, options, { status: "delivered", result, body });
    await db.execute(
      sql`update webhook_endpoints set failing_since = null
          where id = ${delivery.endpoint_id} and failing_since is not null`,
    );
    return { kind: "delivered", disabled: false };
  }
  const next = nextAttemptAt(delivery.attempts, new Date(delivery.created_at), options.now);
  await settle(db, delivery, options, { status: next ? "pending" : "failed", result, body, next });
  const disabled = await noteFailure(db, delivery, options);
  return { kind: next ? "retried" : "failed", disabled };
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
            body = case when ${outcome.status} = 'pending' then coalesce(body, ${outcome.body ?? null}) end,
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
async function noteFailure(db: Db, delivery: ClaimedDelivery, options: WebhookRunOptions): Promise<boolean> {
  const endpointId = delivery.endpoint_id;
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
  await mailOwner(delivery, reason, options);
  return true;
}

async function mailOwner(context: ClaimedDelivery, reason: string, options: WebhookRunOptions) {
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
