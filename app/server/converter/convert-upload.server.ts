import { once } from "node:events";
import { createReadStream, createWriteStream, type WriteStream } from "node:fs";
import { rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { type Readable, Transform, type TransformCallback } from "node:stream";
import { crc32 } from "node:zlib";
import { convertRow, emailKey, prepareTarget } from "~/core/converter/convert";
import { CsvRecordReader, CsvRecordTooLong } from "~/core/converter/csv-records";
import {
  type ColumnMapping,
  type FileColumn,
  hasEmailColumn,
  leadFromRecord,
  mapHeaders,
} from "~/core/converter/header-synonyms";
import { LEAD_FIELD_LABELS, type LeadField } from "~/core/converter/lead";
import { conversionLimitProblem, uploadLimitProblem } from "~/core/converter/limits";
import type { FullConversionReport } from "~/core/converter/report-view";
import type { Target } from "~/core/converter/targets";
import { csvRow, neutralizeFormula } from "~/core/csv";
import { CONVERTER_LIMIT_ERRORS } from "~/core/messages";
import type { Db } from "../db/database.server";
import { writeStoredZip, type ZipEntry } from "../http/zip-store.server";
import { readCsvRows } from "../imports/csv-rows.server";
import { fileHeadProblem } from "../imports/file-head.server";
import { ImportFileError } from "../imports/import-errors";
import { receiveUpload, UploadRefused } from "../imports/import-upload.server";
import { DRAIN_LIMIT_BYTES } from "../read-body.server";
import { suppressedHashesAmong, suppressionHash } from "../suppression/email-hash.server";
import {
  type ConverterFileRecord,
  converterDir,
  dataPath,
  deleteConverterFile,
  heldFileCount,
  newFileId,
  runningCount,
  saveRecord,
  startRunning,
  tidyConverterFiles,
} from "./converter-files.server";

/** The converter takes files up to this size: 1.5 times a 100,000-row Roundlist export. */
export const CONVERTER_MAX_BYTES = 100 * 1024 * 1024;
/** Converted rows shown before the download. */
export const PREVIEW_ROWS = 10;
/** Rows whose addresses are checked against the do-not-sell list in one query. */
const SUPPRESSION_BATCH = 1_000;

export interface UploadAnalysis {
  uploadId: string;
  fileName: string;
  headers: string[];
  /** Which column each recognised lead field comes from (the page's mapping starts here). */
  columns: ColumnMapping;
  unrecognised: FileColumn[];
  encoding: "utf-8" | "windows-1252";
  delimiter: "," | ";";
}

/** A file the converter cannot read: answered 400 with this message. */
export class ConverterInputError extends Error {
  override name = "ConverterInputError";
}

/** More than a person's share of the converter at once (docs/decisions/018): answered 429 with this message. */
export class ConverterBusy extends Error {
  override name = "ConverterBusy";
  readonly status = 429;
}

/**
 * Counts a conversion of this user's as running, or throws ConverterBusy when they have the most running
 * already; the returned function ends it.
 */
export function startConversion(userId: string): () => void {
  const problem = conversionLimitProblem(runningCount(userId));
  if (problem !== null) throw new ConverterBusy(problem);
  return startRunning(userId);
}

/**
 * docs/product.md#converter: receives a file to convert (the body is the file, as the admin imports' upload:
 * streamed to disk, at most CONVERTER_MAX_BYTES, refused with a message when its start is not CSV text),
 * finds its encoding and separator, and maps its header row onto lead fields.
 */
export async function receiveConverterUpload(
  request: Request,
  userId: string,
  dir: string = converterDir(),
): Promise<UploadAnalysis> {
  // Counted as running before anything is awaited: two uploads at once cannot both pass the check.
  const running = runningCount(userId);
  const done = startRunning(userId);
  try {
    // Each upload first clears what earlier ones left (never converted or never downloaded, over an hour old).
    await tidyConverterFiles(dir);
    const problem = uploadLimitProblem(await heldFileCount(userId, dir), running);
    if (problem !== null) {
      await discardBody(request);
      throw new ConverterBusy(problem);
    }
    return await receiveAndAnalyse(request, userId, dir);
  } finally {
    done();
  }
}

/**
 * Reads a refused upload's body without keeping it, up to DRAIN_LIMIT_BYTES (then cancels it): answering
 * while the browser is still sending resets the connection, and the person would see no message.
 */
async function discardBody(request: Request): Promise<void> {
  if (!request.body) return;
  const reader = request.body.getReader();
  let size = 0;
  try {
    while (size <= DRAIN_LIMIT_BYTES) {
      const { done, value } = await reader.read();
      if (done) return;
      size += value.byteLength;
    }
    await reader.cancel();
  } catch {
    // The sender went away: nothing to answer.
  }
}

async function receiveAndAnalyse(request: Request, userId: string, dir: string): Promise<UploadAnalysis> {
  const stored = await receiveUpload(request, {
    dir,
    maxBytes: CONVERTER_MAX_BYTES,
    headProblem: (head) => fileHeadProblem(head, () => null),
  });
  const uploadId = newFileId();
  await rename(stored.storedPath, dataPath(uploadId, dir));
  try {
    const encoding = (await isUtf8(dataPath(uploadId, dir))) ? "utf-8" : "windows-1252";
    const delimiter = await sniffDelimiter(dataPath(uploadId, dir), encoding);
    const headers = await headerRow(dataPath(uploadId, dir), encoding, delimiter);
    const { columns, unrecognised } = mapHeaders(headers);
    await saveRecord(
      {
        id: uploadId,
        userId,
        fileName: stored.fileName,
        kind: "upload",
        createdAt: new Date().toISOString(),
        encoding,
        delimiter,
        columnCount: headers.length,
      },
      dir,
    );
    return { uploadId, fileName: stored.fileName, headers, columns, unrecognised, encoding, delimiter };
  } catch (error) {
    await deleteConverterFile(uploadId, dir);
    if (error instanceof ImportFileError) throw new ConverterInputError(error.message);
    throw error;
  }
}

export { UploadRefused };

/** Why a file cannot go to a target at all (checked before the conversion starts), or null. */
export function conversionProblem(target: Target, columns: ColumnMapping): string | null {
  if (!hasEmailColumn(columns) && target.required.includes("email")) {
    return `${target.name} needs an email for every lead, and no column of this file holds one. Map a column to Email.`;
  }
  return null;
}

/** Whether the file is valid UTF-8 (else it is read as Windows-1252, what Excel on Windows writes). */
async function isUtf8(file: string): Promise<boolean> {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  try {
    for await (const chunk of createReadStream(file)) decoder.decode(chunk as Buffer, { stream: true });
    decoder.decode();
    return true;
  } catch {
    return false;
  }
}

/** Text of the file, decoded as `encoding`, for the CSV parser. */
function textStream(
  file: string,
  encoding: UploadAnalysis["encoding"],
  onBytes?: (bytes: number) => void,
): Readable {
  const source = createReadStream(file);
  if (onBytes) source.on("data", (chunk) => onBytes(chunk.length));
  if (encoding === "utf-8") return source;
  const decoder = new TextDecoder("windows-1252");
  return source.pipe(
    new Transform({
      transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
        callback(null, Buffer.from(decoder.decode(chunk, { stream: true }), "utf8"));
      },
      flush(callback: TransformCallback) {
        callback(null, Buffer.from(decoder.decode(), "utf8"));
      },
    }),
  );
}

