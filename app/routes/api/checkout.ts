import { data } from "react-router";
import { BILLING_ERRORS, CHECKOUT_ERRORS } from "~/core/messages";
import { isCheckoutPlanId } from "~/core/plans";
import { getDb } from "~/server/app-database.server";
import { getCurrentUser } from "~/server/auth/session.server";
import { BillingError, createCheckout } from "~/server/billing/billing.server";
import { causedByDatabaseOutage } from "~/server/database-unavailable.server";
import { env } from "~/server/env.server";
import { logger } from "~/server/logger.server";
import { isJsonType, readForm, readJsonObject } from "~/server/read-body.server";
import type { Route } from "./+types/checkout";

/**
 * docs/product.md#calls, create-checkout: POST { plan } -> { url } of the payment provider's checkout page; for a person
 * whose Stripe plan is already current, { url } of the customer portal (plans are switched there), and
 * 409 { error } when a demo or granted plan is current (docs/product.md#plans: nobody subscribes twice).
 */
export async function action({ request }: Route.ActionArgs) {
  const user = await getCurrentUser(request);
  if (!user) return data({ error: BILLING_ERRORS.signInToChoosePlan }, { status: 401 });
  const body = await readBody(request);
  const plan = body.plan ?? body.priceId;
  if (!isCheckoutPlanId(plan)) return data({ error: BILLING_ERRORS.unknownPlan }, { status: 400 });
  try {
    const url = await createCheckout(await getDb(), env(), user, plan);
    return data({ url }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    if (error instanceof BillingError) return data({ error: error.message }, { status: error.status });
    // A lost database connection is answered 503 with Retry-After (database-unavailable.server.ts).
    if (causedByDatabaseOutage(error)) throw error;
    logger.error({ err: error, userId: user.id }, "checkout failed");
    return data({ error: CHECKOUT_ERRORS.failed }, { status: 502 });
  }
}

/**
 * The body's fields: a JSON object (what the plan buttons send), or a form. A body that is not one (invalid
 * JSON, JSON `null` or an array: docs/product.md#plans, it was a 500) is refused with a 4xx and a message.
 */
async function readBody(request: Request): Promise<Record<string, unknown>> {
  if (isJsonType(request.headers.get("content-type"))) return readJsonObject(request);
  return Object.fromEntries(await readForm(request));
}
