import { sql } from "drizzle-orm";
import {
  compareFilings,
  type FilingOrder,
  isSamePlace,
  storedNameKeysOf,
} from "../../../core/formd/company-match";
import type { FormDCompany, FormDRound } from "../../../core/formd/filing";
import { ensureCompanyGraphs } from "../../companies/rounds-backfill.server";
import { refreshSummaries } from "../../company-summary/refresh-summaries.server";
import type { Db } from "../../db/database.server";
import { queryRows } from "../../db/query-rows.server";
import type { FileFormD } from "./file-formd";
import type {
  AccessionState,
  CompanyState,
  FormDBatchCounts,
  PersonRecord,
  RoundState,
} from "./formd-states";
import {
  type CompanyRow,
  FORMD_SOURCE,
  locationOf,
  type NewestFilingRow,
  newCompanyFields,
  peopleRecords,
  roundValuesOf,
  type StoredAccessionRow,
  type StoredCompanyRow,
  type StoredPersonRow,
  type StoredRoundRow,
  sameCompany,
  sameRound,
  storedCompanyFields,
  storedRoundValues,
} from "./formd-values";
import {
  insertCompanies,
  updateCompanies,
  writeAccessions,
  writePeople,
  writeRounds,
} from "./formd-writes.server";

const STORED_COMPANY = sql`select id, cik, organization_name, name_key, city, region, country,
  headquarters_location, industries, industry_groups from companies`;

const STORED_ROUND = sql`select id, company_id, announced_on::text as announced_on, funding_type,
  amount_usd::float8 as amount_usd, investor_count, source_key, source_url from funding_rounds`;

/** Loads what the batch's filings can touch: four queries before matching, two after. */
export async function loadBatchState(
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
        ${STORED_ROUND} where source = ${FORMD_SOURCE} and source_key = any(${sql.param([...sourceKeys])}::text[])`,
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
export class BatchState {
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
          where r.company_id = any(${sql.param(existing)}::int[]) and r.source = ${FORMD_SOURCE} and f.filed_on is not null
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
        stored.filter((person) => person.source !== FORMD_SOURCE),
      );
      const current: PersonRecord[] =
        company.writtenPeople ??
        stored
          .filter((person) => person.source === FORMD_SOURCE)
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
