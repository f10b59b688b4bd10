import { sql } from "drizzle-orm";
import { summarize } from "../../core/company-summary";
import { investorDomain, investorNameKey, investorSlug } from "../../core/investor-match";
import { insertCompaniesStatement } from "../companies/bulk-insert.server";
import { takeTransactionLock } from "../db/advisory-locks.server";
import type { Db } from "../db/database.server";
import { deferIndexesOfEmptyTable, restoreDeferredIndexes } from "../db/deferred-indexes.server";
import { nextIds } from "../db/next-ids.server";
import { companies, type NewCompanyRow } from "../db/schema";
import { demoEmailStatus } from "./demo-email-status";
import { demoSummaryInput } from "./demo-summary";
import {
  DEFAULT_DEMO_COMPANY_COUNT,
  DEFAULT_DEMO_SEED,
  type DemoCompany,
  generateCompanies,
} from "./generate-companies";
import { type DemoInvestor, generateInvestors } from "./generate-investors";

export interface SeedOptions {
  count?: number;
  seed?: number;
  /** The day the 3-year window of funding dates ends on (default: now). */
  today?: Date;
  /** Rows per INSERT statement: 28 columns x 1,000 rows stays far below PostgreSQL's 65,535 parameters. */
  batchSize?: number;
  onProgress?: (inserted: number) => void;
  /** seedIfEmpty: called once the table is found empty, before seeding starts (the start-up's progress line). */
  onStart?: (count: number) => void;
}

export interface SeedResult {
  inserted: number;
  ms: number;
}

/** Inserts the deterministic demo data set. Each batch is its own statement; callers decide on emptiness. */
export async function seedCompanies(db: Db, options: SeedOptions = {}): Promise<SeedResult> {
  const started = performance.now();
  const batchSize = options.batchSize ?? 1_000;
  const investors = generateInvestors();
  await insertDemoInvestors(db, investors);
  const today = options.today ?? new Date();
  const companies = generateCompanies({
    count: options.count ?? DEFAULT_DEMO_COMPANY_COUNT,
    seed: options.seed ?? DEFAULT_DEMO_SEED,
    today,
    investors,
  });
  let batch: DemoCompany[] = [];
  let inserted = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    await insertDemoCompanies(db, batch, today);
    inserted += batch.length;
    batch = [];
    options.onProgress?.(inserted);
  };
  for (const company of companies) {
    batch.push(company);
    if (batch.length >= batchSize) await flush();
  }
  await flush();
  return { inserted, ms: Math.round(performance.now() - started) };
}

/**
 * The demo investors, with ids their index plus one: the generator's rounds name them by index (decision 028).
 * The identity sequence is moved past them, so an import's new investors take the next ids.
 */
async function insertDemoInvestors(db: Db, investors: readonly DemoInvestor[]): Promise<void> {
  const taken = new Set<string>();
  const records = investors.map((investor, index) => {
    const slug = investorSlug(investor.name, (candidate) => taken.has(candidate));
    taken.add(slug);
    return {
      id: index + 1,
      slug,
      name: investor.name,
      name_key: investorNameKey(investor.name),
      type: investor.type,
      website: investor.website,
      website_domain: investorDomain(investor.website),
      city: investor.city,
      region: investor.region,
      country: investor.country,
    };
  });
  await db.execute(
    sql`insert into investors (id, slug, name, name_key, type, website, website_domain, city, region, country)
        select id, slug, name, name_key, type, website, website_domain, city, region, country
        from jsonb_to_recordset(${JSON.stringify(records)}::jsonb)
          as r(id integer, slug text, name text, name_key text, type text, website text, website_domain text,
               city text, region text, country text)`,
  );
  await db.execute(
    sql`select setval(pg_get_serial_sequence('investors', 'id'), greatest(${investors.length}, 1))`,
  );
}

/**
 * One batch of demo companies with their rounds, round investors and people. Ids are taken from the
 * identity sequences first, so each round's id is known before it is written, and rounds get ids in date
 * order; the row's derived keys (rounds count, investor keys, latest round) are `summarize`'s over those ids.
 */
