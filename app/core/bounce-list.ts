// decision 032: a subscriber's bounce list (their sending tool's export of bounced addresses), read for a
// bulk bounce report: which column holds the addresses, and which rows cannot be used and why.
import { parse } from "csv-parse/sync";
import { BOUNCE_TEXTS, MAX_BOUNCE_LIST_ROWS } from "./bounce-report";
import { fieldForHeader } from "./converter/header-synonyms";
import { addressParts } from "./email-check/address-parts";

export interface BounceListRow {
  /** The file's line the row ends on (1 is the first line). */
  line: number;
  email: string;
}

export interface RejectedRow {
  line: number;
  reason: string;
}

export type BounceList =
  | { ok: true; addresses: BounceListRow[]; rejected: RejectedRow[] }
  | { ok: false; error: string };

function looksLikeAddress(value: string | undefined): boolean {
  return value !== undefined && addressParts(value) !== null;
}

/** The header's email column (Email, Email Address, E-mail, Work Email...), else -1. */
function emailHeaderIndex(header: readonly string[]): number {
  return header.findIndex((cell) => {
    const field = fieldForHeader(cell);
    return field === "email" || field === "contactEmail";
  });
}

/** The separator of the first line: a semicolon when it has semicolons and no commas (a European spreadsheet). */
function delimiterOf(text: string): "," | ";" {
  const firstLine = text.slice(0, text.search(/\r|\n|$/));
  return firstLine.includes(";") && !firstLine.includes(",") ? ";" : ",";
}

/**
 * decision 032: the addresses of a bounce list. The column is the one whose header names an email (Email,
 * Email Address, email...), else the first column holding an address in the first row that has one (a file
 * without a header is read from its first line). Each row without a usable address is rejected with its line
 * and reason; an address listed twice is reported once.
 */
export function readBounceList(text: string): BounceList {
  if (text.trim() === "") return { ok: false, error: BOUNCE_TEXTS.emptyFile };
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      bom: true,
      delimiter: delimiterOf(text.replace(/^\ufeff/, "")),
      info: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      trim: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch {
    return { ok: false, error: BOUNCE_TEXTS.unreadable };
  }
  const [first] = records;
  if (!first) return { ok: false, error: BOUNCE_TEXTS.emptyFile };
  let column = emailHeaderIndex(first.record);
  let dataStart = 1;
  if (column === -1) {
    const sample = records.find((row) => row.record.some((cell) => looksLikeAddress(cell)));
    column = sample ? sample.record.findIndex((cell) => looksLikeAddress(cell)) : -1;
    if (column === -1) return { ok: false, error: BOUNCE_TEXTS.noEmailColumn };
    // No header named the column: the first line is data when it holds an address there.
    dataStart = looksLikeAddress(first.record[column]) ? 0 : 1;
  }
  const rows = records.slice(dataStart);
  if (rows.length > MAX_BOUNCE_LIST_ROWS) return { ok: false, error: BOUNCE_TEXTS.tooManyRows };
  const addresses: BounceListRow[] = [];
  const rejected: RejectedRow[] = [];
  const seen = new Set<string>();
  for (const { record, info } of rows) {
    const cell = record[column]?.trim() ?? "";
    const parts = cell === "" ? null : addressParts(cell);
    if (parts === null) {
      rejected.push({
        line: info.lines,
        reason: cell === "" ? BOUNCE_TEXTS.emptyCell : BOUNCE_TEXTS.badAddress,
      });
    } else if (seen.has(parts.email)) {
      rejected.push({ line: info.lines, reason: BOUNCE_TEXTS.duplicate });
    } else {
      seen.add(parts.email);
      addresses.push({ line: info.lines, email: parts.email });
    }
  }
  return { ok: true, addresses, rejected };
}
