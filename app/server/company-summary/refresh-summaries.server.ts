import { sql } from "drizzle-orm";
import {
  type CompanySummary,
  type RoleKind,
  type SummaryInvestorLink,
  summarize,
} from "../../core/company-summary";
import type { StoredPerson, StoredRound } from "../../core/imported-company-graph";
import type { Db } from "../db/database.server";
import { queryRows } from "../db/query-rows.server";

/** An investor link with its source: a company link's (a round's links have none of their own). */
export interface StoredInvestorLink extends SummaryInvestorLink {
  source: string | null;
}

/** A company's rounds, investors and people, as the summary reads them, with their ids and sources. */
export interface CompanyGraph {
  companyId: number;
  rounds: StoredRound[];
  links: StoredInvestorLink[];
  people: StoredPerson[];
  stated: { totalUsd: number | null; roundCount: number | null };
}

interface RoundRecord extends Record<string, unknown> {
  id: number;
  source: string;
  company_id: number;
  announced_on: string | null;
  funding_type: string | null;
  amount_usd: number | null;
  amount: number | null;
  currency: string | null;
}

/**
 * decision 030: loads what `summarize` needs for these companies, four queries whatever their number: their
 * rounds, the investors of those rounds (by the round's primary key) and of the companies, their people and
 * what a source stated.
 */
export async function loadCompanyGraphs(
  db: Db,
  companyIds: readonly number[],
): Promise<Map<number, CompanyGraph>> {
  const graphs = new Map<number, CompanyGraph>();
  if (companyIds.length === 0) return graphs;
  const ids = sql.param([...new Set(companyIds)]);
  const stated = await queryRows<{ id: number; total: number | null; count: number | null }>(
    db,
    sql`select id, stated_total_usd::float8 as total, stated_round_count as count
        from companies where id = any(${ids}::int[])`,
  );
  for (const row of stated) {
    graphs.set(row.id, {
      companyId: row.id,
      rounds: [],
      links: [],
      people: [],
      stated: { totalUsd: row.total, roundCount: row.count },
    });
  }
  const rounds = await queryRows<RoundRecord>(
    db,
    sql`select id, company_id, source, announced_on::text as announced_on, funding_type,
          amount_usd::float8 as amount_usd, amount::float8 as amount, currency
        from funding_rounds where company_id = any(${ids}::int[])`,
  );
  for (const round of rounds) {
    graphs.get(round.company_id)?.rounds.push({
      id: round.id,
      source: round.source,
      announcedOn: round.announced_on,
      fundingType: round.funding_type,
      amountUsd: round.amount_usd,
      amount: round.amount,
      currency: round.currency,
    });
  }
  const links = await queryRows<{
    company_id: number;
    round_id: number | null;
    investor_id: number;
    is_lead: boolean;
    source: string | null;
  }>(
    db,
    sql`select company_id, round_id, investor_id, is_lead, null as source from round_investors
          where round_id = any(select id from funding_rounds where company_id = any(${ids}::int[]))
        union all
        select company_id, null, investor_id, is_lead, source from company_investors
          where company_id = any(${ids}::int[])`,
  );
  for (const link of links) {
    graphs.get(link.company_id)?.links.push({
      roundId: link.round_id,
      investorId: link.investor_id,
      isLead: link.is_lead,
      source: link.source,
    });
  }
  const people = await queryRows<{
    id: number;
    source: string;
    company_id: number;
    position: number;
    first_name: string | null;
    last_name: string | null;
    title: string | null;
    role_kind: RoleKind;
    email: string | null;
  }>(
    db,
    sql`select id, source, company_id, position, first_name, last_name, title, role_kind, email
        from people where company_id = any(${ids}::int[]) order by company_id, position, id`,
  );
  for (const person of people) {
    graphs.get(person.company_id)?.people.push({
      id: person.id,
      source: person.source,
      position: person.position,
      firstName: person.first_name,
      lastName: person.last_name,
      title: person.title,
      roleKind: person.role_kind,
      email: person.email,
    });
  }
  return graphs;
}

/** The companies table's columns each summary field is stored in, with their SQL types. */
const SUMMARY_COLUMNS: ReadonlyArray<readonly [keyof CompanySummary, string, string]> = [
  ["lastFundingDate", "last_funding_date", "date"],
  ["lastFundingType", "last_funding_type", "text"],
  ["lastFundingAmountUsd", "last_funding_amount_usd", "bigint"],
  ["lastFundingAmount", "last_funding_amount", "numeric"],
  ["lastFundingCurrency", "last_funding_currency", "text"],
  ["totalFundingAmountUsd", "total_funding_amount_usd", "bigint"],
  ["fundingRoundCount", "funding_round_count", "integer"],
  ["investorKeys", "investor_keys", "integer[]"],
  ["lastRoundLeadIds", "last_round_lead_ids", "integer[]"],
  ["lastRoundId", "last_round_id", "integer"],
  ["firstName", "first_name", "text"],
  ["lastName", "last_name", "text"],
  ["role", "role", "text"],
  ["email", "email", "text"],
  ["founders", "founders", "text"],
];

/** The inputs stored beside them: what a source stated of the company as a whole. */
const STATED_COLUMNS = [
  ["stated_total_usd", "bigint"],
  ["stated_round_count", "integer"],
] as const;
const WRITTEN = [...SUMMARY_COLUMNS.map(([, column, type]) => [column, type] as const), ...STATED_COLUMNS];

const RECORD_TYPE = sql.raw(
  ["id integer", ...WRITTEN.map(([column, type]) => `"${column}" ${type}`)].join(", "),
);
const ASSIGNMENTS = sql.raw(WRITTEN.map(([column]) => `"${column}" = r."${column}"`).join(", "));
const CHANGED = sql.raw(
  `(${WRITTEN.map(([column]) => `c."${column}"`).join(", ")}) is distinct from (${WRITTEN.map(([column]) => `r."${column}"`).join(", ")})`,
);

export interface StoredSummary {
  summary: CompanySummary;
  stated: CompanyGraph["stated"];
}

/**
 * decision 030, the one writer's second door: stores the summaries of these companies, with the stated
 * figures they were derived from, in one UPDATE, and
 * only where a field changed (an unchanged row gets no new version, so no index is written twice). Returns
 * how many rows changed. Call it in the transaction that wrote their rounds, investors or people.
 */
export async function writeSummaries(db: Db, summaries: ReadonlyMap<number, StoredSummary>): Promise<number> {
  if (summaries.size === 0) return 0;
  const records = [...summaries].map(([id, { summary, stated }]) => {
    const record: Record<string, unknown> = {
      id,
      stated_total_usd: stated.totalUsd,
      stated_round_count: stated.roundCount,
    };
    for (const [key, column] of SUMMARY_COLUMNS) record[column] = summary[key];
    return record;
  });
  const changed = await queryRows<{ id: number }>(
    db,
    sql`update companies c set ${ASSIGNMENTS}, updated_at = now()
        from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as r(${RECORD_TYPE})
        where c.id = r.id and ${CHANGED}
        returning c.id`,
  );
  return changed.length;
}

/**
 * decision 030: recomputes and stores the derived fields of these companies from their rounds, investors and
 * people (after a rounds import, a round or person removed, a do-not-sell request). Returns the rows changed.
 */
export async function refreshSummaries(db: Db, companyIds: readonly number[]): Promise<number> {
  const graphs = await loadCompanyGraphs(db, companyIds);
  const summaries = new Map<number, StoredSummary>();
  for (const graph of graphs.values()) {
    summaries.set(graph.companyId, { summary: summarize(graph), stated: graph.stated });
  }
  return writeSummaries(db, summaries);
}
