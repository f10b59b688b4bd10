import { Form, useNavigation } from "react-router";
import { API_QUOTA_PER_DAY, API_RATE_PER_MINUTE, type ApiKeyView } from "~/core/api-keys";
import { formatDate } from "~/core/format";
import { Button } from "../ui/button";
import { FormAlert } from "../ui/form-alert";
import { TextField } from "../ui/text-field";
import { ShownOnceSecret } from "./shown-once-secret";

/**
 * decision 033: the profile's API keys. A new key is shown once, right after it is made (it comes in the
 * create form's answer, never in the page's data); the list shows each key's first characters, when it was
 * made and last used, and revokes it.
 */
export function ApiKeysSection({
  keys,
  created,
  nameError,
  error,
}: {
  keys: ApiKeyView[];
  created: { key: string; name: string } | null;
  nameError: string | undefined;
  error: string | null;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  return (
    <div className="flex flex-col gap-5">
      <p className="text-sm text-slate-600">
        Use the REST API (see{" "}
        <a className="font-medium text-blue-700 underline" href="/docs/api">
          its reference
        </a>{" "}
        and its{" "}
        <a className="font-medium text-blue-700 underline" href="/api/v1/openapi.json">
          OpenAPI document
        </a>
        ) with a key: <code className="rounded bg-slate-100 px-1">Authorization: Bearer &lt;key&gt;</code>.
        Each key may make {API_RATE_PER_MINUTE} calls a minute and {API_QUOTA_PER_DAY.toLocaleString("en-US")}{" "}
        a day.
      </p>
      {error ? <FormAlert>{error}</FormAlert> : null}
      {created ? (
        <div role="status" className="rounded-lg border border-emerald-300 bg-emerald-50 p-4">
          <p className="text-sm font-semibold text-emerald-900">
            Key “{created.name}” created. Copy it now: it is shown only once.
          </p>
          <ShownOnceSecret id="new-api-key" label="Your new API key" value={created.key} what="API key" />
        </div>
      ) : null}
      {/* Made anew once a key is created, so the name field starts empty for the next one. */}
      <Form
        key={created?.key ?? "new"}
        method="post"
        noValidate
        className="flex flex-col gap-3 sm:flex-row sm:items-end"
      >
        <input type="hidden" name="intent" value="api-key-create" />
        <TextField
          label="Key name"
          name="name"
          maxLength={60}
          placeholder="e.g. CRM sync"
          error={nameError}
          className="sm:flex-1"
        />
        <Button type="submit" isBusy={busy === "api-key-create"} className="self-start sm:self-end">
          Create key
        </Button>
      </Form>
      {keys.length === 0 ? (
        <p className="text-sm text-slate-600">No keys yet.</p>
      ) : (
        <ul
          className="divide-y divide-slate-200 rounded-lg border border-slate-200"
          aria-label="Your API keys"
        >
          {keys.map((key) => (
            <li
              key={key.id}
              className="flex flex-col gap-2 p-3 text-sm sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="min-w-0">
                <p className="font-medium text-slate-900">
                  {key.name}{" "}
                  {key.revokedAt ? (
                    <span className="ml-1 rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700">
                      Revoked
                    </span>
                  ) : null}
                </p>
                <p className="text-slate-600">
                  <code className="font-mono">{key.prefix}…</code> · created {formatDate(key.createdAt)} ·{" "}
                  {key.lastUsedAt ? `last used ${formatDate(key.lastUsedAt)}` : "never used"}
                </p>
              </div>
              {key.revokedAt ? null : (
                <Form method="post">
                  <input type="hidden" name="intent" value="api-key-revoke" />
                  <input type="hidden" name="keyId" value={key.id} />
                  <Button
                    type="submit"
                    variant="danger"
                    aria-label={`Revoke key ${key.name}`}
                    isBusy={busy === "api-key-revoke" && navigation.formData?.get("keyId") === String(key.id)}
                  >
                    Revoke
                  </Button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
