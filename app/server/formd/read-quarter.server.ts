import { basename } from "node:path";
import type { Readable } from "node:stream";
import yauzl, { type Entry, type ZipFile } from "yauzl";
import type {
  FormDFiling,
  FormDIssuer,
  FormDOffering,
  FormDRejected,
  FormDRelatedPerson,
} from "../../core/formd/filing";
import {
  type FormDFields,
  type FormDSubmission,
  issuerFromFields,
  offeringFromFields,
  relatedPersonFromFields,
  submissionFromFields,
} from "../../core/formd/filing-fields";
import { FormDValueError, isAccessionNumber, parseAccessionNumber } from "../../core/formd/values";
import { FormDSourceError } from "./formd-source-error";
import { readTsvRows } from "./tsv-rows.server";

/** What a reader hands on: a filing, or a row it could not read (with its file and line). */
export type FormDReadItem =
  | { filing: FormDFiling; rejected?: undefined }
  | { rejected: FormDRejected; filing?: undefined };

/** The six files of a quarterly data set, and the columns each must have for Roundlist to read it. */
export const QUARTER_FILES = {
  submission: { name: "FORMDSUBMISSION.tsv", columns: ["ACCESSIONNUMBER", "FILING_DATE", "SUBMISSIONTYPE"] },
  issuers: {
    name: "ISSUERS.tsv",
    columns: ["ACCESSIONNUMBER", "IS_PRIMARYISSUER_FLAG", "CIK", "ENTITYNAME", "CITY", "STATEORCOUNTRY"],
  },
  offering: { name: "OFFERING.tsv", columns: ["ACCESSIONNUMBER", "INDUSTRYGROUPTYPE", "TOTALAMOUNTSOLD"] },
  relatedPersons: { name: "RELATEDPERSONS.tsv", columns: ["ACCESSIONNUMBER", "FIRSTNAME", "LASTNAME"] },
  recipients: { name: "RECIPIENTS.tsv", columns: ["ACCESSIONNUMBER"] },
  signatures: { name: "SIGNATURES.tsv", columns: ["ACCESSIONNUMBER"] },
} as const;

type QuarterFile = keyof typeof QUARTER_FILES;

function openZip(path: string): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.open(path, { lazyEntries: true, autoClose: false }, (error, zip) =>
      error ? reject(error) : resolve(zip),
    );
  });
}

function zipEntries(zip: ZipFile): Promise<Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: Entry[] = [];
    zip.on("entry", (entry: Entry) => {
      entries.push(entry);
      zip.readEntry();
    });
    zip.on("end", () => resolve(entries));
    zip.on("error", reject);
    zip.readEntry();
  });
}

function openEntry(zip: ZipFile, entry: Entry): Promise<Readable> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => (error ? reject(error) : resolve(stream)));
  });
}

function reasonOf(error: unknown): string {
  if (error instanceof FormDValueError) return error.message;
  throw error;
}

interface Located<T> {
  line: number;
  value: T;
}

interface IssuersOf {
  primary: Located<FormDIssuer> | null;
  others: { cik: string; name: string }[];
}

/**
 * Decision 031: a quarterly Form D data set (`2026q3_d.zip`: a folder of six tab-separated files joined on
 * ACCESSIONNUMBER) as filings, in FORMDSUBMISSION order, and the rows it could not read, each with its file
 * (`2026q3_d.zip:2026Q3_d/OFFERING.tsv`) and line. A zip that is cut short, is not a zip, lacks one of the six
 * files or a column Roundlist reads is refused with a FormDSourceError before anything is yielded: the four
 * files a filing is built from are read whole first (a 20,000-filing quarter holds a few tens of MB of them).
 */
