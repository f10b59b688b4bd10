import { sql } from "drizzle-orm";
import { showValue } from "../../../core/crunchbase-cells";
import { ensureCompanyGraphs } from "../../companies/rounds-backfill.server";
import { resolveInvestors, spellingKey } from "../../company-summary/investor-store.server";
import { refreshSummaries } from "../../company-summary/refresh-summaries.server";
import type { Db } from "../../db/database.server";
import { queryRows } from "../../db/query-rows.server";
import type { DuplicateRow, RejectedRow } from "../../imports/import-kit.server";
import { takeImportLock } from "../../imports/import-lock.server";
import type { FileRounds } from "./file-rounds";
import type { ImportedRound } from "./round-row";

/** A valid row waiting in a batch. */
export interface RoundBatchRow {
  row: number;
  round: ImportedRound;
}

export interface RoundBatchCounts {
  inserted: number;
  updated: number;
  unchanged: number;
  rejected: RejectedRow[];
  duplicates: DuplicateRow[];
  roundsWritten: number;
  investorsCreated: number;
}

/** docs/product.md#imports: a row whose company is not stored. */
export function unknownOrganizationReason(name: string): string {
  return `Organization ${showValue(name)} is not in Roundlist: import its company first.`;
}

interface StoredCompany extends Record<string, unknown> {
  id: number;
  name_key: string;
  website_domain: string | null;
}

interface StoredRound extends Record<string, unknown> {
  id: number;
  company_id: number;
  announced_on: string | null;
  funding_type: string | null;
  amount_usd: number | null;
  amount: number | null;
  currency: string | null;
  investor_count: number | null;
  source: string;
  source_key: string | null;
}

/** A round as this batch leaves it: the stored one it updates (if any) and the values to write. */
interface RoundState {
  identity: string;
  storedId: number | null;
  /** The company it belonged to before (a round a row moves to another company touches both). */
  storedCompanyId: number | null;
  values: RoundValues;
  digest: string;
  /** A row of this batch changed it: it is written. */
  changed: boolean;
}

interface RoundValues {
  companyId: number;
  announcedOn: string | null;
  fundingType: string | null;
  amountUsd: number | null;
  amount: number | null;
  currency: string | null;
  investorCount: number | null;
  sourceKey: string | null;
  investors: ImportedRound["investors"];
}

const SOURCE = "crunchbase_rounds";

/** What decides whether a stored round is rewritten: its fields, its source and its investors by name key. */
function roundDigest(values: RoundValues, source: string, investorKeys: string): string {
  return JSON.stringify([
    values.companyId,
    values.announcedOn,
    values.fundingType,
    values.amountUsd,
    values.amount,
    values.currency,
    values.investorCount,
    values.sourceKey,
    source,
    investorKeys,
  ]);
}

function investorKeysOf(investors: ReadonlyArray<{ nameKey: string; isLead: boolean }>): string {
  return investors
    .map((investor) => `${investor.nameKey}${investor.isLead ? "*" : ""}`)
    .sort()
    .join("\u001f");
}

/** The key of a round among the file's rows: its Crunchbase URL, else its company, date and type. */
function identityOf(round: ImportedRound, companyId: number): string {
  return round.sourceKey !== null
    ? `k:${round.sourceKey}`
    : `c:${companyId}|${round.announcedOn ?? ""}|${round.fundingType ?? ""}`;
}

/**
 * decision 030, the rounds import's writer: in one transaction under the import lock, matches each row's
 * company (website domain, else name key, as the companies import), gives the batch's legacy companies their
 * rounds first (ensureCompanyGraphs), matches each round to a stored one (its Crunchbase URL, else company,
 * date and type), classifies the rows in file order (new, updated, unchanged; the last row about a round
 * wins), then for the rounds that changed: resolves their investors, writes the rounds, replaces their
 * investor links and refreshes the touched companies' derived fields. A dry run classifies and writes nothing.
 */
