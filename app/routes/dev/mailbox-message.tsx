import { data, Link } from "react-router";
import { PRODUCT_NAME } from "~/core/brand";
import { getDb } from "~/server/app-database.server";
import { env } from "~/server/env.server";
import { splitTextLinks } from "~/server/mail/mail-message";
import { formatMailTime, getMailboxMessage } from "~/server/mail/mailbox.server";
import type { Route } from "./+types/mailbox-message";

export async function loader({ params }: Route.LoaderArgs) {
  // Mail holds tokens for other people's accounts: readable only where the development tools are, never in
  // production, and only on loopback unless EXPOSE_DEV_TOOLS says otherwise (decision 019).
  if (!env().DEV_TOOLS) throw data(null, { status: 404 });
  if (!/^\d{1,15}$/.test(params.id)) throw data(null, { status: 404 });
  const message = await getMailboxMessage(await getDb(), Number(params.id));
  if (!message) throw data(null, { status: 404 });
  return {
    message: {
      id: message.id,
      to: message.toAddress,
      from: message.fromAddress,
      subject: message.subject,
      text: message.textBody,
      html: message.htmlBody,
      sentAt: message.createdAt.toISOString(),
      time: formatMailTime(message.createdAt),
    },
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  const subject = loaderData?.message.subject ?? "Message";
  return [{ title: `${subject} | Dev mailbox | ${PRODUCT_NAME}` }, { name: "robots", content: "noindex" }];
}

/**
 * The sandbox has no allow-scripts nor allow-same-origin, so the stored HTML cannot run code or read the
 * app's cookies; `<base target="_top">` makes its links open in the tab (allowed on a click).
 */
function previewDocument(html: string): string {
  const base = '<base target="_top">';
  const withBase = html.replace(/<head(\s[^>]*)?>/i, (head) => `${head}${base}`);
  return withBase === html ? `${base}${html}` : withBase;
}

export default function DevMailboxMessage({ loaderData }: Route.ComponentProps) {
  const { message } = loaderData;
  return (
    <section aria-labelledby="message-subject" className="mx-auto max-w-4xl px-6 py-16">
      <Link to="/dev/mailbox" className="text-sm font-semibold text-brand-600 hover:text-brand-700">
        ← Mailbox
      </Link>
      <h1 id="message-subject" className="mt-2 text-3xl font-semibold text-slate-900">
        {message.subject}
      </h1>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-medium text-slate-600">To</dt>
        <dd className="text-slate-900">{message.to}</dd>
        <dt className="font-medium text-slate-600">From</dt>
        <dd className="text-slate-900">{message.from}</dd>
        <dt className="font-medium text-slate-600">Time</dt>
        <dd className="text-slate-900">
          <time dateTime={message.sentAt}>{message.time}</time>
        </dd>
      </dl>

      <h2 className="mt-10 text-lg font-semibold text-slate-900">HTML</h2>
      <iframe
        title={`HTML body of "${message.subject}"`}
        sandbox="allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation"
        srcDoc={previewDocument(message.html)}
        className="mt-3 h-[36rem] w-full rounded-md border border-slate-200 bg-white"
      />

      <h2 className="mt-10 text-lg font-semibold text-slate-900">Plain text</h2>
      <pre
        data-testid="mail-text-body"
        className="mt-3 overflow-x-auto rounded-md border border-slate-200 bg-slate-50 p-4 text-sm whitespace-pre-wrap break-words text-slate-800"
      >
        {splitTextLinks(message.text).map((segment, index) =>
          segment.kind === "link" ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: the segments of one fixed text never reorder
            <a key={index} href={segment.url} className="text-brand-600 underline hover:text-brand-700">
              {segment.url}
            </a>
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: the segments of one fixed text never reorder
            <span key={index}>{segment.value}</span>
          ),
        )}
      </pre>
    </section>
  );
}
