import { formatAmount, formatCount, formatDate } from "./format";

/**
 * A saved search's new companies as a Slack incoming-webhook message: a heading that links the search, then
 * one line per company. Pure: the delivery (server/webhooks/deliver.server.ts) posts it.
 */

export interface SlackCompany {
  name: string;
  /** The company's page in the app. */
  url: string;
  stage: string | null;
  amountUsd: number | null;
  date: string | null;
}

export interface SlackTextObject {
  type: "mrkdwn";
  text: string;
}

export type SlackBlock = { type: "section"; text: SlackTextObject };

/** The body of a Slack incoming webhook: `text` is what notifications show, `blocks` the message itself. */
export interface SlackMessage {
  text: string;
  blocks: SlackBlock[];
}

/** A message is read in a channel at a glance: the rest are one click away, in the search. */
export const SLACK_MAX_COMPANY_LINES = 10;

// A section's text may hold 3,000 characters; ten lines of this length and their links stay well below.
const MAX_NAME_LENGTH = 80;

/**
 * Slack's mrkdwn gives `&`, `<` and `>` meaning (`<!channel>` pings everyone, `<url|text>` is a link), so
 * text from our data must have them as entities: a company named "<!channel>" must not ping a channel.
 */
export function escapeSlackText(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function oneLine(text: string, maxLength: number): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > maxLength ? `${line.slice(0, maxLength - 1)}…` : line;
}

/** `<url|label>`. A `|` in the URL would end it early, so it is percent-encoded (the URL means the same). */
export function slackLink(url: string, label: string): string {
  return `<${escapeSlackText(url).replace(/\|/g, "%7C")}|${escapeSlackText(oneLine(label, MAX_NAME_LENGTH))}>`;
}

function companyLine(company: SlackCompany): string {
  const detail = [
    company.stage,
    company.amountUsd === null ? null : formatAmount(company.amountUsd),
    company.date ? formatDate(company.date) : null,
  ].filter((part): part is string => part !== null && part !== "");
  const facts = detail.length > 0 ? ` · ${escapeSlackText(oneLine(detail.join(" · "), 120))}` : "";
  return `• ${slackLink(company.url, company.name)}${facts}`;
}

function countText(count: number): string {
  return `${formatCount(count)} new ${count === 1 ? "company" : "companies"}`;
}

export function slackMessage(
  searchName: string,
  companies: readonly SlackCompany[],
  searchUrl: string,
  /** Companies that entered the search, when `companies` holds only the first of them (a digest lists 50). */
  total: number = companies.length,
): SlackMessage {
  const name = oneLine(searchName, MAX_NAME_LENGTH);
  const count = Math.max(total, companies.length);
  const heading = count === 0 ? "No new companies" : countText(count);
  const blocks: SlackBlock[] = [
    { type: "section", text: { type: "mrkdwn", text: `*${heading}* in ${slackLink(searchUrl, name)}` } },
  ];
  if (count > 0) {
    const lines = companies.slice(0, SLACK_MAX_COMPANY_LINES).map(companyLine);
    const more = count - SLACK_MAX_COMPANY_LINES;
    if (more > 0) lines.push(slackLink(searchUrl, `and ${formatCount(more)} more`));
    blocks.push({ type: "section", text: { type: "mrkdwn", text: lines.join("\n") } });
  }
  return { text: escapeSlackText(`${heading} in “${name}”`), blocks };
}
