/**
 * Webhooks and Slack on saved searches (docs/product.md#webhooks, decision 034): the rules the delivery
 * machinery, the profile page and the docs share. The I/O is in app/server/webhooks/.
 */

export const ENDPOINT_KINDS = ["webhook", "slack"] as const;
export type EndpointKind = (typeof ENDPOINT_KINDS)[number];

export const ENDPOINT_STATUSES = ["active", "disabled"] as const;
export type EndpointStatus = (typeof ENDPOINT_STATUSES)[number];

export const DELIVERY_STATUSES = ["pending", "sending", "delivered", "failed", "dropped"] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** The one event type so far: a saved search's new matches, one event per alert period. */
export const NEW_MATCHES_EVENT = "search.new_matches";

/** Endpoints an account may have, over all its saved searches. */
export const MAX_ENDPOINTS = 20;

/** A delivery is tried again for this long after it was first due, then marked failed. */
export const RETRY_FOR_MS = 24 * 60 * 60_000;
/** The first retry's wait; each later one waits twice as long, up to MAX_RETRY_DELAY_MS. */
export const FIRST_RETRY_DELAY_MS = 60_000;
export const MAX_RETRY_DELAY_MS = 6 * 60 * 60_000;

/** An endpoint that has failed every attempt for this long is disabled and its owner emailed. */
export const DISABLE_AFTER_FAILING_MS = RETRY_FOR_MS;

/** Settled deliveries (delivered, failed, not sent) are kept this long for the log, then purged. */
export const DELIVERY_KEEP_MS = 30 * 24 * 60 * 60_000;

/** Delivery attempts answered per endpoint in the delivery log on /profile. */
export const DELIVERY_LOG_LIMIT = 50;

/**
 * When a delivery that failed its `attempts`-th try (1 for the first) is tried again, or null when it has
 * been tried for RETRY_FOR_MS since `firstDueAt` and is failed for good. The waits double from a minute
 * (1, 2, 4, ... minutes, at most six hours), and the last try falls exactly on the deadline, so a receiver
 * that is down for a day still gets its event if it comes back in the last hours.
 */
export function nextAttemptAt(attempts: number, firstDueAt: Date, now: Date): Date | null {
  const deadline = firstDueAt.getTime() + RETRY_FOR_MS;
  if (now.getTime() >= deadline) return null;
  const delay = Math.min(FIRST_RETRY_DELAY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_DELAY_MS);
  return new Date(Math.min(now.getTime() + delay, deadline));
}

/** Whether an endpoint failing since `failingSince` is to be disabled at `now`. */
export function shouldDisable(failingSince: Date | null, now: Date): boolean {
  return failingSince !== null && now.getTime() - failingSince.getTime() >= DISABLE_AFTER_FAILING_MS;
}

/**
 * The endpoint's URL as lists show it: a Slack incoming-webhook URL is itself the secret (whoever has it
 * can post to the channel), so only its host and last four characters are shown; a webhook URL in full.
 */
export function shownEndpointUrl(kind: EndpointKind, url: string): string {
  if (kind === "webhook") return url;
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}/…${url.slice(-4)}`;
  } catch {
    return `…${url.slice(-4)}`;
  }
}

/** Whether a Slack URL is an incoming webhook's (checked in production; locally any URL, for test receivers). */
export function isSlackWebhookUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return (
      parsed.protocol === "https:" &&
      parsed.hostname === "hooks.slack.com" &&
      parsed.pathname.startsWith("/services/")
    );
  } catch {
    return false;
  }
}

/** An endpoint as the profile lists it (webhook-endpoints.server.ts listEndpoints). */
export interface EndpointView {
  id: number;
  savedSearchId: number;
  savedSearchName: string;
  /** The saved search's alert is off: nothing is delivered until it is on. */
  isAlertOff: boolean;
  kind: EndpointKind;
  /** The URL as lists show it (a Slack URL shortened: it is a secret). */
  url: string;
  status: EndpointStatus;
  disabledReason: string | null;
  createdAt: string;
}

export interface DeliveryView {
  id: number;
  endpointId: number;
  eventId: string;
  savedSearchName: string;
  kind: EndpointKind;
  url: string;
  status: DeliveryStatus;
  attempts: number;
  lastStatusCode: number | null;
  lastError: string | null;
  createdAt: string;
  lastAttemptAt: string | null;
  nextAttemptAt: string | null;
}

export const WEBHOOK_TEXTS = {
  sectionTitle: "Webhooks and Slack",
  intro:
    "A saved search with an alert can deliver its new matches to your own HTTPS endpoint (signed JSON) or to a Slack channel, on the alert's schedule.",
  noSearches: "Save a search first: webhooks deliver a saved search's new matches.",
  added: "Endpoint added. Copy its signing secret now: it will not be shown again.",
  addedSlack: "Slack endpoint added.",
  deleted: "Endpoint deleted.",
  enabled: "Endpoint enabled again.",
  tooMany: `You can have at most ${MAX_ENDPOINTS} endpoints. Delete one first.`,
  notSlack: "A Slack URL starts with https://hooks.slack.com/services/.",
  alertOff: "Alert off: nothing is delivered until the alert is daily or weekly.",
  notFound: "That endpoint was not found.",
  searchNotFound: "Choose one of your saved searches.",
  emptyLog: "No deliveries yet. They appear after the saved search's next alert with new companies.",
} as const;

export const DELIVERY_STATUS_LABELS: Record<DeliveryStatus, string> = {
  pending: "Pending",
  sending: "Sending",
  delivered: "Delivered",
  failed: "Failed",
  dropped: "Not sent",
};

/** The owner's email when an endpoint is disabled. */
export function disabledMailSubject(searchName: string): string {
  return `Webhook disabled for “${searchName}”`;
}
