import { and, eq, sql } from "drizzle-orm";
import {
  DELIVERY_LOG_LIMIT,
  type DeliveryStatus,
  type DeliveryView,
  type EndpointKind,
  type EndpointStatus,
  type EndpointView,
  isSlackWebhookUrl,
  MAX_ENDPOINTS,
  shownEndpointUrl,
  WEBHOOK_TEXTS,
} from "~/core/webhooks";
import type { Db } from "../db/database.server";
import { queryRows } from "../db/query-rows.server";
import { savedSearches, webhookEndpoints } from "../db/schema";
import { checkEndpointUrl, type Resolve } from "./endpoint-guard.server";
import { newWebhookSecret } from "./webhook-signature.server";

/**
 * A user's webhook and Slack endpoints on their saved searches (docs/product.md#webhooks, decision 034): add,
 * list, delete, enable again, and the delivery log. Every operation is scoped by the user's id: another
 * user's endpoint is "not found".
 */

/** A refusal shown beside the form's field. */
export class EndpointError extends Error {
  override name = "EndpointError";
  constructor(
    readonly field: "url" | "savedSearchId" | "form",
    message: string,
  ) {
    super(message);
  }
}

export interface NewEndpoint {
  savedSearchId: number;
  kind: EndpointKind;
  url: string;
}

export interface EndpointRules {
  /** Production: HTTPS only, public addresses only, Slack URLs on hooks.slack.com only. */
  production: boolean;
  resolve?: Resolve;
}

/**
 * Adds an endpoint; the URL is checked as a delivery would check it (endpoint-guard.server.ts: its DNS
 * answers included) and again at every delivery, since a name can later resolve elsewhere. Returns the
 * signing secret of a webhook (shown once).
 */
export async function createEndpoint(
  db: Db,
  userId: string,
  input: NewEndpoint,
  rules: EndpointRules,
): Promise<{ view: EndpointView; secret: string | null }> {
  const url = input.url.trim();
  if (input.kind === "slack" && rules.production && !isSlackWebhookUrl(url))
    throw new EndpointError("url", WEBHOOK_TEXTS.notSlack);
  const check = await checkEndpointUrl(url, { production: rules.production, resolve: rules.resolve });
  if (!check.ok) throw new EndpointError("url", check.reason);
  const secret = input.kind === "webhook" ? newWebhookSecret() : null;
  const id = await db.transaction(async (tx) => {
    // One user's additions take turns, so two at once cannot both pass the limit.
    // (FOR NO KEY UPDATE, as createSavedSearch: the user's sessions and activity rows are not held up.)
    await tx.execute(sql`select id from users where id = ${userId} for no key update`);
    const [search] = await tx
      .select({ id: savedSearches.id })
      .from(savedSearches)
      .where(and(eq(savedSearches.id, input.savedSearchId), eq(savedSearches.userId, userId)));
    if (!search) throw new EndpointError("savedSearchId", WEBHOOK_TEXTS.searchNotFound);
    const [held] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.userId, userId));
    if ((held?.n ?? 0) >= MAX_ENDPOINTS) throw new EndpointError("form", WEBHOOK_TEXTS.tooMany);
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({ userId, savedSearchId: search.id, kind: input.kind, url, secret })
      .returning({ id: webhookEndpoints.id });
    if (!row) throw new Error("The endpoint was not stored");
    return row.id;
  });
  const view = (await listEndpoints(db, userId)).find((endpoint) => endpoint.id === id);
  if (!view) throw new Error("The endpoint just stored was not found");
  return { view, secret };
}

interface EndpointListRow extends Record<string, unknown> {
  id: number;
  saved_search_id: number;
  name: string;
  alert: string;
  kind: EndpointKind;
  url: string;
  status: EndpointStatus;
  disabled_reason: string | null;
  created_at: Date | string;
}

/** The user's endpoints, newest first. */
export async function listEndpoints(db: Db, userId: string): Promise<EndpointView[]> {
  const rows = await queryRows<EndpointListRow>(
    db,
    sql`select e.id, e.saved_search_id, s.name, s.alert, e.kind, e.url, e.status, e.disabled_reason, e.created_at
        from webhook_endpoints e join saved_searches s on s.id = e.saved_search_id
        where e.user_id = ${userId}
        order by e.created_at desc, e.id desc`,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    savedSearchId: Number(row.saved_search_id),
    savedSearchName: row.name,
    isAlertOff: row.alert === "off",
    kind: row.kind,
    url: shownEndpointUrl(row.kind, row.url),
    status: row.status,
    disabledReason: row.disabled_reason,
    createdAt: new Date(row.created_at).toISOString(),
  }));
}

/** Deletes one of the user's endpoints (its delivery log with it). False when the user has no such endpoint. */
export async function deleteEndpoint(db: Db, userId: string, endpointId: number): Promise<boolean> {
  const rows = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.userId, userId)))
    .returning({ id: webhookEndpoints.id });
  return rows.length > 0;
}

/** Enables a disabled endpoint again: the next period's events go to it (the failed ones are not resent). */
export async function enableEndpoint(db: Db, userId: string, endpointId: number): Promise<boolean> {
  const rows = await db
    .update(webhookEndpoints)
    .set({ status: "active", failingSince: null, disabledAt: null, disabledReason: null })
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.userId, userId)))
    .returning({ id: webhookEndpoints.id });
  return rows.length > 0;
}

interface DeliveryListRow extends Record<string, unknown> {
  id: number;
  endpoint_id: number;
  event_id: string;
  name: string;
  kind: EndpointKind;
  url: string;
  status: DeliveryStatus;
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  created_at: Date | string;
  last_attempt_at: Date | string | null;
  next_attempt_at: Date | string;
}

const isoOrNull = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** The user's latest deliveries (DELIVERY_LOG_LIMIT), newest first, with their last attempt's outcome. */
export async function listDeliveries(db: Db, userId: string): Promise<DeliveryView[]> {
  const rows = await queryRows<DeliveryListRow>(
    db,
    sql`select d.id, d.endpoint_id, d.event_id, s.name, e.kind, e.url, d.status, d.attempts,
          d.last_status_code, d.last_error, d.created_at, d.last_attempt_at, d.next_attempt_at
        from webhook_endpoints e
        join saved_searches s on s.id = e.saved_search_id
        join lateral (
          select * from webhook_deliveries d where d.endpoint_id = e.id
          order by d.created_at desc, d.id desc limit ${DELIVERY_LOG_LIMIT}) d on true
        where e.user_id = ${userId}
        order by d.created_at desc, d.id desc
        limit ${DELIVERY_LOG_LIMIT}`,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    endpointId: Number(row.endpoint_id),
    eventId: row.event_id,
    savedSearchName: row.name,
    kind: row.kind,
    url: shownEndpointUrl(row.kind, row.url),
    status: row.status,
    attempts: Number(row.attempts),
    lastStatusCode: row.last_status_code === null ? null : Number(row.last_status_code),
    lastError: row.last_error,
    createdAt: new Date(row.created_at).toISOString(),
    lastAttemptAt: isoOrNull(row.last_attempt_at),
    nextAttemptAt: row.status === "pending" ? isoOrNull(row.next_attempt_at) : null,
  }));
}
