import { data } from "react-router";
import { BILLING_ERRORS, UPGRADE_TOASTS } from "~/core/messages";
import { getDb } from "~/server/app-database.server";
import { getCurrentUser } from "~/server/auth/session.server";
import { BillingError, upgradeTrial } from "~/server/billing/billing.server";
import { causedByDatabaseOutage } from "~/server/database-unavailable.server";
import { env } from "~/server/env.server";
import { logger } from "~/server/logger.server";
import type { Route } from "./+types/upgrade-trial";

/** docs/product.md#calls, upgrade-trial: no body; answers { success, subscription, error }. */
export async function action({ request }: Route.ActionArgs) {
  const user = await getCurrentUser(request);
  if (!user)
    return data({ success: false, subscription: null, error: BILLING_ERRORS.signInFirst }, { status: 401 });
  try {
    const subscription = await upgradeTrial(await getDb(), env(), user.id);
    return data({
      success: true,
      subscription: {
        planId: subscription.planId,
        status: subscription.status,
        currentPeriodEnd: subscription.currentPeriodEnd,
      },
      error: null,
    });
  } catch (error) {
    if (error instanceof BillingError) {
      return data({ success: false, subscription: null, error: error.message }, { status: error.status });
    }
    // A lost database connection is answered 503 with Retry-After (database-unavailable.server.ts).
    if (causedByDatabaseOutage(error)) throw error;
    logger.error({ err: error, userId: user.id }, "trial upgrade failed");
    return data({ success: false, subscription: null, error: UPGRADE_TOASTS.failed }, { status: 502 });
  }
}
