import { sql } from "drizzle-orm";
import {
  compareFilings,
  type FilingOrder,
  isSamePlace,
  speaksLast,
  storedNameKeysOf,
} from "../../../core/formd/company-match";
import type { FormDCompany, FormDPerson, FormDRound } from "../../../core/formd/filing";
import { formatLocation } from "../../../core/location";
import { slugify } from "../../../core/slug";
import { ensureCompanyGraphs } from "../../companies/rounds-backfill.server";
import { refreshSummaries } from "../../company-summary/refresh-summaries.server";
import type { Db } from "../../db/database.server";
import { nextIds } from "../../db/next-ids.server";
import { queryRows } from "../../db/query-rows.server";
import type { DuplicateRow } from "../../imports/import-kit.server";
import { takeImportLock } from "../../imports/import-lock.server";
import { allocateSlugsAmong } from "../../imports/slug-allocation.server";
import type { FileFormD } from "./file-formd";
import type { FormDBatchRow } from "./formd-rows";
import type {
  AccessionState,
  CompanyFields,
  CompanyState,
  PersonRecord,
  RoundState,
  RoundValues,
} from "./formd-states";

/** decision 031: where a Form D round or person came from (shown as 'SEC Form D'). */
const SOURCE = "sec_form_d";

/** What a batch did. `inserted`, `updated`, `unchanged` count the filings written (not those left out). */
export interface FormDBatchCounts {
  inserted: number;
  updated: number;
  unchanged: number;
  duplicates: DuplicateRow[];
  companiesInserted: number;
  companiesUpdated: number;
  peopleWritten: number;
  fundsLeftOut: number;
  testsLeftOut: number;
  notOperatingLeftOut: number;
  amendmentsApplied: number;
}

interface StoredCompanyRow extends Record<string, unknown> {
  id: number;
  cik: string | null;
  organization_name: string;
  name_key: string;
  city: string | null;
  region: string | null;
  country: string | null;
  headquarters_location: string | null;
  industries: string[];
  industry_groups: string[];
}

interface StoredRoundRow extends Record<string, unknown> {
  id: number;
  company_id: number;
  announced_on: string;
  funding_type: string;
  amount_usd: number | null;
  investor_count: number | null;
  source_key: string;
  source_url: string;
}

interface StoredAccessionRow extends Record<string, unknown> {
  accession_number: string;
  round_id: number;
  root_accession: string;
  filed_on: string | null;
}

interface NewestFilingRow extends Record<string, unknown> {
  id: number;
  filed_on: string;
  accession_number: string;
}

interface StoredPersonRow extends Record<string, unknown> {
  company_id: number;
  position: number;
  first_name: string | null;
  last_name: string | null;
  title: string | null;
  role_kind: string;
  source: string;
}

/** A filing that becomes a company, a round and people (not one left out). */
type CompanyRow = FormDBatchRow & { mapped: { kind: "company" } };

const STORED_COMPANY = sql`select id, cik, organization_name, name_key, city, region, country,
  headquarters_location, industries, industry_groups from companies`;

const STORED_ROUND = sql`select id, company_id, announced_on::text as announced_on, funding_type,
  amount_usd::float8 as amount_usd, investor_count, source_key, source_url from funding_rounds`;

/**
 * decision 031, section 3, the Form D writer: in one transaction under the import lock, finds each filing's
 * round by any accession number of its chain (its own, the one it amends, the chain's root) and its company
 * by CIK, else by name and place among companies without one; creates what is missing; lets the newest filing
 * of a round set its values and the newest filing of a company set its Form D people; then writes only what
 * differs from what is stored, and re-derives the touched companies' fields (refreshSummaries, decision 030).
 * Funds, TEST filings and issuers not operating are counted and left out. A dry run classifies and writes
 * nothing. Reads are set-based: six queries a batch whatever its size, and ensureCompanyGraphs'.
 */
