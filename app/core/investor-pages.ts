import type { ProfileLink } from "./company-profile";
import { DIRECTORY_LETTERS, type DirectoryLetter, MIN_INDEXABLE_COMPANIES } from "./directory";
import { INVESTOR_TYPE_LABELS, type InvestorType } from "./investor-match";
import { isCompanySlugShape } from "./slug";

/**
 * The public investor pages' rules (docs/product.md#investors): their URLs, paging, what makes a page thin
 * (noindex, out of the sitemaps), and the shapes the server fills. Pure, so pages, sitemaps and tests share
 * them. No person and no address ever reaches these shapes.
 */

/** Rounds per investor page, and investors per A-Z page: the directory's page size. */
export const INVESTOR_PAGE_SIZE = 50;
/** Investors the hub lists as the most active of the last 12 months. */
export const HUB_MOST_ACTIVE = 30;
/** Co-investors an investor page lists. */
export const TOP_CO_INVESTORS = 12;
/** Stages and sectors an investor page lists. */
export const TOP_STAGES = 10;
export const TOP_SECTORS = 12;
/** The window of the hub's "most active" list. */
export const ACTIVE_WINDOW_DAYS = 365;

export const investorPaths = {
  hub: "/investors",
  letter: (letter: DirectoryLetter) => `/investors/letters/${letter}`,
  investor: (slug: string) => `/investors/${slug}`,
} as const;

/** An investor page with fewer visible companies than the directory's threshold is thin: noindex, no sitemap. */
export function isIndexableInvestor(companies: number): boolean {
  return companies >= MIN_INDEXABLE_COMPANIES;
}

/** The A-Z letter of an investor: the first character of its slug, as companies (slugs are a-z, 0-9, "-"). */
export function investorLetter(slug: string): DirectoryLetter {
  const first = slug.charAt(0);
  return first >= "a" && first <= "z" ? (first as DirectoryLetter) : "0-9";
}

export { DIRECTORY_LETTERS as INVESTOR_LETTERS };

/** Whether a path segment could be an investor slug (made as company slugs are); else no query (decision 018). */
export function isInvestorSlugShape(slug: string): boolean {
  return isCompanySlugShape(slug);
}

export function investorTypeLabel(type: string): string {
  return INVESTOR_TYPE_LABELS[type as InvestorType] ?? INVESTOR_TYPE_LABELS.other;
}

/** An investor as lists show it (hub, A-Z, co-investors, a company's 'backed by'). */
export interface InvestorLink extends ProfileLink {
  type: string;
}

/** One line of an investor's catalog entry: what the hub, A-Z pages, sitemaps and page headers read. */
export interface InvestorSummary {
  id: number;
  slug: string;
  name: string;
  type: string;
  /** Visible companies it backed in a round. */
  companies: number;
  /** Its visible rounds (round links). */
  rounds: number;
  /** Of those, announced in the last ACTIVE_WINDOW_DAYS days. */
  recentRounds: number;
  /** Its newest visible round's date (YYYY-MM-DD), the sitemaps' lastmod. */
  lastRoundOn: string | null;
  website: string | null;
  city: string | null;
  region: string | null;
  country: string | null;
}

/** What a list of investors shows of each (hub, A-Z): no more than the page needs. */
export interface InvestorListItem extends InvestorLink {
  companies: number;
  rounds: number;
  recentRounds: number;
}

export function investorListItem(investor: InvestorSummary): InvestorListItem {
  return {
    name: investor.name,
    path: investorPaths.investor(investor.slug),
    type: investor.type,
    companies: investor.companies,
    rounds: investor.rounds,
    recentRounds: investor.recentRounds,
  };
}

/** A round on an investor page: the company it backed, the round's stage, amount and date, and whether it led. */
export interface InvestorRound {
  roundId: number;
  announcedOn: string | null;
  fundingType: string | null;
  amountUsd: number | null;
  isLead: boolean;
  company: ProfileLink;
}

export interface NamedCount {
  name: string;
  count: number;
}

export interface CoInvestor extends InvestorLink {
  /** Rounds both joined. */
  sharedRounds: number;
}

/** What an investor page shows besides its rounds: computed once per data version (server/investors). */
export interface InvestorProfileFacts {
  stages: NamedCount[];
  sectors: NamedCount[];
  coInvestors: CoInvestor[];
  leadRounds: number;
}

/** A one-line description of an investor for search results (about 160 characters at most). */
export function investorMetaDescription(
  investor: Pick<InvestorSummary, "name" | "type" | "companies" | "rounds">,
  facts: Pick<InvestorProfileFacts, "stages" | "sectors">,
): string {
  const stages = facts.stages
    .slice(0, 2)
    .map((stage) => stage.name)
    .join(" and ");
  const sectors = facts.sectors
    .slice(0, 3)
    .map((sector) => sector.name)
    .join(", ");
  const parts = [
    `${investor.name} (${investorTypeLabel(investor.type).toLowerCase()}): ${investor.rounds} rounds in ${investor.companies} startups.`,
    stages ? `Mostly ${stages}.` : null,
    sectors ? `Backs ${sectors}.` : null,
  ].filter((part): part is string => part !== null);
  let text = "";
  for (const part of parts) {
    const next = text ? `${text} ${part}` : part;
    if (next.length > 160) break;
    text = next;
  }
  return text || `${investor.name}: rounds and portfolio companies.`;
}
