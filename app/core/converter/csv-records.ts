/**
 * An RFC 4180 reader for the converter, fed text chunk by chunk (an upload of any size streams through it),
 * giving whole records as they complete. It exists for speed: csv-parse was most of a conversion's time
 * (decision 016 has the figures); this one scans for the next separator, quote or line break with indexOf
 * rather than visiting each character through a state machine.
 *
 * What it accepts: fields separated by `delimiter`; a quoted field with "" for a quote and line breaks
 * inside; CRLF, LF or CR line ends; a byte order mark at the start; blank lines are skipped. A quote inside
 * an unquoted field is kept as text (spreadsheets write such cells; refusing the row would lose a lead). A
 * quoted field still open at the end of the input is a broken record: counted, not returned.
 *
 * Its cost is linear in the input (decision 018): it keeps a cursor, the record read so far and where
 * it is in it (in a quoted field or not), so a chunk is scanned once and text already read is never
 * scanned again, however long a record stays open. A record may hold at most MAX_RECORD_CHARS characters:
 * past that the reader throws CsvRecordTooLong, so memory stays bounded too (one field that never ends,
 * a quote left open in a 100 MB file, would otherwise be held whole).
 */

/** The most characters one record (row) may hold: no lead comes near it, a runaway quote soon passes it. */
export const MAX_RECORD_CHARS = 1024 * 1024;

/** A record longer than MAX_RECORD_CHARS: `record` is its number in the file (the header is 1). */
export class CsvRecordTooLong extends Error {
  override name = "CsvRecordTooLong";
  constructor(readonly record: number) {
    super(`record ${record} is longer than ${MAX_RECORD_CHARS} characters`);
  }
}

/** Where the reader is in the current record. */
const At = {
  /** Where a field starts (a quote here opens a quoted field). */
  FieldStart: 0,
  /** Inside an unquoted field, or after a quoted field's closing quote (what follows is kept as text). */
  Unquoted: 1,
  /** Inside a quoted field. */
  Quoted: 2,
  /** Just after a quote inside a quoted field, at the end of a chunk: the next character tells "" from a close. */
  QuoteInQuoted: 3,
} as const;
type At = (typeof At)[keyof typeof At];

export class CsvRecordReader {
  private readonly delimiter: string;
  private isFirstChunk = true;
  private at: At = At.FieldStart;
  /** The current record's complete fields, and the text of the field being read. */
  private fields: string[] = [];
  private value = "";
  /** Characters of the current record in chunks already read. */
  private carried = 0;
  /** Records completed so far, blank lines included (the number a too-long record is reported by). */
  private recordCount = 0;
  /** Records the reader could not complete (an unclosed quote at the end). */
  broken = 0;
  /** Characters examined by its searches: at most 4 per character pushed (each search moves forward only). */
  scanned = 0;

  constructor(delimiter: "," | ";" = ",") {
    this.delimiter = delimiter;
  }

  /** The records completed by this chunk (a record cut by the chunk's end is finished by the next ones). */
  push(chunk: string): string[][] {
    const records: string[][] = [];
    const text = chunk;
    const length = text.length;
    let position = 0;
    if (this.isFirstChunk && length > 0) {
      this.isFirstChunk = false;
      if (text.charCodeAt(0) === 0xfeff) position = 1;
    }
    let recordStart = position;
    const ends = new FieldEnds(text, this.delimiter, this);
    while (position < length) {
      switch (this.at) {
        case At.FieldStart:
          if (text.charCodeAt(position) === 34) {
            this.at = At.Quoted;
            position += 1;
          } else {
            this.at = At.Unquoted;
          }
          break;
        case At.Quoted: {
          const quote = text.indexOf('"', position);
          this.scanned += (quote === -1 ? length : quote) - position;
          if (quote === -1) {
            this.value += text.slice(position);
            position = length;
          } else {
            this.value += text.slice(position, quote);
            position = quote + 1;
            this.at = At.QuoteInQuoted;
          }
          break;
        }
        case At.QuoteInQuoted:
          if (text.charCodeAt(position) === 34) {
            // A doubled quote is one quote of the field's text.
            this.value += '"';
            position += 1;
            this.at = At.Quoted;
          } else {
            // The closing quote: anything up to the separator is kept as text.
            this.at = At.Unquoted;
          }
          break;
        case At.Unquoted: {
          const end = ends.after(position);
          this.value += text.slice(position, end);
          position = end;
          if (end === length) break;
          this.fields.push(this.value);
          this.value = "";
          this.at = At.FieldStart;
          const code = text.charCodeAt(end);
          position = end + 1;
          if (code === 13 || code === 10) {
            // A line end: the record is complete (a CR's LF is skipped; one cut from it is a blank line).
            if (code === 13 && text.charCodeAt(position) === 10) position += 1;
            this.checkLength(this.carried + (position - recordStart));
            this.completeRecord(records);
            recordStart = position;
          }
          break;
        }
      }
    }
    this.carried += length - recordStart;
    this.checkLength(this.carried);
    return records;
  }

  /** The last records, once the input has ended. */
  end(): string[][] {
    const records: string[][] = [];
    if (this.at === At.Quoted) {
      // A quote still open: the record is broken, not returned.
      this.broken += 1;
    } else if (this.at !== At.FieldStart || this.fields.length > 0) {
      // The last line needs no line end; after a separator, the last field is empty.
      this.fields.push(this.value);
      this.completeRecord(records);
    }
    this.fields = [];
    this.value = "";
    this.at = At.FieldStart;
    this.carried = 0;
    return records;
  }

  private completeRecord(records: string[][]): void {
    const fields = this.fields;
    this.recordCount += 1;
    if (!(fields.length === 1 && fields[0] === "")) records.push(fields);
    this.fields = [];
    this.carried = 0;
  }

  private checkLength(chars: number): void {
    if (chars > MAX_RECORD_CHARS) throw new CsvRecordTooLong(this.recordCount + 1);
  }
}

/**
 * Where an unquoted field that starts at `from` ends: the next separator or line break, or the text's end.
 * The next position of each is remembered and looked up again only once passed, so a chunk is scanned once
 * (a file without any CR would otherwise be searched to its end for one at every field).
 */
class FieldEnds {
  private separator = -1;
  private lf = -1;
  private cr = -1;

  constructor(
    private readonly text: string,
    private readonly delimiter: string,
    private readonly counter: { scanned: number },
  ) {}

  after(from: number): number {
    if (this.separator < from) this.separator = this.next(this.delimiter, from);
    if (this.lf < from) this.lf = this.next("\n", from);
    if (this.cr < from) this.cr = this.next("\r", from);
    return Math.min(this.separator, this.lf, this.cr);
  }

  private next(search: string, from: number): number {
    const index = this.text.indexOf(search, from);
    const found = index === -1 ? this.text.length : index;
    this.counter.scanned += found - from;
    return found;
  }
}
