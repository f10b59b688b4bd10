import { convertRow, emailKey, type PreparedTarget } from "~/core/converter/convert";
import type { Lead, LeadField } from "~/core/converter/lead";
import type { CsvRecord, RecordSource } from "../http/csv-stream.server";
import { COMPANY_CSV_COLUMNS, COMPANY_EXPORT_HEADERS } from "./crunchbase-columns";

/** What a conversion left out of the file, for the activity record and the tests. */
export interface TargetExportCounts {
  /** Rows without a field the target requires (Salesforce's Last Name, an outreach tool's email). */
  missingRequired: number;
  /** Rows whose email an earlier row already had: the tools dedupe on email, so the file does too. */
  duplicateEmails: number;
}

const FIELDS: readonly LeadField[] = COMPANY_CSV_COLUMNS.map(({ field }) => field);
/** decision 032: the export's own columns a target may carry besides the spec's. */
const EXTRA_FIELDS: ReadonlyArray<readonly [LeadField, number]> = [
  ["emailStatus", COMPANY_EXPORT_HEADERS.indexOf("Email Status")],
  ["emailVerifiedAt", COMPANY_EXPORT_HEADERS.indexOf("Email Verified At")],
];

/**
 * One export record (COMPANY_CSV_COLUMNS' order, as text) as the converter's lead; a row per person also
 * carries the person's LinkedIn profile at `personLinkedinIndex` (the lead's personLinkedin).
 */
function leadOf(record: CsvRecord, personLinkedinIndex: number | null): Lead {
  const lead: Partial<Record<LeadField, string>> = {};
  FIELDS.forEach((field, index) => {
    const value = record[index];
    if (value !== null && value !== undefined) lead[field] = value;
  });
  for (const [field, index] of EXTRA_FIELDS) {
    const value = record[index];
    if (value !== null && value !== undefined) lead[field] = value;
  }
  const personLinkedin = personLinkedinIndex === null ? null : record[personLinkedinIndex];
  if (personLinkedin !== null && personLinkedin !== undefined) lead.personLinkedin = personLinkedin;
  return lead;
}

/**
 * docs/product.md#converter: the companies export's records turned into a target's rows as they stream (core/converter), one
 * batch at a time. A row missing a required field is left out, and so is a second row with an email already
 * written (the set of written addresses is the only state: about 100 bytes an address). Columns after the
 * export's own (the id the export appends) are not read, but for a row per person's LinkedIn profile at
 * `personLinkedinIndex`. `onWritten` gets the source record of each row written (docs/product.md#export: the
 * exported companies are recorded from it), never one left out.
 */
export function convertingSource(
  source: RecordSource,
  prepared: PreparedTarget,
  counts: TargetExportCounts,
  onWritten?: (record: CsvRecord) => void,
  personLinkedinIndex: number | null = null,
): RecordSource {
  const written = new Set<string>();
  return {
    async next() {
      const batch = await source.next();
      const records: CsvRecord[] = [];
      for (const record of batch.records) {
        const lead = leadOf(record, personLinkedinIndex);
        const converted = convertRow(lead, prepared);
        if ("missing" in converted) {
          counts.missingRequired += 1;
          continue;
        }
        const key = emailKey(lead.email || lead.contactEmail || "");
        if (key !== "") {
          if (written.has(key)) {
            counts.duplicateEmails += 1;
            continue;
          }
          written.add(key);
        }
        records.push(converted.cells);
        onWritten?.(record);
      }
      return { records, isLast: batch.isLast };
    },
    close: () => source.close(),
  };
}
