import { data, Form, redirect, useNavigation } from "react-router";
import { AdminPageHeader } from "~/components/admin/admin-page-header";
import { AdminPager } from "~/components/admin/admin-pager";
import { Button } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/form-alert";
import {
  DEFAULT_INBOX_STATUS,
  INBOX_INTENTS,
  INBOX_KIND_LABELS,
  INBOX_KINDS,
  INBOX_STATUS_LABELS,
  INBOX_STATUSES,
} from "~/core/admin-inbox";
import { oneOf, pageFromUrl } from "~/core/admin-list-params";
import { PRODUCT_NAME } from "~/core/brand";
import { formatCount } from "~/core/format";
import { ADMIN_CONSOLE_TOASTS, INBOX_ERRORS } from "~/core/messages";
import { requireAdminActor } from "~/server/admin/admin-request.server";
import { listInboxMessages, setInboxMessageHandled } from "~/server/admin/inbox.server";
import { flashCookie } from "~/server/flash.server";
import { readForm } from "~/server/read-body.server";
import type { Route } from "./+types/inbox";

const PAGE_SIZE = 50;

/** /admin/inbox: the /contact and /request-trial messages, newest first, open ones by default. */
export async function loader({ request }: Route.LoaderArgs) {
  const { db } = await requireAdminActor(request);
  const url = new URL(request.url);
  const page = pageFromUrl(url);
  const status = oneOf(url, "status", INBOX_STATUSES) ?? DEFAULT_INBOX_STATUS;
  const kind = oneOf(url, "kind", INBOX_KINDS);
  const inbox = await listInboxMessages(db, { page, size: PAGE_SIZE, status, kind });
  return {
    page,
    status,
    kind: kind ?? "",
    total: inbox.total,
    openCounts: inbox.openCounts,
    messages: inbox.messages.map((message) => ({
      ...message,
      details: Object.entries(message.details),
      createdAt: message.createdAt.toISOString(),
      handledAt: message.handledAt?.toISOString() ?? null,
    })),
  };
}

/** `intent=handle|reopen` with the message's `id`; then back to the same list with a toast. */
export async function action({ request }: Route.ActionArgs) {
  const { db, actor } = await requireAdminActor(request);
  const form = await readForm(request);
  const intent = form.get("intent");
  const id = Number(form.get("id"));
  if (!INBOX_INTENTS.includes(intent as never) || !Number.isSafeInteger(id) || id < 1)
    return data({ error: INBOX_ERRORS.badRequest }, { status: 400 });
  const result = await setInboxMessageHandled(db, actor, id, intent === "handle");
  if (result === "not-found") return data({ error: INBOX_ERRORS.unknownMessage }, { status: 404 });
  // The list the admin was on (its filters and page), on this site only.
  const url = new URL(request.url);
  const toast =
    intent === "handle" ? ADMIN_CONSOLE_TOASTS.messageHandled : ADMIN_CONSOLE_TOASTS.messageReopened;
  throw redirect(`/admin/inbox${url.search}`, { headers: { "Set-Cookie": flashCookie(toast) } });
}

export function meta() {
  return [{ title: `Inbox | Admin | ${PRODUCT_NAME}` }, { name: "robots", content: "noindex" }];
}

const timeFormat = new Intl.DateTimeFormat("en-US", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "UTC",
});

/** A details key as a label: "teamSize" is "Team size". */
function detailLabel(key: string): string {
  const words = key.replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/[_-]+/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1).toLowerCase();
}

const selectClass = "rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900";

