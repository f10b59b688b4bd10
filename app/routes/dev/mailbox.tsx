import { data, Link } from "react-router";
import { PRODUCT_NAME } from "~/core/brand";
import { getDb } from "~/server/app-database.server";
import { env } from "~/server/env.server";
import { formatMailTime, listMailbox } from "~/server/mail/mailbox.server";
import type { Route } from "./+types/mailbox";

export async function loader() {
  // Mail holds tokens for other people's accounts: readable only where the development tools are, never in
  // production, and only on loopback unless EXPOSE_DEV_TOOLS says otherwise (decision 019).
  if (!env().DEV_TOOLS) throw data(null, { status: 404 });
  const messages = await listMailbox(await getDb());
  return {
    messages: messages.map((message) => ({
      id: message.id,
      to: message.toAddress,
      subject: message.subject,
      sentAt: message.createdAt.toISOString(),
      time: formatMailTime(message.createdAt),
    })),
  };
}

export function meta() {
  return [{ title: `Dev mailbox | ${PRODUCT_NAME}` }, { name: "robots", content: "noindex" }];
}

export default function DevMailbox({ loaderData }: Route.ComponentProps) {
  const { messages } = loaderData;
  return (
    <section aria-labelledby="mailbox-title" className="mx-auto max-w-5xl px-6 py-16">
      <p className="text-sm font-semibold text-brand-600">Development</p>
      <h1 id="mailbox-title" className="mt-2 text-3xl font-semibold text-slate-900">
        Mailbox
      </h1>
      <p className="mt-3 text-slate-600">
        Emails the app would have sent. SMTP_URL is not set, so they are kept here instead (newest first).
      </p>
      {messages.length === 0 ? (
        <p className="mt-8 rounded-md border border-dashed border-slate-300 px-4 py-8 text-center text-slate-600">
          No messages yet.
        </p>
      ) : (
        <div className="mt-8 overflow-x-auto rounded-md border border-slate-200">
          <table className="w-full text-left text-sm">
            <thead className="bg-slate-50 text-slate-600">
              <tr>
                <th scope="col" className="px-4 py-3 font-medium">
                  Subject
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  To
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  Time
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 bg-white">
              {messages.map((message) => (
                <tr key={message.id}>
                  <td className="px-4 py-3">
                    <Link
                      to={`/dev/mailbox/${message.id}`}
                      className="font-medium text-brand-600 hover:text-brand-700 hover:underline"
                    >
                      {message.subject}
                    </Link>
                  </td>
                  <td className="px-4 py-3 text-slate-800">{message.to}</td>
                  <td className="px-4 py-3 whitespace-nowrap text-slate-600">
                    <time dateTime={message.sentAt}>{message.time}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
