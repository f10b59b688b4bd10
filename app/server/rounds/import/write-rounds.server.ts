import { sql } from "drizzle-orm";
import { showValue } from "../../../core/crunchbase-cells";
import { ensureCompanyGraphs } from "../../companies/rounds-backfill.server";
import { resolveInvestors, spellingKey } from "../../company-summary/investor-store.server";
import { refreshSummaries } from "../../company-summary/refresh-summaries.server";
import { preferIndexProbes } from "../../db/batch-plans.server";
import type { Db } from "../../db/database.server";
import { queryRows } from "../../db/query-rows.server";
import type { DuplicateRow, RejectedRow } from "../../imports/import-kit.server";
import { takeImportLock } from "../../imports/import-lock.server";
import type { FileRounds } from "./file-rounds";
import type { ImportedRound } from "./round-row";
import { type CompanyRound, writeBatchSummaries } from "./round-summaries.server";

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

/** A stored round's investor link, with the investor's name key (the round's digest compares by it). */
interface StoredLink {
  investorId: number;
  isLead: boolean;
  nameKey: string;
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
  /** Not stored before this batch (its id was just given). */
  isNew?: boolean;
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
  const resolvedInvestors = new Map<string, number>();
  const touched = new Set<number>();
  await db.transaction(async (tx) => {
    await takeImportLock(tx);
    // Index probes, never a scan, and no JIT (batch-plans.server.ts).
    await preferIndexProbes(tx);
    const companyOf = await file.timed("match companies", () => matchCompanies(tx, batch));
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
    if (!dryRun) await file.timed("convert legacy companies", () => ensureCompanyGraphs(tx, companyIds));
    const stored = await file.timed("load rounds", () => loadRounds(tx, companyIds, matched));

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
    // Name keys earlier batches resolved keep their investor (the lowest id with that key, which a later
    // batch would find again): only the batch's new keys are resolved.
    const investorIdOf = new Map<string, number>();
    const unresolved: Array<[string, string]> = [];
    for (const [key, name] of names) {
      const id = file.investorIds.get(key);
      if (id === undefined) unresolved.push([key, name]);
      else investorIdOf.set(key, id);
    }
    if (unresolved.length > 0) {
      const spellings = unresolved.map(([, name]) => ({ name }));
      const { ids, created } = await file.timed("resolve investors", () => resolveInvestors(tx, spellings));
      counts.investorsCreated = created;
      for (const [key, name] of unresolved) {
        const id = ids.get(spellingKey({ name })) ?? 0;
        investorIdOf.set(key, id);
        if (id !== 0) resolvedInvestors.set(key, id);
      }
    }
    await file.timed("write rounds and links", () => allocateRoundIds(tx, written));
    const linksOf = roundLinks(written, investorIdOf);
    for (const state of written) {
      touched.add(state.values.companyId);
      if (state.storedCompanyId !== null) touched.add(state.storedCompanyId);
    }
    // The batch's companies first, from what it loaded and is about to write: the rounds' foreign-key checks
    // then find company rows this transaction already holds, at a third of the cost (decision 030).
    const roundsOf = stored.roundsOf(companyIds, written, linksOf);
    await writeBatchSummaries(tx, touched, roundsOf, (phase, step) => file.timed(phase, step));
    await file.timed("write rounds and links", () => writeRounds(tx, written, linksOf));
    // A company a round moved away from (outside the batch's companies) is derived from the tables, now
    // that the round is gone from it.
    const others = [...touched].filter((id) => !roundsOf.has(id));
    if (others.length > 0) await refreshSummaries(tx, others);
  });
  // Told only once committed (a dry run: classified), so a failed batch leaves the file's record as it was.
  for (const [identity, row, digest] of notes) file.note(identity, row, digest);
  for (const [key, id] of resolvedInvestors) file.investorIds.set(key, id);
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
  // Two index scans, no `or` and no `order by`: the shape that, with scans off, walked the rounds' primary key
  // testing every row against the keys (loadRounds).
  const found = await queryRows<StoredCompany>(
    db,
    sql`select id, name_key, website_domain from companies where website_domain = any(${sql.param(domains)}::text[])
        union
        select id, name_key, website_domain from companies where name_key = any(${sql.param(names)}::text[])`,
  );
  found.sort((a, b) => a.id - b.id);
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

const STORED_ROUND = sql`select id, company_id, announced_on::text as announced_on, funding_type,
  amount_usd::float8 as amount_usd, amount::float8 as amount, currency, investor_count, source, source_key
  from funding_rounds`;

/**
 * The stored rounds the batch's rows can match, each with its investors: the rounds of its companies, then
 * those with the batch's other Crunchbase URLs (a round a row moves to another company), then their links.
 * Three queries, each an index scan: no `or` and no `order by`, which with scans off walked the primary key
 * testing every round against the keys; the links by one set-based query (a correlated subquery per round,
 * tried, took ten times as long).
 */
async function loadRounds(
  db: Db,
  companyIds: readonly number[],
  matched: ReadonlyArray<{ row: RoundBatchRow }>,
) {
  const rounds = await queryRows<StoredRound>(
    db,
    sql`${STORED_ROUND} where company_id = any(${sql.param(companyIds)}::int[])`,
  );
  const loadedKeys = new Set(rounds.flatMap((round) => (round.source === SOURCE ? [round.source_key] : [])));
  const keys = [...new Set(matched.flatMap(({ row }) => row.round.sourceKey ?? []))].filter(
    (key) => !loadedKeys.has(key),
  );
  if (keys.length > 0) {
    const loaded = new Set(rounds.map((round) => round.id));
    const elsewhere = await queryRows<StoredRound>(
      db,
      sql`${STORED_ROUND} where source = ${SOURCE} and source_key = any(${sql.param(keys)}::text[])`,
    );
    for (const round of elsewhere) if (!loaded.has(round.id)) rounds.push(round);
  }
  rounds.sort((a, b) => a.id - b.id);
  const links = await queryRows<{
    round_id: number;
    investor_id: number;
    is_lead: boolean;
    name_key: string;
  }>(
    db,
    sql`select ri.round_id, ri.investor_id, ri.is_lead, i.name_key
        from round_investors ri join investors i on i.id = ri.investor_id
        where ri.round_id = any(${sql.param(rounds.map((round) => round.id))}::int[])`,
  );
  const linksOf = new Map<number, StoredLink[]>();
  for (const link of links) {
    const list = linksOf.get(link.round_id);
    const entry: StoredLink = { investorId: link.investor_id, isLead: link.is_lead, nameKey: link.name_key };
    if (list) list.push(entry);
    else linksOf.set(link.round_id, [entry]);
  }
  const linksOfRound = (round: StoredRound) => linksOf.get(round.id) ?? [];
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
    roundDigest(storedValues(round), round.source, investorKeysOf(linksOfRound(round)));
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
    /**
     * Every round of each of `companyIds` once the batch's rounds are written: the stored ones it did not
     * rewrite (all of theirs were loaded) and the written ones, with the links `linksOf` gave them.
     */
    roundsOf(
      companyIds: readonly number[],
      written: readonly RoundState[],
      linksOf: ReadonlyMap<RoundState, CompanyRound["links"]>,
    ): Map<number, CompanyRound[]> {
      const roundsOf = new Map<number, CompanyRound[]>(companyIds.map((id) => [id, []]));
      const rewritten = new Set(written.map((state) => state.storedId));
      for (const round of rounds) {
        if (rewritten.has(round.id)) continue;
        roundsOf.get(round.company_id)?.push({
          id: round.id,
          announcedOn: round.announced_on,
          fundingType: round.funding_type,
          amountUsd: round.amount_usd,
          amount: round.amount,
          currency: round.currency,
          links: linksOfRound(round).map(({ investorId, isLead }) => ({ investorId, isLead })),
        });
      }
      for (const state of written) {
        if (state.storedId === null) continue;
        const { values } = state;
        roundsOf.get(values.companyId)?.push({
          id: state.storedId,
          announcedOn: values.announcedOn,
          fundingType: values.fundingType,
          amountUsd: values.amountUsd,
          amount: values.amount,
          currency: values.currency,
          links: linksOf.get(state) ?? [],
        });
      }
      return roundsOf;
    },
  };
}

