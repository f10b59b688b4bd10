import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, rm, rmdir } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable, Transform, type TransformCallback } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import {
  checkUploadName,
  DEFAULT_MAX_IMPORT_BYTES,
  type ImportSubject,
  uploadSizeProblem,
} from "~/core/import-runs";
import { env } from "../env.server";
import { DRAIN_LIMIT_BYTES, mediaTypeOf } from "../read-body.server";
import { fileHeadProblem } from "./file-head.server";
import type { AnyImportKind } from "./import-kit.server";
import { SNIFF_BYTES } from "./input-guard.server";

/**
 * An upload's check for a kind of import: the importer's own checks of the start and the header row, or, for a
 * kind whose files are not CSV, its own check of their first bytes (`uploads`).
 */
export function kindHeadProblem(
  kind: Pick<AnyImportKind, "headerProblem" | "uploads">,
): (head: Buffer, fileName: string) => string | null {
  const { uploads } = kind;
  if (uploads) return (head, fileName) => uploads.headProblem(head, fileName);
  return (head) => fileHeadProblem(head, kind.headerProblem);
}

/** The upload options of a kind: CSV, or the types and stored names of a kind whose files are not CSV. */
export function kindUploadOptions(
  kind: Pick<AnyImportKind, "subject" | "headerProblem" | "uploads">,
): Pick<UploadOptions, "subject" | "headProblem" | "contentTypes" | "keepName"> {
  return {
    subject: kind.subject,
    headProblem: kindHeadProblem(kind),
    ...(kind.uploads ? { contentTypes: new Set(kind.uploads.contentTypes), keepName: true } : {}),
  };
}

/** An upload refused, with the status and the message for the person who sent it. */
export class UploadRefused extends Error {
  override name = "UploadRefused";
  constructor(
    readonly status: 400 | 413 | 415,
    message: string,
  ) {
    super(message);
  }
}

/** An uploaded file, whole on disk. */
export interface StoredUpload {
  storedPath: string;
  fileBytes: number;
  fileName: string;
}

/**
 * Where uploads wait between their dry run and their import: `<DATA_DIR>/imports` (beside the embedded
 * database and its lock file), or the system temp directory when the data directory is in memory.
 */
export function importsDir(dataDir: string = env().DATA_DIR): string {
  if (dataDir.startsWith("memory://")) return path.join(os.tmpdir(), "roundlist-imports");
  return path.resolve(dataDir, "imports");
}

/** The types a browser or a script sends a .csv file as (Windows calls it an Excel file); empty is accepted. */
const CSV_TYPES: ReadonlySet<string> = new Set([
  "text/csv",
  "application/csv",
  "text/x-csv",
  "text/comma-separated-values",
  "text/plain",
  "application/vnd.ms-excel",
  "application/octet-stream",
]);

export interface UploadOptions {
  dir?: string;
  maxBytes?: number;
  /**
   * The check of the file's first bytes (and its checked name): a kind of import's (kindHeadProblem), or the
   * converter's (any CSV with a header row).
   */
  headProblem: (head: Buffer, fileName: string) => string | null;
  /** Whose name rules apply (checkUploadName; default: a .csv file). */
  subject?: ImportSubject;
  /** The Content-Types taken (default: those a .csv file is sent as). */
  contentTypes?: ReadonlySet<string>;
  /**
   * Store the file under its own name, in a folder of its own (`{uuid}/{name}`), for a reader that reads the
   * name (decision 031: a Form D filing's XML is named after its accession number); default `{uuid}.csv`.
   */
  keepName?: boolean;
}

/**
 * docs/product.md#imports: receives a CSV upload, streamed to a file under `dir` as it arrives (memory stays flat at any
 * size). The request's body is the file itself (Content-Type text/csv) and its name is the `name` query
 * parameter: no multipart parsing, no form buffered. Refused with UploadRefused, nothing kept:
 * - a name that is not a .csv file (400), a form or another non-CSV Content-Type (415);
 * - a declared or actual size over `maxBytes` (413, as soon as it is seen), an empty body (400);
 * - a start that `headProblem` refuses (400): for an import, one that is not CSV text or whose header
 *   the kind refuses (a companies file without an Organization Name column), checked by the importer's
 *   own rules on the first bytes, before the rest is stored.
 */