export async function writeFormDBatch(
  db: Db,
  batch: readonly FormDBatchRow[],
  file: FileFormD,
  { dryRun }: { dryRun: boolean },
): Promise<FormDBatchCounts> {
  const counts: FormDBatchCounts = {
    inserted: 0,
    updated: 0,
    unchanged: 0,
    duplicates: [],
    companiesInserted: 0,
    companiesUpdated: 0,
    peopleWritten: 0,
    fundsLeftOut: 0,
    testsLeftOut: 0,
    notOperatingLeftOut: 0,
    amendmentsApplied: 0,
  };
  const firstRows = new Map<string, number>();
  const touched = new Set<number>();
  let batchState: BatchState | null = null;
  await db.transaction(async (tx) => {
    await takeImportLock(tx);
    // The batch's reads probe indexes with thousands of keys: never a scan (the rounds import's lesson).
    await tx.execute(sql`set local enable_seqscan = off`);
    const kept: CompanyRow[] = [];
    for (const row of batch) {
      const first =
        file.firstRowOf.get(row.filing.accessionNumber) ?? firstRows.get(row.filing.accessionNumber);
      if (first !== undefined) {
        counts.duplicates.push({ row: row.row, firstRow: first });
      } else {
        firstRows.set(row.filing.accessionNumber, row.row);
      }
      const { mapped } = row;
      if (mapped.kind === "fund") counts.fundsLeftOut++;
      else if (mapped.kind === "test") counts.testsLeftOut++;
      else if (mapped.kind === "not_operating") counts.notOperatingLeftOut++;
      else kept.push(row as CompanyRow);
    }
    if (kept.length === 0) return;
    const state = await loadBatchState(tx, kept, file, dryRun);
    batchState = state;
    for (const row of kept) classify(state, row, counts);
    await state.finish(tx, counts, touched);
  });
  // Told only once committed (a dry run: classified), so a failed batch leaves the file's record as it was.
  for (const [accession, row] of firstRows) file.firstRowOf.set(accession, row);
  for (const id of touched) file.touchedCompanies.add(id);
  if (dryRun && batchState !== null) (batchState as BatchState).remember(file);
  return counts;
}

/** One filing applied to the batch's companies and rounds; counts it. */
function classify(state: BatchState, { filing, mapped }: CompanyRow, counts: FormDBatchCounts): void {
  const order: FilingOrder = { filedOn: filing.filingDate, accessionNumber: filing.accessionNumber };
  const wasRead = (state.accession(filing.accessionNumber)?.filedOn ?? null) !== null;
  let round = state.roundOf([
    filing.accessionNumber,
    filing.offering.previousAccessionNumber,
    mapped.round.sourceKey,
  ]);
  const isNewRound = round === null;
  const company = round?.company ?? state.companyOf(mapped.company);
  const companyChanged = state.fill(company, mapped.company);
  if (round === null) round = state.newRound(company, mapped.round);
  let changed = false;
  if (speaksLast(order, round.newestFiling)) {
    const values = roundValuesOf(mapped.round, round.values.sourceKey);
    if (!sameRound(values, round.values)) {
      round.values = values;
      changed = true;
    }
    round.newestFiling = order;
  }
  changed = state.record(filing.accessionNumber, filing.filingDate, round) || changed;
  if (filing.offering.previousAccessionNumber !== null) {
    changed = state.record(filing.offering.previousAccessionNumber, null, round) || changed;
  }
  changed = state.record(mapped.round.sourceKey, null, round) || changed;
  if (speaksLast(order, company.people?.filing ?? null)) {
    company.people = { filing: order, sourceUrl: mapped.round.sourceUrl, people: mapped.people };
  }
  if (isNewRound) {
    counts.inserted++;
  } else if (changed || companyChanged) {
    counts.updated++;
    if (filing.submissionType === "D/A" && !wasRead) counts.amendmentsApplied++;
  } else {
    counts.unchanged++;
  }
}

function roundValuesOf(round: FormDRound, sourceKey: string): RoundValues {
  return {
    announcedOn: round.announcedOn,
    fundingType: round.fundingType,
    // amount_usd is whole dollars; a filing states cents.
    amountUsd: round.amountUsd === null ? null : Math.round(round.amountUsd),
    investorCount: round.investorCount,
    sourceKey,
    sourceUrl: round.sourceUrl,
  };
}

