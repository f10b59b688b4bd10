import { createReadStream } from "node:fs";
import { createInterface } from "node:readline";
import { ImportFileError } from "../../imports/import-errors";
import type { FormDSourceItem } from "./formd-rows";

/**
 * decision 031, section 3: THE ONE PLACE where the Form D import meets a reader. The readers of the quarterly
 * data sets and of `primary_doc.xml` (section 1) and `mapFiling` (section 2) land apart; until they are
 * wired here, the import takes a JSON-lines file of what they produce (one `{ filing, mapped }` or
 * `FormDRejected` a line, `.jsonl`) and refuses anything else with a clear message. Wiring the readers is one
 * call in place of `notWiredYet` below.
 */
export function readFormDSource(filePath: string): AsyncIterable<FormDSourceItem> {
  if (filePath.endsWith(".jsonl")) return readJsonLines(filePath);
  return notWiredYet();
}

/** What the import says of a data set, an XML file or a folder until the readers are wired. */
export function notWiredMessage(): string {
  return "Reading SEC Form D data sets (.zip), primary_doc.xml files and folders of them is not wired into this import yet; give a .jsonl file of read filings instead.";
}

// biome-ignore lint/correctness/useYield: it fails before its first item, by design, until the readers land.
async function* notWiredYet(): AsyncGenerator<FormDSourceItem> {
  throw new ImportFileError(notWiredMessage());
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
