import { sql } from "drizzle-orm";
import { type CompanySummary, type SummaryRound, summarize } from "../../../core/company-summary";
import {
  type GraphPlan,
  mergePeople,
  peopleOfFields,
  type RowFields,
  roundChange,
  rowRound,
} from "../../../core/imported-company-graph";
import type { RowInvestor } from "../../../core/investor-names";
import { resolveInvestors, spellingKey } from "../../company-summary/investor-store.server";
import {
  type CompanyGraph,
  loadCompanyGraphs,
  type StoredInvestorLink,
} from "../../company-summary/refresh-summaries.server";
import type { Db } from "../../db/database.server";
import { nextIds } from "../../db/next-ids.server";
import { recordImportedAddresses } from "../../email-status/address-statuses.server";
import type { ImportedCompany } from "../crunchbase-row";
import { ensureCompanyGraphs } from "../rounds-backfill.server";

/**
 * decision 030, the companies import's door to the one writer: before a batch's upsert, each written
 * company's rounds, people and investors are merged with what its row says (core/imported-company-graph.ts)
 * and summarised; the upsert stores the summary with the row (one tuple version), and `writeGraphs` then
 * stores the rounds, people and links, in the same transaction.
 */

/** What the file provides, by its columns: a part the file has no column for stays as it is. */
export interface GraphColumns {
  /** The file's fields: a contact or funding field it lacks keeps the company's current value. */
  fields: ReadonlySet<keyof ImportedCompany>;
  round: boolean;
  people: boolean;
  investors: boolean;
  statedTotal: boolean;
  statedCount: boolean;
}

const ROUND_FIELDS = [
  "lastFundingDate",
  "lastFundingType",
  "lastFundingAmountUsd",
  "lastFundingAmount",
  "lastFundingCurrency",
] as const;
const PEOPLE_FIELDS = ["firstName", "lastName", "role", "email", "founders"] as const;

export function graphColumnsOf(
  fields: ReadonlyArray<keyof ImportedCompany>,
  investors: boolean,
): GraphColumns {
  const has = (field: keyof ImportedCompany) => fields.includes(field);
  return {
    fields: new Set(fields),
    round: ROUND_FIELDS.some(has),
    people: PEOPLE_FIELDS.some(has),
    investors,
    statedTotal: has("totalFundingAmountUsd"),
    statedCount: has("statedRoundCount"),
  };
}

/** A written company of the batch: its id (allocated for a new one), its row, and the row's investors. */
export interface GraphInput {
  id: number;
  isNew: boolean;
  company: ImportedCompany;
  investors: RowInvestor[] | null;
}

/** The columns the summary sets, beside the row's: written by the upsert with it. */
export type SummaryValues = CompanySummary & {
  statedTotalUsd: number | null;
  statedRoundCount: number | null;
};

interface CompanyPlan extends GraphPlan {
  companyId: number;
  /** The round's id: allocated for a new one. */
  roundId: number | null;
  /** The company links of the import's own source (null: the file names no investors). */
  links: Array<{ investorId: number; isLead: boolean }> | null;
}

/** What `writeGraphs` writes after the upsert. */
export interface PreparedGraphs {
  summaries: Map<number, SummaryValues>;
  plans: CompanyPlan[];
  investorsCreated: number;
}

const EMPTY_STATED = { totalUsd: null, roundCount: null };

/**
 * Loads the stored graphs of the batch's existing companies (converting any still without one, as the
 * backfill does), resolves the rows' investors, and merges each row in: the summary per company, and the
 * plan `writeGraphs` carries out. A new company's graph is its row's alone (nothing is loaded for it).
 */