export async function writeRoundsBatch(
  db: Db,
  batch: readonly RoundBatchRow[],
  file: FileRounds,
  { dryRun }: { dryRun: boolean },
): Promise<RoundBatchCounts> {
  const counts: RoundBatchCounts = {
    inserted: 0,
    updated: 0,
    unchanged: 0,
    rejected: [],
    duplicates: [],
    roundsWritten: 0,
    investorsCreated: 0,
  };
  const notes: Array<[string, number, string | null]> = [];
  const newInvestorKeys: string[] = [];
  const touched = new Set<number>();
  await db.transaction(async (tx) => {
    await takeImportLock(tx);
    const companyOf = await matchCompanies(tx, batch);
    const matched: Array<{ row: RoundBatchRow; companyId: number }> = [];
    for (const row of batch) {
      const companyId = companyOf(row.round);
      if (companyId === null) {
        counts.rejected.push({ row: row.row, reason: unknownOrganizationReason(row.round.organizationName) });
      } else {
        matched.push({ row, companyId });
      }
    }
    const companyIds = [...new Set(matched.map((entry) => entry.companyId))];
    // A company stored without rounds or people gets them from its fields first, so deriving loses nothing.
    if (!dryRun) await ensureCompanyGraphs(tx, companyIds);
    const stored = await loadRounds(tx, companyIds, matched);

    const states = new Map<string, RoundState>();
    const claimed = new Set<number>();
    for (const { row, companyId } of matched) {
      const round = row.round;
      const identity = identityOf(round, companyId);
      const earlier = file.get(identity);
      let state = states.get(identity);
      const seenInBatch = state !== undefined;
      if (state === undefined) {
        const match = stored.match(round, companyId, claimed);
        if (match !== null) claimed.add(match.round.id);
        state = {
          identity,
          storedId: match?.round.id ?? null,
          storedCompanyId: match?.round.company_id ?? null,
          values: match ? storedValues(match.round) : emptyValues(companyId),
          digest: match?.digest ?? "",
          changed: false,
        };
        // A dry run's earlier batches stored nothing: what they would have written stands in.
        if (dryRun && earlier?.digest) state.digest = earlier.digest;
        states.set(identity, state);
      }
      const values: RoundValues = {
        companyId,
        announcedOn: round.announcedOn,
        fundingType: round.fundingType,
        amountUsd: round.amountUsd,
        amount: round.amount,
        currency: round.currency,
        investorCount: round.investorCount,
        sourceKey: round.sourceKey ?? state.values.sourceKey,
        investors: round.investors,
      };
      const digest = roundDigest(values, SOURCE, investorKeysOf(round.investors));
      const known = state.storedId !== null || seenInBatch || (dryRun && earlier !== undefined);
      if (!known) counts.inserted++;
      else if (digest === state.digest) counts.unchanged++;
      else counts.updated++;
      if (digest !== state.digest) {
        state.values = values;
        state.digest = digest;
        state.changed = true;
      }
      const firstRow = earlier?.firstRow ?? (seenInBatch ? firstRowOf(notes, identity) : undefined);
      if (firstRow !== undefined) counts.duplicates.push({ row: row.row, firstRow });
      notes.push([identity, row.row, dryRun ? digest : null]);
    }

    const written = [...states.values()].filter((state) => state.changed);
    counts.roundsWritten = dryRun ? 0 : written.length;
    if (written.length === 0) return;
    const names = new Map<string, string>();
    for (const state of written) {
      for (const investor of state.values.investors) {
        if (!names.has(investor.nameKey)) names.set(investor.nameKey, investor.name);
      }
    }
    if (dryRun) {
      const known = await queryRows<{ name_key: string }>(
        tx,
        sql`select distinct name_key from investors where name_key = any(${sql.param([...names.keys()])}::text[])`,
      );
      const storedKeys = new Set(known.map((entry) => entry.name_key));
      for (const key of names.keys()) {
        if (!storedKeys.has(key) && !file.newInvestorKeys.has(key)) newInvestorKeys.push(key);
      }
      return;
    }
    const spellings = [...names.values()].map((name) => ({ name }));
    const { ids, created } = await resolveInvestors(tx, spellings);
    counts.investorsCreated = created;
    const investorIdOf = new Map<string, number>();
    for (const [key, name] of names) investorIdOf.set(key, ids.get(spellingKey({ name })) ?? 0);
    await writeRounds(tx, written, investorIdOf);
    for (const state of written) {
      touched.add(state.values.companyId);
      if (state.storedCompanyId !== null) touched.add(state.storedCompanyId);
    }
    await refreshSummaries(tx, [...touched]);
  });
  // Told only once committed (a dry run: classified), so a failed batch leaves the file's record as it was.
  for (const [identity, row, digest] of notes) file.note(identity, row, digest);
  for (const key of newInvestorKeys) file.newInvestorKeys.add(key);
  for (const id of touched) file.touchedCompanies.add(id);
  if (dryRun) counts.investorsCreated = newInvestorKeys.length;
  return counts;
}

