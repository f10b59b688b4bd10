import type { ImportedCompany } from "../crunchbase-row";

/** A company an earlier batch of the file created or updated, as the file left it. */
export interface FileCompany {
  /** Stored id; null for a company a dry run would create (it has none). */
  id: number | null;
  /** Which of several matches wins (candidate-matching.server.ts): the stored id, else after every stored one. */
  order: number;
  nameKey: string;
  domain: string | null;
  /** companyDigest of the values the last row about it gave it. */
  digest: number;
  /** The file line of the first row about it. */
  firstRow: number;
}

/**
 * The companies a file has named so far, across batches: what tells a row about a company an earlier row
 * already named (a duplicate within the file) and whether it changes what that row wrote. A dry run writes
 * nothing, so it also matches later rows against these instead of the table: the companies the file would
 * have created and the stored ones it would have renamed. Kept in memory, a few hundred bytes per company
 * (about 20 MB for 100,000).
 */
export class FileCompanies {
  private readonly byId = new Map<number, FileCompany>();
  private readonly byDomain = new Map<string, FileCompany | FileCompany[]>();
  private readonly byName = new Map<string, FileCompany | FileCompany[]>();
  /** Companies the file created so far: new companies of the next batch are ordered after these. */
  created = 0;
  /** Ids of the companies the import created or changed (committed), for the similar companies' update. */
  readonly writtenIds = new Set<number>();
  private count = 0;

  get size(): number {
    return this.count;
  }

  withId(id: number): FileCompany | undefined {
    return this.byId.get(id);
  }

  /** The companies a row could match: the same website domain, or the same name. */
  near(company: Pick<ImportedCompany, "websiteDomain" | "nameKey">): FileCompany[] {
    const found: FileCompany[] = [];
    if (company.websiteDomain !== null) pushAll(found, this.byDomain.get(company.websiteDomain));
    pushAll(found, this.byName.get(company.nameKey));
    return found;
  }

  /**
   * Records the state a batch left a company in: updates `entry` (re-filed under its new keys) or, for a
   * company the file had not named before, adds one. Returns the entry.
   */
  record(entry: FileCompany | null, state: FileCompany): FileCompany {
    if (entry === null) {
      const added = { ...state };
      this.count++;
      this.file(added);
      return added;
    }
    this.unfile(entry);
    entry.id = state.id;
    entry.order = state.order;
    entry.nameKey = state.nameKey;
    entry.domain = state.domain;
    entry.digest = state.digest;
    this.file(entry);
    return entry;
  }

  private file(entry: FileCompany): void {
    if (entry.id !== null) this.byId.set(entry.id, entry);
    add(this.byName, entry.nameKey, entry);
    if (entry.domain !== null) add(this.byDomain, entry.domain, entry);
  }

  private unfile(entry: FileCompany): void {
    remove(this.byName, entry.nameKey, entry);
    if (entry.domain !== null) remove(this.byDomain, entry.domain, entry);
  }
}

// One company per key is the rule; a list only when several share one (one-element lists cost memory).
function add(map: Map<string, FileCompany | FileCompany[]>, key: string, entry: FileCompany): void {
  const current = map.get(key);
  if (current === undefined) map.set(key, entry);
  else if (Array.isArray(current)) current.push(entry);
  else if (current !== entry) map.set(key, [current, entry]);
}

function remove(map: Map<string, FileCompany | FileCompany[]>, key: string, entry: FileCompany): void {
  const current = map.get(key);
  if (current === entry) {
    map.delete(key);
  } else if (Array.isArray(current)) {
    const rest = current.filter((item) => item !== entry);
    if (rest.length === 0) map.delete(key);
    else if (rest.length === 1) map.set(key, rest[0] as FileCompany);
    else map.set(key, rest);
  }
}

function pushAll(into: FileCompany[], value: FileCompany | FileCompany[] | undefined): void {
  if (value === undefined) return;
  if (Array.isArray(value)) {
    for (const entry of value) if (!into.includes(entry)) into.push(entry);
  } else if (!into.includes(value)) {
    into.push(value);
  }
}