/** Gives each new round of the batch its id, so the companies' fields can name it before it is written. */
async function allocateRoundIds(tx: Db, written: readonly RoundState[]): Promise<void> {
  const fresh = written.filter((state) => state.storedId === null);
  if (fresh.length === 0) return;
  const ids = await queryRows<{ id: number }>(
    tx,
    sql`select nextval(pg_get_serial_sequence('funding_rounds', 'id'))::int as id from generate_series(1, ${fresh.length})`,
  );
  fresh.forEach((state, index) => {
    state.storedId = ids[index]?.id ?? null;
    state.isNew = true;
  });
}

/** Each written round's investor links as they will be stored: an investor once, lead when any spelling of it led. */
function roundLinks(
  written: readonly RoundState[],
  investorIdOf: ReadonlyMap<string, number>,
): Map<RoundState, CompanyRound["links"]> {
  const linksOf = new Map<RoundState, CompanyRound["links"]>();
  for (const state of written) {
    const leadOf = new Map<number, boolean>();
    for (const investor of state.values.investors) {
      const id = investorIdOf.get(investor.nameKey);
      if (id === undefined || id === 0) continue;
      leadOf.set(id, (leadOf.get(id) ?? false) || investor.isLead);
    }
    linksOf.set(
      state,
      [...leadOf].map(([investorId, isLead]) => ({ investorId, isLead })),
    );
  }
  return linksOf;
}