export async function prepareGraphs(
  tx: Db,
  inputs: readonly GraphInput[],
  columns: GraphColumns,
): Promise<PreparedGraphs> {
  const existing = inputs.filter((input) => !input.isNew).map((input) => input.id);
  if (existing.length > 0) await ensureCompanyGraphs(tx, existing);
  const graphs = await loadCompanyGraphs(tx, existing);

  const spellings = columns.investors
    ? [
        ...new Map(
          inputs.flatMap((input) => input.investors ?? []).map((i) => [i.name, { name: i.name }]),
        ).values(),
      ]
    : [];
  const { ids: investorIds, created: investorsCreated } = await resolveInvestors(tx, spellings);

  const drafts = inputs.map((input) => {
    const graph: CompanyGraph = graphs.get(input.id) ?? {
      companyId: input.id,
      rounds: [],
      links: [],
      people: [],
      stated: EMPTY_STATED,
    };
    const current: RowFields | null = input.isNew ? null : summarize(graph);
    const fields = rowFields(input.company, columns, current);
    const round = columns.round ? roundChange(graph.rounds, rowRound(fields)) : null;
    const merged = columns.people ? mergePeople(graph.people, peopleOfFields(fields)) : null;
    const links = input.investors === null ? null : companyLinksOf(input.investors, investorIds);
    const stated = {
      totalUsd: columns.statedTotal ? input.company.totalFundingAmountUsd : graph.stated.totalUsd,
      roundCount: columns.statedCount ? input.company.statedRoundCount : graph.stated.roundCount,
    };
    return { input, graph, round, merged, links, stated };
  });

  const newRoundIds = await nextIds(
    tx,
    "funding_rounds",
    drafts.filter((draft) => draft.round?.id === null).length,
  );
  let nextNewRound = 0;
  const summaries = new Map<number, SummaryValues>();
  const plans: CompanyPlan[] = [];
  for (const draft of drafts) {
    const { input, graph, round, merged, links, stated } = draft;
    const roundId = round === null ? null : (round.id ?? (newRoundIds[nextNewRound++] as number));
    const rounds: SummaryRound[] = graph.rounds.filter((stored) => stored.id !== roundId);
    if (round !== null && roundId !== null) rounds.push({ id: roundId, ...round.values });
    const companyLinks: StoredInvestorLink[] =
      links === null
        ? graph.links
        : [
            ...graph.links.filter((link) => link.roundId !== null || link.source !== "crunchbase_companies"),
            ...links.map((link) => ({ ...link, roundId: null, source: "crunchbase_companies" })),
          ];
    const summary = summarize({
      rounds,
      links: companyLinks,
      people: merged?.people ?? graph.people,
      stated,
    });
    summaries.set(input.id, {
      ...summary,
      statedTotalUsd: stated.totalUsd,
      statedRoundCount: stated.roundCount,
    });
    plans.push({
      companyId: input.id,
      round,
      roundId,
      people: merged?.people ?? null,
      deletedPeople: merged?.deleted ?? [],
      links,
    });
  }
  return { summaries, plans, investorsCreated };
}

/**
 * A row's investors as links: one per investor (two spellings one investor matched become one link, a lead
 * if either led), so the links' insert never names a pair twice.
 */
function companyLinksOf(
  investors: readonly RowInvestor[],
  ids: ReadonlyMap<string, number>,
): Array<{ investorId: number; isLead: boolean }> {
  const byId = new Map<number, boolean>();
  for (const investor of investors) {
    const id = ids.get(spellingKey({ name: investor.name }));
    if (id === undefined) continue;
    byId.set(id, (byId.get(id) ?? false) || investor.isLead);
  }
  return [...byId].map(([investorId, isLead]) => ({ investorId, isLead }));
}

/** The contact and funding fields of a row: its own for the columns the file has, the company's for the rest. */
function rowFields(company: ImportedCompany, columns: GraphColumns, current: RowFields | null): RowFields {
  const pick = <K extends keyof RowFields>(key: K): RowFields[K] =>
    columns.fields.has(key) || current === null ? (company[key] as RowFields[K]) : current[key];
  return {
    firstName: pick("firstName"),
    lastName: pick("lastName"),
    role: pick("role"),
    email: pick("email"),
    founders: pick("founders"),
    lastFundingDate: pick("lastFundingDate"),
    lastFundingType: pick("lastFundingType"),
    lastFundingAmountUsd: pick("lastFundingAmountUsd"),
    lastFundingAmount: pick("lastFundingAmount"),
    lastFundingCurrency: pick("lastFundingCurrency"),
  };
}

/**
 * decision 032: the prepared people's new addresses get their form's status (one already known keeps its
 * own). Called before the companies' upsert, so each company's insert copies its contact's status by
 * trigger (migration 0030) in its one tuple version; recorded after it, the addresses' statement trigger
 * would update every new company a second time (and, in a first load, join the whole table each batch:
 * decision 020's amendment of 2026-12-01).
 */
export async function recordPreparedAddresses(tx: Db, prepared: PreparedGraphs): Promise<void> {
  await recordImportedAddresses(
    tx,
    prepared.plans.flatMap((plan) => (plan.people ?? []).map((person) => person.email)),
  );
}

/**
 * Writes the prepared rounds, people and company links, after the upsert stored the companies: at most one
 * statement per table and kind, the rows as one JSON parameter each. Returns what it wrote.
 */
