import { PRODUCT_NAME } from "../../core/brand";

/** One email, ready for any driver: both bodies are always sent (multipart/alternative). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * Extra headers (docs/product.md#alerts, digests: List-Unsubscribe and List-Unsubscribe-Post, RFC 8058, and a Message-ID
   * of their own). The SMTP driver sends them; the log driver keeps only the bodies.
   */
  headers?: Record<string, string>;
}

/** One line of a mail's list (docs/product.md#alerts, digests: a company, a link to it and what is new about it). */
export interface MailListItem {
  title: string;
  url: string;
  detail: string;
}

export interface MailAction {
  label: string;
  /** Absolute http(s) URL; anything else is refused. */
  url: string;
}

export interface MailContent {
  heading: string;
  paragraphs: readonly string[];
  /** Shown after the paragraphs, before the action. */
  list?: readonly MailListItem[];
  action?: MailAction;
  footer?: string;
  /** A link after the footer's text (docs/product.md#alerts: a digest's unsubscribe link). */
  footerLink?: MailAction;
}

const HTML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** Escapes text for HTML element content and quoted attribute values alike. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}

/**
 * Returns the URL unchanged when it is an absolute http(s) URL. A mail links to the app only; a
 * `javascript:` or `data:` URL in a button would be an injection, so it is a programming error here.
 */
export function assertHttpUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`Mail links must be absolute http(s) URLs, got: ${url}`);
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
    throw new Error(`Mail links must be http(s) URLs, got protocol ${parsed.protocol}`);
  }
  return url;
}

const DEFAULT_FOOTER = `You received this email because of an action on ${PRODUCT_NAME}. If it was not you, you can ignore it.`;

const FONT = "font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";

/** The product's email layout: a plain-text body and an inline-styled, table-based HTML body. */
export function renderMail(content: MailContent): { text: string; html: string } {
  const action = content.action
    ? { label: content.action.label, url: assertHttpUrl(content.action.url) }
    : null;
  const footer = content.footer ?? DEFAULT_FOOTER;
  return { text: renderText(content, action, footer), html: renderHtml(content, action, footer) };
}

function renderText(content: MailContent, action: MailAction | null, footer: string): string {
  const blocks = [PRODUCT_NAME, content.heading, ...content.paragraphs];
  if (content.list && content.list.length > 0) {
    blocks.push(
      content.list.map((item) => `- ${item.title}: ${item.detail}\n  ${assertHttpUrl(item.url)}`).join("\n"),
    );
  }
  // The URL sits alone on its line so every client turns it into a link and none wraps it.
  if (action) blocks.push(`${action.label}:\n${action.url}`);
  const footerLink = content.footerLink
    ? `\n${content.footerLink.label}: ${assertHttpUrl(content.footerLink.url)}`
    : "";
  blocks.push(`--\n${footer}${footerLink}`);
  return `${blocks.join("\n\n")}\n`;
}

function renderHtml(content: MailContent, action: MailAction | null, footer: string): string {
  const paragraphs = content.paragraphs
    .map(
      (paragraph) =>
        `<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:#334155">${escapeHtml(paragraph)}</p>`,
    )
    .join("\n");
  const list = content.list && content.list.length > 0 ? renderList(content.list) : "";
  const button = action ? renderButton(action) : "";
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(content.heading)}</title>
</head>
<body style="margin:0;padding:0;background-color:#f1f5f9">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:#f1f5f9">
<tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px;background-color:#ffffff;border:1px solid #e2e8f0;border-radius:12px;${FONT}">
<tr><td style="padding:24px 32px 0;font-size:20px;font-weight:700;color:#2552e0">${escapeHtml(PRODUCT_NAME)}</td></tr>
<tr><td style="padding:16px 32px 8px">
<h1 style="margin:0 0 16px;font-size:24px;line-height:32px;font-weight:600;color:#0f172a">${escapeHtml(content.heading)}</h1>
${paragraphs}
${list}
${button}
</td></tr>
<tr><td style="padding:16px 32px 24px;border-top:1px solid #e2e8f0;font-size:13px;line-height:20px;color:#64748b">${escapeHtml(footer)}${renderFooterLink(content.footerLink)}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

function renderFooterLink(link: MailAction | undefined): string {
  if (!link) return "";
  return ` <a href="${escapeHtml(assertHttpUrl(link.url))}" style="color:#475569;text-decoration:underline">${escapeHtml(link.label)}</a>`;
}

function renderList(items: readonly MailListItem[]): string {
  const rows = items
    .map(
      (item) => `<tr><td style="padding:10px 0;border-top:1px solid #e2e8f0">
<a href="${escapeHtml(assertHttpUrl(item.url))}" style="font-size:16px;font-weight:600;color:#2552e0;text-decoration:none">${escapeHtml(item.title)}</a>
<div style="margin-top:2px;font-size:14px;line-height:20px;color:#475569">${escapeHtml(item.detail)}</div>
</td></tr>`,
    )
    .join("\n");
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 16px">
${rows}
</table>`;
}

function renderButton(action: MailAction): string {
  const url = escapeHtml(action.url);
  // Some clients strip styled links or block buttons: the raw URL follows as plain, copyable text.
  return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px">
<tr><td align="center" bgcolor="#2552e0" style="border-radius:8px">
<a href="${url}" style="display:inline-block;padding:14px 28px;font-size:16px;font-weight:600;color:#ffffff;text-decoration:none;border-radius:8px">${escapeHtml(action.label)}</a>
</td></tr>
</table>
<p style="margin:0 0 8px;font-size:13px;line-height:20px;color:#64748b">If the button does not work, copy this link into your browser:</p>
<p style="margin:0 0 16px;font-size:13px;line-height:20px;word-break:break-all"><a href="${url}" style="color:#2552e0">${url}</a></p>`;
}

export type TextSegment = { kind: "text"; value: string } | { kind: "link"; url: string };

// Trailing punctuation belongs to the sentence, not the URL ("see https://x.example/a.").
const URL_PATTERN = /https?:\/\/[^\s<>"]*[^\s<>".,;:!?)\]'}]/g;

/** Splits a plain-text body into text and http(s) links, so a viewer can render the links clickable. */
export function splitTextLinks(text: string): TextSegment[] {
  const segments: TextSegment[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index;
    if (start > last) segments.push({ kind: "text", value: text.slice(last, start) });
    segments.push({ kind: "link", url: match[0] });
    last = start + match[0].length;
  }
  if (last < text.length) segments.push({ kind: "text", value: text.slice(last) });
  return segments;
}
