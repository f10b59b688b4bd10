import type { CompanyListing } from "./company-listing";
import type { EmailStatusView } from "./email-status";
import { formatAmount } from "./format";
import { DEFAULT_ROLE, shownRole } from "./founder-role";

/**
 * What a public company page shows (docs/product.md#directory): pure shapes and rules, filled on the server
 * (server/directory/company-profile.server.ts). The founder email is masked there for anyone without active
 * access; a suppressed company has no page at all.
 */

export interface ProfileFounder {
  name: string;
  /** docs/product.md#data: 'Founder' by default. */
  role: string;
  /** Only the founder the record names (First name, Last name) has an address: masked unless allowed. */
  email: string | null;
  isEmailMasked: boolean;
  /** decision 032: the address's status (null without an address; absent where it is not known). */
  emailStatus?: EmailStatusView | null;
}

export interface ProfileLink {
  name: string;
  path: string;
}

/** One of the company's people (docs/product.md#company-pages): their own address, masked unless allowed. */
export interface ProfilePerson {
  /**
   * The people row's id (decision 032: a bounce report names the person, never the address); null for a
   * person read from the company's fields, whose address is the company's own.
   */
  id: number | null;
  name: string;
  /** Their title, else what their kind reads as ('Founder', 'Executive', 'Director', 'Team member'). */
  title: string;
  kind: string;
  email: string | null;
  isEmailMasked: boolean;
  /** decision 032: the address's status (null without an address; absent where it is not known). */
  emailStatus?: EmailStatusView | null;
}

/** An investor in a round or behind the company, linked to its page. */
export interface ProfileInvestor extends ProfileLink {
  isLead: boolean;
}

/** A round on the company's timeline. */
export interface ProfileRound {
  id: number;
  announcedOn: string | null;
  fundingType: string | null;
  amountUsd: number | null;
  /** As announced, with its currency, when that is not USD. */
  amount: number | null;
  currency: string | null;
  /** Leads first. */
  investors: ProfileInvestor[];
  /** The number of investors the source states (it may name fewer). */
  statedInvestorCount: number | null;
  /** Where the round came from, by name (core/round-source.ts: 'SEC Form D', 'Crunchbase'...). */
  sourceName: string;
  /** The source's page for the round (http(s) only; a Form D filing's folder on EDGAR), else null. */
  sourceUrl: string | null;
}

const KIND_TITLES: Readonly<Record<string, string>> = {
  founder: DEFAULT_ROLE,
  executive: "Executive",
  director: "Director",
  other: "Team member",
};

/** What a person's title reads as: their own, else what their kind says. */
export function personTitle(title: string | null, kind: string): string {
  return title?.trim() || KIND_TITLES[kind] || KIND_TITLES.other || "";
}

/** A round's investors in one list without repeats, leads first, then by name: the company's 'backed by'. */
export function backedBy(
  rounds: ReadonlyArray<Pick<ProfileRound, "investors">>,
  others: readonly ProfileInvestor[],
): ProfileInvestor[] {
  const byPath = new Map<string, ProfileInvestor>();
  for (const investor of [...rounds.flatMap((round) => round.investors), ...others]) {
    const held = byPath.get(investor.path);
    byPath.set(investor.path, held ? { ...held, isLead: held.isLead || investor.isLead } : investor);
  }
  return [...byPath.values()].sort(
    (a, b) => Number(b.isLead) - Number(a.isLead) || a.name.localeCompare(b.name),
  );
}

export interface CompanyProfile {
  id: number;
  slug: string;
  name: string;
  description: string | null;
  fullDescription: string | null;
  industries: ProfileLink[];
  industryGroups: ProfileLink[];
  location: string | null;
  /** The city page of the headquarters, when the record names a city and a country. */
  cityLink: ProfileLink | null;
  city: string | null;
  region: string | null;
  country: string | null;
  website: string | null;
  linkedin: string | null;
  lastFundingType: string | null;
  lastFundingAmountUsd: number | null;
  lastFundingDate: string | null;
  totalFundingAmountUsd: number | null;
  /** Every person of the company (people table), in source order; addresses masked on the server. */
  people: ProfilePerson[];
  /** Its rounds, newest first (at most COMPANY_ROUNDS_SHOWN). */
  rounds: ProfileRound[];
  /** Distinct investors of its rounds and those the source names without a round, leads first. */
  backedBy: ProfileInvestor[];
  /** The record's `updated_at` (ISO 8601). */
  updatedAt: string;
  related: CompanyListing[];
  /** Compare pages with the companies the similarity rule chose for this one (its three most similar). */
  comparisons: ProfileLink[];
}

