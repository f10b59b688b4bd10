import { sql } from "drizzle-orm";
import { slugify } from "../../../core/slug";
import type { Db } from "../../db/database.server";
import { companies } from "../../db/schema";
import type { ImportedCompany } from "../crunchbase-row";
import type { CompanyValues } from "./company-changes";
import type { FileCompanies, FileCompany } from "./file-companies";

/** A company a row of the batch can update: a stored one, or one an earlier row of the file creates. */
export interface Candidate {
  /** Stored id; null for a company this batch creates (or, in a dry run, an earlier batch would have). */
  id: number | null;
  /** Which of several matches wins: the lowest stored id, then the earliest created by the file. */
  order: number;
  nameKey: string;
  domain: string | null;
  slug: string | null;
  /** For a new company: the slug its first row's name gives (a later rename keeps the slug). */
  slugBase: string;
  /** The values this batch writes for the company (the last row about it wins). */
  write: ImportedCompany | null;
  /** Its stored values of the file's fields, as loaded; null when not loaded (see `entry`). */
  stored: CompanyValues | null;
  /** Its state after an earlier batch of the file named it; null when no earlier batch did. */
  entry: FileCompany | null;
  /** The file line of the first row about it; null while no row has named it. */
  firstRow: number | null;
  /** A row of this batch created it or changed a value of it: it is written. */
  changed: boolean;
}

/**
 * The stored companies that share a website domain or a name with one of the batch's companies, with
 * their stored values of the file's `fields` (to tell an unchanged row).
 */
export async function loadCandidates(
  db: Db,
  batch: readonly ImportedCompany[],
  fields: ReadonlyArray<keyof ImportedCompany>,
): Promise<Candidate[]> {
  const domains = [...new Set(batch.flatMap((company) => company.websiteDomain ?? []))];
  const names = [...new Set(batch.map((company) => company.nameKey))];
  // decision 030: a row's Total Funding is what the company states (the summary may raise the total to the
  // sum of its rounds), so it compares with the stated total, and Number of Funding Rounds with the stated count.
  const values = Object.fromEntries(
    fields.map((field) => [
      field,
      field === "totalFundingAmountUsd"
        ? sql<
            number | null
          >`coalesce(${companies.statedTotalUsd}, ${companies.totalFundingAmountUsd})`.mapWith(
            companies.totalFundingAmountUsd,
          )
        : companies[field],
    ]),
  );
  const found = await db
    .select({
      ...values,
      id: companies.id,
      slug: companies.slug,
      candidateNameKey: companies.nameKey,
      candidateDomain: companies.websiteDomain,
    })
    .from(companies)
    // One array parameter per key list: a parameter per value cost more CPU than the query (write-batch).
    .where(
      sql`${companies.websiteDomain} = any(${sql.param(domains)}::text[]) or ${companies.nameKey} = any(${sql.param(names)}::text[])`,
    );
  return found.map((row) => {
    const { id, slug, candidateNameKey, candidateDomain, ...stored } = row as typeof row & CompanyValues;
    return {
      id,
      order: id,
      nameKey: candidateNameKey,
      domain: candidateDomain,
      slug,
      slugBase: slug,
      write: null,
      stored,
      entry: null,
      firstRow: null,
      changed: false,
    };
  });
}

/**
 * The batch's candidates as the file has left them: a stored company an earlier batch named takes the keys
 * that batch gave it, and (`addUnstored`, a dry run) the companies an earlier batch named that the batch's
 * rows could match are added when the table did not give them. After a committed batch the table already
 * holds them; a dry run writes nothing, so only this tells it of the companies its earlier rows would have
 * created or renamed.
 */