function sameRound(a: RoundValues, b: RoundValues): boolean {
  return (
    a.announcedOn === b.announcedOn &&
    a.fundingType === b.fundingType &&
    a.amountUsd === b.amountUsd &&
    a.investorCount === b.investorCount &&
    a.sourceKey === b.sourceKey &&
    a.sourceUrl === b.sourceUrl
  );
}

function sameCompany(a: CompanyFields, b: CompanyFields): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** 'City, State, Country' as the companies import stores it; the country alone without a city. */
function locationOf(company: Pick<FormDCompany, "city" | "region" | "country">): string | null {
  if (company.country === null) return null;
  return company.city === null
    ? company.country
    : formatLocation(company.city, company.region, company.country);
}

function newCompanyFields(company: FormDCompany): CompanyFields {
  return {
    cik: company.cik,
    organizationName: company.organizationName,
    // The companies import's name key (crunchbase-row.ts): a later Crunchbase row finds this company.
    nameKey: company.organizationName.toLowerCase(),
    city: company.city,
    region: company.region,
    country: company.country,
    headquartersLocation: locationOf(company),
    industries: company.industries,
    industryGroups: company.industryGroups,
  };
}

function storedCompanyFields(row: StoredCompanyRow): CompanyFields {
  return {
    cik: row.cik,
    organizationName: row.organization_name,
    nameKey: row.name_key,
    city: row.city,
    region: row.region,
    country: row.country,
    headquartersLocation: row.headquarters_location,
    industries: row.industries,
    industryGroups: row.industry_groups,
  };
}

function storedRoundValues(row: StoredRoundRow): RoundValues {
  return {
    announcedOn: row.announced_on,
    fundingType: row.funding_type,
    amountUsd: row.amount_usd,
    investorCount: row.investor_count,
    sourceKey: row.source_key,
    sourceUrl: row.source_url,
  };
}

/** Loads what the batch's filings can touch: four queries before matching, two after. */
async function loadBatchState(
  tx: Db,
  rows: readonly CompanyRow[],
  file: FileFormD,
  dryRun: boolean,
): Promise<BatchState> {
  const accessionNumbers = new Set<string>();
  const sourceKeys = new Set<string>();
  const ciks = new Set<string>();
  for (const { filing, mapped } of rows) {
    accessionNumbers.add(filing.accessionNumber);
    if (filing.offering.previousAccessionNumber !== null) {
      accessionNumbers.add(filing.offering.previousAccessionNumber);
    }
    accessionNumbers.add(mapped.round.sourceKey);
    sourceKeys.add(mapped.round.sourceKey);
    ciks.add(mapped.company.cik);
  }
  const accessions = await queryRows<StoredAccessionRow>(
    tx,
    sql`select accession_number, round_id, root_accession, filed_on::text as filed_on from formd_filings
        where accession_number = any(${sql.param([...accessionNumbers])}::text[])`,
  );
  const rounds = await queryRows<StoredRoundRow>(
    tx,
    sql`${STORED_ROUND} where id = any(${sql.param([...new Set(accessions.map((row) => row.round_id))])}::int[])
        union
        ${STORED_ROUND} where source = ${SOURCE} and source_key = any(${sql.param([...sourceKeys])}::text[])`,
  );
  const roundIds = rounds.map((round) => round.id);
  // Two index scans and one by primary key, no `or`: the shape the rounds import measured (decision 030).
  const companies = await queryRows<StoredCompanyRow>(
    tx,
    sql`${STORED_COMPANY} where cik = any(${sql.param([...ciks])}::text[])
        union
        ${STORED_COMPANY} where id = any(${sql.param([...new Set(rounds.map((round) => round.company_id))])}::int[])`,
  );
  // By name only the issuers no CIK found: none once a data set was imported (a second import reads no names).
  const found = new Set(companies.flatMap((company) => (company.cik === null ? [] : [company.cik])));
  const nameKeys = new Set<string>();
  for (const { mapped } of rows) {
    if (found.has(mapped.company.cik)) continue;
    for (const key of storedNameKeysOf(mapped.company.matchName)) nameKeys.add(key);
  }
  if (nameKeys.size > 0) {
    const known = new Set(companies.map((company) => company.id));
    const named = await queryRows<StoredCompanyRow>(
      tx,
      sql`${STORED_COMPANY} where name_key = any(${sql.param([...nameKeys])}::text[]) and cik is null`,
    );
    for (const company of named) if (!known.has(company.id)) companies.push(company);
  }
  const newestOfRounds = await queryRows<NewestFilingRow>(
    tx,
    sql`select distinct on (round_id) round_id as id, filed_on::text as filed_on, accession_number
        from formd_filings where round_id = any(${sql.param(roundIds)}::int[]) and filed_on is not null
        order by round_id, filed_on desc, accession_number desc`,
  );
  return new BatchState({ accessions, rounds, companies, newestOfRounds }, file, dryRun);
}