function firstRowOf(
  notes: ReadonlyArray<[string, number, string | null]>,
  identity: string,
): number | undefined {
  return notes.find(([noted]) => noted === identity)?.[1];
}

function emptyValues(companyId: number): RoundValues {
  return {
    companyId,
    announcedOn: null,
    fundingType: null,
    amountUsd: null,
    amount: null,
    currency: null,
    investorCount: null,
    sourceKey: null,
    investors: [],
  };
}

function storedValues(round: StoredRound): RoundValues {
  return {
    companyId: round.company_id,
    announcedOn: round.announced_on,
    fundingType: round.funding_type,
    amountUsd: round.amount_usd,
    amount: round.amount,
    currency: round.currency,
    investorCount: round.investor_count,
    sourceKey: round.source_key,
    investors: [],
  };
}

/**
 * The company of each row: the stored one with the row's website domain; else one with its name key, when the
 * stored company or the row has no domain (the companies import's rule); the lowest id among several. One query.
 */
async function matchCompanies(
  db: Db,
  batch: readonly RoundBatchRow[],
): Promise<(round: ImportedRound) => number | null> {
  const domains = [...new Set(batch.flatMap((row) => row.round.websiteDomain ?? []))];
  const names = [...new Set(batch.map((row) => row.round.nameKey))];
  const found = await queryRows<StoredCompany>(
    db,
    sql`select id, name_key, website_domain from companies
        where website_domain = any(${sql.param(domains)}::text[]) or name_key = any(${sql.param(names)}::text[])
        order by id`,
  );
  const byDomain = new Map<string, number>();
  const byName = new Map<string, StoredCompany[]>();
  for (const company of found) {
    if (company.website_domain !== null && !byDomain.has(company.website_domain)) {
      byDomain.set(company.website_domain, company.id);
    }
    const same = byName.get(company.name_key);
    if (same) same.push(company);
    else byName.set(company.name_key, [company]);
  }
  return (round) => {
    if (round.websiteDomain !== null) {
      const id = byDomain.get(round.websiteDomain);
      if (id !== undefined) return id;
    }
    const same = byName.get(round.nameKey) ?? [];
    const match =
      round.websiteDomain === null ? same[0] : same.find((company) => company.website_domain === null);
    return match?.id ?? null;
  };
}

/**
 * The stored rounds the batch's rows can match, with their investors' name keys: the rounds of its companies
 * and those with its Crunchbase URLs (a round a row moves to another company). Two queries.
 */
async function loadRounds(
  db: Db,
  companyIds: readonly number[],
  matched: ReadonlyArray<{ row: RoundBatchRow }>,
) {
  const keys = [...new Set(matched.flatMap(({ row }) => row.round.sourceKey ?? []))];
  const rounds = await queryRows<StoredRound>(
    db,
    sql`select id, company_id, announced_on::text as announced_on, funding_type, amount_usd::float8 as amount_usd,
          amount::float8 as amount, currency, investor_count, source, source_key
        from funding_rounds
        where company_id = any(${sql.param(companyIds)}::int[])
          or (source = ${SOURCE} and source_key = any(${sql.param(keys)}::text[]))
        order by id`,
  );
  const links = await queryRows<{ round_id: number; name_key: string; is_lead: boolean }>(
    db,
    sql`select ri.round_id, i.name_key, ri.is_lead from round_investors ri join investors i on i.id = ri.investor_id
        where ri.round_id = any(${sql.param(rounds.map((round) => round.id))}::int[])`,
  );
  const investorsOf = new Map<number, Array<{ nameKey: string; isLead: boolean }>>();
  for (const link of links) {
    const list = investorsOf.get(link.round_id) ?? [];
    list.push({ nameKey: link.name_key, isLead: link.is_lead });
    investorsOf.set(link.round_id, list);
  }
  const byKey = new Map<string, StoredRound>();
  const byCompanyDay = new Map<string, StoredRound[]>();
  for (const round of rounds) {
    if (round.source === SOURCE && round.source_key !== null) byKey.set(round.source_key, round);
    const key = `${round.company_id}|${round.announced_on ?? ""}|${round.funding_type ?? ""}`;
    const same = byCompanyDay.get(key);
    if (same) same.push(round);
    else byCompanyDay.set(key, [round]);
  }
  const digestOf = (round: StoredRound) =>
    roundDigest(storedValues(round), round.source, investorKeysOf(investorsOf.get(round.id) ?? []));
  return {
    /** The stored round a row updates: by its URL, else an unclaimed round of its company, date and type. */
    match(
      round: ImportedRound,
      companyId: number,
      claimed: ReadonlySet<number>,
    ): { round: StoredRound; digest: string } | null {
      const byUrl = round.sourceKey === null ? undefined : byKey.get(round.sourceKey);
      if (byUrl !== undefined) return { round: byUrl, digest: digestOf(byUrl) };
      const same =
        byCompanyDay.get(`${companyId}|${round.announcedOn ?? ""}|${round.fundingType ?? ""}`) ?? [];
      // A row with a URL never takes a round stored under another URL: that is another round of the same day.
      const found = same.find(
        (stored) =>
          !claimed.has(stored.id) &&
          (round.sourceKey === null || stored.source_key === null || stored.source !== SOURCE),
      );
      return found === undefined ? null : { round: found, digest: digestOf(found) };
    },
  };
}