/** A semicolon file (Excel in much of Europe) has more semicolons than commas in its first line. */
async function sniffDelimiter(file: string, encoding: UploadAnalysis["encoding"]): Promise<"," | ";"> {
  let head = "";
  for await (const chunk of textStream(file, encoding)) {
    head += (chunk as Buffer).toString("utf8");
    if (head.includes("\n") || head.length > 65_536) break;
  }
  const line = head.split("\n", 1)[0] ?? "";
  const count = (char: string) => line.split(char).length - 1;
  return count(";") > count(",") ? ";" : ",";
}

class StopReading extends Error {}

async function headerRow(
  file: string,
  encoding: UploadAnalysis["encoding"],
  delimiter: "," | ";",
): Promise<string[]> {
  let headers: string[] | null = null;
  try {
    await readCsvRows(
      textStream(file, encoding),
      {
        onHeader: (cells) => {
          headers = cells.map((cell) => cell.trim());
          throw new StopReading();
        },
        onRow: () => undefined,
      },
      { delimiter },
    );
  } catch (error) {
    // Stopping after the header ends the read: the pipeline then reports our stop, or the abort it caused.
    if (headers === null && !(error instanceof StopReading)) throw error;
  }
  if (headers === null) throw new ConverterInputError("The file is empty.");
  return headers;
}

