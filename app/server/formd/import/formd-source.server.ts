import { createReadStream } from "node:fs";
import { dirname, sep } from "node:path";
import { createInterface } from "node:readline";
import { mapFiling, mapFilingContext } from "../../../core/formd/map-filing";
import { ImportFileError } from "../../imports/import-errors";
import { FormDSourceError } from "../formd-source-error";
import { readFormDSource as readFilings } from "../read-formd-source.server";
import type { FormDReadItem } from "../read-quarter.server";
import type { FormDSourceItem } from "./formd-rows";

/**
 * decision 031, section 3: the one place where the Form D import meets the readers (section 1) and
 * `mapFiling` (section 2). A quarterly zip, a `primary_doc.xml` or a folder of them is read whole first, since
 * mapping needs the whole set (its funds' CIKs, its amendment chains: `mapFilingContext`), then each filing is
 * handed on with what it becomes. A source that cannot be read at all (a zip cut short or missing one of its six
 * files, a path that is none of these) is refused with the reader's message before anything is written. A
 * JSON-lines file (`.jsonl`, one `{ filing, mapped }` or rejected row a line) is taken as already read.
 */
export function readFormDSource(filePath: string): AsyncIterable<FormDSourceItem> {
  if (filePath.endsWith(".jsonl")) return readJsonLines(filePath);
  return readAndMap(filePath);
}

const DONE: FormDReadItem = {
  rejected: { position: { file: "", line: 0 }, accessionNumber: null, reason: "handed on" },
};

/**
 * The messages name files as seen from the folder the source is in (`2026q3_d.zip:ISSUERS.tsv`,
 * `0001234567-26-000001.xml`, `folder/{cik}/{accession}/primary_doc.xml`): a console upload's stored path is
 * the server's business, not the admin's.
 */
async function* readAndMap(filePath: string): AsyncGenerator<FormDSourceItem> {
  const folder = `${dirname(filePath)}${sep}`;
  const shown = (text: string) => text.split(folder).join("");
  const items: FormDReadItem[] = [];
  try {
    for await (const item of readFilings(filePath)) items.push(item);
  } catch (error) {
    if (error instanceof FormDSourceError) throw new ImportFileError(shown(error.message));
    throw error;
  }
  const filings = items.flatMap((item) => (item.filing ? [item.filing] : []));
  const context = mapFilingContext(filings);
  for (let index = 0; index < items.length; index++) {
    const item = items[index] as FormDReadItem;
    // Handed on, a filing is the import's to keep or drop: this list lets it go (peak memory, decision 031).
    items[index] = DONE;
    if (item.filing) yield { filing: item.filing, mapped: mapFiling(item.filing, context) };
    else {
      const { position, reason } = item.rejected;
      yield {
        ...item.rejected,
        position: { ...position, file: shown(position.file) },
        reason: shown(reason),
      };
    }
  }
}

/** One item a line; a line that is not one is rejected with its line number, never dropped. */
async function* readJsonLines(filePath: string): AsyncGenerator<FormDSourceItem> {
  const lines = createInterface({ input: createReadStream(filePath), crlfDelay: Number.POSITIVE_INFINITY });
  let line = 0;
  for await (const text of lines) {
    line++;
    if (text.trim() === "") continue;
    const item = parseItem(text);
    yield item ?? {
      position: { file: filePath, line },
      accessionNumber: null,
      reason: "the line is not a read Form D filing (JSON with filing and mapped, or a rejected row)",
    };
  }
}

function parseItem(text: string): FormDSourceItem | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null) return null;
  const record = value as Record<string, unknown>;
  if (typeof record.reason === "string" && typeof record.position === "object" && record.position !== null) {
    return value as FormDSourceItem;
  }
  const filing = record.filing as Record<string, unknown> | undefined;
  const mapped = record.mapped as Record<string, unknown> | undefined;
  if (typeof filing?.accessionNumber !== "string" || typeof mapped?.kind !== "string") return null;
  return value as FormDSourceItem;
}
