import { Form } from "react-router";
import { AdminPageHeader } from "~/components/admin/admin-page-header";
import { AdminPager } from "~/components/admin/admin-pager";
import { AdminTable, EmptyRow, Td, Th } from "~/components/admin/admin-table";
import { ADMIN_ACTIONS, type AdminAction, adminActionLabel } from "~/core/admin-actions";
import { oneOf, pageFromUrl } from "~/core/admin-list-params";
import { PRODUCT_NAME } from "~/core/brand";
import { requireAdminActor } from "~/server/admin/admin-request.server";
import { listAdminActions } from "~/server/admin/audit-log.server";
import { listAuthEvents } from "~/server/auth/audit.server";
import type { Route } from "./+types/audit";

const PAGE_SIZE = 50;
const ACTIONS = Object.keys(ADMIN_ACTIONS) as AdminAction[];

/** /admin/audit: every change an admin made (docs/product.md#admin), and the accounts' sign-in events below. */
export async function loader({ request }: Route.LoaderArgs) {
  const { db } = await requireAdminActor(request);
  const url = new URL(request.url);
  const page = pageFromUrl(url);
  const action = oneOf(url, "action", ACTIONS);
  const [log, events] = await Promise.all([
    listAdminActions(db, { page, size: PAGE_SIZE, action }),
    listAuthEvents(db, 50),
  ]);
  return {
    page,
    action: action ?? "",
    total: log.total,
    entries: log.rows.map((row) => ({
      id: row.id,
      at: row.createdAt.toISOString(),
      actor: row.actorEmail,
      action: row.action,
      target: row.targetLabel ?? row.targetId ?? row.targetType,
      targetType: row.targetType,
      targetId: row.targetId,
      before: row.before,
      after: row.after,
      ip: row.ipAddress,
    })),
    events,
  };
}

export function meta() {
  return [{ title: `Audit log | Admin | ${PRODUCT_NAME}` }, { name: "robots", content: "noindex" }];
}

const timeFormat = new Intl.DateTimeFormat("en-US", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "UTC",
});

/** A before or after value as one short line ("lifetime: active"), or a dash. */
function changeText(value: Record<string, unknown> | null): string {
  if (!value) return "-";
  return Object.entries(value)
    .map(([key, item]) => `${key}: ${item === null ? "none" : String(item)}`)
    .join(", ");
}

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { entries, events, page, total, action } = loaderData;
  return (
    <>
      <AdminPageHeader
        title="Audit log"
        description="Every change made in this console: who, what, to which record, the values before and after, when and from where. Kept 24 months."
      />
      <Form method="get" className="mb-3 flex flex-wrap items-end gap-2">
        <label className="flex flex-col gap-1 text-sm text-slate-700">
          Action
          <select
            name="action"
            defaultValue={action}
            className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900"
          >
            <option value="">All actions</option>
            {ACTIONS.map((value) => (
              <option key={value} value={value}>
                {ADMIN_ACTIONS[value]}
              </option>
            ))}
          </select>
        </label>
        <button
          type="submit"
          className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50"
        >
          Show
        </button>
      </Form>
      <AdminTable label="Admin actions">
        <thead>
          <tr>
            <Th>Time (UTC)</Th>
            <Th>Admin</Th>
            <Th>Action</Th>
            <Th>Target</Th>
            <Th>Before</Th>
            <Th>After</Th>
            <Th>IP</Th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id} data-testid="admin-audit-entry">
              <Td className="whitespace-nowrap">{timeFormat.format(new Date(entry.at))}</Td>
              <Td>{entry.actor}</Td>
              <Td>{adminActionLabel(entry.action)}</Td>
              <Td>
                {entry.targetType === "user" && entry.targetId ? (
                  <a
                    className="text-brand-700 underline underline-offset-2"
                    href={`/admin/users/${entry.targetId}`}
                  >
                    {entry.target}
                  </a>
                ) : (
                  entry.target
                )}
              </Td>
              <Td className="text-slate-600">{changeText(entry.before)}</Td>
              <Td>{changeText(entry.after)}</Td>
              <Td className="whitespace-nowrap text-slate-600">{entry.ip ?? "-"}</Td>
            </tr>
          ))}
          {entries.length === 0 ? <EmptyRow columns={7}>No admin actions yet.</EmptyRow> : null}
        </tbody>
      </AdminTable>
      <AdminPager page={page} size={PAGE_SIZE} total={total} label="Audit log pages" />

      <div className="mt-10">
        <h2 className="mb-3 text-lg font-semibold text-slate-900">Account security events</h2>
        <AdminTable label="Account security events">
          <thead>
            <tr>
              <Th>Time (UTC)</Th>
              <Th>Event</Th>
              <Th>Email</Th>
              <Th>IP</Th>
            </tr>
          </thead>
          <tbody>
            {events.map((event) => (
              <tr key={event.id}>
                <Td className="whitespace-nowrap">{timeFormat.format(new Date(event.createdAt))}</Td>
                <Td>{event.event.replaceAll("_", " ")}</Td>
                <Td>{event.email ?? "-"}</Td>
                <Td>{event.ipAddress ?? "-"}</Td>
              </tr>
            ))}
            {events.length === 0 ? <EmptyRow columns={4}>No events yet.</EmptyRow> : null}
          </tbody>
        </AdminTable>
      </div>
    </>
  );
}
