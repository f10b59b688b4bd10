import type { FileRecords } from "../../imports/import-kit.server";

/** What the file said of one round so far: the first row about it, and its values as the last row gave them. */
interface FileRound {
  firstRow: number;
  /** The round's values after the file's rows so far (roundDigest); kept in a dry run only. */
  digest: string | null;
}

/**
 * What a rounds import keeps about the rounds a file names (decision 030): the first row about each (later
 * rows about it are duplicates; the last wins) and, in a dry run, which nothing stores, the values earlier
 * batches would have written, so a later row about the same round counts as updated or unchanged, not new;
 * and the investors a dry run would create. About 100 bytes a round, and the investors' ids by name key.
 */
export class FileRounds implements FileRecords {
  readonly #rounds = new Map<string, FileRound>();
  /** Investor name keys a dry run would create (a commit stores them). */
  readonly newInvestorKeys = new Set<string>();
  /** Companies whose rounds the import wrote. */
  readonly touchedCompanies = new Set<number>();
  /**
   * Each investor name key committed batches resolved, with its investor's id: a later batch resolves only
   * the keys it adds (investors are never deleted, and the import lock keeps other imports out). ~60 bytes a key.
   */
  readonly investorIds = new Map<string, number>();
  /** Milliseconds spent in each phase of the writer, summed over the batches (the benchmark prints them). */
  readonly phases: Record<string, number> = {};

  get size(): number {
    return this.#rounds.size;
  }

  get(identity: string): Readonly<FileRound> | undefined {
    return this.#rounds.get(identity);
  }

  /** Runs `step` and adds its time to the phase `name`. */
  async timed<T>(name: string, step: () => Promise<T>): Promise<T> {
    const started = performance.now();
    try {
      return await step();
    } finally {
      this.phases[name] = (this.phases[name] ?? 0) + performance.now() - started;
    }
  }

  /** Notes a committed (or, in a dry run, classified) row about the round `identity`. */
  note(identity: string, row: number, digest: string | null): void {
    const known = this.#rounds.get(identity);
    if (known === undefined) this.#rounds.set(identity, { firstRow: row, digest });
    else known.digest = digest;
  }
}