/** The batch's companies, rounds and accession numbers: as stored, then as its filings leave them. */
class BatchState {
  private readonly storedAccessions = new Map<string, StoredAccessionRow>();
  private readonly storedRounds = new Map<number, StoredRoundRow>();
  private readonly storedRoundByKey = new Map<string, StoredRoundRow>();
  private readonly storedCompanies = new Map<number, StoredCompanyRow>();
  private readonly storedByCik = new Map<string, StoredCompanyRow>();
  private readonly storedByName = new Map<string, StoredCompanyRow[]>();
  private readonly newestOfRound = new Map<number, FilingOrder>();

  private readonly accessions = new Map<string, AccessionState>();
  private readonly rounds = new Map<number, RoundState>();
  private readonly newRounds: RoundState[] = [];
  private readonly companiesById = new Map<number, CompanyState>();
  private readonly companiesByCik = new Map<string, CompanyState>();
  private readonly newCompanies: CompanyState[] = [];

  constructor(
    stored: {
      accessions: StoredAccessionRow[];
      rounds: StoredRoundRow[];
      companies: StoredCompanyRow[];
      newestOfRounds: NewestFilingRow[];
    },
    private readonly file: FileFormD,
    private readonly dryRun: boolean,
  ) {
    for (const row of stored.accessions) this.storedAccessions.set(row.accession_number, row);
    for (const row of stored.rounds) {
      this.storedRounds.set(row.id, row);
      this.storedRoundByKey.set(row.source_key, row);
    }
    stored.companies.sort((a, b) => a.id - b.id);
    for (const row of stored.companies) {
      this.storedCompanies.set(row.id, row);
      if (row.cik !== null) this.storedByCik.set(row.cik, row);
      const same = this.storedByName.get(row.name_key);
      if (same) same.push(row);
      else this.storedByName.set(row.name_key, [row]);
    }
    for (const row of stored.newestOfRounds) {
      this.newestOfRound.set(row.id, { filedOn: row.filed_on, accessionNumber: row.accession_number });
    }
  }

  /** An accession number's state: this batch's, a dry run's earlier batches', or as stored. */
  accession(accessionNumber: string): AccessionState | undefined {
    let state = this.accessions.get(accessionNumber);
    if (state !== undefined) return state;
    if (this.dryRun) state = this.file.dryAccessions.get(accessionNumber);
    if (state === undefined) {
      const stored = this.storedAccessions.get(accessionNumber);
      const round = stored === undefined ? undefined : this.storedRound(stored.round_id);
      if (stored === undefined || round === undefined) return undefined;
      state = {
        round,
        rootAccession: stored.root_accession,
        filedOn: stored.filed_on,
        stored: { roundId: stored.round_id, rootAccession: stored.root_accession, filedOn: stored.filed_on },
      };
    } else {
      this.adopt(state.round.company);
    }
    this.accessions.set(accessionNumber, state);
    return state;
  }