async function insertDemoCompanies(db: Db, batch: readonly DemoCompany[], today: Date): Promise<void> {
  const companyIds = await nextIds(db, "companies", batch.length);
  const roundIds = await nextIds(
    db,
    "funding_rounds",
    batch.reduce((sum, company) => sum + company.rounds.length, 0),
  );
  const rows: NewCompanyRow[] = [];
  const rounds: Record<string, unknown>[] = [];
  const links: Record<string, unknown>[] = [];
  const people: Record<string, unknown>[] = [];
  let nextRound = 0;
  batch.forEach((company, index) => {
    const companyId = companyIds[index] as number;
    const ids = company.rounds.map(() => roundIds[nextRound++] as number);
    const input = demoSummaryInput(company.rounds, company.people);
    const summary = summarize({
      ...input,
      rounds: input.rounds.map((round, at) => ({ ...round, id: ids[at] as number })),
      links: input.links.map((link) => ({ ...link, roundId: ids[(link.roundId ?? 1) - 1] ?? null })),
    });
    rows.push({
      ...company.row,
      id: companyId,
      fundingRoundCount: summary.fundingRoundCount,
      investorKeys: summary.investorKeys,
      lastRoundLeadIds: summary.lastRoundLeadIds,
      lastRoundId: summary.lastRoundId,
    });
    company.rounds.forEach((round, at) => {
      rounds.push({
        id: ids[at],
        company_id: companyId,
        announced_on: round.announcedOn,
        funding_type: round.fundingType,
        amount_usd: round.amountUsd,
        amount: round.amount,
        currency: round.currency,
        investor_count: round.investors.length,
      });
      for (const link of round.investors) {
        links.push({
          round_id: ids[at],
          investor_id: link.investor + 1,
          company_id: companyId,
          announced_on: round.announcedOn,
          is_lead: link.isLead,
        });
      }
    });
    company.people.forEach((person, position) => {
      people.push({
        company_id: companyId,
        position,
        first_name: person.firstName,
        last_name: person.lastName,
        title: person.title,
        role_kind: person.roleKind,
        email: person.email,
        linkedin: person.linkedin,
      });
    });
  });
  // decision 032: the addresses' generated statuses first, so each company copies its contact's as it is
  // written (migration 0030's trigger) rather than in a second pass over the rows.
  const statuses = people.flatMap((person) =>
    typeof person.email === "string" ? [demoEmailStatus(person.email, today)] : [],
  );
  if (statuses.length > 0) {
    await db.execute(
      sql`insert into email_addresses (email, status, checked_at, method, source, is_demo)
          select email, status, "checkedAt", method, source, true
          from jsonb_to_recordset(${JSON.stringify(statuses)}::jsonb)
            as r(email text, status text, "checkedAt" timestamptz, method text, source text)
          on conflict (email) do nothing`,
    );
  }
  await db.execute(insertCompaniesStatement(rows));
  await db.execute(
    sql`insert into funding_rounds (id, company_id, announced_on, funding_type, amount_usd, amount, currency, investor_count, source)
        select id, company_id, announced_on, funding_type, amount_usd, amount, currency, investor_count, 'demo'
        from jsonb_to_recordset(${JSON.stringify(rounds)}::jsonb)
          as r(id integer, company_id integer, announced_on date, funding_type text, amount_usd bigint, amount numeric,
               currency text, investor_count integer)`,
  );
  if (links.length > 0) {
    await db.execute(
      sql`insert into round_investors (round_id, investor_id, company_id, announced_on, is_lead)
          select round_id, investor_id, company_id, announced_on, is_lead
          from jsonb_to_recordset(${JSON.stringify(links)}::jsonb)
            as r(round_id integer, investor_id integer, company_id integer, announced_on date, is_lead boolean)`,
    );
  }
  if (people.length > 0) {
    await db.execute(
      sql`insert into people (company_id, position, first_name, last_name, title, role_kind, email, linkedin, source)
          select company_id, position, first_name, last_name, title, role_kind, email, linkedin, 'demo'
          from jsonb_to_recordset(${JSON.stringify(people)}::jsonb)
            as r(company_id integer, position integer, first_name text, last_name text, title text, role_kind text,
                 email text, linkedin text)`,
    );
  }
}

