import { sql } from "drizzle-orm";
import { type SummaryPerson, type SummaryRound, summarize } from "../../core/company-summary";
import { founderNames, hasRoundValues, peopleOfFields, splitName } from "../../core/imported-company-graph";
import { type StoredSummary, writeSummaries } from "../company-summary/refresh-summaries.server";
import type { Db } from "../db/database.server";
import { queryRows } from "../db/query-rows.server";
import { suppressedHashesAmong, suppressionHash } from "../suppression/email-hash.server";

/** The marker in data_backfills: done once per database. */
export const ROUNDS_BACKFILL = "rounds-v1";
const BATCH_SIZE = 5_000;

interface LegacyCompany extends Record<string, unknown> {
  id: number;
  last_funding_date: string | null;
  last_funding_type: string | null;
  last_funding_amount_usd: number | null;
  last_funding_amount: number | null;
  last_funding_currency: string | null;
  total_funding_amount_usd: number | null;
  first_name: string | null;
  last_name: string | null;
  role: string | null;
  email: string | null;
  founders: string | null;
}

interface LegacyPerson extends SummaryPerson {
  companyId: number;
}

export { founderNames, splitName };

/**
 * decision 030, the backfill: a company stored before rounds and people existed becomes one round (its Last
 * Funding fields, when any is set), a stated total (its Total Funding), and the people its contact fields
 * and `Founders` name (`peopleOfFields`). An address on the do-not-sell list makes no person.
 */
export function legacyGraph(
  company: LegacyCompany,
  suppressed: (email: string) => boolean,
): { round: Omit<SummaryRound, "id"> | null; people: LegacyPerson[] } {
  const round = {
    announcedOn: company.last_funding_date,
    fundingType: company.last_funding_type,
    amountUsd: company.last_funding_amount_usd,
    amount: company.last_funding_amount,
    currency: company.last_funding_currency,
  };
  const email = company.email?.trim() || null;
  const people = peopleOfFields(
    {
      firstName: company.first_name,
      lastName: company.last_name,
      role: company.role,
      email,
      founders: company.founders,
    },
    !(email !== null && suppressed(email)),
  ).map((person) => ({ ...person, companyId: company.id }));
  return { round: hasRoundValues(round) ? round : null, people };
}

const LEGACY_FIELDS = sql`c.id, c.last_funding_date::text as last_funding_date, c.last_funding_type,
  c.last_funding_amount_usd::float8 as last_funding_amount_usd, c.last_funding_amount::float8 as last_funding_amount,
  c.last_funding_currency, c.total_funding_amount_usd::float8 as total_funding_amount_usd,
  c.first_name, c.last_name, c.role, c.email, c.founders`;

/** Companies with neither rounds nor people: stored before they existed, or since by a path that knows none. */
const IS_LEGACY = sql`not exists (select 1 from funding_rounds r where r.company_id = c.id)
  and not exists (select 1 from people p where p.company_id = c.id)`;

/**
 * decision 030: before a writer derives the fields of these companies from their rounds and people, the ones
 * that have neither get them from their fields (as the backfill does), so deriving loses nothing. Returns
 * how many it converted.
 */
export async function ensureCompanyGraphs(
  db: Db,
  companyIds: readonly number[],
  secret?: string,
): Promise<number> {
  if (companyIds.length === 0) return 0;
  const companies = await queryRows<LegacyCompany>(
    db,
    sql`select ${LEGACY_FIELDS} from companies c
        where c.id = any(${sql.param([...new Set(companyIds)])}::int[]) and ${IS_LEGACY}`,
  );
  if (companies.length > 0) await convertLegacyCompanies(db, companies, secret);
  return companies.length;
}