  /** The round any of these accession numbers belongs to, else the stored Form D round keyed by one. */
  roundOf(accessionNumbers: ReadonlyArray<string | null>): RoundState | null {
    for (const accessionNumber of accessionNumbers) {
      if (accessionNumber === null) continue;
      const state = this.accession(accessionNumber);
      if (state !== undefined) return state.round;
    }
    for (const accessionNumber of accessionNumbers) {
      if (accessionNumber === null) continue;
      const stored = this.storedRoundByKey.get(accessionNumber);
      if (stored !== undefined) return this.storedRound(stored.id) ?? null;
    }
    return null;
  }

  private storedRound(id: number): RoundState | undefined {
    const known = this.rounds.get(id);
    if (known !== undefined) return known;
    const row = this.storedRounds.get(id);
    const companyRow = row === undefined ? undefined : this.storedCompanies.get(row.company_id);
    if (row === undefined || companyRow === undefined) return undefined;
    const values = storedRoundValues(row);
    const state: RoundState = {
      id,
      company: this.storedCompany(companyRow),
      stored: values,
      values,
      newestFiling: this.newestOfRound.get(id) ?? null,
    };
    this.rounds.set(id, state);
    return state;
  }

  private storedCompany(row: StoredCompanyRow): CompanyState {
    const known = this.companiesById.get(row.id);
    if (known !== undefined) return known;
    const fields = storedCompanyFields(row);
    const state: CompanyState = {
      id: row.id,
      stored: fields,
      values: fields,
      people: null,
      writtenPeople: null,
    };
    this.companiesById.set(row.id, state);
    if (row.cik !== null && !this.companiesByCik.has(row.cik)) this.companiesByCik.set(row.cik, state);
    return state;
  }

  /** A dry run's company from an earlier batch joins this one's maps. */
  private adopt(company: CompanyState): void {
    if (company.values.cik !== null && !this.companiesByCik.has(company.values.cik)) {
      this.companiesByCik.set(company.values.cik, company);
    }
  }

  /**
   * The company of an issuer: by CIK (this batch, a dry run's earlier batches, stored); else a stored company
   * without a CIK of the same name and place (core/formd/company-match.ts), the lowest id; else a new one.
   */
  companyOf(issuer: FormDCompany): CompanyState {
    const known =
      this.companiesByCik.get(issuer.cik) ??
      (this.dryRun ? this.file.dryCompanies.get(issuer.cik) : undefined);
    if (known !== undefined) {
      this.companiesByCik.set(issuer.cik, known);
      return known;
    }
    const byCik = this.storedByCik.get(issuer.cik);
    if (byCik !== undefined) return this.storedCompany(byCik);
    for (const key of storedNameKeysOf(issuer.matchName)) {
      for (const row of this.storedByName.get(key) ?? []) {
        const cik = this.companiesById.get(row.id)?.values.cik ?? row.cik;
        if (cik === null && isSamePlace(row, issuer)) {
          const state = this.storedCompany(row);
          this.companiesByCik.set(issuer.cik, state);
          return state;
        }
      }
    }
    const state: CompanyState = {
      id: null,
      stored: null,
      values: newCompanyFields(issuer),
      people: null,
      writtenPeople: null,
    };
    this.newCompanies.push(state);
    this.companiesByCik.set(issuer.cik, state);
    return state;
  }

  /**
   * What a filing adds to a stored company: its CIK, and its place and industries where it has none (a
   * Crunchbase record says more than a Form D). True when that changed it.
   */
  fill(company: CompanyState, issuer: FormDCompany): boolean {
    const values = { ...company.values };
    // A CIK another company holds stays there (the unique index): two chains of one offering met.
    const holder = this.companiesByCik.get(issuer.cik) ?? this.storedByCik.get(issuer.cik);
    const isFree = holder === undefined || holder === company || ("id" in holder && holder.id === company.id);
    if (values.cik === null && isFree) values.cik = issuer.cik;
    if (values.city === null && values.region === null && values.country === null) {
      values.city = issuer.city;
      values.region = issuer.region;
      values.country = issuer.country;
      values.headquartersLocation = values.headquartersLocation ?? locationOf(issuer);
    }
    if (values.industries.length === 0) values.industries = issuer.industries;
    if (values.industryGroups.length === 0) values.industryGroups = issuer.industryGroups;
    if (sameCompany(values, company.values)) return false;
    company.values = values;
    if (values.cik !== null) this.companiesByCik.set(values.cik, company);
    return true;
  }

