import { Transform, type TransformCallback } from "node:stream";
import { ImportFileError } from "./import-errors";
import { EMPTY_FILE } from "./import-messages";

/** Bytes looked at before parsing, to tell an empty or binary file from a CSV. */
export const SNIFF_BYTES = 8 * 1024;
/**
 * A stray quote makes the rest of a file one endless cell that the parser would buffer whole. Past this many
 * bytes without a valid row the import stops reading, keeping memory bounded; real rows are a few kB.
 */
export const DEFAULT_MAX_BYTES_WITHOUT_ROW = 16 * 1024 * 1024;

/**
 * Sits before the parser. Holds back the first bytes until it can tell a CSV text from an empty or binary
 * file (so those fail before anything is parsed or written), and stops feeding the parser when a runaway
 * quoted cell would otherwise make it buffer the rest of the file.
 */
export class InputGuard extends Transform {
  private head: Buffer[] = [];
  private headBytes = 0;
  private sniffed = false;
  private recordsSeen = 0;
  private bytesSinceRecord = 0;
  /** Set when the rest of the file was dropped because no row ended within maxBytesWithoutRow bytes. */
  truncated = false;

  /** `parser`: the csv-parse Parser this guard feeds (only its record count is read). */
  constructor(
    private readonly parser: { readonly info: { readonly records: number } },
    readonly maxBytesWithoutRow: number,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    if (this.truncated) {
      // The rest of the input is read and dropped, so the source finishes normally.
      callback();
      return;
    }
    if (!this.sniffed) {
      this.head.push(chunk);
      this.headBytes += chunk.length;
      callback(this.headBytes < SNIFF_BYTES ? undefined : this.releaseHead());
      return;
    }
    // The parser emits records synchronously as it is fed, so its count tells whether rows still end.
    if (this.parser.info.records !== this.recordsSeen) {
      this.recordsSeen = this.parser.info.records;
      this.bytesSinceRecord = 0;
    }
    this.bytesSinceRecord += chunk.length;
    if (this.bytesSinceRecord > this.maxBytesWithoutRow) {
      this.truncated = true;
      // Whatever state the parser is in (inside a quoted cell or not), this tail makes the cut-off row
      // fail to parse, so a half row is reported instead of being imported.
      this.push(Buffer.from('x"x'));
      this.push(null);
      callback();
      return;
    }
    this.push(chunk);
    callback();
  }

  override _flush(callback: TransformCallback): void {
    callback(this.sniffed ? undefined : this.releaseHead());
  }

  private releaseHead(): ImportFileError | undefined {
    this.sniffed = true;
    const head = Buffer.concat(this.head);
    this.head = [];
    const problem = sniff(head);
    if (problem !== null) return new ImportFileError(problem);
    this.push(head);
    return undefined;
  }
}

const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);
const UTF16LE_BOM = Buffer.from([0xff, 0xfe]);
const ZIP_SIGNATURE = Buffer.from("PK\x03\x04", "latin1");

/** Why the start of a file is not CSV text, or null when it may be. */
export function sniff(head: Buffer): string | null {
  // csv-parse reads UTF-16 (little-endian with BOM) too, whose text is full of NUL bytes.
  const utf16 = head.subarray(0, 2).equals(UTF16LE_BOM);
  const text = utf16
    ? head.subarray(2).toString("utf16le")
    : head.subarray(head.subarray(0, 3).equals(UTF8_BOM) ? 3 : 0).toString("utf8");
  if (text.trim() === "") return EMPTY_FILE;
  if (head.subarray(0, 4).equals(ZIP_SIGNATURE)) {
    return "The file is not a CSV text file (it looks like an Excel workbook or a zip archive; export it as CSV).";
  }
  if (!utf16 && head.includes(0)) return "The file is not a CSV text file.";
  return null;
}
