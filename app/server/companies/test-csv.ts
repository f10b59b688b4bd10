/**
 * Test helpers that build Crunchbase-style CSV files in memory, so tests state their data next to their
 * assertions instead of in fixture files.
 */
import { Readable } from "node:stream";
import { stringify } from "csv-stringify/sync";
import { COMPANY_CSV_HEADERS, OLDER_GENERATION_HEADERS } from "./crunchbase-columns";

export type CsvCell = string | number | null | undefined;
/** One data row, keyed by header name (the spec's names unless a test passes its own headers). */
export type CsvRecord = Readonly<Record<string, CsvCell>>;

/** The older Crunchbase export generation's names for the columns it spells differently. */
export const OLD_HEADER_NAMES: Readonly<Record<string, string>> = OLDER_GENERATION_HEADERS;

export interface CsvOptions {
  /** Column order and names; default: the spec's 20 headers. */
  headers?: readonly string[];
  /** Write the older header generation's names (rows stay keyed by the spec's names). */
  oldHeaders?: boolean;
  lineEnding?: "\n" | "\r\n";
  bom?: boolean;
}

/** A CSV text: the header row, then one row per record (missing keys give empty cells). */
export function toCrunchbaseCsv(records: readonly CsvRecord[], options: CsvOptions = {}): string {
  const headers = options.headers ?? COMPANY_CSV_HEADERS;
  const written = options.oldHeaders ? headers.map((header) => OLD_HEADER_NAMES[header] ?? header) : headers;
  const rows = records.map((record) => headers.map((header) => cellText(record[header])));
  return stringify([[...written], ...rows], {
    record_delimiter: options.lineEnding === "\r\n" ? "windows" : "unix",
    bom: options.bom ?? false,
  });
}

function cellText(cell: CsvCell): string {
  return cell === null || cell === undefined ? "" : String(cell);
}

/** A complete, valid row for company number `n`, with `overrides` applied (null clears a cell). */
export function crunchbaseRecord(n: number, overrides: CsvRecord = {}): CsvRecord {
  return {
    "Organization Name": `Company ${n}`,
    Description: `Company ${n} builds things.`,
    "Full Description": `Company ${n} builds things, in more words.`,
    Industries: "Software, Artificial Intelligence (AI)",
    "Industry Groups": "Software, Data and Analytics",
    "Headquarters Location": "Austin, Texas, United States",
    "Headquarters Regions": "Greater Austin Area, Southern US",
    "First name": "Jane",
    "Last name": `Doe${n}`,
    Founders: `Jane Doe${n}, John Smith`,
    Role: "CEO",
    Email: `jane${n}@company${n}.example`,
    "Contact Email": `info@company${n}.example`,
    Website: `https://www.company${n}.example`,
    LinkedIn: `https://www.linkedin.com/company/company-${n}`,
    "Last Funding Amount (in USD)": "1,000,000",
    "Last Funding Amount": "1000000",
    "Last Funding Date": "2024-03-15",
    "Last Funding Type": "Seed",
    "Total Funding Amount (in USD)": "$2,500,000",
    ...overrides,
  };
}

/** A readable stream of the text (or bytes), split into chunks of `chunkSize` bytes to exercise boundaries. */
export function csvStream(content: string | Buffer, chunkSize = 64 * 1024): Readable {
  const bytes = typeof content === "string" ? Buffer.from(content, "utf8") : content;
  const chunks: Buffer[] = [];
  for (let offset = 0; offset < bytes.length; offset += chunkSize) {
    chunks.push(bytes.subarray(offset, offset + chunkSize));
  }
  return Readable.from(chunks);
}
