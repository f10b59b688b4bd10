import type { StoredContact } from "./lp-store.server";

/** How an LP the file named was counted: the report counts each LP once, at the file's first row about it. */
export type LpOutcome = "inserted" | "updated" | "unchanged";

/** An LP an earlier batch of the file wrote (or, in a dry run, would have written), as the file left it. */
export interface FileLp {
  /** Stored id; null for an LP a dry run would create (it has none). */
  id: number | null;
  /** lpNameKey of the name and country the file gave it. */
  nameKey: string;
  domain: string | null;
  /** lpValueDigests of the LP columns of its first row: later rows about it must agree. */
  digests: Uint32Array;
  /** The file line of the first row about it. */
  firstRow: number;
  outcome: LpOutcome;
  /** Whether the file has named a contact of it yet (then its contacts are the file's). */
  contactsReplaced: boolean;
  /**
   * Stored contacts the file has not named (yet) since it began replacing them: a later row may still name
   * one (then it keeps its id); those left when the file ends are deleted. Not deleted at once, because
   * the rows of an LP may be spread over several batches.
   */
  pendingContacts: StoredContact[];
  /** Contacts the file gave it so far: the next one's position. */
  contactCount: number;
  /** contactKey of each contact the file named for it, with the row that named it (duplicates). */
  contactKeys: string[];
  contactRows: number[];
}

/**
 * The LPs a file has named so far, across batches: rows of one LP need not be adjacent, so a row of a later
 * batch must find the LP an earlier batch wrote (its contacts are added to it, its columns checked against
 * the first row's), and a dry run, which writes nothing, matches later rows against these instead of the
 * table. About 200 bytes per LP plus its contacts' addresses (about 30 MB for 100,000 LPs).
 */
export class FileLps {
  private readonly byId = new Map<number, FileLp>();
  private readonly byDomain = new Map<string, FileLp>();
  private readonly byName = new Map<string, FileLp[]>();
  private count = 0;

  get size(): number {
    return this.count;
  }

  withId(id: number): FileLp | undefined {
    return this.byId.get(id);
  }

  withDomain(domain: string): FileLp | undefined {
    return this.byDomain.get(domain);
  }

  withName(nameKey: string): readonly FileLp[] {
    return this.byName.get(nameKey) ?? [];
  }

  /** LPs with stored contacts the file did not name, to delete when the file ends. */
  readonly withPendingContacts = new Set<FileLp>();

  /** Files an LP the file named for the first time (keys never change: later rows must agree with the first). */
  add(entry: FileLp): void {
    this.count++;
    if (entry.id !== null) this.byId.set(entry.id, entry);
    if (entry.domain !== null && !this.byDomain.has(entry.domain)) this.byDomain.set(entry.domain, entry);
    const named = this.byName.get(entry.nameKey);
    if (named === undefined) this.byName.set(entry.nameKey, [entry]);
    else named.push(entry);
  }
}
