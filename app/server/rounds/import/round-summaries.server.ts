import { sql } from "drizzle-orm";
import {
  type RoleKind,
  type SummaryInvestorLink,
  type SummaryPerson,
  type SummaryRound,
  summarize,
} from "../../../core/company-summary";
import { type StoredSummary, writeSummaries } from "../../company-summary/refresh-summaries.server";
import type { Db } from "../../db/database.server";
import { queryRows } from "../../db/query-rows.server";

/** A round of a company as the batch leaves it (stored and untouched, or just written), with its investors. */
export interface CompanyRound extends SummaryRound {
  links: ReadonlyArray<{ investorId: number; isLead: boolean }>;
}

/** A person as the query below returns them: position, first name, last name, title, kind, email. */
type PersonTuple = [number, string | null, string | null, string | null, RoleKind, string | null];

interface CompanyExtras extends Record<string, unknown> {
  id: number;
  total: number | null;
  count: number | null;
  people: PersonTuple[];
  backers: Array<[number, boolean]>;
}

/**
 * decision 030, the one writer for a rounds batch: stores the derived fields of the `touched` companies, in the
 * batch's transaction. `roundsOf` holds every round of each company whose rounds the batch loaded and wrote
 * (the batch's companies, after its writes): those are summarised from it plus one query for their people,
 * stated figures and company investors, so the batch's rounds are not read back; it may run before they are
 * written. A touched company outside `roundsOf` (a round moved away from it) is the caller's to refresh from
 * the tables once the rounds are written (refreshSummaries). Returns the rows changed.
 */
export async function writeBatchSummaries(
  db: Db,
  touched: ReadonlySet<number>,
  roundsOf: ReadonlyMap<number, readonly CompanyRound[]>,
  timed: <T>(phase: string, step: () => Promise<T>) => Promise<T> = (_phase, step) => step(),
): Promise<number> {
  const known = [...touched].filter((id) => roundsOf.has(id));
  if (known.length === 0) return 0;
  const extras = await timed("load people", () =>
    queryRows<CompanyExtras>(
      db,
      sql`select c.id, c.stated_total_usd::float8 as total, c.stated_round_count as count,
          coalesce((select json_agg(json_build_array(p.position, p.first_name, p.last_name, p.title, p.role_kind,
              p.email) order by p.position, p.id)
            from people p where p.company_id = c.id), '[]') as people,
          coalesce((select json_agg(json_build_array(ci.investor_id, ci.is_lead))
            from company_investors ci where ci.company_id = c.id), '[]') as backers
        from companies c where c.id = any(${sql.param(known)}::int[])`,
    ),
  );
  const summaries = new Map<number, StoredSummary>();
  for (const company of extras) {
    const rounds = roundsOf.get(company.id) ?? [];
    const links: SummaryInvestorLink[] = company.backers.map(([investorId, isLead]) => ({
      roundId: null,
      investorId,
      isLead,
    }));
    for (const round of rounds) {
      for (const link of round.links) links.push({ roundId: round.id, ...link });
    }
    const people: SummaryPerson[] = company.people.map(
      ([position, firstName, lastName, title, roleKind, email]) => ({
        position,
        firstName,
        lastName,
        title,
        roleKind,
        email,
      }),
    );
    const stated = { totalUsd: company.total, roundCount: company.count };
    summaries.set(company.id, { summary: summarize({ rounds, links, people, stated }), stated });
  }
  return timed("update companies", () => writeSummaries(db, summaries));
}
