import type { Readable } from "node:stream";
import { type InfoRecord, Parser } from "csv-parse";
import { FormDSourceError } from "./formd-source-error";

/** One data row of a data set file: its cells by column name, and its line in the file (the header is line 1). */
export interface TsvRow {
  line: number;
  cells: Readonly<Record<string, string>>;
}

/** A row that could not be split into the header's columns; `firstCell` is what would be its ACCESSIONNUMBER. */
export interface TsvProblem {
  line: number;
  problem: string;
  firstCell: string;
}

export type TsvItem = TsvRow | TsvProblem;

/**
 * Decision 031: the rows of one of a quarterly data set's tab-separated files. The files are not quoted (a
 * `"` is an ordinary character), so csv-parse reads them with quoting off; a row with the wrong number of
 * cells comes through as a problem with its line. The header must name every column in `required`, else the
 * whole file is refused.
 */
export async function* readTsvRows(
  input: Readable,
  file: string,
  required: readonly string[],
): AsyncGenerator<TsvItem> {
  const parser = new Parser({
    delimiter: "\t",
    quote: null,
    bom: true,
    skip_empty_lines: true,
    relax_column_count: true,
    info: true,
  });
  input.on("error", (error) => parser.destroy(error));
  input.pipe(parser);
  let header: string[] | null = null;
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: InfoRecord }>) {
      if (header === null) {
        header = record.map((name) => name.trim().toUpperCase());
        const missing = required.filter((name) => !header?.includes(name));
        if (missing.length > 0)
          throw new FormDSourceError(
            `${file} has no ${missing.join(", ")} column: it is not a Form D data set file`,
          );
        continue;
      }
      const line = info.lines;
      if (record.length !== header.length) {
        yield {
          line,
          problem: `${record.length} cells where the header has ${header.length}`,
          firstCell: record[0]?.trim() ?? "",
        };
        continue;
      }
      const cells: Record<string, string> = {};
      header.forEach((name, index) => {
        cells[name] = record[index] ?? "";
      });
      yield { line, cells };
    }
  } catch (error) {
    if (error instanceof FormDSourceError) throw error;
    throw new FormDSourceError(
      `${file} could not be read (${error instanceof Error ? error.message : String(error)}): download the data set again`,
    );
  }
  if (header === null) throw new FormDSourceError(`${file} is empty: it has no header row`);
}
