import { Form, useNavigation } from "react-router";
import { formatDate } from "~/core/format";
import {
  DELIVERY_STATUS_LABELS,
  type DeliveryStatus,
  type DeliveryView,
  type EndpointKind,
  type EndpointView,
  WEBHOOK_TEXTS,
} from "~/core/webhooks";
import { Button } from "../ui/button";
import { controlClass, Field } from "../ui/field";
import { FormAlert } from "../ui/form-alert";
import { TextField } from "../ui/text-field";
import { ShownOnceSecret } from "./shown-once-secret";

export interface CreatedEndpoint {
  kind: EndpointKind;
  secret: string | null;
  savedSearchName: string;
}

const KIND_LABELS: Record<EndpointKind, string> = { webhook: "Webhook", slack: "Slack" };

const STATUS_CLASSES: Record<DeliveryStatus, string> = {
  delivered: "bg-emerald-100 text-emerald-900",
  pending: "bg-amber-100 text-amber-900",
  sending: "bg-slate-100 text-slate-800",
  failed: "bg-red-100 text-red-900",
  dropped: "bg-slate-100 text-slate-800",
};

const dateTime = (iso: string) =>
  new Date(iso).toLocaleString("en-US", {
    month: "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: "UTC",
    timeZoneName: "short",
  });

/**
 * decision 034: the profile's webhook and Slack endpoints, each on one saved search, and the delivery log. A
 * webhook's signing secret is shown once, in the create form's answer (never in the page's data).
 */
