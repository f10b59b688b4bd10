import { STRIPE_WEBHOOK_TOO_LARGE } from "~/core/messages";
import { getDb } from "~/server/app-database.server";
import { getStripe } from "~/server/billing/stripe-client.server";
import { priceToPlanFromConfig } from "~/server/billing/stripe-mapping";
import { handleStripeWebhook, STRIPE_WEBHOOK_MAX_BYTES } from "~/server/billing/stripe-webhooks.server";
import { databaseUnavailableResponse } from "~/server/database-unavailable.server";
import type { Db } from "~/server/db/database.server";
import { env } from "~/server/env.server";
import { logger } from "~/server/logger.server";
import { getMailer, type Mailer } from "~/server/mail/mailer.server";
import { readTextCapped } from "~/server/read-body.server";
import type { Route } from "./+types/stripe-webhook";

const NO_STORE = { "Cache-Control": "no-store" };

function methodNotAllowed() {
  return Response.json(
    { error: "Method not allowed" },
    { status: 405, headers: { ...NO_STORE, Allow: "POST" } },
  );
}

/** Stripe only POSTs here. */
export function loader() {
  return methodNotAllowed();
}

/** POST /api/webhooks/stripe: Stripe's events (stripe-webhooks.server.ts). 404 while Stripe is not configured. */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const config = env();
  const stripe = getStripe();
  if (!stripe || !config.STRIPE_WEBHOOK_SECRET) {
    return Response.json({ error: "Not found" }, { status: 404, headers: NO_STORE });
  }
  // The signature covers the exact bytes Stripe sent: the body is read as text, never parsed first. At most
  // STRIPE_WEBHOOK_MAX_BYTES of it: a larger body is refused (413) before it is held (docs/decisions/018).
  const rawBody = await readTextCapped(request, STRIPE_WEBHOOK_MAX_BYTES, STRIPE_WEBHOOK_TOO_LARGE);
  let db: Db;
  let mailer: Mailer;
  try {
    [db, mailer] = await Promise.all([getDb(), getMailer()]);
  } catch (error) {
    // Stripe retries a 5xx for days: the event is applied once the database is back. A failure inside the
    // handler's transaction becomes a 503 the same way (the root's databaseUnavailableMiddleware).
    logger.warn({ err: error }, "Stripe webhook: the database is unavailable (answered 503)");
    return databaseUnavailableResponse(false);
  }
  const result = await handleStripeWebhook(
    {
      db,
      stripe,
      webhookSecret: config.STRIPE_WEBHOOK_SECRET,
      priceToPlan: priceToPlanFromConfig(config),
      mailer,
      appUrl: config.APP_URL,
    },
    rawBody,
    request.headers.get("stripe-signature"),
  );
  return Response.json(result.body, { status: result.status, headers: NO_STORE });
}