/** Inserts the new rounds and updates the changed ones, then replaces their investor links with `linksOf`'s. */
async function writeRounds(
  tx: Db,
  written: readonly RoundState[],
  linksOf: ReadonlyMap<RoundState, CompanyRound["links"]>,
): Promise<void> {
  // Arrays, one a column, through unnest: cheaper to send and read than a JSON document of records. New rounds
  // by a plain insert, changed ones by an update: an upsert's speculative insertion costs more than either.
  const column = <T>(states: readonly RoundState[], pick: (values: RoundValues, state: RoundState) => T) =>
    sql.param(states.map((state) => pick(state.values, state)));
  const rows = (states: readonly RoundState[]) =>
    sql`select * from unnest(${column(states, (_values, state) => state.storedId)}::int[],
          ${column(states, (values) => values.companyId)}::int[],
          ${column(states, (values) => values.announcedOn)}::date[],
          ${column(states, (values) => values.fundingType)}::text[],
          ${column(states, (values) => values.amountUsd)}::bigint[],
          ${column(states, (values) => values.amount)}::numeric[],
          ${column(states, (values) => values.currency)}::text[],
          ${column(states, (values) => values.investorCount)}::int[],
          ${column(states, (values) => values.sourceKey)}::text[])
        as r(id, company_id, announced_on, funding_type, amount_usd, amount, currency, investor_count, source_key)`;
  const fresh = written.filter((state) => state.isNew);
  const changed = written.filter((state) => !state.isNew);
  if (fresh.length > 0) {
    await tx.execute(
      sql`insert into funding_rounds (id, company_id, announced_on, funding_type, amount_usd, amount, currency,
            investor_count, source, source_key, source_url)
          select id, company_id, announced_on, funding_type, amount_usd, amount, currency, investor_count, ${SOURCE},
            source_key, source_key
          from (${rows(fresh)}) r`,
    );
  }
  if (changed.length > 0) {
    await tx.execute(
      sql`update funding_rounds f set company_id = r.company_id, announced_on = r.announced_on,
            funding_type = r.funding_type, amount_usd = r.amount_usd, amount = r.amount, currency = r.currency,
            investor_count = r.investor_count, source = ${SOURCE}, source_key = r.source_key,
            source_url = r.source_key
          from (${rows(changed)}) r where f.id = r.id`,
    );
  }
  // New rounds have no links yet: only rewritten ones lose theirs.
  const rewritten = written.flatMap((state) => (state.isNew ? [] : [state.storedId]));
  if (rewritten.length > 0) {
    await tx.execute(sql`delete from round_investors where round_id = any(${sql.param(rewritten)}::int[])`);
  }
  const links = written.flatMap((state) => (linksOf.get(state) ?? []).map((link) => ({ state, ...link })));
  if (links.length === 0) return;
  await tx.execute(
    sql`insert into round_investors (round_id, investor_id, company_id, announced_on, is_lead)
        select * from unnest(${sql.param(links.map((link) => link.state.storedId))}::int[],
          ${sql.param(links.map((link) => link.investorId))}::int[],
          ${sql.param(links.map((link) => link.state.values.companyId))}::int[],
          ${sql.param(links.map((link) => link.state.values.announcedOn))}::date[],
          ${sql.param(links.map((link) => link.isLead))}::boolean[])`,
  );
}