export async function* readQuarter(zipPath: string): AsyncGenerator<FormDReadItem> {
  const zipName = basename(zipPath);
  let zip: ZipFile;
  try {
    zip = await openZip(zipPath);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    throw new FormDSourceError(`${zipName} is not a complete zip file (${why}): download it again`);
  }
  try {
    const entries = await zipEntries(zip);
    const found = new Map<QuarterFile, Entry>();
    for (const [key, file] of Object.entries(QUARTER_FILES) as [
      QuarterFile,
      (typeof QUARTER_FILES)[QuarterFile],
    ][]) {
      const matches = entries.filter(
        (candidate) => basename(candidate.fileName).toUpperCase() === file.name.toUpperCase(),
      );
      if (matches.length > 1)
        throw new FormDSourceError(
          `${zipName} holds ${file.name} ${matches.length} times: give one quarter per zip`,
        );
      const entry = matches[0];
      if (entry !== undefined) found.set(key, entry);
    }
    const missing = Object.entries(QUARTER_FILES)
      .filter(([key]) => !found.has(key as QuarterFile))
      .map(([, file]) => file.name);
    if (missing.length > 0)
      throw new FormDSourceError(
        `${zipName} has no ${missing.join(", ")}: a quarterly Form D data set holds FORMDSUBMISSION.tsv, ISSUERS.tsv, OFFERING.tsv, RELATEDPERSONS.tsv, RECIPIENTS.tsv and SIGNATURES.tsv`,
      );

    const rejected: FormDRejected[] = [];
    /** Accessions a component row of which was rejected: their filing is rejected too, saying why. */
    const brokenParts = new Map<string, string>();

    async function eachRow(
      key: QuarterFile,
      onRow: (fields: FormDFields, line: number, file: string) => void,
    ) {
      const entry = found.get(key) as Entry;
      const file = `${zipName}:${entry.fileName}`;
      let stream: Readable;
      try {
        stream = await openEntry(zip, entry);
      } catch (error) {
        throw new FormDSourceError(
          `${file} could not be read (${error instanceof Error ? error.message : String(error)}): download the data set again`,
        );
      }
      let previousAccession: string | null = null;
      for await (const row of readTsvRows(stream, file, QUARTER_FILES[key].columns)) {
        if ("problem" in row) {
          // A row split by a stray line break: its first half names its filing in its first cell, a later half
          // continues the row before it. That filing is rejected too rather than written without the row.
          const accession: string | null = isAccessionNumber(row.firstCell)
            ? parseAccessionNumber(row.firstCell)
            : previousAccession;
          previousAccession = accession;
          rejected.push({
            position: { file, line: row.line },
            accessionNumber: accession,
            reason: row.problem,
          });
          if (accession !== null && key !== "submission")
            brokenParts.set(accession, `${QUARTER_FILES[key].name} line ${row.line}: ${row.problem}`);
          continue;
        }
        const cell = row.cells.ACCESSIONNUMBER?.trim() ?? "";
        previousAccession = isAccessionNumber(cell) ? parseAccessionNumber(cell) : null;
        try {
          onRow(row.cells, row.line, file);
        } catch (error) {
          const reason = reasonOf(error);
          const accession = previousAccession;
          rejected.push({ position: { file, line: row.line }, accessionNumber: accession, reason });
          if (accession !== null && key !== "submission")
            brokenParts.set(accession, `${QUARTER_FILES[key].name} line ${row.line}: ${reason}`);
        }
      }
    }

    const submissions = new Map<string, Located<FormDSubmission> & { file: string }>();
    await eachRow("submission", (fields, line, file) => {
      const submission = submissionFromFields(fields);
      if (submissions.has(submission.accessionNumber))
        throw new FormDValueError(`Accession number ${submission.accessionNumber} is listed twice`);
      submissions.set(submission.accessionNumber, { line, value: submission, file });
    });
    const known = (fields: FormDFields, fileName: string): string => {
      const accession = parseAccessionNumber(fields.ACCESSIONNUMBER);
      if (!submissions.has(accession))
        throw new FormDValueError(
          `Accession number ${accession} has no row in FORMDSUBMISSION.tsv (from ${fileName})`,
        );
      return accession;
    };

    const issuers = new Map<string, IssuersOf>();
    await eachRow("issuers", (fields, line) => {
      const accession = known(fields, "ISSUERS.tsv");
      const { isPrimary, issuer } = issuerFromFields(fields);
      const of = issuers.get(accession) ?? { primary: null, others: [] };
      if (isPrimary && of.primary === null) of.primary = { line, value: issuer };
      else of.others.push({ cik: issuer.cik, name: issuer.name });
      issuers.set(accession, of);
    });
    const offerings = new Map<string, FormDOffering>();
    await eachRow("offering", (fields) => {
      const accession = known(fields, "OFFERING.tsv");
      if (offerings.has(accession))
        throw new FormDValueError(`Accession number ${accession} has a second offering`);
      offerings.set(accession, offeringFromFields(fields));
    });
    const persons = new Map<string, FormDRelatedPerson[]>();
    await eachRow("relatedPersons", (fields) => {
      const accession = known(fields, "RELATEDPERSONS.tsv");
      const list = persons.get(accession) ?? [];
      list.push(relatedPersonFromFields(fields));
      persons.set(accession, list);
    });

    for (const item of rejected) yield { rejected: item };
    for (const [accession, { line, value: submission, file }] of submissions) {
      const position = { file, line };
      const reject = (reason: string): FormDReadItem => ({
        rejected: { position, accessionNumber: accession, reason },
      });
      const broken = brokenParts.get(accession);
      const of = issuers.get(accession);
      const offering = offerings.get(accession);
      if (broken !== undefined) yield reject(`A row of this filing was rejected (${broken})`);
      else if (of?.primary == null) yield reject("No primary issuer in ISSUERS.tsv");
      else if (offering === undefined) yield reject("No offering in OFFERING.tsv");
      else
        yield {
          filing: {
            ...submission,
            primaryIssuer: of.primary.value,
            otherIssuers: of.others,
            offering,
            relatedPersons: persons.get(accession) ?? [],
            position,
          },
        };
    }
  } finally {
    zip.close();
  }
}
