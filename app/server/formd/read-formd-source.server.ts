import { readdir, stat } from "node:fs/promises";
import { basename, join } from "node:path";
import { FormDSourceError } from "./formd-source-error";
import { accessionOfPath, readPrimaryDoc } from "./read-primary-doc.server";
import { type FormDReadItem, readQuarter } from "./read-quarter.server";

/** How deep a folder is searched: `{folder}/{cik}/{accession}/primary_doc.xml` is two levels down. */
const MAX_DEPTH = 3;

const isZip = (name: string) => /\.zip$/i.test(name);
const isXml = (name: string) => /\.xml$/i.test(name);

/** The quarter zips and filing XML files under a folder, in name order. */
async function sourcesUnder(folder: string, depth: number, found: { zips: string[]; docs: string[] }) {
  const entries = (await readdir(folder, { withFileTypes: true })).sort((a, b) =>
    a.name.localeCompare(b.name),
  );
  for (const entry of entries) {
    const path = join(folder, entry.name);
    if (entry.isDirectory() && depth < MAX_DEPTH) await sourcesUnder(path, depth + 1, found);
    else if (entry.isFile() && isZip(entry.name)) found.zips.push(path);
    else if (
      entry.isFile() &&
      isXml(entry.name) &&
      (entry.name.toLowerCase() === "primary_doc.xml" || accessionOfPath(path) !== null)
    )
      found.docs.push(path);
  }
}

/**
 * Decision 031: every filing at a path: a quarterly data set zip, one `primary_doc.xml`, or a folder holding
 * either (EDGAR's `{cik}/{accession}/primary_doc.xml` layout, or flat: `{accession}.xml` files or
 * `{accession}/primary_doc.xml` folders). A folder's zips are read first, then its filings. A filing in a folder
 * that cannot be read is a rejected row (its file, line 1); a zip that cannot be read refuses the whole source,
 * as does a path that is none of these.
 */
export async function* readFormDSource(path: string): AsyncGenerator<FormDReadItem> {
  let info: Awaited<ReturnType<typeof stat>>;
  try {
    info = await stat(path);
  } catch {
    throw new FormDSourceError(`${path} does not exist`);
  }
  if (info.isFile() && isZip(path)) {
    yield* readQuarter(path);
    return;
  }
  if (info.isFile() && isXml(path)) {
    yield { filing: await readPrimaryDoc(path) };
    return;
  }
  if (!info.isDirectory())
    throw new FormDSourceError(
      `${basename(path)} is not a Form D source: give a quarterly zip, a primary_doc.xml or a folder of them`,
    );
  const found = { zips: [] as string[], docs: [] as string[] };
  await sourcesUnder(path, 0, found);
  if (found.zips.length === 0 && found.docs.length === 0)
    throw new FormDSourceError(`${path} holds no quarterly zip and no primary_doc.xml`);
  for (const zip of found.zips) yield* readQuarter(zip);
  for (const doc of found.docs) {
    try {
      yield { filing: await readPrimaryDoc(doc) };
    } catch (error) {
      if (!(error instanceof FormDSourceError)) throw error;
      yield {
        rejected: {
          position: { file: doc, line: 1 },
          accessionNumber: accessionOfPath(doc),
          reason: error.message,
        },
      };
    }
  }
}
