import { sql } from "drizzle-orm";
import { slugify } from "../../../core/slug";
import type { Db } from "../../db/database.server";
import { nextIds } from "../../db/next-ids.server";
import { queryRows } from "../../db/query-rows.server";
import { allocateSlugsAmong } from "../../imports/slug-allocation.server";
import type { AccessionState, CompanyFields, CompanyState, PersonRecord, RoundState } from "./formd-states";
import { FORMD_SOURCE } from "./formd-values";

// decision 031: a Form D batch's writes, each one statement whatever the batch's size (jsonb_to_recordset).

export async function insertCompanies(tx: Db, companies: readonly CompanyState[]): Promise<void> {
  if (companies.length === 0) return;
  const ids = await nextIds(tx, "companies", companies.length);
  const slugs = await allocateSlugsAmong(
    companies.map((company) => slugify(company.values.organizationName)),
    async (candidates) => {
      const taken = await queryRows<{ slug: string }>(
        tx,
        sql`select slug from companies where slug = any(${sql.param(candidates)}::text[])`,
      );
      return new Set(taken.map((row) => row.slug));
    },
  );
  const records = companies.map((company, index) => {
    company.id = ids[index] ?? null;
    return { id: company.id, slug: slugs[index], ...companyRecord(company.values) };
  });
  // No email: a company known only from Form D has none yet (its contact fields stay null).
  await tx.execute(
    sql`insert into companies (id, slug, organization_name, name_key, cik, city, region, country,
          headquarters_location, industries, industry_groups)
        select id, slug, organization_name, name_key, cik, city, region, country, headquarters_location,
          industries, industry_groups
        from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as r(${COMPANY_RECORD})`,
  );
}

const COMPANY_RECORD = sql.raw(
  "id integer, slug text, organization_name text, name_key text, cik text, city text, region text, country text, headquarters_location text, industries text[], industry_groups text[]",
);

function companyRecord(values: CompanyFields) {
  return {
    organization_name: values.organizationName,
    name_key: values.nameKey,
    cik: values.cik,
    city: values.city,
    region: values.region,
    country: values.country,
    headquarters_location: values.headquartersLocation,
    industries: values.industries,
    industry_groups: values.industryGroups,
  };
}

export async function updateCompanies(tx: Db, companies: readonly CompanyState[]): Promise<void> {
  if (companies.length === 0) return;
  const records = companies.map((company) => ({
    id: company.id,
    slug: null,
    ...companyRecord(company.values),
  }));
  await tx.execute(
    sql`update companies c set cik = r.cik, city = r.city, region = r.region, country = r.country,
          headquarters_location = r.headquarters_location, industries = r.industries,
          industry_groups = r.industry_groups, updated_at = now()
        from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as r(${COMPANY_RECORD})
        where c.id = r.id`,
  );
}

export async function writeRounds(tx: Db, rounds: readonly RoundState[]): Promise<void> {
  if (rounds.length === 0) return;
  const fresh = rounds.filter((round) => round.id === null);
  const ids = await nextIds(tx, "funding_rounds", fresh.length);
  fresh.forEach((round, index) => {
    round.id = ids[index] ?? null;
  });
  const records = rounds.map(({ id, company, values }) => ({
    id,
    company_id: company.id,
    announced_on: values.announcedOn,
    funding_type: values.fundingType,
    amount_usd: values.amountUsd,
    investor_count: values.investorCount,
    source_key: values.sourceKey,
    source_url: values.sourceUrl,
  }));
  await tx.execute(
    sql`insert into funding_rounds as f (id, company_id, announced_on, funding_type, amount_usd, amount, currency,
          investor_count, source, source_key, source_url)
        select id, company_id, announced_on, funding_type, amount_usd, amount_usd,
          case when amount_usd is null then null else 'USD' end, investor_count, ${FORMD_SOURCE}, source_key, source_url
        from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as r(id integer, company_id integer,
          announced_on date, funding_type text, amount_usd bigint, investor_count integer, source_key text,
          source_url text)
        on conflict (id) do update set announced_on = excluded.announced_on, funding_type = excluded.funding_type,
          amount_usd = excluded.amount_usd, amount = excluded.amount, currency = excluded.currency,
          investor_count = excluded.investor_count, source_key = excluded.source_key,
          source_url = excluded.source_url`,
  );
}

export async function writeAccessions(
  tx: Db,
  accessions: ReadonlyMap<string, AccessionState>,
): Promise<void> {
  const records: Array<Record<string, unknown>> = [];
  for (const [accessionNumber, state] of accessions) {
    const { stored } = state;
    const roundId = state.round.id;
    if (
      stored !== null &&
      stored.roundId === roundId &&
      stored.rootAccession === state.rootAccession &&
      stored.filedOn === state.filedOn
    ) {
      continue;
    }
    records.push({
      accession_number: accessionNumber,
      round_id: roundId,
      root_accession: state.rootAccession,
      filed_on: state.filedOn,
    });
  }
  if (records.length === 0) return;
  await tx.execute(
    sql`insert into formd_filings (accession_number, round_id, root_accession, filed_on)
        select accession_number, round_id, root_accession, filed_on
        from jsonb_to_recordset(${JSON.stringify(records)}::jsonb)
          as r(accession_number text, round_id integer, root_accession text, filed_on date)
        on conflict (accession_number) do update set round_id = excluded.round_id,
          root_accession = excluded.root_accession, filed_on = excluded.filed_on`,
  );
}

export async function writePeople(
  tx: Db,
  writes: ReadonlyArray<{ company: CompanyState; records: PersonRecord[]; sourceUrl: string }>,
): Promise<void> {
  if (writes.length === 0) return;
  const companyIds = writes.map(({ company }) => company.id as number);
  await tx.execute(
    sql`delete from people where company_id = any(${sql.param(companyIds)}::int[]) and source = ${FORMD_SOURCE}`,
  );
  const records = writes.flatMap(({ company, records, sourceUrl }) =>
    records.map(([position, firstName, lastName, title, roleKind]) => ({
      company_id: company.id,
      position,
      first_name: firstName,
      last_name: lastName,
      title,
      role_kind: roleKind,
      source_url: sourceUrl,
    })),
  );
  if (records.length === 0) return;
  await tx.execute(
    sql`insert into people (company_id, position, first_name, last_name, title, role_kind, source, source_url)
        select company_id, position, first_name, last_name, title, role_kind, ${FORMD_SOURCE}, source_url
        from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as r(company_id integer, position integer,
          first_name text, last_name text, title text, role_kind text, source_url text)`,
  );
}