  newRound(company: CompanyState, round: FormDRound): RoundState {
    const state: RoundState = {
      id: null,
      company,
      stored: null,
      values: roundValuesOf(round, round.sourceKey),
      newestFiling: null,
    };
    this.newRounds.push(state);
    return state;
  }

  /** Notes that `round` holds an accession number (read on `filedOn`, or only named). True when that is news. */
  record(accessionNumber: string, filedOn: string | null, round: RoundState): boolean {
    const state = this.accession(accessionNumber);
    if (state === undefined) {
      this.accessions.set(accessionNumber, {
        round,
        rootAccession: round.values.sourceKey,
        filedOn,
        stored: null,
      });
      return true;
    }
    let changed = false;
    if (state.round !== round) {
      // Two chains met (an accession number both name): it follows the round the filing joined.
      state.round = round;
      changed = true;
    }
    if (filedOn !== null && state.filedOn !== filedOn) {
      state.filedOn = filedOn;
      changed = true;
    }
    return changed;
  }

  /** Counts and (unless a dry run) writes what the batch changed, then the touched companies' fields. */
  async finish(tx: Db, counts: FormDBatchCounts, touched: Set<number>): Promise<void> {
    const companies = new Set<CompanyState>([
      ...this.companiesByCik.values(),
      ...this.companiesById.values(),
    ]);
    const existing = [...companies].flatMap((company) => (company.id === null ? [] : [company.id]));
    // A company stored without rounds or people gets them from its fields first, so deriving loses nothing.
    if (!this.dryRun) await ensureCompanyGraphs(tx, existing);
    const newest = await queryRows<NewestFilingRow>(
      tx,
      sql`select distinct on (r.company_id) r.company_id as id, f.filed_on::text as filed_on, f.accession_number
          from funding_rounds r join formd_filings f on f.round_id = r.id
          where r.company_id = any(${sql.param(existing)}::int[]) and r.source = ${SOURCE} and f.filed_on is not null
          order by r.company_id, f.filed_on desc, f.accession_number desc`,
    );
    const newestOf = new Map(
      newest.map((row) => [row.id, { filedOn: row.filed_on, accessionNumber: row.accession_number }]),
    );
    const people = await queryRows<StoredPersonRow>(
      tx,
      sql`select company_id, position, first_name, last_name, title, role_kind, source from people
          where company_id = any(${sql.param(existing)}::int[]) order by company_id, position, id`,
    );
    const peopleOf = new Map<number, StoredPersonRow[]>();
    for (const person of people) {
      const list = peopleOf.get(person.company_id);
      if (list) list.push(person);
      else peopleOf.set(person.company_id, [person]);
    }

    // People: the newest filing's, unless the stored ones came from a newer filing; written when they differ.
    const peopleWrites: Array<{ company: CompanyState; records: PersonRecord[]; sourceUrl: string }> = [];
    for (const company of companies) {
      if (company.people === null) continue;
      const storedNewest = company.id === null ? null : (newestOf.get(company.id) ?? null);
      if (storedNewest !== null && compareFilings(company.people.filing, storedNewest) < 0) continue;
      const stored = company.id === null ? [] : (peopleOf.get(company.id) ?? []);
      const records = peopleRecords(
        company.people.people,
        stored.filter((person) => person.source !== SOURCE),
      );
      const current: PersonRecord[] =
        company.writtenPeople ??
        stored
          .filter((person) => person.source === SOURCE)
          .map((person) => [
            person.position,
            person.first_name,
            person.last_name,
            person.title,
            person.role_kind,
          ]);
      if (JSON.stringify(records) === JSON.stringify(current)) continue;
      company.writtenPeople = records;
      peopleWrites.push({ company, records, sourceUrl: company.people.sourceUrl });
      counts.peopleWritten += records.length;
    }
    const newCompanies = this.newCompanies;
    const changedCompanies = [...companies].filter(
      (company) => company.stored !== null && !sameCompany(company.values, company.stored),
    );
    const roundWrites = [...this.newRounds, ...this.rounds.values()].filter(
      (round) => round.stored === null || !sameRound(round.values, round.stored),
    );
    counts.companiesInserted = newCompanies.length;
    counts.companiesUpdated = changedCompanies.length;
    // A dry run keeps these states for its next batches: their people are counted once.
    for (const company of companies) company.people = null;
    if (this.dryRun) return;

    await insertCompanies(tx, newCompanies);
    await updateCompanies(tx, changedCompanies);
    await writeRounds(tx, roundWrites);
    await writeAccessions(tx, this.accessions);
    await writePeople(tx, peopleWrites);
    for (const company of newCompanies) touched.add(company.id as number);
    for (const round of roundWrites) touched.add(round.company.id as number);
    for (const { company } of peopleWrites) touched.add(company.id as number);
    await refreshSummaries(tx, [...touched]);
  }

