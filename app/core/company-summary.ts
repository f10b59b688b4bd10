/**
 * docs/product.md#data, decision 030: a company's spec fields are the summary of its rounds, investors and
 * people. This is the one rule that derives them; the writers (`app/server/company-summary/`, the demo
 * generator) call it and store what it returns, so the fields are never typed twice.
 */

/** What a person is to a company, in the order the primary contact is chosen. */
export const ROLE_KINDS = ["founder", "executive", "director", "other"] as const;
export type RoleKind = (typeof ROLE_KINDS)[number];

export interface SummaryRound {
  /** The round's id where it is stored; a not yet stored round gets a provisional one, larger than any stored. */
  id: number;
  /** ISO date (YYYY-MM-DD), or null when the source gives none. */
  announcedOn: string | null;
  fundingType: string | null;
  amountUsd: number | null;
  amount: number | null;
  currency: string | null;
}

/** An investor of the company: of one round (`roundId`), or of the company with no round named (null). */
export interface SummaryInvestorLink {
  roundId: number | null;
  investorId: number;
  isLead: boolean;
}

export interface SummaryPerson {
  /** Source order among the company's people. */
  position: number;
  firstName: string | null;
  lastName: string | null;
  title: string | null;
  roleKind: RoleKind;
  email: string | null;
}

/** What a source states about the company as a whole, beside the rounds we hold. */
export interface SummaryStated {
  totalUsd: number | null;
  roundCount: number | null;
}

export interface CompanySummaryInput {
  rounds: readonly SummaryRound[];
  links: readonly SummaryInvestorLink[];
  people: readonly SummaryPerson[];
  stated: SummaryStated;
}

/** The derived fields of a company, as the companies table names them. */
export interface CompanySummary {
  lastFundingDate: string | null;
  lastFundingType: string | null;
  lastFundingAmountUsd: number | null;
  lastFundingAmount: number | null;
  lastFundingCurrency: string | null;
  totalFundingAmountUsd: number | null;
  fundingRoundCount: number;
  /** Every investor's id and the negated id of each that led (the filter's 'led by'), ascending. */
  investorKeys: number[];
  /** The leads of the latest round, ascending. */
  lastRoundLeadIds: number[];
  /** The latest round's id: alerts fire when it rises (a new latest round), not on older rounds added. */
  lastRoundId: number | null;
  firstName: string | null;
  lastName: string | null;
  role: string | null;
  email: string | null;
  founders: string | null;
}

/** The role a primary contact without a title shows; a founder's is null (shown 'Founder', founder-role.ts). */
const UNTITLED_ROLE: Readonly<Record<RoleKind, string | null>> = {
  founder: null,
  executive: "Executive",
  director: "Director",
  other: "Contact",
};

/**
 * A person's Role (decision 030 §2): their title, else null for a founder (shown 'Founder', founder-role.ts)
 * or 'Executive' / 'Director' / 'Contact'. The primary contact's Role and each person's row of the export
 * one row per person (docs/product.md#export) both come from here.
 */
export function personRole(person: Pick<SummaryPerson, "title" | "roleKind">): string | null {
  return hasText(person.title) ? person.title.trim() : UNTITLED_ROLE[person.roleKind];
}

const CHIEF_EXECUTIVE = /\b(ceo|chief executive)\b/i;

/** Latest first: by date, undated rounds last, then the later id (decision 030). */
export function compareRoundsLatestFirst(a: SummaryRound, b: SummaryRound): number {
  if (a.announcedOn !== b.announcedOn) {
    if (a.announcedOn === null) return 1;
    if (b.announcedOn === null) return -1;
    return a.announcedOn < b.announcedOn ? 1 : -1;
  }
  return b.id - a.id;
}

/** The latest round, or undefined when there is none. */
export function latestRound<T extends SummaryRound>(rounds: readonly T[]): T | undefined {
  let latest: T | undefined;
  for (const round of rounds) {
    if (latest === undefined || compareRoundsLatestFirst(round, latest) < 0) latest = round;
  }
  return latest;
}

function hasText(value: string | null): value is string {
  return value !== null && value.trim() !== "";
}

/**
 * The primary contact, chosen among the company's people by: has an email; founder before executive before
 * director before other; a chief executive's title first; source order (decision 030).
 */
export function primaryContact<T extends SummaryPerson>(people: readonly T[]): T | undefined {
  const rank = (person: SummaryPerson) =>
    [
      hasText(person.email) ? 0 : 1,
      ROLE_KINDS.indexOf(person.roleKind),
      hasText(person.title) && CHIEF_EXECUTIVE.test(person.title) ? 0 : 1,
      person.position,
    ] as const;
  let best: T | undefined;
  let bestRank: readonly number[] = [];
  for (const person of people) {
    const personRank = rank(person);
    if (best === undefined || lexicographicallyBefore(personRank, bestRank)) {
      best = person;
      bestRank = personRank;
    }
  }
  return best;
}

function lexicographicallyBefore(a: readonly number[], b: readonly number[]): boolean {
  for (let index = 0; index < a.length; index++) {
    const left = a[index] ?? 0;
    const right = b[index] ?? 0;
    if (left !== right) return left < right;
  }
  return false;
}

/** "Ada Lovelace, Alan Turing": the founders' names in source order; null when none is named. */
export function foundersList(people: readonly SummaryPerson[]): string | null {
  const names = [...people]
    .filter((person) => person.roleKind === "founder")
    .sort((a, b) => a.position - b.position)
    .map((person) => [person.firstName, person.lastName].filter(hasText).join(" ").trim())
    .filter((name) => name !== "");
  return names.length > 0 ? names.join(", ") : null;
}

function ascendingUnique(values: Iterable<number>): number[] {
  return [...new Set(values)].sort((a, b) => a - b);
}

/** decision 030: the company's spec fields and search keys, from its rounds, investors and people. */
export function summarize(input: CompanySummaryInput): CompanySummary {
  const { rounds, links, people, stated } = input;
  const last = latestRound(rounds);

  let knownSum: number | null = null;
  for (const round of rounds) {
    if (round.amountUsd !== null) knownSum = (knownSum ?? 0) + round.amountUsd;
  }
  const totalFundingAmountUsd =
    stated.totalUsd === null
      ? knownSum
      : knownSum === null
        ? stated.totalUsd
        : Math.max(stated.totalUsd, knownSum);

  const investors = ascendingUnique(links.map((link) => link.investorId));
  const leads = ascendingUnique(links.filter((link) => link.isLead).map((link) => link.investorId));
  const lastRoundLeadIds =
    last === undefined
      ? []
      : ascendingUnique(
          links.filter((link) => link.isLead && link.roundId === last.id).map((link) => link.investorId),
        );

  const contact = primaryContact(people);
  return {
    lastFundingDate: last?.announcedOn ?? null,
    lastFundingType: last?.fundingType ?? null,
    lastFundingAmountUsd: last?.amountUsd ?? null,
    lastFundingAmount: last?.amount ?? null,
    lastFundingCurrency: last?.currency ?? null,
    totalFundingAmountUsd,
    fundingRoundCount: Math.max(stated.roundCount ?? 0, rounds.length),
    investorKeys: ascendingUnique([...investors, ...leads.map((id) => -id)]),
    lastRoundLeadIds,
    lastRoundId: last?.id ?? null,
    firstName: contact?.firstName ?? null,
    lastName: contact?.lastName ?? null,
    role: contact === undefined ? null : personRole(contact),
    email: contact?.email ?? null,
    founders: foundersList(people),
  };
}
