/**
 * docs/product.md#imports: a rejected row is reported with every problem it has, not only the first, so one
 * fix of the file fixes the row. The row schemas (companies: server/companies/crunchbase-row.ts; LPs:
 * core/lp-import-row.ts) read each field on its own through `RowProblems.read`: a field's reader throws a
 * RowProblem at its first problem, which is noted, and the next field is read.
 */

/** One field's problem: a sentence naming the column as the file spells it (and quoting the value). */
export class RowProblem extends Error {}

/** The problems of one row, in the order its fields were read. */
export class RowProblems {
  readonly #problems: string[] = [];

  /** Reads one field; a RowProblem it throws is noted and the field reads as `fallback`. */
  read<T>(read: () => T, fallback: T): T {
    try {
      return read();
    } catch (error) {
      if (!(error instanceof RowProblem)) throw error;
      this.#problems.push(error.message);
      return fallback;
    }
  }

  get count(): number {
    return this.#problems.length;
  }

  /** The row's reason: every problem, or null when it has none. */
  reason(): string | null {
    return this.#problems.length === 0 ? null : rowReason(this.#problems);
  }
}

/**
 * The problems as one reason, joined by "; " ("Email "x" is not an email address; Last Funding Date "y" is
 * not a valid date (expected YYYY-MM-DD)."): one line of a report, one cell of the rejected-rows CSV.
 */
export function rowReason(problems: readonly string[]): string {
  return problems
    .map((problem, index) => (index < problems.length - 1 ? problem.replace(/\.$/, "") : problem))
    .join("; ");
}