export function withFileCompanies(
  stored: Candidate[],
  batch: readonly ImportedCompany[],
  file: FileCompanies,
  { addUnstored }: { addUnstored: boolean },
): Candidate[] {
  const candidates: Candidate[] = [];
  const present = new Set<FileCompany>();
  for (const candidate of stored) {
    const entry = candidate.id === null ? undefined : file.withId(candidate.id);
    if (entry !== undefined) {
      fromEntry(candidate, entry);
      present.add(entry);
    }
    candidates.push(candidate);
  }
  if (!addUnstored) return candidates;
  for (const company of batch) {
    for (const entry of file.near(company)) {
      if (present.has(entry)) continue;
      present.add(entry);
      const candidate: Candidate = {
        id: entry.id,
        order: entry.order,
        nameKey: entry.nameKey,
        domain: entry.domain,
        slug: null,
        slugBase: "",
        write: null,
        stored: null,
        entry: null,
        firstRow: null,
        changed: false,
      };
      fromEntry(candidate, entry);
      candidates.push(candidate);
    }
  }
  return candidates;
}

function fromEntry(candidate: Candidate, entry: FileCompany): void {
  candidate.entry = entry;
  candidate.order = entry.order;
  candidate.nameKey = entry.nameKey;
  candidate.domain = entry.domain;
  candidate.firstRow = entry.firstRow;
  // The table's values are the ones before the file; what counts now is what the file wrote (the digest).
  candidate.stored = null;
}

/**
 * The candidate for a company a row creates; `created` is how many the file created before this one, and
 * `row` the row's file line.
 */
export function newCandidate(company: ImportedCompany, created: number, row = 0): Candidate {
  return {
    id: null,
    // Stored ids are int4, so companies the file creates sort after every stored one, in file order.
    order: 2 ** 31 + created,
    nameKey: company.nameKey,
    domain: company.websiteDomain,
    slug: null,
    slugBase: slugify(company.organizationName),
    write: company,
    stored: null,
    entry: null,
    firstRow: row,
    changed: true,
  };
}

/** The batch's view of the companies its rows can match, kept current as rows are applied. */
export class CandidateIndex {
  private readonly byDomain = new Map<string, Set<Candidate>>();
  private readonly byName = new Map<string, Set<Candidate>>();
  private readonly written = new Set<Candidate>();

  constructor(candidates: Candidate[]) {
    for (const candidate of candidates) this.add(candidate);
  }

  /**
   * The company a row updates: the one with the row's website domain; else one with its name, when the
   * stored company or the row has no domain (two same-named companies with different sites stay apart).
   */
  match(company: Pick<ImportedCompany, "websiteDomain" | "nameKey">): Candidate | null {
    const domain = company.websiteDomain;
    if (domain !== null) {
      const byDomain = first(this.byDomain.get(domain));
      if (byDomain !== null) return byDomain;
    }
    const sameName = this.byName.get(company.nameKey);
    if (sameName === undefined) return null;
    return first(domain === null ? sameName : [...sameName].filter((candidate) => candidate.domain === null));
  }

  add(candidate: Candidate): void {
    addTo(this.byName, candidate.nameKey, candidate);
    if (candidate.domain !== null) addTo(this.byDomain, candidate.domain, candidate);
    if (candidate.write !== null) this.written.add(candidate);
  }

  /** Applies a row to a company: its values become the ones written, its keys the ones matched on. */
  update(candidate: Candidate, company: ImportedCompany, setsDomain: boolean): void {
    this.remove(candidate);
    candidate.write = company;
    candidate.nameKey = company.nameKey;
    // A file without a Website column leaves the stored domain as it is.
    if (setsDomain) candidate.domain = company.websiteDomain;
    this.add(candidate);
  }

  /** The companies the batch writes: created ones and updated ones. */
  touched(): Candidate[] {
    return [...this.written];
  }

  private remove(candidate: Candidate): void {
    this.byName.get(candidate.nameKey)?.delete(candidate);
    if (candidate.domain !== null) this.byDomain.get(candidate.domain)?.delete(candidate);
  }
}

function addTo(map: Map<string, Set<Candidate>>, key: string, candidate: Candidate): void {
  const set = map.get(key);
  if (set === undefined) map.set(key, new Set([candidate]));
  else set.add(candidate);
}

function first(candidates: Iterable<Candidate> | undefined): Candidate | null {
  let best: Candidate | null = null;
  for (const candidate of candidates ?? []) {
    if (best === null || candidate.order < best.order) best = candidate;
  }
  return best;
}