/**
 * The indexes a seed of an empty database builds once after its rows rather than row by row (decision 020's
 * first load; decision 030, "Search at 1,000,000 with investors"): every secondary index of the rounds, their
 * investors and people, and the companies' investor and rounds-count indexes. The seed reads none of them.
 */
const SEED_DEFERRED_INDEXES: ReadonlyArray<{ table: string; only?: readonly string[] }> = [
  { table: "funding_rounds" },
  { table: "round_investors" },
  { table: "people" },
  { table: "companies", only: ["companies_investor_keys_idx", "companies_funding_round_count_idx"] },
];

export interface BulkSeedResult extends SeedResult {
  /** Indexes set aside before the seed and built after it, and the building's time. */
  indexes: { indexes: number; ms: number };
}

/**
 * `npm run db:seed`: seeds the demo data set in one transaction (after deleting every company with
 * `replace`). Into empty tables, SEED_DEFERRED_INDEXES are dropped first and built after the commit, two at a
 * time on a server; if the seed fails they are built back at once (and, should that fail too, at the next
 * start: deferred_indexes keeps them). With rows already there nothing is deferred.
 */
export async function bulkSeedCompanies(
  db: Db,
  options: SeedOptions & { replace?: boolean } = {},
): Promise<BulkSeedResult> {
  let deferred = 0;
  for (const { table, only } of SEED_DEFERRED_INDEXES)
    deferred += await deferIndexesOfEmptyTable(db, table, [], only);
  let seeded: SeedResult;
  try {
    seeded = await db.transaction(async (tx) => {
      if (options.replace) await deleteAllCompanies(tx);
      return seedCompanies(tx, options);
    });
  } catch (error) {
    // The tables are empty again: building back is quick. A failure here leaves the record for the next start.
    if (deferred > 0) await restoreDeferredIndexes(db, { connections: 2 }).catch(() => {});
    throw error;
  }
  const indexes = deferred > 0 ? await restoreDeferredIndexes(db, { connections: 2 }) : { indexes: 0, ms: 0 };
  return { ...seeded, indexes };
}

/**
 * After a bulk load: fresh statistics for the planner, and the visibility map set, so paging through the
 * date index can be an index-only scan. VACUUM cannot run inside a transaction: call it after commit.
 */
export async function tidyAfterBulkLoad(db: Db): Promise<void> {
  await db.execute(sql`vacuum analyze companies, funding_rounds, round_investors, people, investors`);
}

/**
 * Seeds the demo data set only when there are no companies at all, in one transaction, so a start that
 * dies half-way leaves an empty table (and the next start seeds again). Returns null when it did nothing.
 */
export async function seedIfEmpty(db: Db, options: SeedOptions = {}): Promise<SeedResult | null> {
  const result = await db.transaction(async (tx) => {
    await takeTransactionLock(tx, "seed");
    const existing = await tx.select({ id: companies.id }).from(companies).limit(1);
    if (existing.length > 0) return null;
    options.onStart?.(options.count ?? DEFAULT_DEMO_COMPANY_COUNT);
    return seedCompanies(tx, options);
  });
  if (result) await tidyAfterBulkLoad(db);
  return result;
}

/**
 * `npm run db:seed -- --replace`: deletes every company, and with them the suppression links that point at
 * them (suppressed_companies references companies: a plain TRUNCATE was refused on PostgreSQL as soon as
 * one do-not-sell request had hidden a company). The suppressed addresses stay, so a later import still
 * skips them. Ids start again from 1.
 */
export async function deleteAllCompanies(db: Db): Promise<void> {
  // Their rounds, links and people go with them; investors too, known only through them (decision 030); and the
  // Form D filings that point at their rounds (decision 031).
  await db.execute(
    sql`truncate companies, suppressed_companies, funding_rounds, round_investors, company_investors, people, investors,
          formd_filings restart identity`,
  );
  // The similar-companies lists name the old ids.
  await db.execute(sql`delete from company_similarities`);
  // The demo set's generated statuses go with it (decision 032); checked and reported addresses stay.
  await db.execute(sql`delete from email_addresses where is_demo`);
  await db.execute(sql`delete from company_pairs`);
  await db.execute(sql`delete from similarity_state`);
}
