import type { NewCompanyRow } from "../db/schema";
import type { DemoPerson } from "./generate-people";
import type { DemoRound } from "./generate-rounds";

/** The row fields a demo company's rounds and people decide (docs/product.md#data, decision 030). */
type SummaryKeys = keyof Pick<
  NewCompanyRow,
  | "lastFundingDate"
  | "lastFundingType"
  | "lastFundingAmountUsd"
  | "lastFundingAmount"
  | "lastFundingCurrency"
  | "totalFundingAmountUsd"
  | "firstName"
  | "lastName"
  | "role"
  | "email"
  | "founders"
>;
export type DemoSummaryFields = { [Key in SummaryKeys]-?: Exclude<NewCompanyRow[Key], undefined> };

const CHIEF_EXECUTIVE = /\b(ceo|chief executive)\b/i;
const KIND_ORDER = { founder: 0, executive: 1, director: 2, other: 3 } as const;

/**
 * PROVISIONAL: mirrors decision 030's rule until `summarize` (app/core/company-summary.ts) lands on main;
 * then this calls it, so the rule has one place.
 */
export function demoSummary(rounds: readonly DemoRound[], people: readonly DemoPerson[]): DemoSummaryFields {
  const last = rounds.at(-1);
  let total: number | null = null;
  for (const round of rounds) if (round.amountUsd !== null) total = (total ?? 0) + round.amountUsd;
  let contact: DemoPerson | undefined;
  let best: readonly number[] = [];
  people.forEach((person, position) => {
    const rank = [
      person.email === null ? 1 : 0,
      KIND_ORDER[person.roleKind],
      person.title !== null && CHIEF_EXECUTIVE.test(person.title) ? 0 : 1,
      position,
    ];
    if (contact === undefined || before(rank, best)) {
      contact = person;
      best = rank;
    }
  });
  const founders = people
    .filter((person) => person.roleKind === "founder")
    .map((p) => `${p.firstName} ${p.lastName}`);
  const untitled = { founder: null, executive: "Executive", director: "Director", other: "Contact" } as const;
  return {
    lastFundingDate: last?.announcedOn ?? null,
    lastFundingType: last?.fundingType ?? null,
    lastFundingAmountUsd: last?.amountUsd ?? null,
    lastFundingAmount: last?.amount ?? null,
    lastFundingCurrency: last?.currency ?? null,
    totalFundingAmountUsd: total,
    firstName: contact?.firstName ?? null,
    lastName: contact?.lastName ?? null,
    role: contact === undefined ? null : (contact.title ?? untitled[contact.roleKind]),
    email: contact?.email ?? null,
    founders: founders.length > 0 ? founders.join(", ") : null,
  };
}

function before(a: readonly number[], b: readonly number[]): boolean {
  for (let index = 0; index < a.length; index++) {
    if (a[index] !== b[index]) return (a[index] ?? 0) < (b[index] ?? 0);
  }
  return false;
}
