import { type CompanySummaryInput, summarize } from "../../core/company-summary";
import type { NewCompanyRow } from "../db/schema";
import type { DemoPerson } from "./generate-people";
import type { DemoRound } from "./generate-rounds";

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
/** The row fields a demo company's rounds and people decide (docs/product.md#data, decision 030). */
export type DemoSummaryFields = { [Key in SummaryKeys]-?: Exclude<NewCompanyRow[Key], undefined> };

/**
 * A demo company as `summarize` reads it: rounds get provisional ids in date order (1 is the oldest), investor
 * ids are the investors' array indexes plus one, people their source order; the demo states no total.
 */
export function demoSummaryInput(
  rounds: readonly DemoRound[],
  people: readonly DemoPerson[],
): CompanySummaryInput {
  return {
    rounds: rounds.map((round, index) => ({
      id: index + 1,
      announcedOn: round.announcedOn,
      fundingType: round.fundingType,
      amountUsd: round.amountUsd,
      amount: round.amount,
      currency: round.currency,
    })),
    links: rounds.flatMap((round, index) =>
      round.investors.map((link) => ({
        roundId: index + 1,
        investorId: link.investor + 1,
        isLead: link.isLead,
      })),
    ),
    people: people.map((person, position) => ({
      position,
      firstName: person.firstName,
      lastName: person.lastName,
      title: person.title,
      roleKind: person.roleKind,
      email: person.email,
    })),
    stated: { totalUsd: null, roundCount: null },
  };
}

/** decision 030: the row's funding, contact and Founders fields are `summarize`'s, the one rule that derives them. */
export function demoSummary(rounds: readonly DemoRound[], people: readonly DemoPerson[]): DemoSummaryFields {
  const summary = summarize(demoSummaryInput(rounds, people));
  return {
    lastFundingDate: summary.lastFundingDate,
    lastFundingType: summary.lastFundingType,
    lastFundingAmountUsd: summary.lastFundingAmountUsd,
    lastFundingAmount: summary.lastFundingAmount,
    lastFundingCurrency: summary.lastFundingCurrency,
    totalFundingAmountUsd: summary.totalFundingAmountUsd,
    firstName: summary.firstName,
    lastName: summary.lastName,
    role: summary.role,
    email: summary.email,
    founders: summary.founders,
  };
}