/** The report as the conversion counts it (what each reader is told of it: core/converter/report-view.ts). */
export type ConversionReport = FullConversionReport;

export interface ConversionOutcome {
  fileId: string;
  downloadName: string;
  report: ConversionReport;
  preview: { headers: readonly string[]; rows: string[][] };
}

interface Part {
  path: string;
  out: WriteStream;
  rows: number;
  bytes: number;
  crc: number;
}

/**
 * Converts an upload for a target in one streamed pass (decision 016): each row through the converter (core),
 * rows missing a required field, repeated addresses and addresses on the do-not-sell list left out and
 * counted, the rest written to one file, or to parts of the target's size zipped together. The upload is
 * deleted once converted; the result waits for its download.
 */
export async function convertUpload(
  db: Db,
  userId: string,
  upload: ConverterFileRecord,
  target: Target,
  columns: ColumnMapping,
  dir: string = converterDir(),
  onProgress?: (share: number) => void,
): Promise<ConversionOutcome> {
  const prepared = prepareTarget(target);
  const fileId = newFileId();
  const report: ConversionReport = {
    rowsRead: 0,
    written: 0,
    missingRequired: {},
    duplicateEmails: 0,
    suppressed: 0,
    unreadable: 0,
    parts: 0,
  };
  const preview: string[][] = [];
  const written = new Set<string>();
  const parts: Part[] = [];
  const limit = target.maxRowsPerFile ?? Number.POSITIVE_INFINITY;
  let pending: Array<{ cells: string[]; hash: string | null }> = [];
  const openPart = (): Part => {
    const part: Part = {
      path: path.join(dir, `${fileId}.part${parts.length + 1}`),
      out: createWriteStream(path.join(dir, `${fileId}.part${parts.length + 1}`), { flags: "wx" }),
      rows: 0,
      bytes: 0,
      crc: 0,
    };
    parts.push(part);
    return part;
  };
  const writeText = async (part: Part, text: string) => {
    const bytes = Buffer.from(text, "utf8");
    part.bytes += bytes.length;
    part.crc = crc32(bytes, part.crc);
    if (!part.out.write(bytes)) await once(part.out, "drain");
  };
  let current: Part | null = null;
  const flush = async () => {
    if (pending.length === 0) return;
    const hashes = pending.flatMap((row) => (row.hash === null ? [] : [row.hash]));
    const suppressed = await suppressedHashesAmong(db, hashes);
    let text = "";
    for (const row of pending) {
      if (row.hash !== null && suppressed.has(row.hash)) {
        report.suppressed += 1;
        continue;
      }
      if (current === null || current.rows >= limit) {
        if (current !== null && text !== "") await writeText(current, text);
        text = "";
        current = openPart();
        await writeText(current, prepared.fileStart);
      }
      text += csvRow(row.cells, target.delimiter);
      current.rows += 1;
      report.written += 1;
      // The preview shows the cells as the file holds them (a formula neutralised).
      if (preview.length < PREVIEW_ROWS) preview.push(row.cells.map(neutralizeFormula));
    }
    if (current !== null && text !== "") await writeText(current, text);
    pending = [];
  };

  const uploadPath = dataPath(upload.id, dir);
  try {
    const problem = conversionProblem(target, columns);
    if (problem !== null) throw new ConverterInputError(problem);
    // The converter's own reader (core/converter/csv-records.ts): it reports how many rows it could not
    // read, not their line numbers, and reads a large upload much faster than csv-parse (measured in
    // decision 016).
    const reader = new CsvRecordReader(upload.delimiter ?? ",");
    let isHeader = true;
    const convertRecords = async (records: string[][]) => {
      for (const cells of records) {
        if (isHeader) {
          isHeader = false;
          continue;
        }
        report.rowsRead += 1;
        const lead = leadFromRecord(cells, columns);
        const converted = convertRow(lead, prepared);
        if ("missing" in converted) {
          for (const field of converted.missing) {
            const name = LEAD_FIELD_LABELS[field as LeadField];
            report.missingRequired[name] = (report.missingRequired[name] ?? 0) + 1;
          }
          continue;
        }
        const key = emailKey(lead.email || lead.contactEmail || "");
        if (key !== "") {
          if (written.has(key)) {
            report.duplicateEmails += 1;
            continue;
          }
          written.add(key);
        }
        pending.push({ cells: converted.cells, hash: key === "" ? null : suppressionHash(key) });
        if (pending.length >= SUPPRESSION_BATCH) await flush();
      }
    };
    const fileBytes = (await stat(uploadPath)).size;
    let bytesRead = 0;
    let reported = 0;
    const text = textStream(uploadPath, upload.encoding ?? "utf-8", (bytes) => {
      bytesRead += bytes;
      // A report per 2% at most: the page's progress bar, not a message per chunk.
      if (onProgress && bytesRead / fileBytes - reported >= 0.02) {
        reported = bytesRead / fileBytes;
        onProgress(Math.min(reported, 0.99));
      }
    });
    // Whole characters per chunk, however the bytes were cut.
    text.setEncoding("utf8");
    for await (const chunk of text) await convertRecords(reader.push(chunk as string));
    await convertRecords(reader.end());
    report.rowsRead += reader.broken;
    report.unreadable += reader.broken;
    await flush();
    if (parts.length === 0) {
      // Nothing to write but the header: the file still opens in the target, empty.
      const part = openPart();
      await writeText(part, prepared.fileStart);
    }
    for (const part of parts) {
      part.out.end();
      await once(part.out, "finish");
    }
    report.parts = parts.length;
    const base = path.basename(upload.fileName, path.extname(upload.fileName)).replace(/[^\w.-]+/g, "-");
    let downloadName: string;
    if (parts.length === 1) {
      await rename((parts[0] as Part).path, dataPath(fileId, dir));
      downloadName = `${base}-${target.id}.csv`;
    } else {
      const entries: ZipEntry[] = parts.map((part, index) => ({
        name: `${base}-${target.id}-part-${index + 1}.csv`,
        path: part.path,
        size: part.bytes,
        crc32: part.crc,
      }));
      await writeStoredZip(dataPath(fileId, dir), entries);
      downloadName = `${base}-${target.id}.zip`;
    }
    await saveRecord(
      {
        id: fileId,
        userId,
        fileName: downloadName,
        kind: parts.length === 1 ? "csv" : "zip",
        createdAt: new Date().toISOString(),
      },
      dir,
    );
    return { fileId, downloadName, report, preview: { headers: prepared.headers, rows: preview } };
  } catch (error) {
    await rm(dataPath(fileId, dir), { force: true });
    if (error instanceof ImportFileError) throw new ConverterInputError(error.message);
    if (error instanceof CsvRecordTooLong) {
      throw new ConverterInputError(CONVERTER_LIMIT_ERRORS.rowTooLong(error.record));
    }
    throw error;
  } finally {
    for (const part of parts) {
      part.out.destroy();
      await rm(part.path, { force: true });
    }
    // An uploaded file is deleted once converted (docs/product.md#converter), whatever the outcome.
    await deleteConverterFile(upload.id, dir);
  }
}