export function WebhooksSection({
  savedSearches,
  endpoints,
  deliveries,
  created,
  fieldErrors,
  error,
}: {
  savedSearches: ReadonlyArray<{ id: number; name: string; alert: string }>;
  endpoints: EndpointView[];
  deliveries: DeliveryView[];
  created: CreatedEndpoint | null;
  fieldErrors: Record<string, string | undefined>;
  error: string | null;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const busyId = navigation.formData?.get("endpointId");
  return (
    <div className="flex flex-col gap-5">
      <p className="text-sm text-slate-600">
        {WEBHOOK_TEXTS.intro}{" "}
        <a className="font-medium text-brand-700 underline underline-offset-2" href="/docs/api#webhooks">
          How to verify a delivery
        </a>
      </p>
      {error ? <FormAlert>{error}</FormAlert> : null}
      {created ? (
        <div role="status" className="rounded-lg border border-emerald-300 bg-emerald-50 p-4">
          <p className="text-sm font-semibold text-emerald-900">
            {created.secret ? WEBHOOK_TEXTS.added : WEBHOOK_TEXTS.addedSlack}
          </p>
          {created.secret ? (
            <ShownOnceSecret
              id="new-webhook-secret"
              label="Signing secret"
              value={created.secret}
              what="signing secret"
            />
          ) : null}
        </div>
      ) : null}
      {savedSearches.length === 0 ? (
        <p className="text-sm text-slate-600">{WEBHOOK_TEXTS.noSearches}</p>
      ) : (
        <Form
          key={created?.secret ?? created?.savedSearchName ?? "new"}
          method="post"
          noValidate
          className="flex flex-col gap-3"
          aria-label="Add an endpoint"
        >
          <input type="hidden" name="intent" value="webhook-create" />
          <div className="grid gap-3 sm:grid-cols-2">
            <Field label="Saved search" error={fieldErrors.savedSearchId}>
              {(control) => (
                <select
                  name="savedSearchId"
                  {...control}
                  className={`bg-white ${controlClass(fieldErrors.savedSearchId)}`}
                >
                  {savedSearches.map((search) => (
                    <option key={search.id} value={search.id}>
                      {search.name}
                      {search.alert === "off" ? " (alert off)" : ""}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field label="Deliver to" error={fieldErrors.kind}>
              {(control) => (
                <select name="kind" {...control} className={`bg-white ${controlClass(fieldErrors.kind)}`}>
                  <option value="webhook">Your endpoint (signed JSON)</option>
                  <option value="slack">Slack (incoming webhook)</option>
                </select>
              )}
            </Field>
          </div>
          <TextField
            label="Endpoint URL"
            name="url"
            type="url"
            inputMode="url"
            maxLength={2048}
            placeholder="https://example.com/hooks/roundlist"
            error={fieldErrors.url}
          />
          <Button type="submit" isBusy={busy === "webhook-create"} className="self-start">
            Add endpoint
          </Button>
        </Form>
      )}
      {endpoints.length > 0 ? (
        <ul
          className="divide-y divide-slate-200 rounded-lg border border-slate-200"
          aria-label="Your endpoints"
        >
          {endpoints.map((endpoint) => (
            <li
              key={endpoint.id}
              className="flex flex-col gap-2 p-3 text-sm sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="min-w-0">
                <p className="font-medium text-slate-900">
                  {endpoint.savedSearchName}{" "}
                  <span className="ml-1 rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700">
                    {KIND_LABELS[endpoint.kind]}
                  </span>
                  {endpoint.status === "disabled" ? (
                    <span className="ml-1 rounded bg-red-100 px-1.5 py-0.5 text-xs text-red-900">
                      Disabled
                    </span>
                  ) : null}
                </p>
                <p className="break-all font-mono text-xs text-slate-700">{endpoint.url}</p>
                <p className="text-slate-600">
                  Added {formatDate(endpoint.createdAt)}
                  {endpoint.disabledReason ? ` · ${endpoint.disabledReason}` : ""}
                </p>
                {endpoint.isAlertOff ? <p className="text-amber-800">{WEBHOOK_TEXTS.alertOff}</p> : null}
              </div>
              <div className="flex gap-2">
                {endpoint.status === "disabled" ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="webhook-enable" />
                    <input type="hidden" name="endpointId" value={endpoint.id} />
                    <Button
                      type="submit"
                      variant="secondary"
                      aria-label={`Enable the endpoint of ${endpoint.savedSearchName} again`}
                      isBusy={busy === "webhook-enable" && busyId === String(endpoint.id)}
                    >
                      Enable
                    </Button>
                  </Form>
                ) : null}
                <Form method="post">
                  <input type="hidden" name="intent" value="webhook-delete" />
                  <input type="hidden" name="endpointId" value={endpoint.id} />
                  <Button
                    type="submit"
                    variant="danger"
                    aria-label={`Delete the ${KIND_LABELS[endpoint.kind]} endpoint of ${endpoint.savedSearchName}`}
                    isBusy={busy === "webhook-delete" && busyId === String(endpoint.id)}
                  >
                    Delete
                  </Button>
                </Form>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      {endpoints.length > 0 ? <DeliveryLog deliveries={deliveries} /> : null}
    </div>
  );
}

function DeliveryLog({ deliveries }: { deliveries: DeliveryView[] }) {
  return (
    <div className="flex flex-col gap-2">
      <h3 id="webhook-deliveries-title" className="text-base font-semibold text-slate-900">
        Delivery log
      </h3>
      {deliveries.length === 0 ? (
        <p className="text-sm text-slate-600">{WEBHOOK_TEXTS.emptyLog}</p>
      ) : (
        <div className="rounded-lg border border-slate-200">
          {/* A table from 640 px; below, each delivery is a block with its cells' labels written out. */}
          <table
            className="block w-full text-left text-sm sm:table"
            aria-labelledby="webhook-deliveries-title"
          >
            <thead className="hidden bg-slate-50 text-slate-700 sm:table-header-group">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  Event
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Status
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Response
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Attempts
                </th>
              </tr>
            </thead>
            <tbody className="block divide-y divide-slate-200 sm:table-row-group">
              {deliveries.map((delivery) => (
                <tr
                  key={delivery.id}
                  data-testid="webhook-delivery"
                  className="block p-3 sm:table-row sm:p-0"
                >
                  <td className="block sm:table-cell sm:px-3 sm:py-2 sm:align-top">
                    <span className="sr-only sm:hidden">Event: </span>
                    <p className="font-medium text-slate-900">{delivery.savedSearchName}</p>
                    <p className="text-xs text-slate-600">
                      {KIND_LABELS[delivery.kind]} · {dateTime(delivery.createdAt)}
                    </p>
                    <p className="break-all font-mono text-xs text-slate-600">{delivery.eventId}</p>
                  </td>
                  <td className="mt-2 block sm:mt-0 sm:table-cell sm:px-3 sm:py-2 sm:align-top">
                    <span className="sr-only sm:hidden">Status: </span>
                    <span
                      className={`rounded px-1.5 py-0.5 text-xs font-medium ${STATUS_CLASSES[delivery.status]}`}
                    >
                      {DELIVERY_STATUS_LABELS[delivery.status]}
                    </span>
                    {delivery.nextAttemptAt ? (
                      <p className="mt-1 text-xs text-slate-600">
                        Next try {dateTime(delivery.nextAttemptAt)}
                      </p>
                    ) : null}
                  </td>
                  <td className="mt-1 block sm:mt-0 sm:table-cell sm:px-3 sm:py-2 sm:align-top">
                    <span className="text-slate-600 sm:hidden">Response </span>
                    <span data-testid="webhook-delivery-code" className="font-mono text-slate-900">
                      {delivery.lastStatusCode ?? "—"}
                    </span>
                    {delivery.lastError ? (
                      <p className="break-words text-xs text-slate-600 sm:max-w-56">{delivery.lastError}</p>
                    ) : null}
                  </td>
                  <td className="block tabular-nums text-slate-900 sm:table-cell sm:px-3 sm:py-2 sm:align-top">
                    <span className="text-slate-600 sm:hidden">Attempts </span>
                    {delivery.attempts}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
