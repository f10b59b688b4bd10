import type { Db } from "../db/database.server";
import { env } from "../env.server";
import { RUNNER } from "../imports/import-lock.server";
import { logger } from "../logger.server";
import type { Mailer } from "../mail/mailer.server";
import { deliverPendingWebhooks, type WebhookCounts } from "../webhooks/webhook-delivery.server";
import { type BuildCounts, buildDueDigests } from "./digest-build.server";
import { type DeliveryCounts, deliverPendingDigests } from "./digest-delivery.server";
import { digestWindowEnd } from "./digest-window.server";

/** How often the scheduler looks for due saved searches and pending digests. */
export const ALERTS_TICK_MS = 60_000;
/** The first look after start: late enough not to slow the start, soon enough to resume a cut run. */
const FIRST_TICK_MS = 15_000;

export interface AlertRunOptions {
  mailer: Mailer;
  appUrl: string;
  /** Due-ness is judged at this instant (the clock; the test route passes a later one). */
  now?: Date;
  runner?: string;
  /** The pause after each slice of work, as a multiple of its time (DEFAULT_PAUSE). */
  pause?: number;
  /** Webhooks go only to HTTPS endpoints on public addresses (endpoint-guard.server.ts); default: APP_ENV. */
  production?: boolean;
}

export interface AlertRunCounts {
  build: BuildCounts;
  delivery: DeliveryCounts;
  webhooks: WebhookCounts;
  /** How long each phase took, pauses included. */
  ms: { build: number; delivery: number; webhooks: number };
}

/**
 * The run pauses this many times as long as each slice of its work took: the database and this process then
 * spend at most a quarter of their time on digests, and the searches people run meanwhile keep their speed
 * (bench:alerts: 10,000 searches over 1,000,000 companies).
 */
const DEFAULT_PAUSE = 3;
/**
 * The webhook phase's pause (webhook-delivery.server.ts WebhookRunOptions.pause): as long as each delivery's own
 * work. Its work is measured in wall time, which a busy process stretches, so 3 throttled deliveries to 5 a
 * second under search load (bench:webhooks, decision 034); 1 leaves them half the time.
 */
const WEBHOOK_PAUSE = 1;

/**
 * One run: builds the digests of the searches due by now (each exactly once, digest-build.server.ts, with
 * their webhook deliveries), sends every pending digest (at most once each, digest-delivery.server.ts), then
 * posts the webhook and Slack deliveries due (webhook-delivery.server.ts). Any number of processes may run it
 * at once on one database.
 */
export async function runAlerts(db: Db, options: AlertRunOptions): Promise<AlertRunCounts> {
  const now = options.now ?? new Date();
  const runner = options.runner ?? RUNNER;
  const windowEnd = await digestWindowEnd(db);
  const pause = options.pause ?? DEFAULT_PAUSE;
  const started = performance.now();
  const build = await buildDueDigests(db, { now, windowEnd, pause });
  const built = performance.now();
  const delivery = await deliverPendingDigests(db, {
    mailer: options.mailer,
    appUrl: options.appUrl,
    runner,
    now,
    pause,
  });
  const delivered = performance.now();
  const webhooks = await deliverPendingWebhooks(db, {
    mailer: options.mailer,
    appUrl: options.appUrl,
    runner,
    now,
    production: options.production ?? env().APP_ENV === "production",
    pause: options.pause ?? WEBHOOK_PAUSE,
  });
  return {
    build,
    delivery,
    webhooks,
    ms: {
      build: Math.round(built - started),
      delivery: Math.round(delivered - built),
      webhooks: Math.round(performance.now() - delivered),
    },
  };
}

/**
 * The app's alert scheduler (decision 017): a run every ALERTS_TICK_MS in the process that lives as long as
 * the server (the single process, or a cluster's primary; every machine's primary may run it: the database
 * keeps them from sending a digest twice). A run still going when the next tick comes is not doubled.
 */
export function scheduleAlerts(
  getDb: () => Promise<Db>,
  getMailer: () => Promise<Mailer>,
  appUrl: string,
): () => void {
  let timer: NodeJS.Timeout;
  let stopped = false;
  const tick = async () => {
    try {
      const counts = await runAlerts(await getDb(), { mailer: await getMailer(), appUrl });
      const { build, delivery, webhooks } = counts;
      const webhookWork = webhooks.delivered + webhooks.retried + webhooks.failed + webhooks.dropped;
      if (
        build.built +
          build.empty +
          build.noAccess +
          delivery.sent +
          delivery.failed +
          delivery.abandoned +
          webhookWork >
        0
      )
        logger.info(counts, "alert digests run");
    } catch (error) {
      logger.error({ err: error }, "the alert digests run failed");
    }
    if (!stopped) timer = setTimeout(tick, ALERTS_TICK_MS).unref();
  };
  timer = setTimeout(tick, FIRST_TICK_MS).unref();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