/** Inserts the new rounds and updates the changed ones, then replaces their investor links. */
async function writeRounds(
  tx: Db,
  written: readonly RoundState[],
  investorIdOf: ReadonlyMap<string, number>,
): Promise<void> {
  const fresh = written.filter((state) => state.storedId === null);
  if (fresh.length > 0) {
    const ids = await queryRows<{ id: number }>(
      tx,
      sql`select nextval(pg_get_serial_sequence('funding_rounds', 'id'))::int as id from generate_series(1, ${fresh.length})`,
    );
    fresh.forEach((state, index) => {
      state.storedId = ids[index]?.id ?? null;
    });
  }
  const records = written.map((state) => ({
    id: state.storedId,
    company_id: state.values.companyId,
    announced_on: state.values.announcedOn,
    funding_type: state.values.fundingType,
    amount_usd: state.values.amountUsd,
    amount: state.values.amount,
    currency: state.values.currency,
    investor_count: state.values.investorCount,
    source_key: state.values.sourceKey,
  }));
  const recordType = sql.raw(
    "id integer, company_id integer, announced_on date, funding_type text, amount_usd bigint, amount numeric, currency text, investor_count integer, source_key text",
  );
  const json = JSON.stringify(records);
  await tx.execute(
    sql`insert into funding_rounds as f (id, company_id, announced_on, funding_type, amount_usd, amount, currency,
          investor_count, source, source_key, source_url)
        select id, company_id, announced_on, funding_type, amount_usd, amount, currency, investor_count, ${SOURCE},
          source_key, source_key
        from jsonb_to_recordset(${json}::jsonb) as r(${recordType})
        on conflict (id) do update set company_id = excluded.company_id, announced_on = excluded.announced_on,
          funding_type = excluded.funding_type, amount_usd = excluded.amount_usd, amount = excluded.amount,
          currency = excluded.currency, investor_count = excluded.investor_count, source = excluded.source,
          source_key = excluded.source_key, source_url = excluded.source_url`,
  );
  const roundIds = written.map((state) => state.storedId);
  await tx.execute(sql`delete from round_investors where round_id = any(${sql.param(roundIds)}::int[])`);
  const links: Array<Record<string, unknown>> = [];
  for (const state of written) {
    const leadOf = new Map<number, boolean>();
    for (const investor of state.values.investors) {
      const id = investorIdOf.get(investor.nameKey);
      if (id === undefined || id === 0) continue;
      leadOf.set(id, (leadOf.get(id) ?? false) || investor.isLead);
    }
    for (const [investorId, isLead] of leadOf) {
      links.push({
        round_id: state.storedId,
        investor_id: investorId,
        company_id: state.values.companyId,
        announced_on: state.values.announcedOn,
        is_lead: isLead,
      });
    }
  }
  if (links.length === 0) return;
  await tx.execute(
    sql`insert into round_investors (round_id, investor_id, company_id, announced_on, is_lead)
        select round_id, investor_id, company_id, announced_on, is_lead
        from jsonb_to_recordset(${JSON.stringify(links)}::jsonb)
          as r(round_id integer, investor_id integer, company_id integer, announced_on date, is_lead boolean)`,
  );
}
