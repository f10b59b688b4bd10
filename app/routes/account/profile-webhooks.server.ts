import { data, redirect } from "react-router";
import { z } from "zod";
import { viewerAccess } from "~/core/access";
import { API_MESSAGES } from "~/core/api-keys";
import { ENDPOINT_KINDS, WEBHOOK_TEXTS } from "~/core/webhooks";
import { getBillingState } from "~/server/billing/billing.server";
import type { Db } from "~/server/db/database.server";
import { env } from "~/server/env.server";
import { flashCookie } from "~/server/flash.server";
import {
  createEndpoint,
  deleteEndpoint,
  EndpointError,
  enableEndpoint,
  listDeliveries,
  listEndpoints,
} from "~/server/webhooks/webhook-endpoints.server";

/** decision 034: the profile's webhook forms, told apart by their `intent`. */
export const WEBHOOK_INTENTS = ["webhook-create", "webhook-delete", "webhook-enable"] as const;

const createSchema = z.object({
  savedSearchId: z.coerce.number({ error: WEBHOOK_TEXTS.searchNotFound }).int().positive(),
  kind: z.enum(ENDPOINT_KINDS, { error: "Choose where to deliver." }),
  url: z
    .string()
    .trim()
    .min(1, "Enter the endpoint's URL.")
    .max(2048, "The URL is longer than 2048 characters."),
});

/** The section's data: the user's endpoints and latest deliveries (with active access, as the loader asks). */
export async function loadWebhooks(db: Db, userId: string) {
  const [endpoints, deliveries] = await Promise.all([listEndpoints(db, userId), listDeliveries(db, userId)]);
  return { endpoints, deliveries };
}

function refused(fieldErrors: Record<string, string | undefined>, error: string | null, status = 400) {
  return data({ intent: "webhook" as const, error, fieldErrors }, { status });
}

function toSection(title: string) {
  const headers = new Headers({ "Set-Cookie": flashCookie({ title, type: "success" }) });
  return redirect("/profile#webhooks-title", { headers });
}

/**
 * Adds an endpoint (answered with its signing secret, the only time it is shown), deletes one or enables a
 * disabled one again. Endpoints need active access, as saved searches do.
 */
export async function webhookAction(
  db: Db,
  user: { id: string; isAdmin: boolean },
  form: Record<string, FormDataEntryValue>,
) {
  const billing = await getBillingState(db, user);
  if (!viewerAccess(user, billing.subscriptions).hasActiveAccess)
    return refused({}, API_MESSAGES.noAccess, 403);
  if (form.intent === "webhook-delete" || form.intent === "webhook-enable") {
    const id = Number(form.endpointId);
    const done =
      Number.isSafeInteger(id) &&
      (form.intent === "webhook-delete"
        ? await deleteEndpoint(db, user.id, id)
        : await enableEndpoint(db, user.id, id));
    if (!done) return refused({}, WEBHOOK_TEXTS.notFound, 404);
    return toSection(form.intent === "webhook-delete" ? WEBHOOK_TEXTS.deleted : WEBHOOK_TEXTS.enabled);
  }
  const parsed = createSchema.safeParse(form);
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0])] ??= issue.message;
    return refused(fieldErrors, null);
  }
  try {
    const { view, secret } = await createEndpoint(db, user.id, parsed.data, {
      production: env().APP_ENV === "production",
    });
    return data({
      intent: "webhook" as const,
      error: null,
      fieldErrors: {},
      createdEndpoint: { kind: view.kind, secret, savedSearchName: view.savedSearchName },
    });
  } catch (error) {
    if (!(error instanceof EndpointError)) throw error;
    return error.field === "form"
      ? refused({}, error.message)
      : refused({ [error.field]: error.message }, null);
  }
}