  /** A dry run: what this batch would have written stands in for the database in the next ones. */
  remember(file: FileFormD): void {
    for (const [cik, company] of this.companiesByCik) file.dryCompanies.set(cik, company);
    for (const [accessionNumber, state] of this.accessions) file.dryAccessions.set(accessionNumber, state);
  }
}

/**
 * A filing's people as written beside the company's people from other sources: after them in position, and
 * without the ones another source already names (same first and last name).
 */
function peopleRecords(people: readonly FormDPerson[], others: readonly StoredPersonRow[]): PersonRecord[] {
  const nameOf = (first: string | null, last: string | null) =>
    `${(first ?? "").trim().toLowerCase()}\u001f${(last ?? "").trim().toLowerCase()}`;
  const named = new Set(others.map((person) => nameOf(person.first_name, person.last_name)));
  let position = others.reduce((max, person) => Math.max(max, person.position + 1), 0);
  const records: PersonRecord[] = [];
  for (const person of people) {
    const name = nameOf(person.firstName, person.lastName);
    if (named.has(name)) continue;
    named.add(name);
    records.push([position++, person.firstName, person.lastName, person.title, person.roleKind]);
  }
  return records;
}

async function insertCompanies(tx: Db, companies: readonly CompanyState[]): Promise<void> {
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

async function updateCompanies(tx: Db, companies: readonly CompanyState[]): Promise<void> {
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

async function writeRounds(tx: Db, rounds: readonly RoundState[]): Promise<void> {
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
          case when amount_usd is null then null else 'USD' end, investor_count, ${SOURCE}, source_key, source_url
        from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as r(id integer, company_id integer,
          announced_on date, funding_type text, amount_usd bigint, investor_count integer, source_key text,
          source_url text)
        on conflict (id) do update set announced_on = excluded.announced_on, funding_type = excluded.funding_type,
          amount_usd = excluded.amount_usd, amount = excluded.amount, currency = excluded.currency,
          investor_count = excluded.investor_count, source_key = excluded.source_key,
          source_url = excluded.source_url`,
  );
}

async function writeAccessions(tx: Db, accessions: ReadonlyMap<string, AccessionState>): Promise<void> {
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

async function writePeople(
  tx: Db,
  writes: ReadonlyArray<{ company: CompanyState; records: PersonRecord[]; sourceUrl: string }>,
): Promise<void> {
  if (writes.length === 0) return;
  const companyIds = writes.map(({ company }) => company.id as number);
  await tx.execute(
    sql`delete from people where company_id = any(${sql.param(companyIds)}::int[]) and source = ${SOURCE}`,
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
        select company_id, position, first_name, last_name, title, role_kind, ${SOURCE}, source_url
        from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as r(company_id integer, position integer,
          first_name text, last_name text, title text, role_kind text, source_url text)`,
  );
}
