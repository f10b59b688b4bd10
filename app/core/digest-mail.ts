import { formatAmount, formatCount, formatDate } from "./format";
import { ALERT_FREQUENCY_LABELS, type AlertFrequency, savedSearchHref } from "./saved-search";

/**
 * docs/product.md#alerts: what a saved search's digest says. Pure: the delivery (server/alerts) supplies the companies as
 * they are when it is sent, and the links; the mail module lays it out.
 */

export interface DigestCompany {
  slug: string;
  name: string;
  stage: string | null;
  amountUsd: number | null;
  date: string | null;
  location: string | null;
  industries: readonly string[];
}

export interface DigestInput {
  searchName: string;
  searchQuery: string;
  frequency: AlertFrequency;
  /** Companies that entered the search in the window (the list holds the first ones of them). */
  total: number;
  companies: readonly DigestCompany[];
  windowFrom: Date;
  appUrl: string;
  unsubscribeUrl: string;
}

export interface DigestContent {
  subject: string;
  heading: string;
  paragraphs: string[];
  list: { title: string; url: string; detail: string }[];
  action: { label: string; url: string };
  footer: string;
  footerLink: { label: string; url: string };
}

function plural(count: number, one: string, many: string): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}

/** "Series A · $12M · Nov 3, 2026 · Berlin, Germany · FinTech": what is known, in that order. */
export function digestCompanyDetail(company: DigestCompany): string {
  return [
    company.stage,
    company.amountUsd === null ? null : formatAmount(company.amountUsd),
    company.date ? formatDate(company.date) : null,
    company.location,
    company.industries.slice(0, 3).join(", ") || null,
  ]
    .filter((part): part is string => part !== null && part !== "")
    .join(" · ");
}

export function digestContent(input: DigestInput): DigestContent {
  const { total, companies } = input;
  const what = plural(total, "new company", "new companies");
  const subject = `${what} in “${input.searchName}”`;
  const more = total - companies.length;
  const paragraphs = [
    `${plural(total, "company has", "companies have")} entered your saved search “${input.searchName}” since ${formatDate(input.windowFrom)}: new rounds and newly added companies.`,
  ];
  if (more > 0) {
    paragraphs.push(
      `The first ${formatCount(companies.length)}, in the search's order, are below; ${formatCount(more)} more are in the search.`,
    );
  }
  return {
    subject,
    heading: subject,
    paragraphs,
    list: companies.map((company) => ({
      title: company.name,
      url: `${input.appUrl}/company/${encodeURIComponent(company.slug)}`,
      detail: digestCompanyDetail(company),
    })),
    action: { label: "Open the search", url: `${input.appUrl}${savedSearchHref(input.searchQuery)}` },
    footer: `You get this ${ALERT_FREQUENCY_LABELS[input.frequency].toLowerCase()} because you asked for alerts on this saved search. Manage your alerts at ${input.appUrl}/profile.`,
    footerLink: { label: "Stop these emails", url: input.unsubscribeUrl },
  };
}