export async function writeGraphs(
  tx: Db,
  prepared: PreparedGraphs,
): Promise<{ rounds: number; people: number }> {
  const newRounds: Record<string, unknown>[] = [];
  const changedRounds: Record<string, unknown>[] = [];
  const deletedPeople: number[] = [];
  const keptPeople: Record<string, unknown>[] = [];
  const newPeople: Record<string, unknown>[] = [];
  const linkCompanies: number[] = [];
  const links: Record<string, unknown>[] = [];
  for (const plan of prepared.plans) {
    if (plan.round !== null) {
      const record = {
        id: plan.roundId,
        company_id: plan.companyId,
        announced_on: plan.round.values.announcedOn,
        funding_type: plan.round.values.fundingType,
        amount_usd: plan.round.values.amountUsd,
        amount: plan.round.values.amount,
        currency: plan.round.values.currency,
      };
      (plan.round.id === null ? newRounds : changedRounds).push(record);
    }
    deletedPeople.push(...plan.deletedPeople);
    for (const person of plan.people ?? []) {
      const record = {
        id: person.id,
        company_id: plan.companyId,
        position: person.position,
        first_name: person.firstName,
        last_name: person.lastName,
        title: person.title,
        role_kind: person.roleKind,
        email: person.email,
      };
      (person.id === null ? newPeople : keptPeople).push(record);
    }
    if (plan.links !== null) {
      linkCompanies.push(plan.companyId);
      for (const link of plan.links) {
        links.push({ company_id: plan.companyId, investor_id: link.investorId, is_lead: link.isLead });
      }
    }
  }

  const ROUND_TYPE = sql.raw(
    `id integer, company_id integer, announced_on date, funding_type text, amount_usd bigint, amount numeric, currency text`,
  );
  if (newRounds.length > 0) {
    await tx.execute(
      sql`insert into funding_rounds (id, company_id, announced_on, funding_type, amount_usd, amount, currency, source)
          select id, company_id, announced_on, funding_type, amount_usd, amount, currency, 'crunchbase_companies'
          from jsonb_to_recordset(${JSON.stringify(newRounds)}::jsonb) as r(${ROUND_TYPE})`,
    );
  }
  if (changedRounds.length > 0) {
    await tx.execute(
      sql`update funding_rounds f set announced_on = r.announced_on, funding_type = r.funding_type,
            amount_usd = r.amount_usd, amount = r.amount, currency = r.currency
          from jsonb_to_recordset(${JSON.stringify(changedRounds)}::jsonb) as r(${ROUND_TYPE})
          where f.id = r.id`,
    );
    // A round's links carry its date (decision 030 §1): keep them with it.
    await tx.execute(
      sql`update round_investors l set announced_on = r.announced_on
          from jsonb_to_recordset(${JSON.stringify(changedRounds)}::jsonb) as r(${ROUND_TYPE})
          where l.round_id = r.id and l.announced_on is distinct from r.announced_on`,
    );
  }
  if (deletedPeople.length > 0) {
    await tx.execute(sql`delete from people where id = any(${sql.param(deletedPeople)}::int[])`);
  }
  const PERSON_TYPE = sql.raw(
    `id integer, company_id integer, position integer, first_name text, last_name text, title text, role_kind text, email text`,
  );
  if (keptPeople.length > 0) {
    await tx.execute(
      sql`update people p set position = r.position, first_name = r.first_name, last_name = r.last_name,
            title = r.title, role_kind = r.role_kind, email = r.email, updated_at = now()
          from jsonb_to_recordset(${JSON.stringify(keptPeople)}::jsonb) as r(${PERSON_TYPE})
          where p.id = r.id
            and (p.position, p.first_name, p.last_name, p.title, p.role_kind, p.email)
              is distinct from (r.position, r.first_name, r.last_name, r.title, r.role_kind, r.email)`,
    );
  }
  if (newPeople.length > 0) {
    await tx.execute(
      sql`insert into people (company_id, position, first_name, last_name, title, role_kind, email, source)
          select company_id, position, first_name, last_name, title, role_kind, email, 'crunchbase_companies'
          from jsonb_to_recordset(${JSON.stringify(newPeople)}::jsonb) as r(${PERSON_TYPE})`,
    );
  }
  if (linkCompanies.length > 0) {
    await tx.execute(
      sql`delete from company_investors
          where company_id = any(${sql.param(linkCompanies)}::int[]) and source = 'crunchbase_companies'`,
    );
  }
  if (links.length > 0) {
    // Another source's link to the same investor stays; the lead flag is kept if either says so.
    await tx.execute(
      sql`insert into company_investors (company_id, investor_id, is_lead, source)
          select company_id, investor_id, is_lead, 'crunchbase_companies'
          from jsonb_to_recordset(${JSON.stringify(links)}::jsonb) as r(company_id integer, investor_id integer, is_lead boolean)
          on conflict (company_id, investor_id) do update
            set is_lead = company_investors.is_lead or excluded.is_lead`,
    );
  }
  return { rounds: newRounds.length + changedRounds.length, people: newPeople.length + keptPeople.length };
}
