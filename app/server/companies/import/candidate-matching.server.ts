import { sql } from "drizzle-orm";
import { slugify } from "../../../core/slug";
import type { Db } from "../../db/database.server";
import { queryRows } from "../../db/query-rows.server";
import type { ImportedCompany } from "../crunchbase-row";

/** A company a row of the batch can update: a stored one, or one an earlier row of the batch creates. */
export interface Candidate {
  /** Stored id; null for a company this batch creates. */
  id: number | null;
  /** Which of several matches wins: the lowest stored id, then the earliest created in this batch. */
  order: number;
  nameKey: string;
  domain: string | null;
  slug: string | null;
  /** For a new company: the slug its first row's name gives (a later rename keeps the slug). */
  slugBase: string;
  /** The values this batch writes for the company (the last row about it wins). */
  write: ImportedCompany | null;
}

/** The stored companies that share a website domain or a name with one of the batch's companies. */
export async function loadCandidates(db: Db, batch: readonly ImportedCompany[]): Promise<Candidate[]> {
  const domains = [...new Set(batch.flatMap((company) => company.websiteDomain ?? []))];
  const names = [...new Set(batch.map((company) => company.nameKey))];
  const found = await queryRows<{
    id: number;
    name_key: string;
    website_domain: string | null;
    slug: string;
  }>(
    db,
    sql`select id, name_key, website_domain, slug from companies
        where website_domain = any(${sql.param(domains)}::text[]) or name_key = any(${sql.param(names)}::text[])`,
  );
  return found.map((row) => ({
    id: row.id,
    order: row.id,
    nameKey: row.name_key,
    domain: row.website_domain,
    slug: row.slug,
    slugBase: row.slug,
    write: null,
  }));
}

/** The candidate for a company the batch creates; `created` is how many it created before this one. */
export function newCandidate(company: ImportedCompany, created: number): Candidate {
  return {
    id: null,
    // Stored ids are int4, so companies created in this batch sort after every stored one.
    order: 2 ** 31 + created,
    nameKey: company.nameKey,
    domain: company.websiteDomain,
    slug: null,
    slugBase: slugify(company.organizationName),
    write: company,
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