/** Writes the round, the people and the derived fields `legacyGraph` gives each of these companies. */
async function convertLegacyCompanies(
  tx: Db,
  companies: readonly LegacyCompany[],
  secret: string | undefined,
): Promise<{ rounds: number; people: number }> {
  const hashOf = (email: string) => suppressionHash(email, secret);
  const emails = companies.flatMap((company) => (company.email?.trim() ? [company.email] : []));
  const suppressedHashes = await suppressedHashesAmong(tx, emails.map(hashOf));
  const graphs = companies.map((company) => ({
    company,
    ...legacyGraph(company, (email) => suppressedHashes.has(hashOf(email))),
  }));

  const rounds = graphs.flatMap(({ company, round }) =>
    round ? [{ company_id: company.id, ...round }] : [],
  );
  const roundIds =
    rounds.length === 0
      ? []
      : await queryRows<{ id: number; company_id: number }>(
          tx,
          sql`insert into funding_rounds (company_id, announced_on, funding_type, amount_usd, amount, currency, source)
              select company_id, "announcedOn", "fundingType", "amountUsd", amount, currency, 'backfill'
              from jsonb_to_recordset(${JSON.stringify(rounds)}::jsonb)
                as r(company_id integer, "announcedOn" date, "fundingType" text, "amountUsd" bigint, amount numeric, currency text)
              returning id, company_id`,
        );
  const roundIdOf = new Map(roundIds.map((row) => [row.company_id, row.id]));
  const people = graphs.flatMap((graph) => graph.people);
  if (people.length > 0) {
    await tx.execute(
      sql`insert into people (company_id, position, first_name, last_name, title, role_kind, email, source)
          select "companyId", position, "firstName", "lastName", title, "roleKind", email, 'backfill'
          from jsonb_to_recordset(${JSON.stringify(people)}::jsonb)
            as r("companyId" integer, position integer, "firstName" text, "lastName" text, title text, "roleKind" text, email text)`,
    );
  }
  const summaries = new Map<number, StoredSummary>();
  for (const graph of graphs) {
    const roundId = roundIdOf.get(graph.company.id);
    const stated = { totalUsd: graph.company.total_funding_amount_usd, roundCount: null };
    const summary = summarize({
      rounds: graph.round && roundId !== undefined ? [{ id: roundId, ...graph.round }] : [],
      links: [],
      people: graph.people,
      stated,
    });
    summaries.set(graph.company.id, { summary, stated });
  }
  await writeSummaries(tx, summaries);
  return { rounds: rounds.length, people: people.length };
}

/**
 * decision 030: runs the backfill once (marker `rounds-v1`), in keyset batches of 5,000 companies, each in
 * its own transaction; a company that already has rounds or people is left alone, so a backfill cut short
 * goes on where it stopped. Returns null when it had already run.
 */
export async function backfillRoundsAndPeople(
  db: Db,
  options: { secret?: string; batchSize?: number; onProgress?: (companies: number) => void } = {},
): Promise<{ companies: number; rounds: number; people: number; ms: number } | null> {
  const started = performance.now();
  const done = await queryRows<{ name: string }>(
    db,
    sql`select name from data_backfills where name = ${ROUNDS_BACKFILL}`,
  );
  if (done.length > 0) return null;
  const batchSize = options.batchSize ?? BATCH_SIZE;
  const totals = { companies: 0, rounds: 0, people: 0 };
  let after = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const companies = await queryRows<LegacyCompany>(
        tx,
        sql`select ${LEGACY_FIELDS} from companies c where c.id > ${after} and ${IS_LEGACY} order by c.id limit ${batchSize}`,
      );
      if (companies.length === 0) return null;
      const written = await convertLegacyCompanies(tx, companies, options.secret);
      return { companies: companies.length, ...written, last: companies.at(-1)?.id ?? after };
    });
    if (batch === null) break;
    totals.companies += batch.companies;
    totals.rounds += batch.rounds;
    totals.people += batch.people;
    after = batch.last;
    options.onProgress?.(totals.companies);
  }
  await db.execute(
    sql`insert into data_backfills (name) values (${ROUNDS_BACKFILL}) on conflict (name) do nothing`,
  );
  return { ...totals, ms: Math.round(performance.now() - started) };
}