export interface LeadFounder {
  firstName: string | null;
  lastName: string | null;
  role: string | null;
  email: string | null;
}

/**
 * Every founder of a record: the Founders field ("Ada Lovelace, Alan Turing") in its order, with the
 * founder the record names (First name, Last name) carrying the record's role and email; that founder is
 * added first when the field does not list them. Names are compared without case or extra spaces.
 */
export function foundersOf(
  foundersField: string | null,
  lead: LeadFounder,
  showEmail: (email: string) => { email: string; isMasked: boolean },
): ProfileFounder[] {
  const leadName = [lead.firstName, lead.lastName]
    .map((part) => part?.trim() ?? "")
    .filter(Boolean)
    .join(" ");
  const key = (name: string) => name.replace(/\s+/g, " ").trim().toLowerCase();
  const listed = (foundersField ?? "")
    .split(",")
    .map((name) => name.replace(/\s+/g, " ").trim())
    .filter(Boolean);
  const names =
    leadName && !listed.some((name) => key(name) === key(leadName)) ? [leadName, ...listed] : listed;
  const seen = new Set<string>();
  const founders: ProfileFounder[] = [];
  for (const name of names) {
    if (seen.has(key(name))) continue;
    seen.add(key(name));
    const isLead = leadName !== "" && key(name) === key(leadName);
    const shown = isLead && lead.email ? showEmail(lead.email) : null;
    founders.push({
      name,
      role: shownRole(isLead ? lead.role : null),
      email: shown?.email ?? null,
      isEmailMasked: shown?.isMasked ?? false,
    });
  }
  return founders;
}

const MONTH_YEAR = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" });

/**
 * One factual sentence about a company's funding, from its record only: "Acme raised $12M in a Series A
 * in March 2026, $20M in total." Parts the record lacks are left out.
 */
export function fundingSentence(
  profile: Pick<
    CompanyProfile,
    "name" | "lastFundingType" | "lastFundingAmountUsd" | "lastFundingDate" | "totalFundingAmountUsd"
  >,
): string | null {
  const { name, lastFundingType, lastFundingAmountUsd, lastFundingDate, totalFundingAmountUsd } = profile;
  if (!lastFundingType && lastFundingAmountUsd === null) return null;
  const raised = lastFundingAmountUsd !== null ? `raised ${formatAmount(lastFundingAmountUsd)}` : "raised";
  const round = lastFundingType
    ? ` in a${/^[AEIOU]/i.test(lastFundingType) ? "n" : ""} ${lastFundingType} round`
    : "";
  const date = lastFundingDate
    ? ` in ${MONTH_YEAR.format(new Date(`${lastFundingDate.slice(0, 10)}T00:00:00Z`))}`
    : "";
  const total =
    totalFundingAmountUsd !== null && totalFundingAmountUsd > (lastFundingAmountUsd ?? 0)
      ? `, ${formatAmount(totalFundingAmountUsd)} in total`
      : "";
  return `${name} ${raised}${round}${date}${total}.`;
}

/** A search-result description of a company page (at most about 160 characters), from its own record. */
export function companyMetaDescription(
  profile: Parameters<typeof fundingSentence>[0] & Pick<CompanyProfile, "description" | "location">,
): string {
  const parts = [
    fundingSentence(profile),
    profile.description,
    profile.location ? `Based in ${profile.location}.` : null,
  ];
  let text = "";
  for (const part of parts) {
    if (!part) continue;
    const next = text ? `${text} ${part}` : part;
    if (next.length > 160 && text) break;
    text = next.length > 160 ? `${next.slice(0, 157).replace(/\s+\S*$/, "")}...` : next;
  }
  return text || `${profile.name}: funding, industries and founders.`;
}
