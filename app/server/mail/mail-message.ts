import { PRODUCT_NAME } from "../../core/brand";

/** One email, ready for any driver: both bodies are always sent (multipart/alternative). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface MailAction {
  label: string;
  /** Absolute http(s) URL; anything else is refused. */
  url: string;
}

export interface MailContent {
  heading: string;
  paragraphs: readonly string[];
  action?: MailAction;
  footer?: string;
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
  // The URL sits alone on its line so every client turns it into a link and none wraps it.
  if (action) blocks.push(`${action.label}:\n${action.url}`);
  blocks.push(`--\n${footer}`);
  return `${blocks.join("\n\n")}\n`;
}

function renderHtml(content: MailContent, action: MailAction | null, footer: string): string {
  const paragraphs = content.paragraphs
    .map(
      (paragraph) =>
        `<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:#334155">${escapeHtml(paragraph)}</p>`,
    )
    .join("\n");
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
${button}
</td></tr>
<tr><td style="padding:16px 32px 24px;border-top:1px solid #e2e8f0;font-size:13px;line-height:20px;color:#64748b">${escapeHtml(footer)}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
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