export default function AdminInbox({ loaderData, actionData }: Route.ComponentProps) {
  const { messages, page, total, status, kind, openCounts } = loaderData;
  const navigation = useNavigation();
  const busyId = navigation.state === "submitting" ? navigation.formData?.get("id") : null;
  const openTotal = openCounts.contact + openCounts.trial;
  return (
    <>
      <AdminPageHeader
        title="Inbox"
        description={
          <span data-testid="inbox-open-counts">
            {formatCount(openTotal)} open: {formatCount(openCounts.contact)}{" "}
            {openCounts.contact === 1 ? "contact message" : "contact messages"},{" "}
            {formatCount(openCounts.trial)} {openCounts.trial === 1 ? "trial request" : "trial requests"}.
          </span>
        }
      />
      {actionData?.error ? <FormAlert className="mb-3">{actionData.error}</FormAlert> : null}
      <Form method="get" className="mb-3 flex flex-wrap items-end gap-2">
        <label className="flex flex-col gap-1 text-sm text-slate-700">
          Status
          <select name="status" defaultValue={status} className={selectClass}>
            {INBOX_STATUSES.map((value) => (
              <option key={value} value={value}>
                {INBOX_STATUS_LABELS[value]}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm text-slate-700">
          Kind
          <select name="kind" defaultValue={kind} className={selectClass}>
            <option value="">All kinds</option>
            {INBOX_KINDS.map((value) => (
              <option key={value} value={value}>
                {INBOX_KIND_LABELS[value]}
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

      <section aria-label="Messages" className="flex flex-col gap-3">
        {messages.map((message) => (
          <article
            key={message.id}
            aria-labelledby={`message-${message.id}-title`}
            data-testid="inbox-message"
            className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
          >
            <header className="flex flex-wrap items-start justify-between gap-2">
              <div className="min-w-0">
                <h2 id={`message-${message.id}-title`} className="font-semibold text-slate-900">
                  {INBOX_KIND_LABELS[message.kind]} from {message.name}
                </h2>
                <p className="text-sm break-words text-slate-600">
                  <a className="text-brand-700 underline underline-offset-2" href={`mailto:${message.email}`}>
                    {message.email}
                  </a>
                  {message.company ? ` · ${message.company}` : null}
                </p>
                <p className="text-xs text-slate-500">
                  #{message.id} · {timeFormat.format(new Date(message.createdAt))} UTC
                  {message.ipAddress ? ` · IP ${message.ipAddress}` : null}
                </p>
              </div>
              <span
                className={`rounded-full px-2 py-0.5 text-xs font-medium ${
                  message.handledAt ? "bg-slate-100 text-slate-700" : "bg-amber-100 text-amber-900"
                }`}
              >
                {message.handledAt ? "Handled" : "Open"}
              </span>
            </header>
            <p className="mt-3 text-sm whitespace-pre-wrap break-words text-slate-800">{message.message}</p>
            {message.details.length > 0 ? (
              <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
                {message.details.map(([key, value]) => (
                  <div key={key} className="contents">
                    <dt className="text-slate-500">{detailLabel(key)}</dt>
                    <dd className="break-words text-slate-900">{value}</dd>
                  </div>
                ))}
              </dl>
            ) : null}
            <footer className="mt-3 flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 pt-3">
              <p className="text-xs text-slate-500">
                {message.handledAt
                  ? `Handled ${timeFormat.format(new Date(message.handledAt))} UTC${
                      message.handledByEmail ? ` by ${message.handledByEmail}` : ""
                    }`
                  : "Not handled yet"}
              </p>
              <Form method="post">
                <input type="hidden" name="id" value={message.id} />
                <input type="hidden" name="intent" value={message.handledAt ? "reopen" : "handle"} />
                <Button
                  type="submit"
                  variant={message.handledAt ? "secondary" : "primary"}
                  isBusy={busyId === String(message.id)}
                  aria-label={`${message.handledAt ? "Reopen" : "Mark handled"}: message #${message.id} from ${message.name}`}
                >
                  {message.handledAt ? "Reopen" : "Mark handled"}
                </Button>
              </Form>
            </footer>
          </article>
        ))}
        {messages.length === 0 ? (
          <p className="rounded-xl border border-slate-200 bg-white px-4 py-8 text-center text-slate-500">
            {status === "open" ? "No open messages." : "No messages match."}
          </p>
        ) : null}
      </section>
      <AdminPager page={page} size={PAGE_SIZE} total={total} label="Inbox pages" />
    </>
  );
}
