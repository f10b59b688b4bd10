import { data, Form, Link, redirect, useActionData, useNavigation } from "react-router";
import { AdminPageHeader } from "~/components/admin/admin-page-header";
import { AdminTable, EmptyRow, Td, Th } from "~/components/admin/admin-table";
import { Button } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/form-alert";
import { TextAreaField } from "~/components/ui/textarea-field";
import { adminActionLabel } from "~/core/admin-actions";
import { activityLabel } from "~/core/admin-metrics";
import { BAN_REASON_MAX, parseUserActionForm, USER_ACTION_TOASTS } from "~/core/admin-user-actions";
import { isAccountId } from "~/core/admin-users-query";
import { PRODUCT_NAME } from "~/core/brand";
import { formatDate } from "~/core/format";
import { PLAN_IDS, PLANS } from "~/core/plans";
import { requireAdminActor } from "~/server/admin/admin-request.server";
import { applyUserAction, getUserDetail, UserActionError } from "~/server/admin/users-admin.server";
import { env } from "~/server/env.server";
import { flashCookie } from "~/server/flash.server";
import { readForm } from "~/server/read-body.server";
import type { Route } from "./+types/user";

/** /admin/users/{id}: one account, its plans, sessions and activity, and what an admin can change (docs/product.md#admin). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { db, admin } = await requireAdminActor(request);
  const detail = isAccountId(params.userId)
    ? await getUserDetail(db, params.userId, env().ADMIN_EMAILS)
    : null;
  if (!detail) throw data({ message: "No account has this id." }, { status: 404 });
  return { ...detail, isSelf: detail.user.id === admin.id };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { db, actor } = await requireAdminActor(request);
  if (!isAccountId(params.userId)) throw data({ message: "No account has this id." }, { status: 404 });
  const form = Object.fromEntries(await readForm(request));
  const parsed = parseUserActionForm(form);
  if (!parsed.ok) return data({ fieldErrors: parsed.fieldErrors, message: null }, { status: 400 });
  try {
    await applyUserAction(db, actor, params.userId, parsed.action, env().ADMIN_EMAILS);
  } catch (error) {
    if (error instanceof UserActionError)
      return data({ fieldErrors: {}, message: error.message }, { status: 400 });
    throw error;
  }
  throw redirect(`/admin/users/${params.userId}`, {
    headers: {
      "Set-Cookie": flashCookie({ title: USER_ACTION_TOASTS[parsed.action.kind], type: "success" }),
    },
  });
}

export function meta({ data: loaded }: Route.MetaArgs) {
  const email = loaded?.user.email ?? "User";
  return [{ title: `${email} | Admin | ${PRODUCT_NAME}` }, { name: "robots", content: "noindex" }];
}

const timeFormat = new Intl.DateTimeFormat("en-US", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "UTC",
});
const time = (value: string | null) => (value ? timeFormat.format(new Date(value)) : "-");

function IntentButton({
  intent,
  children,
  variant = "secondary",
  fields,
}: {
  intent: string;
  children: string;
  variant?: "primary" | "secondary" | "danger";
  fields?: Record<string, string>;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <Form method="post" className="inline">
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Button type="submit" variant={variant} isBusy={busy}>
        {children}
      </Button>
    </Form>
  );
}

export default function AdminUser({ loaderData }: Route.ComponentProps) {
  const { user, subscriptions, sessions, activity, audit, isSelf } = loaderData;
  const result = useActionData<typeof action>();
  const granted = subscriptions.filter((row) => row.isGrant && row.status === "active");
  const grantable = PLAN_IDS.filter((planId) => !granted.some((row) => row.planId === planId));
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/admin/users" className="text-brand-700 underline underline-offset-2">
          All users
        </Link>
      </p>
      <AdminPageHeader
        title={user.email}
        description={
          <>
            {user.name} · joined {formatDate(user.createdAt)} · last login {time(user.lastLogin)} ·{" "}
            {user.emailVerified ? "email confirmed" : "email not confirmed"}
          </>
        }
        actions={
          <>
            {user.role === "admin" ? (
              <span className="rounded bg-brand-50 px-2 py-1 text-xs font-semibold text-brand-900">
                Admin
              </span>
            ) : null}
            {user.bannedAt ? (
              <span className="rounded bg-red-50 px-2 py-1 text-xs font-semibold text-red-800">Banned</span>
            ) : null}
          </>
        }
      />
      {result?.message ? <FormAlert className="mb-4">{result.message}</FormAlert> : null}

      <div className="mb-8">
        <h2 className="mb-3 text-lg font-semibold text-slate-900">Plans</h2>
        <AdminTable label="Subscriptions">
          <thead>
            <tr>
              <Th>Plan</Th>
              <Th>Status</Th>
              <Th>From</Th>
              <Th>Trial ends</Th>
              <Th>Period ends</Th>
              <Th>Since</Th>
              <Th>
                <span className="sr-only">Actions</span>
              </Th>
            </tr>
          </thead>
          <tbody>
            {subscriptions.map((row) => (
              <tr key={row.id}>
                <Td>{PLANS[row.planId].name}</Td>
                <Td>{row.status}</Td>
                <Td>{row.isGrant ? "Granted" : row.provider === "stripe" ? "Stripe" : "Demo provider"}</Td>
                <Td>{row.trialEnd ? formatDate(row.trialEnd) : "-"}</Td>
                <Td>
                  {row.currentPeriodEnd
                    ? formatDate(row.currentPeriodEnd)
                    : row.planId === "lifetime"
                      ? "Never"
                      : "-"}
                </Td>
                <Td>{formatDate(row.createdAt)}</Td>
                <Td>
                  {row.isGrant && row.status === "active" ? (
                    <IntentButton intent="revoke-plan" fields={{ planId: row.planId }}>
                      {`Revoke ${PLANS[row.planId].name}`}
                    </IntentButton>
                  ) : null}
                </Td>
              </tr>
            ))}
            {subscriptions.length === 0 ? <EmptyRow columns={7}>No plans yet.</EmptyRow> : null}
          </tbody>
        </AdminTable>
        {grantable.length > 0 ? (
          <Form method="post" className="mt-3 flex flex-wrap items-end gap-2">
            <input type="hidden" name="intent" value="grant-plan" />
            <label className="flex flex-col gap-1 text-sm text-slate-700">
              Grant a plan
              <select
                name="planId"
                defaultValue={grantable.includes("lifetime") ? "lifetime" : grantable[0]}
                className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900"
              >
                {grantable.map((planId) => (
                  <option key={planId} value={planId}>
                    {PLANS[planId].name}
                  </option>
                ))}
              </select>
            </label>
            <Button type="submit" variant="primary">
              Grant
            </Button>
            {result?.fieldErrors && "planId" in result.fieldErrors ? (
              <p className="w-full text-sm text-red-700">{result.fieldErrors.planId}</p>
            ) : null}
          </Form>
        ) : null}
        <p className="mt-2 text-xs text-slate-500">
          A granted plan is free and written like any subscription; a bought plan is managed by its owner or
          in Stripe.
        </p>
      </div>

      <div className="mb-8 grid gap-6 md:grid-cols-2">
        <div>
          <h2 className="mb-3 text-lg font-semibold text-slate-900">Role</h2>
          {user.isConfiguredAdmin ? (
            <p className="text-sm text-slate-600">
              Admin through ADMIN_EMAILS: the configuration decides, not this console.
            </p>
          ) : user.adminGranted ? (
            isSelf ? (
              <p className="text-sm text-slate-600">You cannot remove your own admin role.</p>
            ) : (
              <IntentButton intent="remove-admin">Remove admin role</IntentButton>
            )
          ) : (
            <IntentButton intent="make-admin">Make admin</IntentButton>
          )}
          <h2 className="mt-6 mb-3 text-lg font-semibold text-slate-900">Sessions</h2>
          <p className="mb-2 text-sm text-slate-600">
            {sessions.length} open {sessions.length === 1 ? "session" : "sessions"}.
          </p>
          {sessions.length > 0 ? (
            <IntentButton intent="revoke-sessions">End all sessions</IntentButton>
          ) : null}
        </div>
        <div>
          <h2 className="mb-3 text-lg font-semibold text-slate-900">Ban</h2>
          {user.bannedAt ? (
            <>
              <p className="mb-2 text-sm text-slate-700">
                Banned {time(user.bannedAt)}: {user.banReason ?? "no reason given"}.
              </p>
              <IntentButton intent="unban">Unban</IntentButton>
            </>
          ) : isSelf || user.isConfiguredAdmin ? (
            <p className="text-sm text-slate-600">
              {isSelf ? "You cannot ban yourself." : "An ADMIN_EMAILS account cannot be banned here."}
            </p>
          ) : (
            <Form method="post" className="flex flex-col gap-2">
              <input type="hidden" name="intent" value="ban" />
              <TextAreaField
                label="Reason (shown to the account's owner at sign-in)"
                name="reason"
                rows={2}
                maxLength={BAN_REASON_MAX}
                required
                error={
                  result?.fieldErrors && "reason" in result.fieldErrors
                    ? result.fieldErrors.reason
                    : undefined
                }
              />
              <div>
                <Button type="submit" variant="danger">
                  Ban and sign out
                </Button>
              </div>
            </Form>
          )}
        </div>
      </div>

      <div className="mb-8">
        <h2 className="mb-3 text-lg font-semibold text-slate-900">Open sessions</h2>
        <AdminTable label="Open sessions">
          <thead>
            <tr>
              <Th>Signed in</Th>
              <Th>Last used</Th>
              <Th>Expires</Th>
              <Th>IP</Th>
              <Th>Browser</Th>
            </tr>
          </thead>
          <tbody>
            {sessions.map((row) => (
              <tr key={row.id}>
                <Td className="whitespace-nowrap">{time(row.createdAt)}</Td>
                <Td className="whitespace-nowrap">{time(row.lastUsedAt)}</Td>
                <Td className="whitespace-nowrap">{time(row.expiresAt)}</Td>
                <Td>{row.ip ?? "-"}</Td>
                <Td className="max-w-64 truncate">{row.userAgent ?? "-"}</Td>
              </tr>
            ))}
            {sessions.length === 0 ? <EmptyRow columns={5}>No open sessions.</EmptyRow> : null}
          </tbody>
        </AdminTable>
      </div>

      <div className="mb-8">
        <h2 className="mb-3 text-lg font-semibold text-slate-900">Recent activity</h2>
        <AdminTable label="Recent activity">
          <thead>
            <tr>
              <Th>When</Th>
              <Th>What</Th>
              <Th>Query</Th>
              <Th className="text-right">Results</Th>
            </tr>
          </thead>
          <tbody>
            {activity.map((row) => (
              <tr key={row.id}>
                <Td className="whitespace-nowrap">{time(row.at)}</Td>
                <Td>
                  {activityLabel(row.type, row.database ?? undefined)}
                  {row.endpoint ? (
                    <span className="block font-mono text-xs text-slate-600">{row.endpoint}</span>
                  ) : null}
                </Td>
                <Td className="break-all">{row.query || row.resource || "-"}</Td>
                <Td className="text-right tabular-nums">{row.totalResults.toLocaleString("en-US")}</Td>
              </tr>
            ))}
            {activity.length === 0 ? (
              <EmptyRow columns={4}>No searches, exports or API calls yet.</EmptyRow>
            ) : null}
          </tbody>
        </AdminTable>
      </div>

      <div>
        <h2 className="mb-3 text-lg font-semibold text-slate-900">Changes by admins</h2>
        <AdminTable label="Changes by admins">
          <thead>
            <tr>
              <Th>When</Th>
              <Th>Admin</Th>
              <Th>Action</Th>
            </tr>
          </thead>
          <tbody>
            {audit.map((row) => (
              <tr key={row.id}>
                <Td className="whitespace-nowrap">{time(row.at)}</Td>
                <Td>{row.actor}</Td>
                <Td>{adminActionLabel(row.action)}</Td>
              </tr>
            ))}
            {audit.length === 0 ? <EmptyRow columns={3}>No changes yet.</EmptyRow> : null}
          </tbody>
        </AdminTable>
      </div>
    </>
  );
}