export async function receiveUpload(request: Request, options: UploadOptions): Promise<StoredUpload> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_IMPORT_BYTES;
  const name = checkUploadName(new URL(request.url).searchParams.get("name"), options.subject);
  if (!name.ok) throw new UploadRefused(400, name.message);
  const type = mediaTypeOf(request.headers.get("content-type"));
  const isCsv = options.contentTypes === undefined;
  const sendAs = isCsv ? "text/csv" : "application/octet-stream";
  if (type === "multipart/form-data" || type === "application/x-www-form-urlencoded") {
    throw new UploadRefused(
      415,
      `Send the file itself as the request body (Content-Type: ${sendAs}) with its name in ?name=, not as a form.`,
    );
  }
  if (type !== null && !(options.contentTypes ?? CSV_TYPES).has(type)) {
    throw new UploadRefused(
      415,
      isCsv
        ? `A ${type} upload is not a CSV file: send it with Content-Type: text/csv.`
        : `A ${type} upload is not one of these files: send it with Content-Type: ${sendAs}.`,
    );
  }
  const declared = request.headers.get("content-length");
  if (declared !== null && /^\d+$/.test(declared)) {
    const problem = uploadSizeProblem(Number(declared), maxBytes);
    if (problem !== null) throw new UploadRefused(Number(declared) > 0 ? 413 : 400, problem);
  }
  if (request.body === null) throw new UploadRefused(400, uploadSizeProblem(0) as string);

  const dir = options.dir ?? importsDir();
  await mkdir(dir, { recursive: true });
  let storedPath = path.join(dir, `${randomUUID()}.csv`);
  if (options.keepName) {
    const folder = path.join(dir, randomUUID());
    await mkdir(folder);
    storedPath = path.join(folder, name.fileName);
  }
  const meter = new UploadMeter(maxBytes, (head) => options.headProblem(head, name.fileName));
  try {
    await pipeline(
      Readable.fromWeb(request.body as NodeReadableStream<Uint8Array>),
      meter,
      createWriteStream(storedPath, { flags: "wx" }),
    );
    if (meter.refusal) throw meter.refusal;
    if (meter.bytes === 0) throw new UploadRefused(400, uploadSizeProblem(0) as string);
  } catch (error) {
    await deleteStoredUpload(storedPath);
    if (error instanceof UploadRefused) throw error;
    throw new UploadRefused(400, "The upload stopped before the whole file arrived; upload it again.");
  }
  return { storedPath, fileBytes: meter.bytes, fileName: name.fileName };
}

/**
 * Counts the bytes, refuses past the limit, and checks the file's start before passing it on. A refusal
 * does not break the request: the meter stops passing bytes on and keeps reading (up to DRAIN_LIMIT_BYTES
 * more), so the client, still sending, gets the answer that says why instead of a dropped connection (the
 * reason read-body.server.ts drains too). Past that the request is given up on.
 */
class UploadMeter extends Transform {
  bytes = 0;
  refusal: UploadRefused | null = null;
  private refusedAt = 0;
  private head: Buffer[] = [];
  private headChecked = false;

  constructor(
    private readonly maxBytes: number,
    private readonly headProblem: (head: Buffer) => string | null,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.refusal) {
      callback(this.bytes - this.refusedAt > DRAIN_LIMIT_BYTES ? this.refusal : undefined);
      return;
    }
    const tooLarge = uploadSizeProblem(this.bytes, this.maxBytes);
    if (tooLarge !== null) {
      this.refuse(new UploadRefused(413, tooLarge));
      callback();
      return;
    }
    if (this.headChecked) {
      callback(null, chunk);
      return;
    }
    this.head.push(chunk);
    if (this.bytes < SNIFF_BYTES) {
      callback();
      return;
    }
    this.releaseHead();
    callback();
  }

  override _flush(callback: TransformCallback): void {
    if (!this.refusal && !this.headChecked && this.bytes > 0) this.releaseHead();
    callback();
  }

  private refuse(refusal: UploadRefused): void {
    this.refusal = refusal;
    this.refusedAt = this.bytes;
    this.head = [];
  }

  private releaseHead(): void {
    this.headChecked = true;
    const head = Buffer.concat(this.head);
    this.head = [];
    const problem = this.headProblem(head);
    if (problem !== null) this.refuse(new UploadRefused(400, problem));
    else this.push(head);
  }
}

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const STORED_NAME = new RegExp(`^${UUID}\\.csv$`);
/** The folder of an upload kept under its own name (keepName). */
export const STORED_FOLDER = new RegExp(`^${UUID}$`);

/**
 * Deletes a stored upload (gone already is fine); only a file this module named, never another path: a
 * `{uuid}.csv`, or a file in a `{uuid}` folder, which goes with it.
 */
export async function deleteStoredUpload(storedPath: string): Promise<void> {
  if (STORED_NAME.test(path.basename(storedPath))) {
    await rm(storedPath, { force: true });
    return;
  }
  const folder = path.dirname(storedPath);
  if (!STORED_FOLDER.test(path.basename(folder))) return;
  await rm(storedPath, { force: true });
  await rmdir(folder).catch(() => undefined);
}
